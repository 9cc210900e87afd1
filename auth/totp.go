package auth

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"image/png"
	"math/big"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

const (
	totpPeriod = 30
	// totpSkew accepts the previous and the next 30-second step, for clock drift.
	totpSkew = 1
	// BackupCodeCount and BackupCodeDigits are fixed by the spec.
	BackupCodeCount  = 10
	BackupCodeDigits = 8
)

// TOTPSetup is what enable-2fa hands out.
type TOTPSetup struct {
	Secret      string
	QRCode      string // data:image/png;base64,...
	BackupCodes []string
}

// NewTOTPSetup makes a 160-bit secret, its QR code and fresh backup codes.
func NewTOTPSetup(issuerName, account string) (*TOTPSetup, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: issuerName, AccountName: account, SecretSize: 20})
	if err != nil {
		return nil, fmt.Errorf("totp secret: %w", err)
	}
	img, err := key.Image(256, 256)
	if err != nil {
		return nil, fmt.Errorf("totp qr code: %w", err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("totp qr code: %w", err)
	}
	codes := make([]string, BackupCodeCount)
	for i := range codes {
		n, err := rand.Int(rand.Reader, big.NewInt(100_000_000))
		if err != nil {
			return nil, fmt.Errorf("backup code: %w", err)
		}
		codes[i] = fmt.Sprintf("%08d", n.Int64())
	}
	return &TOTPSetup{
		Secret:      key.Secret(),
		QRCode:      "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()),
		BackupCodes: codes,
	}, nil
}

// MatchTOTP returns the time step whose code equals code, or false. Callers then record the step
// so it cannot be used again (pquerna/otp's Validate is stateless and would accept a replay).
func MatchTOTP(secret, code string, now time.Time) (int64, bool) {
	code = strings.TrimSpace(code)
	if len(code) != 6 {
		return 0, false
	}
	step := now.Unix() / totpPeriod
	for d := int64(-totpSkew); d <= totpSkew; d++ {
		at := time.Unix((step+d)*totpPeriod, 0)
		want, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step + d, true
		}
	}
	return 0, false
}

// TOTPCode computes the current code for a secret (tests and tooling).
func TOTPCode(secret string, at time.Time) (string, error) {
	return totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
}

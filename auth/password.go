// Package auth holds the account logic: password hashing and rules, access tokens, two-factor
// codes, API keys, brute-force protection and the flows of the /auth endpoints.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"unicode"

	"golang.org/x/crypto/argon2"
)

// argon2id parameters: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane), about 30 ms here.
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
)

// HashPassword returns an encoded argon2id hash ($argon2id$v=19$m=...,t=...,p=...$salt$hash).
func HashPassword(pw string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	sum := argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(sum)), nil
}

// VerifyPassword checks pw against an encoded hash in constant time.
func VerifyPassword(encoded, pw string) bool {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// dummyHash is verified against when the e-mail is unknown, so that an unknown address and a
// wrong password take the same time.
var dummyHash = func() string {
	h, _ := HashPassword("not-a-real-password-0")
	return h
}()

// Password and e-mail rule violations.
var (
	ErrWeakPassword = errors.New("weak password")
	ErrInvalidEmail = errors.New("invalid email")
)

// MinPasswordLen is the shortest password accepted.
const MinPasswordLen = 10

// CheckPassword enforces the password rule: at least 10 characters, at most 256, not all of one
// character class, not a common password, and not the e-mail address.
func CheckPassword(pw, email string) error {
	switch {
	case len([]rune(pw)) < MinPasswordLen:
		return fmt.Errorf("%w: use at least %d characters", ErrWeakPassword, MinPasswordLen)
	case len(pw) > 256:
		return fmt.Errorf("%w: use at most 256 characters", ErrWeakPassword)
	case classes(pw) < 2:
		return fmt.Errorf("%w: mix at least two kinds of characters (letters, digits, symbols)", ErrWeakPassword)
	case isCommon(pw) || (email != "" && strings.EqualFold(pw, email)):
		return fmt.Errorf("%w: this password is too common", ErrWeakPassword)
	}
	return nil
}

func classes(pw string) int {
	var lower, upper, digit, other bool
	for _, r := range pw {
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsDigit(r):
			digit = true
		default:
			other = true
		}
	}
	n := 0
	for _, b := range []bool{lower, upper, digit, other} {
		if b {
			n++
		}
	}
	return n
}

// CheckEmail accepts a plain address with a domain that has a dot ("a@b.co").
func CheckEmail(email string) error {
	email = strings.TrimSpace(email)
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || addr.Name != "" || len(email) > 320 {
		return fmt.Errorf("%w: %q is not an e-mail address", ErrInvalidEmail, email)
	}
	at := strings.LastIndexByte(email, '@')
	domain := email[at+1:]
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") {
		return fmt.Errorf("%w: %q has no valid domain", ErrInvalidEmail, email)
	}
	return nil
}

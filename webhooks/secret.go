package webhooks

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// SecretPrefix starts every signing secret, as in the Standard Webhooks specification.
const SecretPrefix = "whsec_"

// secretBytes is the amount of key material in a new secret. The Standard Webhooks spec asks
// for 24 to 64 bytes; 32 matches the HMAC-SHA256 block-size sweet spot.
const secretBytes = 32

// ErrInvalidSecret reports a secret that is not "whsec_" followed by standard base64 of 24 to 64
// bytes, so it cannot key the Standard Webhooks signature.
var ErrInvalidSecret = errors.New("invalid webhook secret")

// NewSecret returns a fresh signing secret: "whsec_" followed by the standard base64 encoding of
// 32 random bytes.
func NewSecret() (string, error) {
	b := make([]byte, secretBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("generate webhook secret: %w", err)
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

// ValidateSecret reports whether s can sign deliveries under both schemes. Use it when secrets
// come from outside NewSecret (imports, fixtures) to fail early rather than at delivery time.
func ValidateSecret(s string) error {
	_, err := standardKey(s)
	return err
}

// standardKey returns the Standard Webhooks HMAC key of a secret: the base64-decoded bytes after
// the "whsec_" prefix.
func standardKey(secret string) ([]byte, error) {
	enc, ok := strings.CutPrefix(secret, SecretPrefix)
	if !ok {
		return nil, fmt.Errorf("%w: missing %q prefix", ErrInvalidSecret, SecretPrefix)
	}
	key, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidSecret, err)
	}
	if len(key) < 24 || len(key) > 64 {
		return nil, fmt.Errorf("%w: key is %d bytes, want 24 to 64", ErrInvalidSecret, len(key))
	}
	return key, nil
}

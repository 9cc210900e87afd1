// Package secretbox derives the service's keys from ANALYTICS_SECRET_KEY and encrypts secrets at
// rest (data source passwords, TOTP secrets, webhook secrets) with AES-256-GCM.
package secretbox

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/crypto/hkdf"
)

// ErrCiphertext means a stored value could not be decrypted: it was tampered with or encrypted
// under another key.
var ErrCiphertext = errors.New("secretbox: cannot decrypt value")

// version prefix lets a later key rotation tell old ciphertexts from new ones.
const version = "v1:"

// Keys holds the keys derived from the master secret, one per purpose, so a leak of one purpose's
// key (for example a JWT signing key in a log) does not expose the others.
type Keys struct {
	aead    cipher.AEAD
	signing []byte
	pepper  []byte
}

// MinSecretLen is the shortest master secret accepted.
const MinSecretLen = 32

// New derives the keys from the master secret.
func New(master string) (*Keys, error) {
	if len(master) < MinSecretLen {
		return nil, fmt.Errorf("secret key must be at least %d characters", MinSecretLen)
	}
	enc := derive(master, "encryption")
	block, err := aes.NewCipher(enc)
	if err != nil {
		return nil, fmt.Errorf("secretbox: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("secretbox: %w", err)
	}
	return &Keys{aead: aead, signing: derive(master, "token-signing"), pepper: derive(master, "hash-pepper")}, nil
}

func derive(master, purpose string) []byte {
	out := make([]byte, 32)
	r := hkdf.New(sha256.New, []byte(master), []byte("analytics-agent-service"), []byte(purpose))
	if _, err := io.ReadFull(r, out); err != nil {
		panic(err) // hkdf cannot fail for 32 bytes of output
	}
	return out
}

// SigningKey is the HMAC key for access tokens.
func (k *Keys) SigningKey() []byte { return k.signing }

// Encrypt seals plaintext; the result is printable and safe to store in a TEXT column.
func (k *Keys) Encrypt(plaintext string) (string, error) {
	nonce := make([]byte, k.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("secretbox: nonce: %w", err)
	}
	sealed := k.aead.Seal(nonce, nonce, []byte(plaintext), nil)
	return version + base64.RawStdEncoding.EncodeToString(sealed), nil
}

// Decrypt opens a value made by Encrypt.
func (k *Keys) Decrypt(stored string) (string, error) {
	raw, ok := strings.CutPrefix(stored, version)
	if !ok {
		return "", ErrCiphertext
	}
	sealed, err := base64.RawStdEncoding.DecodeString(raw)
	if err != nil || len(sealed) < k.aead.NonceSize() {
		return "", ErrCiphertext
	}
	n := k.aead.NonceSize()
	plain, err := k.aead.Open(nil, sealed[:n], sealed[n:], nil)
	if err != nil {
		return "", ErrCiphertext
	}
	return string(plain), nil
}

// Hash is a keyed hash (HMAC-SHA256 with a derived pepper) for short secrets such as backup codes
// and one-time tokens: without the master key a stolen database does not allow brute force.
func (k *Keys) Hash(value string) string {
	m := hmac.New(sha256.New, k.pepper)
	m.Write([]byte(value))
	return base64.RawStdEncoding.EncodeToString(m.Sum(nil))
}

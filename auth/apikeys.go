package auth

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"strings"

	"github.com/analytics-agent/service/ids"
)

// APIKeyPrefix marks the service's API keys so that secret scanners and people recognise them.
const APIKeyPrefix = "aak_"

// NewAPIKey returns a key "aak_<12 lookup chars>_<40 secret chars>" (about 238 bits of
// entropy in the secret part), its public prefix "aak_<12 lookup chars>" and the hash to store.
// A fast hash is enough: the key is random, not a human password.
func NewAPIKey() (key, prefix, hash string) {
	prefix = APIKeyPrefix + ids.Random(12)
	key = prefix + "_" + ids.Random(40)
	return key, prefix, HashAPIKey(key)
}

// HashAPIKey is the stored form of a key.
func HashAPIKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// SplitAPIKey returns the prefix of a well-formed key.
func SplitAPIKey(key string) (prefix string, ok bool) {
	if !strings.HasPrefix(key, APIKeyPrefix) || len(key) != len(APIKeyPrefix)+12+1+40 || key[len(APIKeyPrefix)+12] != '_' {
		return "", false
	}
	return key[:len(APIKeyPrefix)+12], true
}

// APIKeyMatches compares a presented key with a stored hash in constant time.
func APIKeyMatches(key, hash string) bool {
	return subtle.ConstantTimeCompare([]byte(HashAPIKey(key)), []byte(hash)) == 1
}

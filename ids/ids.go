// Package ids makes the service's identifiers: a kind prefix and a random part, as in
// "user_3kTMd9aQ2xY7LpVbN1cR".
package ids

import (
	"crypto/rand"
	"strings"
)

// Kinds of identifiers, as DECISIONS.md lists them.
const (
	User       = "user"
	Org        = "org"
	APIKey     = "key"
	Agent      = "agent"
	DataSource = "ds"
	Query      = "query"
	Template   = "tpl"
	Execution  = "exec"
	Event      = "evt"
	Webhook    = "wh"
	Delivery   = "dlv"
	Schedule   = "sch"
	Invoice    = "inv"
	Payment    = "pm"
)

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// New returns kind + "_" + 20 base62 characters (about 119 bits of randomness).
func New(kind string) string {
	return kind + "_" + Random(20)
}

// Random returns n base62 characters from crypto/rand.
func Random(n int) string {
	var b strings.Builder
	b.Grow(n)
	buf := make([]byte, n+n/2)
	for b.Len() < n {
		if _, err := rand.Read(buf); err != nil {
			panic("crypto/rand failed: " + err.Error()) // the OS random source never fails on Linux
		}
		for _, c := range buf {
			// 248 = 4*62: rejecting larger bytes keeps every character equally likely.
			if c < 248 && b.Len() < n {
				b.WriteByte(alphabet[c%62])
			}
		}
	}
	return b.String()
}

// HasKind reports whether id looks like an identifier of the given kind.
func HasKind(id, kind string) bool {
	return strings.HasPrefix(id, kind+"_") && len(id) > len(kind)+1
}

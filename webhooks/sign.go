package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Header names set on every delivery. Go canonicalises them on the wire; receivers must treat
// them case-insensitively anyway.
const (
	// HeaderSignature carries "sha256=<hex>" entries over the raw body (the interface's scheme).
	HeaderSignature = "X-Service-Signature"
	// HeaderWebhookID carries the event id (Standard Webhooks).
	HeaderWebhookID = "webhook-id"
	// HeaderWebhookTimestamp carries the signing time in unix seconds (Standard Webhooks).
	HeaderWebhookTimestamp = "webhook-timestamp"
	// HeaderWebhookSignature carries space-separated "v1,<base64>" entries (Standard Webhooks).
	HeaderWebhookSignature = "webhook-signature"
)

// RotationWindow is how long the previous secret keeps signing deliveries after a rotation, so
// that customers can switch their receivers without dropping events.
const RotationWindow = 24 * time.Hour

// Sign returns the signature headers of one delivery: X-Service-Signature and the three
// Standard Webhooks headers. secrets holds every secret that is currently valid, the current one
// first (see the package documentation for the multi-signature format). msgID must be the event
// id, which stays the same on every retry so that receivers can deduplicate.
func Sign(body []byte, msgID string, ts time.Time, secrets []string) (http.Header, error) {
	if msgID == "" {
		return nil, errors.New("sign webhook: empty message id")
	}
	if strings.ContainsAny(msgID, ". \r\n") {
		// A dot would make "<id>.<ts>.<body>" ambiguous; whitespace breaks the header.
		return nil, fmt.Errorf("sign webhook: message id %q contains a dot or whitespace", msgID)
	}
	if len(secrets) == 0 {
		return nil, errors.New("sign webhook: no secret")
	}
	unix := strconv.FormatInt(ts.Unix(), 10)

	service := make([]string, 0, len(secrets))
	standard := make([]string, 0, len(secrets))
	for i, s := range secrets {
		key, err := standardKey(s)
		if err != nil {
			return nil, fmt.Errorf("sign webhook: secret %d: %w", i, err)
		}
		service = append(service, "sha256="+ServiceSignature(body, s))
		standard = append(standard, "v1,"+standardSignature(key, msgID, unix, body))
	}

	h := make(http.Header, 4)
	h.Set(HeaderSignature, strings.Join(service, ","))
	h.Set(HeaderWebhookID, msgID)
	h.Set(HeaderWebhookTimestamp, unix)
	h.Set(HeaderWebhookSignature, strings.Join(standard, " "))
	return h, nil
}

// ServiceSignature returns the lowercase hex HMAC-SHA256 of body keyed with the bytes of the
// whole secret string, i.e. the value after "sha256=" in X-Service-Signature. The key is the
// string as shown to the customer, not its decoded form, because that is what the interface
// documents and what a receiver naturally passes to its HMAC function.
func ServiceSignature(body []byte, secret string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// standardSignature is the base64 HMAC-SHA256 of "<id>.<unix>.<body>" per Standard Webhooks.
func standardSignature(key []byte, msgID, unix string, body []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msgID))
	m.Write([]byte{'.'})
	m.Write([]byte(unix))
	m.Write([]byte{'.'})
	m.Write(body)
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

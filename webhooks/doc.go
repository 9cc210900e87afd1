// Package webhooks holds the domain logic of outgoing webhook delivery: secrets, signatures,
// target URL validation, an SSRF-safe HTTP client that performs one delivery attempt, and the
// retry schedule. It knows nothing about the database or the message broker; the webhook worker
// combines these pieces with the store and JetStream.
//
// # Signatures
//
// Every delivery carries two independent signature schemes so that receivers can pick either:
//
//   - X-Service-Signature: "sha256=" + lowercase hex HMAC-SHA256 of the raw body, keyed with the
//     secret string exactly as it was handed to the customer (all bytes of "whsec_..."). This is
//     the scheme of the public interface (GitHub-style). It signs neither the id nor a timestamp,
//     so it gives no replay protection on its own.
//   - Standard Webhooks (https://www.standardwebhooks.com): webhook-id (the event id),
//     webhook-timestamp (unix seconds) and webhook-signature "v1,<base64 HMAC-SHA256>" over
//     "<id>.<timestamp>.<body>", keyed with the base64-decoded part of the secret after "whsec_".
//     Receivers check the timestamp tolerance and deduplicate on webhook-id.
//
// # Secret rotation
//
// After a rotation the previous secret stays valid for [RotationWindow]. During that window each
// delivery is signed with every valid secret, the current one first:
//
//   - webhook-signature holds space-separated "v1,<sig>" entries, as the Standard Webhooks
//     specification prescribes;
//   - X-Service-Signature holds comma-separated "sha256=<hex>" entries in ONE header, e.g.
//     "sha256=<current>,sha256=<previous>" (the convention Stripe uses for several signatures).
//     Receivers split the value on "," and accept the request if any entry matches. Outside a
//     rotation window there is exactly one entry, so the header is byte-for-byte the documented
//     single value.
//
// # Delivery semantics
//
// An attempt succeeds exactly when the receiver answers 200 within the timeout (5 s by default).
// Any other status, a redirect (never followed), a timeout or a connection error is a failure.
// After a failure the attempt is retried per the delay schedule (default 1m, 5m, 15m, 1h), and a
// webhook is disabled after [DisableAfter] consecutive failed deliveries (a delivery fails once its
// last retry failed).
package webhooks

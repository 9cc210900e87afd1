package billing

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Card is what a client sends to add a payment method. It lives only in memory for the time of
// the request: the provider turns it into a token; the number and the CVC are never stored or
// logged (LogValue hides them).
type Card struct {
	Number   string
	ExpMonth int
	ExpYear  int
	CVC      string
}

// LogValue keeps the card out of logs whatever logs it.
func (c Card) LogValue() string { return "card(redacted)" }

// String keeps the card out of formatted output.
func (c Card) String() string { return "card(redacted)" }

// Card brands.
const (
	BrandVisa       = "visa"
	BrandMastercard = "mastercard"
	BrandAmex       = "amex"
	BrandDiscover   = "discover"
	BrandUnknown    = "unknown"
)

// DetectBrand names the brand of a card number by its prefix and length (Mastercard: 51–55 and
// 2221–2720; Amex: 34/37, 15 digits).
func DetectBrand(number string) string {
	n := len(number)
	prefix := func(k int) int {
		if n < k {
			return -1
		}
		v, _ := strconv.Atoi(number[:k])
		return v
	}
	switch {
	case (prefix(2) == 34 || prefix(2) == 37) && n == 15:
		return BrandAmex
	case number != "" && number[0] == '4' && (n == 13 || n == 16 || n == 19):
		return BrandVisa
	case ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) && n == 16:
		return BrandMastercard
	case (prefix(4) == 6011 || prefix(2) == 65 || (prefix(3) >= 644 && prefix(3) <= 649)) && n >= 16 && n <= 19:
		return BrandDiscover
	}
	return BrandUnknown
}

// Luhn reports whether a string of digits passes the Luhn checksum.
func Luhn(number string) bool {
	sum, double := 0, false
	for i := len(number) - 1; i >= 0; i-- {
		d := int(number[i] - '0')
		if d < 0 || d > 9 {
			return false
		}
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return len(number) > 0 && sum%10 == 0
}

// CheckCard normalizes and validates a card: digits only (spaces and dashes dropped), Luhn, a
// known brand, an expiry month not in the past, and a CVC of the brand's length (4 for Amex,
// 3 otherwise). It returns the brand.
func CheckCard(c *Card, now time.Time) (string, error) {
	c.Number = strings.NewReplacer(" ", "", "-", "").Replace(c.Number)
	if len(c.Number) < 12 || len(c.Number) > 19 || strings.Trim(c.Number, "0123456789") != "" {
		return "", &CardError{Field: "card_number", Reason: "must be 12 to 19 digits"}
	}
	if !Luhn(c.Number) {
		return "", &CardError{Field: "card_number", Reason: "is not a valid card number (checksum)"}
	}
	brand := DetectBrand(c.Number)
	if brand == BrandUnknown {
		return "", &CardError{Field: "card_number", Reason: "is not a card brand we accept (visa, mastercard, amex, discover)"}
	}
	if c.ExpMonth < 1 || c.ExpMonth > 12 {
		return "", &CardError{Field: "exp_month", Reason: "must be 1 to 12"}
	}
	if c.ExpYear < 100 {
		c.ExpYear += 2000
	}
	y, m, _ := now.UTC().Date()
	if c.ExpYear < y || (c.ExpYear == y && c.ExpMonth < int(m)) {
		return "", &CardError{Field: "exp_year", Reason: "the card has expired"}
	}
	if c.ExpYear > y+50 {
		return "", &CardError{Field: "exp_year", Reason: "is too far in the future"}
	}
	want := 3
	if brand == BrandAmex {
		want = 4
	}
	if len(c.CVC) != want || strings.Trim(c.CVC, "0123456789") != "" {
		return "", &CardError{Field: "cvc", Reason: fmt.Sprintf("must be %d digits for %s", want, brand)}
	}
	return brand, nil
}

// Provider is a payment processor: it tokenizes cards and charges tokens.
type Provider interface {
	// Name is stored with each payment method.
	Name() string
	// Tokenize turns a validated card into the provider's reusable token; a declined card is
	// ErrCardDeclined.
	Tokenize(ctx context.Context, c Card, orgID string) (token string, err error)
	// Charge takes an amount in cents from a token; a decline is ErrCardDeclined. The
	// idempotency key makes a retried charge of one invoice happen once.
	Charge(ctx context.Context, token string, cents int64, currency, description, idempotencyKey string) (ref string, err error)
}

// TestProvider is the built-in provider (the default): it behaves like Stripe's test cards.
// 4000 0000 0000 0002 is declined; any other valid card is accepted and charges succeed. It
// keeps nothing of the card but its last four digits inside the token.
type TestProvider struct{}

// DeclinedTestCard is the test card number that is always declined.
const DeclinedTestCard = "4000000000000002"

// Name implements Provider.
func (TestProvider) Name() string { return "test" }

// Tokenize implements Provider.
func (TestProvider) Tokenize(_ context.Context, c Card, _ string) (string, error) {
	if c.Number == DeclinedTestCard {
		return "", ErrCardDeclined
	}
	return "tok_test_" + randomHex(12), nil
}

// Charge implements Provider.
func (TestProvider) Charge(_ context.Context, token string, cents int64, _, _, key string) (string, error) {
	if !strings.HasPrefix(token, "tok_test_") {
		return "", fmt.Errorf("%w: unknown token", ErrCardDeclined)
	}
	return "ch_test_" + key, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

package billing

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v82"
)

// StripeProvider charges through Stripe: a card becomes a PaymentMethod (its id is the token we
// keep) and a charge is a confirmed off-session PaymentIntent with the invoice id as idempotency
// key. Stripe's card_error answers are ErrCardDeclined.
type StripeProvider struct {
	client *stripe.Client
}

// NewStripeProvider builds the provider; apiURL overrides Stripe's base URL (stripe-mock).
func NewStripeProvider(secretKey, apiURL string) *StripeProvider {
	cfg := &stripe.BackendConfig{
		HTTPClient: &http.Client{Timeout: 30 * time.Second},
		// Stripe's default logger prints request errors; ours are logged by the caller, and
		// nothing about a card should reach a log.
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if apiURL != "" {
		cfg.URL = stripe.String(apiURL)
	}
	backends := &stripe.Backends{API: stripe.GetBackendWithConfig(stripe.APIBackend, cfg),
		Connect: stripe.GetBackendWithConfig(stripe.ConnectBackend, cfg), Uploads: stripe.GetBackendWithConfig(stripe.UploadsBackend, cfg),
		MeterEvents: stripe.GetBackendWithConfig(stripe.MeterEventsBackend, cfg)}
	return &StripeProvider{client: stripe.NewClient(secretKey, stripe.WithBackends(backends))}
}

// Name implements Provider.
func (p *StripeProvider) Name() string { return "stripe" }

// Tokenize implements Provider.
func (p *StripeProvider) Tokenize(ctx context.Context, c Card, orgID string) (string, error) {
	params := &stripe.PaymentMethodCreateParams{
		Type: stripe.String(string(stripe.PaymentMethodTypeCard)),
		Card: &stripe.PaymentMethodCreateCardParams{Number: stripe.String(c.Number), ExpMonth: stripe.Int64(int64(c.ExpMonth)),
			ExpYear: stripe.Int64(int64(c.ExpYear)), CVC: stripe.String(c.CVC)},
	}
	params.AddMetadata("organization_id", orgID)
	pm, err := p.client.V1PaymentMethods.Create(ctx, params)
	if err != nil {
		return "", stripeErr(err)
	}
	return pm.ID, nil
}

// Charge implements Provider.
func (p *StripeProvider) Charge(ctx context.Context, token string, cents int64, currency, description, key string) (string, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount: stripe.Int64(cents), Currency: stripe.String(currency), PaymentMethod: stripe.String(token),
		Confirm: stripe.Bool(true), OffSession: stripe.Bool(true), Description: stripe.String(description),
	}
	params.SetIdempotencyKey(key)
	pi, err := p.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return "", stripeErr(err)
	}
	return pi.ID, nil
}

// stripeErr maps Stripe's errors; the message never carries card data (Stripe's do not either).
func stripeErr(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		if se.Type == stripe.ErrorTypeCard {
			return fmt.Errorf("%w: %s", ErrCardDeclined, se.Code)
		}
		return fmt.Errorf("stripe %s (%d): %s", se.Type, se.HTTPStatusCode, se.Msg)
	}
	return fmt.Errorf("stripe: %w", err)
}

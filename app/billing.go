package app

import (
	"context"
	"fmt"
	"time"

	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/workers/metering"
)

// newBilling wires plans, quotas, rate limits and payments.
func (a *App) newBilling() (*billing.Service, error) {
	var provider billing.Provider
	switch a.Cfg.PaymentProvider {
	case "", "test":
		provider = billing.TestProvider{}
	case "stripe":
		provider = billing.NewStripeProvider(a.Cfg.StripeSecretKey, a.Cfg.StripeAPIURL)
	default:
		return nil, fmt.Errorf("unknown payment provider %q", a.Cfg.PaymentProvider)
	}
	return billing.New(billing.Options{Store: a.Store, Log: a.Log, DefaultPlan: a.Cfg.DefaultPlan,
		EnterprisePerMinute: a.Cfg.EnterpriseRatePerMinute, EnterprisePerDay: a.Cfg.EnterpriseRatePerDay, Provider: provider})
}

// billingWorkers are the metering consumer and the period job (roll-over, pruning), both safe to
// run in several processes at once.
func (a *App) billingWorkers() []worker {
	return []worker{
		{"metering", func(ctx context.Context) (func(), error) {
			return metering.Start(ctx, a.JS, a.Store, a.Log.With("worker", "metering"), metering.Options{})
		}},
		{"billing", func(ctx context.Context) (func(), error) {
			return a.Billing.StartPeriodJob(ctx, time.Minute), nil
		}},
	}
}

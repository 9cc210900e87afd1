package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/store"
)

const orgUsage = "usage: analytics org set-limits ORG_ID [--per-minute N] [--per-day N] [--monthly-queries N] (0 = back to the plan's value)"

// runOrg is the operators' organization commands. set-limits overrides one organization's rate
// limits and monthly question quota in the database the running service uses: the quota applies
// at the next question, rate limits within the processes' short subscription cache (2 s).
func runOrg(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "set-limits" {
		return errors.New(orgUsage)
	}
	args = args[1:]
	orgID := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		orgID, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("analytics org set-limits", flag.ContinueOnError)
	fs.SetOutput(stderr)
	limits := map[string]*int64{}
	for _, name := range []string{"per-minute", "per-day", "monthly-queries"} {
		fs.Func(name, "override ("+name+"); 0 = the plan's value", func(v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				return fmt.Errorf("--%s must be a non-negative integer", name)
			}
			limits[name] = &n
			return nil
		})
	}
	cfg, err := app.LoadConfig(fs, args, os.Getenv)
	if err != nil {
		return err
	}
	if orgID == "" && fs.NArg() > 0 {
		orgID = fs.Arg(0)
	}
	if orgID == "" {
		return errors.New(orgUsage)
	}
	if len(limits) == 0 {
		return errors.New("nothing to set: " + orgUsage)
	}
	st, err := store.Open(ctx, cfg.DatabaseURL, cfg.SQLitePath())
	if err != nil {
		return err
	}
	defer st.Close()
	svc, err := billing.New(billing.Options{Store: st, Log: newLogger("error", stderr), DefaultPlan: cfg.DefaultPlan,
		EnterprisePerMinute: cfg.EnterpriseRatePerMinute, EnterprisePerDay: cfg.EnterpriseRatePerDay})
	if err != nil {
		return err
	}
	sub, err := svc.SetLimits(ctx, orgID, limits["per-minute"], limits["per-day"], limits["monthly-queries"])
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("organization %s does not exist", orgID)
	}
	if err != nil {
		return err
	}
	perMinute, perDay := svc.RateLimits(sub)
	return json.NewEncoder(stdout).Encode(map[string]any{"organization_id": orgID, "plan": sub.Plan,
		"per_minute": perMinute, "per_day": perDay, "monthly_queries": billing.Limits(sub)[billing.QuotaMonthlyQueries]})
}

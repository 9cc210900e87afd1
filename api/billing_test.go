package api_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/nlq/llmtest"
)

func onPlan(plan string) func(*app.Config) {
	return func(c *app.Config) { c.DefaultPlan = plan }
}

// invitedToken invites a user of a role and returns their id and token.
func invitedToken(t *testing.T, s *apptest.Service, admin apptest.Account, role string) (string, string) {
	t.Helper()
	email := fmt.Sprintf("%s-%d-%s", role, time.Now().UnixNano(), strings.ToLower(admin.Email))
	r := s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": email, "full_name": "Member", "role": role}).Expect(t, 201)
	inv := r.Body["invitation"].(map[string]any)
	ok := s.Do("POST", "/v1/auth/accept-invite", "", map[string]any{"token": inv["token"], "password": "Member-pass-2024"}).Expect(t, 200)
	return r.String("id"), ok.String("access_token")
}

func details(r *apptest.Response) map[string]any {
	e, _ := r.Body["error"].(map[string]any)
	d, _ := e["details"].(map[string]any)
	return d
}

var dateRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

func TestSubscriptionAndUsageAnswerTheSpecObjects(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db, Configure: onPlan("free")})
		owner := s.Register(t)
		for _, prefix := range []string{"/api/billing", "/v1/api/billing"} {
			sub := s.Do("GET", prefix+"/subscription", owner.Token, nil).Expect(t, 200)
			id, isNum := sub.Body["id"].(float64)
			org, orgNum := sub.Body["organization_id"].(float64)
			if !isNum || !orgNum || id < 1 || org < 1 {
				t.Fatalf("ids must be positive integers: %s", sub.Raw)
			}
			if sub.Body["plan"] != "free" || sub.Body["status"] != "active" || sub.Body["billing_cycle"] != "monthly" || sub.Body["cancel_at"] != nil {
				t.Fatalf("subscription: %s", sub.Raw)
			}
			for _, f := range []string{"current_period_start", "current_period_end"} {
				if !dateRE.MatchString(sub.String(f)) {
					t.Fatalf("%s is not YYYY-MM-DD: %s", f, sub.Raw)
				}
			}
			features := sub.Body["features"].(map[string]any)
			for _, k := range []string{"multi_db_queries", "ai_insights", "workflows", "real_time", "priority_support"} {
				if v, ok := features[k].(bool); !ok || v {
					t.Fatalf("free plan feature %s: %s", k, sub.Raw)
				}
			}
			quotas := sub.Body["quotas"].(map[string]any)
			want := map[string]float64{"monthly_queries": 100, "data_sources": 1, "ai_agents": 2, "team_members": 3}
			for k, v := range want {
				if quotas[k] != v {
					t.Fatalf("quota %s = %v, want %v", k, quotas[k], v)
				}
			}
			u := s.Do("GET", prefix+"/usage", owner.Token, nil).Expect(t, 200)
			for _, k := range []string{"period_start", "period_end", "queries_used", "queries_limit", "data_sources_used", "ai_agents_used", "team_members", "storage_gb"} {
				if _, ok := u.Body[k]; !ok {
					t.Fatalf("usage lacks %s: %s", k, u.Raw)
				}
			}
			if u.Body["queries_limit"] != float64(100) || u.Body["team_members"] != float64(1) || !dateRE.MatchString(u.String("period_start")) {
				t.Fatalf("usage: %s", u.Raw)
			}
		}
		// A second organization has its own, different ids.
		other := s.Register(t)
		a := s.Do("GET", "/api/billing/subscription", owner.Token, nil).Expect(t, 200)
		b := s.Do("GET", "/api/billing/subscription", other.Token, nil).Expect(t, 200)
		if a.Body["id"] == b.Body["id"] || a.Body["organization_id"] == b.Body["organization_id"] {
			t.Fatalf("two organizations share billing ids: %s %s", a.Raw, b.Raw)
		}
	})
}

func TestOnlyTheOwnerManagesBillingAndAdminsReadUsage(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: onPlan("starter")})
	owner := s.Register(t)
	_, admin := invitedToken(t, s, owner, "admin")
	_, analyst := invitedToken(t, s, owner, "analyst")
	s.Do("GET", "/api/billing/usage", admin, nil).Expect(t, 200)
	s.Do("GET", "/api/billing/subscription", admin, nil).Expect(t, 200)
	r := s.Do("POST", "/api/billing/subscription/change-plan", admin, map[string]any{"plan": "growth"}).Expect(t, 403)
	if r.ErrorCode() != "permission_denied" || details(r)["required_role"] != "owner" {
		t.Fatalf("admin change-plan: %s", r.Raw)
	}
	s.Do("POST", "/api/billing/payment-methods", admin, map[string]any{"card_number": "4242424242424242"}).Expect(t, 403)
	s.Do("POST", "/api/billing/add-ons", admin, map[string]any{"type": "extra_users", "quantity": 1}).Expect(t, 403)
	s.Do("POST", "/api/billing/subscription/cancel", admin, nil).Expect(t, 403)
	for _, path := range []string{"/api/billing/usage", "/api/billing/subscription", "/api/billing/invoices", "/v1/api/billing/usage"} {
		s.Do("GET", path, analyst, nil).Expect(t, 403)
	}
	s.Do("GET", "/api/billing/usage", "", nil).Expect(t, 401)
}

func TestCreatingPastAQuotaIsRefused(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db, Configure: onPlan("free")})
		owner := s.Register(t)
		// team_members 3: the owner and two invitations.
		invitedToken(t, s, owner, "analyst")
		invitedToken(t, s, owner, "viewer")
		r := s.Do("POST", "/v1/users", owner.Token, map[string]any{"email": "fourth-" + owner.Email, "full_name": "Four", "role": "viewer"}).Expect(t, 403)
		if r.ErrorCode() != "quota_exceeded" || details(r)["quota"] != "team_members" || details(r)["limit"] != float64(3) || details(r)["used"] != float64(3) {
			t.Fatalf("fourth member: %s", r.Raw)
		}
		// data_sources 1.
		readySource(t, s, owner.Token, "sqlite")
		second := map[string]any{"name": "second", "type": "sqlite", "path": apptest.SeedSQLiteShop(t, s.SQLiteDirOf(t, owner.Token), "second.db")}
		r = s.Do("POST", "/v1/data-sources", owner.Token, second).Expect(t, 403)
		if r.ErrorCode() != "quota_exceeded" || details(r)["quota"] != "data_sources" {
			t.Fatalf("second data source: %s", r.Raw)
		}
		u := s.Do("GET", "/api/billing/usage", owner.Token, nil).Expect(t, 200)
		if u.Body["data_sources_used"] != float64(1) || u.Body["team_members"] != float64(3) {
			t.Fatalf("usage after creations: %s", u.Raw)
		}
	})
}

func TestFeatureGatesAnswerTheLowestPlan(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: onPlan("starter")})
	owner := s.Register(t)
	r := s.Do("POST", "/api/webhooks", owner.Token, map[string]any{"url": "https://hooks.example.com/x", "events": []string{"*"}}).Expect(t, 403)
	if r.ErrorCode() != "feature_not_in_plan" || details(r)["feature"] != "real_time" || details(r)["plan"] != "growth" {
		t.Fatalf("webhook on starter: %s", r.Raw)
	}
	free := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: onPlan("free")})
	fo := free.Register(t)
	r = free.Do("PATCH", "/v1/organization/settings", fo.Token, map[string]any{"llm": map[string]any{"provider": "openai", "api_key": "sk-x"}}).Expect(t, 403)
	if r.ErrorCode() != "feature_not_in_plan" || details(r)["feature"] != "ai_insights" || details(r)["plan"] != "starter" {
		t.Fatalf("LLM on free: %s", r.Raw)
	}
	free.Do("PATCH", "/v1/organization/settings", fo.Token, map[string]any{"llm": map[string]any{"provider": "offline"}}).Expect(t, 200)
}

func TestQuestionsPastTheMonthlyQuotaAre429WithResetTime(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: onPlan("growth")})
	owner := s.Register(t)
	agentID := shopAgent(t, s, owner.Token, "sqlite")
	limit := int64(3)
	if _, err := s.App.Billing.SetLimits(context.Background(), owner.OrgID, nil, nil, &limit); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		s.Do("POST", "/v1/queries", owner.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID}).Expect(t, 200)
	}
	r := s.Do("POST", "/v1/queries", owner.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID}).Expect(t, 429)
	d := details(r)
	if r.ErrorCode() != "quota_exceeded" || d["quota"] != "monthly_queries" || d["limit"] != float64(3) || d["used"] != float64(3) || d["resets_at"] == nil {
		t.Fatalf("past quota: %s", r.Raw)
	}
	if r.Header.Get("Retry-After") == "" {
		t.Fatal("429 quota_exceeded without Retry-After")
	}
	// An extra_queries pack adds 1,000 to this period's limit (the owner buys it with a card).
	s.Do("POST", "/api/billing/payment-methods", owner.Token, card("4242424242424242", "123")).Expect(t, 201)
	add := s.Do("POST", "/api/billing/add-ons", owner.Token, map[string]any{"type": "extra_queries", "quantity": 1}).Expect(t, 200)
	if add.Body["add_ons"].(map[string]any)["extra_queries"] != float64(1) || add.Body["invoice"].(map[string]any)["total"] != float64(1000) {
		t.Fatalf("add-on: %s", add.Raw)
	}
	s.Do("POST", "/v1/queries", owner.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID}).Expect(t, 200)
	u := s.Do("GET", "/api/billing/usage", owner.Token, nil).Expect(t, 200)
	if u.Body["queries_used"] != float64(4) || u.Body["queries_limit"] != float64(1003) {
		t.Fatalf("usage: %s", u.Raw)
	}
	alerts := u.Body["alerts_sent"].([]any)
	if len(alerts) != 3 {
		t.Fatalf("80/90/100 %% alerts should each have fired once: %s", u.Raw)
	}
}

func card(number, cvc string) map[string]any {
	return map[string]any{"card_number": number, "exp_month": 12, "exp_year": time.Now().Year() + 3, "cvc": cvc,
		"billing_address": map[string]any{"line1": "1 Main St", "city": "Springfield", "state": "IL", "postal_code": "62701", "country": "US"}}
}

func TestRateLimitHeadersAndRefusal(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: onPlan("free")})
	owner := s.Register(t)
	// Free: 10 per minute. Use a day limit instead of the minute so a minute boundary cannot
	// split the test.
	perMinute, perDay := int64(1000), int64(10)
	if _, err := s.App.Billing.SetLimits(context.Background(), owner.OrgID, &perMinute, &perDay, nil); err != nil {
		t.Fatal(err)
	}
	var last *apptest.Response
	for i := 1; i <= 10; i++ {
		last = s.Do("GET", "/v1/auth/me", owner.Token, nil).Expect(t, 200)
		if last.Header.Get("X-RateLimit-Limit") != "10" || last.Header.Get("X-RateLimit-Remaining") != fmt.Sprint(10-i) {
			t.Fatalf("request %d headers: %v", i, last.Header)
		}
	}
	if reset := last.Header.Get("X-RateLimit-Reset"); len(reset) < 10 {
		t.Fatalf("X-RateLimit-Reset must be Unix seconds: %q", reset)
	}
	r := s.Do("GET", "/api/billing/usage", owner.Token, nil).Expect(t, 429)
	if r.ErrorCode() != "rate_limited" || r.Header.Get("Retry-After") == "" || r.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Fatalf("refusal: %v %s", r.Header, r.Raw)
	}
	// Another organization is not affected.
	other := s.Register(t)
	s.Do("GET", "/v1/auth/me", other.Token, nil).Expect(t, 200)
}

// twoProcesses starts two API processes on one PostgreSQL database and one broker.
func twoProcesses(t *testing.T, plan string) (*apptest.Service, *apptest.Service) {
	t.Helper()
	a := apptest.Start(t, apptest.Options{Database: "postgres", Configure: onPlan(plan)})
	b := apptest.Start(t, apptest.Options{DatabaseURL: a.Cfg.DatabaseURL, NATSURL: a.App.NATSURL, Configure: onPlan(plan)})
	return a, b
}

func TestTwoAPIProcessesShareTheRateLimitAndTheQuotaExactly(t *testing.T) {
	a, b := twoProcesses(t, "scale")
	ctx := context.Background()

	t.Run("rate limit", func(t *testing.T) {
		owner := a.Register(t)
		perMinute, perDay := int64(1_000_000), int64(50)
		if _, err := a.App.Billing.SetLimits(ctx, owner.OrgID, &perMinute, &perDay, nil); err != nil {
			t.Fatal(err)
		}
		ok := burst(t, a, b, 200, func(s *apptest.Service) *apptest.Response {
			return s.Do("GET", "/v1/auth/me", owner.Token, nil)
		})
		if ok[200] != 50 || ok[429] != 150 {
			t.Fatalf("answers %v, want exactly 50 accepted and 150 refused", ok)
		}
	})

	t.Run("query quota", func(t *testing.T) {
		owner := a.Register(t)
		agentID := shopAgent(t, a, owner.Token, "postgres") // both processes reach it
		// Put 50 questions left: a quota of 60 with 10 already used.
		quota := int64(60)
		if _, err := a.App.Billing.SetLimits(ctx, owner.OrgID, nil, nil, &quota); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 10; i++ {
			if err := a.App.Billing.ReserveQuery(ctx, owner.OrgID); err != nil {
				t.Fatal(err)
			}
		}
		ok := burst(t, a, b, 200, func(s *apptest.Service) *apptest.Response {
			return s.DoWith("POST", "/v1/queries", owner.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID},
				map[string]string{"Prefer": "respond-async"})
		})
		if ok[202] != 50 || ok[429] != 150 {
			t.Fatalf("answers %v, want exactly 50 accepted and 150 quota_exceeded", ok)
		}
		u := b.Do("GET", "/api/billing/usage", owner.Token, nil).Expect(t, 200)
		if u.Body["queries_used"] != float64(60) {
			t.Fatalf("usage: %s", u.Raw)
		}
	})
}

// burst sends n requests at once, alternating between two processes, and counts statuses.
func burst(t *testing.T, a, b *apptest.Service, n int, do func(*apptest.Service) *apptest.Response) map[int]int {
	t.Helper()
	var mu sync.Mutex
	counts := map[int]int{}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r := do(s)
			mu.Lock()
			counts[r.Status]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return counts
}

func TestCardDataNeverReachesTheDatabaseOrTheLog(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		var logs bytes.Buffer
		var mu sync.Mutex
		s := apptest.Start(t, apptest.Options{Database: db, Configure: onPlan("free"), LogWriter: lockedWriter{&mu, &logs}})
		owner := s.Register(t)
		const pan, cvc = "378282246310005", "7391"
		pm := s.Do("POST", "/api/billing/payment-methods", owner.Token, card(pan, cvc)).Expect(t, 201)
		if pm.Body["brand"] != "amex" || pm.Body["last4"] != "0005" || pm.Body["is_default"] != true || !strings.HasPrefix(pm.String("id"), "pm_") {
			t.Fatalf("payment method: %s", pm.Raw)
		}
		if strings.Contains(string(pm.Raw), pan) || strings.Contains(string(pm.Raw), cvc) {
			t.Fatalf("the answer echoes card data: %s", pm.Raw)
		}
		declined := s.Do("POST", "/api/billing/payment-methods", owner.Token, card("4000000000000002", "123")).Expect(t, 402)
		if declined.ErrorCode() != "card_declined" {
			t.Fatalf("declined card: %s", declined.Raw)
		}
		bad := s.Do("POST", "/api/billing/payment-methods", owner.Token, card("4242424242424241", "123")).Expect(t, 400)
		if details(bad)["field"] != "card_number" {
			t.Fatalf("Luhn: %s", bad.Raw)
		}
		s.Do("POST", "/api/billing/payment-methods", owner.Token, card("5555555555554444", "123")).Expect(t, 201)

		cells := dumpAllTables(t, s)
		for _, c := range cells {
			if strings.Contains(c, pan) || strings.Contains(c, "4000000000000002") || strings.Contains(c, "5555555555554444") {
				t.Fatalf("a card number is stored: %q", c)
			}
			if c == cvc || strings.Contains(c, `"cvc"`) {
				t.Fatalf("a CVC is stored: %q", c)
			}
		}
		if len(cells) < 10 {
			t.Fatalf("the dump read too little: %d cells", len(cells))
		}
		mu.Lock()
		out := logs.String()
		mu.Unlock()
		if strings.Contains(out, pan) || strings.Contains(out, "5555555555554444") || strings.Contains(out, "4000000000000002") || strings.Contains(out, "cvc="+cvc) {
			t.Fatalf("card data in the log:\n%s", out)
		}
		if !strings.Contains(out, "request") {
			t.Fatalf("the captured log is empty; the check would prove nothing:\n%s", out)
		}
	})
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// dumpAllTables reads every cell of every table of the service's database as text.
func dumpAllTables(t *testing.T, s *apptest.Service) []string {
	t.Helper()
	db := s.App.Store.SQL()
	q := "SELECT name FROM sqlite_master WHERE type = 'table'"
	if s.Cfg.DatabaseURL != "" {
		q = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
	}
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		_ = rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	var cells []string
	for _, tbl := range tables {
		r, err := db.Query(`SELECT * FROM "` + tbl + `"`)
		if err != nil {
			t.Fatalf("dump %s: %v", tbl, err)
		}
		cols, _ := r.Columns()
		for r.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := r.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				switch x := v.(type) {
				case []byte:
					cells = append(cells, string(x))
				case nil:
				default:
					cells = append(cells, fmt.Sprint(x))
				}
			}
		}
		r.Close()
	}
	return cells
}

func TestPlanChangesInvoicesAddOnsAndPaymentMethodsThroughTheAPI(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db, Configure: onPlan("starter")})
		owner := s.Register(t)
		other := s.Register(t)
		const base = "/v1/api/billing"

		// Hostile and invalid input.
		for _, body := range []any{map[string]any{}, map[string]any{"plan": "platinum"}, map[string]any{"plan": 7},
			map[string]any{"plan": "growth", "billing_cycle": "weekly"}, "not json", map[string]any{"plan": strings.Repeat("g", 5000)}} {
			r := s.Do("POST", base+"/subscription/change-plan", owner.Token, body).Expect(t, 400)
			if r.ErrorCode() != "invalid_request" {
				t.Fatalf("change-plan %v: %s", body, r.Raw)
			}
		}
		s.Do("POST", base+"/subscription/change-plan", owner.Token, map[string]any{"plan": "starter"}).Expect(t, 409)
		r := s.Do("POST", base+"/subscription/change-plan", owner.Token, map[string]any{"plan": "growth"}).Expect(t, 402)
		if r.ErrorCode() != "payment_method_required" {
			t.Fatalf("upgrade without a card: %s", r.Raw)
		}
		for _, bad := range []map[string]any{
			{"card_number": "4242424242424242", "exp_month": 12, "exp_year": 2040, "cvc": "123"}, // no address
			{"card_number": strings.Repeat("4", 40), "exp_month": 12, "exp_year": 2040, "cvc": "123", "billing_address": map[string]any{"line1": "x", "country": "US"}},
			{"card_number": "4242424242424242", "exp_month": 12, "exp_year": 2020, "cvc": "123", "billing_address": map[string]any{"line1": "x", "country": "US"}},
			{"card_number": "4242424242424242", "exp_month": 12, "exp_year": 2040, "cvc": "12", "billing_address": map[string]any{"line1": "x", "country": "US"}},
			{"card_number": "4242424242424242", "exp_month": "12", "exp_year": 2040, "cvc": "123", "billing_address": map[string]any{"line1": "x", "country": "US"}},
			{"card_number": "4242424242424242", "exp_month": 12, "exp_year": 2040, "cvc": "123", "billing_address": map[string]any{"line1": strings.Repeat("x", 300), "country": "US"}},
		} {
			s.Do("POST", base+"/payment-methods", owner.Token, bad).Expect(t, 400)
		}
		first := s.Do("POST", base+"/payment-methods", owner.Token, card("4242424242424242", "123")).Expect(t, 201)
		second := s.Do("POST", base+"/payment-methods", owner.Token, card("2223003122003222", "123")).Expect(t, 201)
		if second.Body["brand"] != "mastercard" || second.Body["is_default"] != false {
			t.Fatalf("second card: %s", second.Raw)
		}
		list := s.Do("POST", base+"/payment-methods/"+second.String("id")+"/default", owner.Token, nil).Expect(t, 200)
		if pms := list.Body["payment_methods"].([]any); len(pms) != 2 || pms[1].(map[string]any)["is_default"] != true || pms[0].(map[string]any)["is_default"] != false {
			t.Fatalf("set default: %s", list.Raw)
		}
		s.Do("POST", base+"/payment-methods/"+second.String("id")+"/default", other.Token, nil).Expect(t, 404)
		s.Do("DELETE", base+"/payment-methods/"+first.String("id"), other.Token, nil).Expect(t, 404)
		s.Do("DELETE", base+"/payment-methods/"+first.String("id"), owner.Token, nil).Expect(t, 204)
		s.Do("DELETE", base+"/payment-methods/"+first.String("id"), owner.Token, nil).Expect(t, 404)

		// Upgrade at once, with a paid proration invoice.
		up := s.Do("POST", base+"/subscription/change-plan", owner.Token, map[string]any{"plan": "growth"}).Expect(t, 200)
		inv := up.Body["invoice"].(map[string]any)
		if up.Body["effective"] != "immediately" || up.Body["subscription"].(map[string]any)["plan"] != "growth" || inv["status"] != "paid" {
			t.Fatalf("upgrade: %s", up.Raw)
		}
		if total := inv["total"].(float64); total <= 0 || total > 15000 || total != float64(int64(total)) {
			t.Fatalf("proration total must be whole cents within the price difference: %v", total)
		}
		// Downgrade later, shown as scheduled_change.
		down := s.Do("POST", base+"/subscription/change-plan", owner.Token, map[string]any{"plan": "free"}).Expect(t, 200)
		sc, _ := down.Body["subscription"].(map[string]any)["scheduled_change"].(map[string]any)
		if down.Body["effective"] != "period_end" || sc["plan"] != "free" || down.Body["subscription"].(map[string]any)["plan"] != "growth" {
			t.Fatalf("downgrade: %s", down.Raw)
		}
		// Cancel and resume.
		c := s.Do("POST", base+"/subscription/cancel", owner.Token, nil).Expect(t, 200)
		if c.Body["cancel_at"] != c.Body["current_period_end"] {
			t.Fatalf("cancel_at: %s", c.Raw)
		}
		s.Do("POST", base+"/subscription/cancel", owner.Token, nil).Expect(t, 409)
		if s.Do("POST", base+"/subscription/resume", owner.Token, nil).Expect(t, 200).Body["cancel_at"] != nil {
			t.Fatal("resume left cancel_at")
		}

		// Add-ons.
		for _, bad := range []map[string]any{{"type": "extra_cpu", "quantity": 1}, {"type": "extra_users", "quantity": 0},
			{"type": "extra_users", "quantity": "two"}, {"type": "extra_users"}, {"type": "extra_users", "quantity": 1e9}, {"type": "premium_support", "quantity": 3}} {
			s.Do("POST", base+"/add-ons", owner.Token, bad).Expect(t, 400)
		}
		s.Do("POST", base+"/add-ons", owner.Token, map[string]any{"type": "extra_users", "quantity": 2}).Expect(t, 200)
		s.Do("POST", base+"/add-ons", owner.Token, map[string]any{"type": "premium_support", "quantity": true}).Expect(t, 200)
		got := s.Do("GET", base+"/add-ons", owner.Token, nil).Expect(t, 200)
		if got.Body["extra_users"] != float64(2) || got.Body["premium_support"] != true || got.Body["extra_queries"] != float64(0) || got.Body["extra_storage"] != float64(0) {
			t.Fatalf("add-ons: %s", got.Raw)
		}

		// Invoices: list, get, another organization's is 404.
		invs := s.Do("GET", base+"/invoices?limit=10", owner.Token, nil).Expect(t, 200)
		items := invs.Body["invoices"].([]any)
		if len(items) < 2 || invs.Body["total"].(float64) < 2 {
			t.Fatalf("invoices: %s", invs.Raw)
		}
		id := items[0].(map[string]any)["id"].(string)
		one := s.Do("GET", base+"/invoices/"+id, owner.Token, nil).Expect(t, 200)
		for _, f := range []string{"number", "period_start", "period_end", "lines", "currency", "total", "status"} {
			if _, ok := one.Body[f]; !ok {
				t.Fatalf("invoice lacks %s: %s", f, one.Raw)
			}
		}
		s.Do("GET", base+"/invoices/"+id, other.Token, nil).Expect(t, 404)
		s.Do("GET", base+"/invoices?limit=1000", owner.Token, nil).Expect(t, 400)
		s.Do("GET", base+"/invoices?offset=-1", owner.Token, nil).Expect(t, 400)
	})
}

// A question answered in the accepting process is planned while its acceptance commits; one
// refused at acceptance (past the quota) must not leave its model request running.
func TestAQuestionRefusedPastTheQuotaStopsTheModelRequestPlannedAhead(t *testing.T) {
	fake := llmtest.NewFakeOpenAI(t)
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) {
		onPlan("growth")(c)
		c.LLMProvider, c.LLMBaseURL, c.LLMModel, c.OpenAIKey = "openai", fake.URL(), "fake-model", "sk-test"
	}})
	owner := s.Register(t)
	agentID := shopAgent(t, s, owner.Token, "sqlite")
	limit := int64(1)
	if _, err := s.App.Billing.SetLimits(context.Background(), owner.OrgID, nil, nil, &limit); err != nil {
		t.Fatal(err)
	}
	fake.Reply("SELECT COUNT(*) AS orders FROM orders")
	s.Do("POST", "/v1/queries", owner.Token, map[string]any{"question": "how many orders", "agent_id": agentID}).Expect(t, 200)
	sent := len(fake.Requests())

	fake.Delay(time.Hour)
	s.Do("POST", "/v1/queries", owner.Token, map[string]any{"question": "how many customers", "agent_id": agentID}).Expect(t, 429)
	// Either planning had not reached the model, or its request was given up: every request
	// after the refusal is abandoned, and stays so (a request still running would arrive and
	// hang for the hour).
	deadline, settled := time.Now().Add(15*time.Second), time.Time{}
	for {
		later, gaveUp := len(fake.Requests())-sent, fake.Abandoned()
		switch {
		case later != gaveUp:
			settled = time.Time{}
		case settled.IsZero():
			settled = time.Now()
		case time.Since(settled) > time.Second:
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d model requests after the refusal, %d given up", later, gaveUp)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

package console_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/auth"
)

// chromiumPath is Debian's Chromium; the tests never download a browser.
const chromiumPath = "/usr/bin/chromium"

// browser drives one headless Chromium tab against a service under test.
type browser struct {
	t    *testing.T
	ctx  context.Context
	base string
	// errors collects uncaught JavaScript exceptions; any fails the test.
	errors []string
	shots  string
}

func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skip("SKIPPING BROWSER TESTS: Chromium is not installed at " + chromiumPath + " (apt-get install -y chromium)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-quic", true), chromedp.Flag("no-first-run", true), chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900))
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	b := &browser{t: t, ctx: ctx, base: base}
	if os.Getenv("UPDATE_SCREENSHOTS") != "" {
		b.shots = filepath.Join("..", "..", "docs", "screenshots")
	}
	chromedp.ListenTarget(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			b.errors = append(b.errors, ev.ExceptionDetails.Error())
		case *page.EventJavascriptDialogOpening:
			// confirm() before revoking or deleting: accept, as a person would.
			go func() { _ = chromedp.Run(ctx, page.HandleJavaScriptDialog(true)) }()
		}
	})
	if err := chromedp.Run(ctx); err != nil {
		cancelCtx()
		cancelAlloc()
		t.Fatalf("start chromium: %v", err)
	}
	t.Cleanup(func() {
		cancelCtx()
		cancelAlloc()
		if len(b.errors) > 0 {
			t.Errorf("uncaught JavaScript errors: %s", strings.Join(b.errors, "; "))
		}
	})
	return b
}

// run executes actions with a deadline, failing the test with what was being done.
func (b *browser) run(what string, actions ...chromedp.Action) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Run(ctx, actions...); err != nil {
		var body string
		_ = chromedp.Run(b.ctx, chromedp.Text("main", &body, chromedp.ByQuery))
		b.t.Fatalf("%s: %v\npage shows: %s", what, err, body)
	}
}

// open goes to a console page (the part after "#/").
func (b *browser) open(route string, waitFor string) {
	b.t.Helper()
	b.run("open "+route, chromedp.Navigate(b.base+"/#/"+route), chromedp.WaitVisible(waitFor, chromedp.ByQuery))
}

func (b *browser) text(sel string) string {
	b.t.Helper()
	var s string
	b.run("read "+sel, chromedp.Text(sel, &s, chromedp.ByQuery))
	return s
}

func (b *browser) eval(js string, out any) {
	b.t.Helper()
	b.run("evaluate "+js, chromedp.Evaluate(js, out))
}

// shot saves a screenshot under docs/screenshots when UPDATE_SCREENSHOTS is set.
func (b *browser) shot(name string) {
	b.t.Helper()
	if b.shots == "" {
		return
	}
	var png []byte
	b.run("screenshot "+name, chromedp.Sleep(200*time.Millisecond), chromedp.FullScreenshot(&png, 100))
	if err := os.WriteFile(filepath.Join(b.shots, name+".png"), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

func TestConsoleInABrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) { c.Addr = "127.0.0.1:0" }})
	if err := s.App.SeedDemo(context.Background(), io.Discard); err != nil {
		t.Fatalf("seed demo: %v", err)
	}
	// The demo organization is seeded on growth, whose professional rate limit (requests per
	// minute) this test's clicking outruns; move it to apptest's plan, scale, with limits far away.
	demo, err := s.App.Store.UserByEmail(context.Background(), app.DemoEmail)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.App.Billing.SetPlan(context.Background(), demo.OrganizationID, "scale"); err != nil {
		t.Fatal(err)
	}
	pw, err := os.ReadFile(filepath.Join(s.Cfg.DataDir, "demo-credentials.txt"))
	if err != nil {
		t.Fatal(err)
	}
	password := strings.TrimSpace(string(pw))
	b := newBrowser(t, s.URL)

	signIn := func() {
		b.open("login", `form[aria-label="Sign in"]`)
		b.run("sign in",
			chromedp.SendKeys(`form[aria-label="Sign in"] input[name=email]`, app.DemoEmail, chromedp.ByQuery),
			chromedp.SendKeys(`form[aria-label="Sign in"] input[name=password]`, password, chromedp.ByQuery),
			chromedp.Click(`form[aria-label="Sign in"] button[type=submit]`, chromedp.ByQuery))
	}

	t.Run("sign in, turn on two-factor, sign in again with a code", func(t *testing.T) {
		b.open("login", `form[aria-label="Sign in"]`)
		b.shot("sign-in")
		signIn()
		b.run("land on ask", chromedp.WaitVisible(`form[aria-label="Ask a question"]`, chromedp.ByQuery))
		b.open("security", `main h1`)
		b.run("start two-factor setup", chromedp.WaitVisible(`//button[text()="Set up two-factor"]`), chromedp.Click(`//button[text()="Set up two-factor"]`),
			chromedp.WaitVisible(`img.qr`, chromedp.ByQuery))
		var qrWidth int
		b.eval(`document.querySelector('img.qr').naturalWidth`, &qrWidth)
		if qrWidth == 0 {
			t.Fatal("the QR code image did not load")
		}
		var codes int
		b.eval(`document.querySelectorAll('ul.codes li').length`, &codes)
		if codes != 10 {
			t.Fatalf("backup codes shown: %d, want 10", codes)
		}
		b.shot("two-factor-setup")
		secret := b.text(`code.secret-text`)
		code, _ := auth.TOTPCode(secret, time.Now())
		b.run("confirm two-factor",
			chromedp.SendKeys(`form[aria-label="Confirm two-factor"] input[name=code]`, code, chromedp.ByQuery),
			chromedp.Click(`form[aria-label="Confirm two-factor"] button[type=submit]`, chromedp.ByQuery),
			chromedp.WaitVisible(`form[aria-label="Disable two-factor"]`, chromedp.ByQuery))

		b.run("sign out", chromedp.Click(`//button[text()="Sign out"]`), chromedp.WaitVisible(`form[aria-label="Sign in"]`, chromedp.ByQuery))
		signIn()
		b.run("two-factor step", chromedp.WaitVisible(`form[aria-label="Two-factor code"]`, chromedp.ByQuery))
		// The next step's code: the confirmation used this step's, and a code is accepted once.
		code, _ = auth.TOTPCode(secret, time.Now().Add(30*time.Second))
		b.run("verify code",
			chromedp.SendKeys(`form[aria-label="Two-factor code"] input[name=code]`, code, chromedp.ByQuery),
			chromedp.Click(`form[aria-label="Two-factor code"] button[type=submit]`, chromedp.ByQuery),
			chromedp.WaitVisible(`form[aria-label="Ask a question"]`, chromedp.ByQuery))
	})

	ask := func(question string, settled string) {
		b.open("ask", `form[aria-label="Ask a question"] textarea`)
		b.run("ask "+question,
			chromedp.SetValue(`form[aria-label="Ask a question"] textarea`, question, chromedp.ByQuery),
			chromedp.Click(`form[aria-label="Ask a question"] button[type=submit]`, chromedp.ByQuery),
			chromedp.WaitVisible(settled, chromedp.ByQuery))
	}

	t.Run("a demo question draws a chart, the SQL and the table", func(t *testing.T) {
		ask("top 5 products by revenue in 2024", `.result svg.chart`)
		var marks, rows int
		b.eval(`document.querySelectorAll('.result svg.chart .mark').length`, &marks)
		b.eval(`document.querySelectorAll('.result table.data tbody tr').length`, &rows)
		if marks == 0 || rows != 5 {
			t.Fatalf("chart marks %d (want > 0), table rows %d (want 5)", marks, rows)
		}
		if sql := b.text(`.sql pre`); !strings.Contains(strings.ToUpper(sql), "SELECT") {
			t.Fatalf("SQL shown: %q", sql)
		}
		b.shot("ask")
	})

	t.Run("every chart type the service sends is drawn; unknown ones fall back to the table", func(t *testing.T) {
		js := `import('/chart.js').then(m => {
			const d = {labels: ['2024-01', '2024-02', '2024-03'], series: [{name: 'revenue', values: [10, null, 30]}, {name: 'cost', values: [5, 6, 7]}]};
			const n = (c) => { const el = m.renderChart(c); return el ? el.querySelectorAll('.mark').length : -1; };
			return [n({type: 'bar', data: d}), n({type: 'line', data: d}), n({type: 'pie', data: {labels: ['a', 'b'], series: [{name: 's', values: [1, 3]}]}}),
				n({type: 'scatter', data: {labels: ['p', 'q'], series: [{name: 'x', values: [1, 2]}, {name: 'y', values: [3, 4]}]}}),
				n({type: 'table', data: {labels: [], series: []}}), n(null)];
		})`
		var marks []int
		b.run("draw charts", chromedp.Evaluate(js, &marks, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
		want := []int{5, 2, 2, 2, -1, -1} // bars without the null, one path per line, slices, points; none
		if fmt.Sprint(marks) != fmt.Sprint(want) {
			t.Fatalf("marks per chart %v, want %v", marks, want)
		}
	})

	t.Run("a refused question shows the reason", func(t *testing.T) {
		ask("delete all orders from 2023", `.refusal`)
		if msg := b.text(`.refusal`); len(msg) < 30 {
			t.Fatalf("refusal says too little: %q", msg)
		}
		b.shot("refused")
	})

	const xss = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`
	t.Run("an XSS attempt in a question renders as text", func(t *testing.T) {
		ask(xss, `.answer .refusal, .answer .result`)
		b.open("history", `main table a`)
		if got := b.text(`main table tbody tr:first-child a`); got != xss {
			t.Fatalf("history shows %q, want the question as text %q", got, xss)
		}
		var injected bool
		b.eval(`window.__xss !== undefined || document.querySelector('main img[src=x], main script') !== null`, &injected)
		if injected {
			t.Fatal("the question was parsed as HTML")
		}
		b.shot("history")
	})

	t.Run("an admin creates an agent with column permissions; its hostile name renders as text", func(t *testing.T) {
		name := `Agent <b>bold</b><img src=x onerror="window.__xss=3">`
		b.open("agents/new", `form[aria-label="New agent"] fieldset[data-table="customers"]`)
		b.run("fill the agent",
			chromedp.SendKeys(`form[aria-label="New agent"] input[name=name]`, name, chromedp.ByQuery),
			chromedp.SetValue(`form[aria-label="New agent"] textarea[name=system_prompt]`, "Answer about customers.", chromedp.ByQuery),
			chromedp.Click(`fieldset[data-table="customers"] input[data-table]`, chromedp.ByQuery),
			chromedp.Click(`fieldset[data-table="orders"] input[data-table]`, chromedp.ByQuery),
			chromedp.Click(`fieldset[data-table="customers"] summary`, chromedp.ByQuery),
			chromedp.SetValue(`fieldset[data-table="customers"] select[data-column="email"]`, "deny", chromedp.ByQuery))
		b.shot("agent-new")
		b.run("create", chromedp.Click(`form[aria-label="New agent"] button[type=submit]`, chromedp.ByQuery),
			chromedp.WaitVisible(`form[aria-label="Agent settings"]`, chromedp.ByQuery))
		if got := b.text(`main h1`); got != name {
			t.Fatalf("agent page title %q, want the name as text %q", got, name)
		}
		var injected bool
		b.eval(`window.__xss !== undefined || document.querySelector('main h1 b, main img[src=x]') !== null`, &injected)
		if injected {
			t.Fatal("the agent name was parsed as HTML")
		}
		var id string
		b.eval(`location.hash.split('/').pop()`, &id)
		b.shot("agent")
		var denied []string
		b.fetchJSON("/v1/agents/"+id, `j => j.column_permissions.customers.denied`, &denied)
		if len(denied) != 1 || denied[0] != "email" {
			t.Fatalf("customers denied columns %v, want [email]", denied)
		}
	})

	t.Run("an API key is created, shown once with a copy button, and revoked", func(t *testing.T) {
		b.open("api-keys", `form[aria-label="New API key"]`)
		b.run("create a key",
			chromedp.SendKeys(`form[aria-label="New API key"] input[name=name]`, "ci key", chromedp.ByQuery),
			chromedp.Click(`form[aria-label="New API key"] button[type=submit]`, chromedp.ByQuery),
			chromedp.WaitVisible(`.key-value`, chromedp.ByQuery))
		key := b.text(`.key-value`)
		if resp := s.Do("GET", "/v1/auth/me", key, nil); resp.Status != http.StatusOK {
			t.Fatalf("the shown key does not authenticate: %d", resp.Status)
		}
		b.shot("api-keys")
		b.run("revoke", chromedp.Click(`//button[text()="Revoke"]`), chromedp.WaitVisible(`//td[text()="Nothing here yet."]`))
		if resp := s.Do("GET", "/v1/auth/me", key, nil); resp.Status != http.StatusUnauthorized {
			t.Fatalf("a revoked key still authenticates: %d", resp.Status)
		}
	})

	t.Run("the webhook dashboard shows a delivery after a test send", func(t *testing.T) {
		hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusOK)
			_, _ = io.WriteString(w, `{"received": true}`)
		}))
		defer hook.Close()
		b.open("webhooks", `form[aria-label="New webhook"]`)
		b.run("create a webhook",
			chromedp.SendKeys(`form[aria-label="New webhook"] input[name=url]`, hook.URL+"/hooks", chromedp.ByQuery),
			chromedp.SendKeys(`form[aria-label="New webhook"] input[name=description]`, "CI receiver", chromedp.ByQuery),
			chromedp.Click(`form[aria-label="New webhook"] button[type=submit]`, chromedp.ByQuery),
			chromedp.WaitVisible(`//a[text()="Open its dashboard"]`), chromedp.Click(`//a[text()="Open its dashboard"]`),
			chromedp.WaitVisible(`//button[text()="Send test"]`))
		b.run("send a test", chromedp.Click(`//button[text()="Send test"]`), chromedp.WaitVisible(`.delivery`, chromedp.ByQuery))
		if got := b.text(`.stats .stat:first-child .stat-value`); got != "1" {
			t.Fatalf("total deliveries shows %q, want 1", got)
		}
		b.run("open the attempts", chromedp.Click(`.delivery summary`, chromedp.ByQuery))
		if got := b.text(`.delivery pre.excerpt`); !strings.Contains(got, "received") {
			t.Fatalf("response excerpt %q", got)
		}
		b.shot("webhook-dashboard")
	})

	t.Run("the billing page shows the plan, usage meters and the owner's forms", func(t *testing.T) {
		b.open("billing", `main .plan-name`)
		if got := b.text(`main .plan-name`); got != "scale" {
			t.Fatalf("plan shown %q, want scale (set above)", got)
		}
		var meters int
		b.eval(`document.querySelectorAll('main .meter progress').length`, &meters)
		if meters != 4 {
			t.Fatalf("usage meters with a quota: %d, want 4", meters)
		}
		b.run("owner forms", chromedp.WaitVisible(`form[aria-label="Change plan"]`, chromedp.ByQuery), chromedp.WaitVisible(`form[aria-label="Buy an add-on"]`, chromedp.ByQuery))
		b.shot("billing")
	})

	t.Run("a template runs from its page with the generated form and is scheduled", func(t *testing.T) {
		const name = "Orders of one status"
		var agentID string
		b.fetchJSON("/v1/agents?limit=200", `j => j.agents.find(a => a.name === 'Sales Performance').id`, &agentID)
		var tplID string
		b.postJSON("/v1/templates", map[string]any{"name": name, "agent_id": agentID, "description": "How many orders have a status.",
			"sql":        "SELECT status, COUNT(*) AS n FROM orders WHERE status = :status GROUP BY status",
			"parameters": []map[string]any{{"name": "status", "type": "string", "required": true, "description": "completed, shipped, cancelled or returned"}}},
			`j => j.id || JSON.stringify(j)`, &tplID)
		if !strings.HasPrefix(tplID, "tpl_") {
			t.Fatalf("create template: %s", tplID)
		}
		b.run("open templates", chromedp.Navigate(b.base+"/#/templates"), chromedp.WaitVisible(`//main//a[text()="`+name+`"]`))
		b.shot("templates")
		run := `form[aria-label="Run ` + name + `"]`
		b.run("open the template", chromedp.Click(`//main//a[text()="`+name+`"]`), chromedp.WaitVisible(run+` input[name=status]`, chromedp.ByQuery))
		b.run("run it", chromedp.SendKeys(run+` input[name=status]`, "completed", chromedp.ByQuery),
			chromedp.Click(run+` button[type=submit]`, chromedp.ByQuery),
			chromedp.WaitVisible(`.answer .result table.data tbody tr`, chromedp.ByQuery))
		var rows [][]string
		b.eval(`[...document.querySelectorAll('.answer .result table.data tbody tr')].map(tr => [...tr.cells].map(td => td.textContent))`, &rows)
		if len(rows) != 1 || len(rows[0]) != 2 || rows[0][0] != "completed" || rows[0][1] == "0" {
			t.Fatalf("result rows %v, want one row of completed orders", rows)
		}
		b.run("the run is in the executions", chromedp.WaitVisible(`//caption[text()="Executions"]/ancestor::table//span[contains(., "completed")]`))

		sched := `form[aria-label="Schedule ` + name + `"]`
		b.run("schedule it weekly", chromedp.Click(`//summary[text()="New schedule"]`),
			chromedp.SetValue(sched+` select[name=type]`, "weekly", chromedp.ByQuery),
			chromedp.SetValue(sched+` select[name=day_of_week]`, "friday", chromedp.ByQuery),
			chromedp.SetValue(sched+` input[name=timezone]`, "Europe/Berlin", chromedp.ByQuery),
			chromedp.SendKeys(sched+` input[name=recipients]`, "ana@example.com, ben@example.com", chromedp.ByQuery),
			chromedp.SendKeys(sched+` input[name="param.status"]`, "shipped", chromedp.ByQuery),
			chromedp.Click(sched+` button[type=submit]`, chromedp.ByQuery),
			chromedp.WaitVisible(`//td[text()="weekly on friday at 08:00 (Europe/Berlin)"]`))
		var params map[string]any
		b.fetchJSON("/v1/templates/"+tplID+"/schedules", `j => j.schedules[0].parameters`, &params)
		if params["status"] != "shipped" {
			t.Fatalf("schedule parameters %v, want status shipped", params)
		}
		b.shot("template")
	})

	t.Run("an admin creates a template from the form; a row per :name declares its type", func(t *testing.T) {
		const f = `form[aria-label="New template"]`
		var agentID string
		b.fetchJSON("/v1/agents?limit=200", `j => j.agents.find(a => a.name === 'Sales Performance').id`, &agentID)
		b.open("templates", f)
		b.run("fill the template",
			chromedp.SendKeys(f+` input[name=name]`, "Big orders", chromedp.ByQuery),
			chromedp.SetValue(f+` select[name=agent_id]`, agentID, chromedp.ByQuery),
			chromedp.SendKeys(f+` textarea[name=sql]`, "SELECT COUNT(*) AS n FROM orders WHERE total_amount >= :min", chromedp.ByQuery),
			chromedp.WaitVisible(`fieldset[data-param="min"]`, chromedp.ByQuery),
			chromedp.SetValue(`fieldset[data-param="min"] select[name=type]`, "number", chromedp.ByQuery),
			chromedp.SendKeys(`fieldset[data-param="min"] input[name=default]`, "500", chromedp.ByQuery),
			chromedp.Click(f+` button[type=submit]`, chromedp.ByQuery),
			chromedp.WaitVisible(`form[aria-label="Run Big orders"] input[name=min][type=number]`, chromedp.ByQuery))
		var id string
		b.eval(`location.hash.split('/').pop()`, &id)
		var def float64
		b.fetchJSON("/v1/templates/"+id, `j => j.parameters[0].type === 'number' ? j.parameters[0].default : -1`, &def)
		if def != 500 {
			t.Fatalf("declared default %v, want the number 500", def)
		}
	})

	t.Run("pages for data sources and users render; a question re-opens from the history", func(t *testing.T) {
		b.open("data-sources", `main table a`)
		b.run("open the demo source", chromedp.Click(`main table a`, chromedp.ByQuery), chromedp.WaitVisible(`.schema details`, chromedp.ByQuery))
		b.shot("data-source")
		b.open("users", `form[aria-label="Invite a user"]`)
		b.open("history", `main table a`)
		b.run("re-open a question", chromedp.Click(`//main//a[text()="top 5 products by revenue in 2024"]`), chromedp.WaitVisible(`.result svg.chart`, chromedp.ByQuery))
		if b.shots != "" {
			b.run("phone width", chromedp.EmulateViewport(390, 844), chromedp.Reload(), chromedp.WaitVisible(`.result svg.chart`, chromedp.ByQuery))
			b.shot("phone-answer")
		}
	})

	t.Run("a viewer gets billing's 403 message and runs the template without the admin's forms", func(t *testing.T) {
		var adminToken, agentID string
		b.eval(`sessionStorage.getItem('analytics.token')`, &adminToken)
		b.fetchJSON("/v1/agents?limit=200", `j => j.agents.find(a => a.name === 'Sales Performance').id`, &agentID)
		invited := s.Do("POST", "/v1/users", adminToken, map[string]any{"email": "vera@demo.example", "full_name": "Vera Viewer",
			"role": "viewer", "agent_assignments": []string{agentID}}).Expect(t, http.StatusCreated)
		inv, _ := invited.Body["invitation"].(map[string]any)
		token, _ := inv["token"].(string)
		viewer := s.Do("POST", "/v1/auth/accept-invite", "", map[string]any{"token": token, "password": "Sturdy-pass-2024"}).Expect(t, http.StatusOK).String("access_token")
		// A reload drops the admin's cached profile; the tab then runs on the viewer's token.
		b.run("switch to the viewer", chromedp.Evaluate(fmt.Sprintf(`sessionStorage.setItem('analytics.token', %q)`, viewer), nil),
			chromedp.Navigate(b.base+"/#/billing"), chromedp.Reload(), chromedp.WaitVisible(`main .msg.info`, chromedp.ByQuery))
		if got := b.text(`main .msg.info`); !strings.Contains(got, "Billing is for the organization's administrators") {
			t.Fatalf("billing shows %q to a viewer", got)
		}
		var billingLink bool
		b.eval(`document.querySelector('#nav a[href="#/billing"]') !== null`, &billingLink)
		if billingLink {
			t.Fatal("the navigation offers Billing to a viewer")
		}
		const name = "Orders of one status"
		run := `form[aria-label="Run ` + name + `"]`
		b.run("open the template", chromedp.Navigate(b.base+"/#/templates"), chromedp.WaitVisible(`//main//a[text()="`+name+`"]`),
			chromedp.Click(`//main//a[text()="`+name+`"]`), chromedp.WaitVisible(run+` input[name=status]`, chromedp.ByQuery),
			chromedp.WaitVisible(`//caption[text()="Schedules"]`))
		var adminForms int
		b.eval(`document.querySelectorAll('form[aria-label^="Schedule "], form[aria-label="New template"]').length + [...document.querySelectorAll('main button')].filter(x => /^(Delete|Pause)/.test(x.textContent)).length`, &adminForms)
		if adminForms != 0 {
			t.Fatalf("a viewer sees %d admin controls", adminForms)
		}
		b.run("run it", chromedp.SendKeys(run+` input[name=status]`, "shipped", chromedp.ByQuery),
			chromedp.Click(run+` button[type=submit]`, chromedp.ByQuery),
			chromedp.WaitVisible(`.answer .result table.data tbody tr`, chromedp.ByQuery))
		if got := b.text(`.answer .result table.data tbody tr td`); got != "shipped" {
			t.Fatalf("first cell %q, want shipped", got)
		}
	})
}

// fetchJSON reads an API resource with the page's own session and maps it with a JS function.
func (b *browser) fetchJSON(path, mapper string, out any) {
	b.t.Helper()
	js := fmt.Sprintf(`fetch(%q, {headers: {Authorization: 'Bearer ' + sessionStorage.getItem('analytics.token')}}).then(r => r.json()).then(%s)`, path, mapper)
	b.run("fetch "+path, chromedp.Evaluate(js, out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
}

// postJSON posts a JSON body with the page's own session and maps the answer with a JS function.
func (b *browser) postJSON(path string, body any, mapper string, out any) {
	b.t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		b.t.Fatal(err)
	}
	js := fmt.Sprintf(`fetch(%q, {method: 'POST', headers: {'Content-Type': 'application/json', Authorization: 'Bearer ' + sessionStorage.getItem('analytics.token')}, body: %q}).then(r => r.json()).then(%s)`, path, string(raw), mapper)
	b.run("post "+path, chromedp.Evaluate(js, out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
}

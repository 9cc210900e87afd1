package api_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/mail/mailtest"
)

// makeDue moves a schedule's next run into the past, as if its time had come.
func makeDue(t *testing.T, s *apptest.Service, orgID, id string) {
	t.Helper()
	if err := s.App.Store.UpdateSchedule(context.Background(), orgID, id, map[string]any{"next_run_at": time.Now().UTC().Add(-time.Minute).Truncate(time.Second)}); err != nil {
		t.Fatal(err)
	}
}

func waitRun(t *testing.T, s *apptest.Service, token, tplID, schID string) map[string]any {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		r := s.Do("GET", "/v1/templates/"+tplID+"/schedules/"+schID+"/runs", token, nil).Expect(t, 200)
		runs := r.Body["runs"].([]any)
		if len(runs) > 0 {
			run := runs[0].(map[string]any)
			if run["status"] == "completed" || run["status"] == "failed" {
				if len(runs) != 1 {
					t.Fatalf("%d runs for one tick: %s", len(runs), r.Raw)
				}
				return run
			}
		}
	}
	t.Fatalf("schedule %s did not finish a run", schID)
	return nil
}

func TestScheduledReportsAreMailedOnceWithTheirAttachment(t *testing.T) {
	smtp := mailtest.Start(t)
	smtp.Refuse("nobody@example.com")
	smtp.FailTimes("flaky@example.com", 1)
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) {
		c.SMTPURL = smtp.URL
		c.DeliveryRetryDelays = []time.Duration{300 * time.Millisecond, 300 * time.Millisecond}
	}})
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	tplID := s.Do("POST", "/v1/templates", admin.Token, ordersTemplate(agentID)).Expect(t, 201).String("id")

	// Validation names the field.
	base := func() map[string]any {
		return map[string]any{"schedule": map[string]any{"type": "weekly", "time": "08:00", "timezone": "Europe/Berlin", "day_of_week": "monday"},
			"recipients": []string{"boss@example.com"}, "format": "excel", "parameters": map[string]any{"status": "completed"}}
	}
	for _, tc := range []struct {
		mut   func(m map[string]any)
		field string
	}{
		{func(m map[string]any) { m["schedule"].(map[string]any)["timezone"] = "Mars/Base" }, "schedule.timezone"},
		{func(m map[string]any) { m["schedule"].(map[string]any)["time"] = "8am" }, "schedule.time"},
		{func(m map[string]any) {
			m["schedule"] = map[string]any{"type": "monthly", "time": "08:00", "day_of_month": 32}
		}, "schedule.day_of_month"},
		{func(m map[string]any) { m["schedule"] = map[string]any{"type": "cron", "expression": "every monday"} }, "schedule.expression"},
		{func(m map[string]any) { m["recipients"] = []string{} }, "recipients"},
		{func(m map[string]any) { m["recipients"] = []string{"boss@example.com", "not an address"} }, "recipients"},
		{func(m map[string]any) { m["format"] = "pdf" }, "format"},
	} {
		body := base()
		tc.mut(body)
		r := s.Do("POST", "/v1/templates/"+tplID+"/schedule", admin.Token, body).Expect(t, 400)
		if detail(r, "field") != tc.field {
			t.Errorf("want field %s: %s", tc.field, r.Raw)
		}
	}
	wrongParam := base()
	wrongParam["parameters"] = map[string]any{"status": 5}
	if r := s.Do("POST", "/v1/templates/"+tplID+"/schedule", admin.Token, wrongParam).Expect(t, 400); detail(r, "parameter") != "status" {
		t.Fatalf("parameter: %s", r.Raw)
	}

	body := base()
	body["recipients"] = []string{"boss@example.com", "nobody@example.com", "flaky@example.com"}
	sch := s.Do("POST", "/v1/templates/"+tplID+"/schedule", admin.Token, body).Expect(t, 201)
	schID := sch.String("id")
	next, _ := time.Parse(time.RFC3339, sch.String("next_run_at"))
	berlin, _ := time.LoadLocation("Europe/Berlin")
	if !strings.HasPrefix(schID, "sch_") || sch.Body["enabled"] != true || next.In(berlin).Weekday() != time.Monday || next.In(berlin).Hour() != 8 {
		t.Fatalf("schedule: %s", sch.Raw)
	}
	other := s.Register(t)
	s.Do("GET", "/v1/templates/"+tplID+"/schedules", other.Token, nil).Expect(t, 404)
	s.Do("PATCH", "/v1/templates/"+tplID+"/schedules/"+schID, other.Token, map[string]any{"enabled": false}).Expect(t, 404)

	makeDue(t, s, admin.OrgID, schID)
	run := waitRun(t, s, admin.Token, tplID, schID)
	if run["status"] != "completed" || !strings.HasPrefix(run["execution_id"].(string), "exec_") {
		t.Fatalf("run: %v", run)
	}
	outcome := map[string]map[string]any{}
	for _, d := range run["deliveries"].([]any) {
		m := d.(map[string]any)
		outcome[m["recipient"].(string)] = m
	}
	if outcome["boss@example.com"]["status"] != "delivered" || outcome["flaky@example.com"]["status"] != "delivered" ||
		outcome["flaky@example.com"]["attempts"].(float64) != 2 || outcome["nobody@example.com"]["status"] != "failed" ||
		outcome["nobody@example.com"]["error"] == "" {
		t.Fatalf("deliveries: %v", run["deliveries"])
	}
	got := smtp.To("boss@example.com")
	if len(got) != 1 {
		t.Fatalf("boss received %d mails", len(got))
	}
	msg, err := mailtest.Parse(got[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	if subj := msg.Header.Get("Subject"); !strings.Contains(subj, "Orders by status") {
		t.Fatalf("subject %q", subj)
	}
	if txt := msg.Body("text/plain"); !strings.Contains(txt, "status = completed") || !strings.Contains(txt, "3 rows") || !strings.Contains(txt, "Ana") {
		t.Fatalf("text body: %s", txt)
	}
	if html := msg.Body("text/html"); !strings.Contains(html, "<table") || !strings.Contains(html, "<td>Cleo</td>") {
		t.Fatalf("html body: %s", html)
	}
	att := msg.Attachment(".xlsx")
	if att == nil {
		t.Fatalf("no .xlsx attachment in %d parts", len(msg.Parts))
	}
	f, err := excelize.OpenReader(bytes.NewReader(att.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("Sheet1", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"name", "total_amount", "order_date"}, {"Ana", "120.5", ""}, {"Ana", "80", ""}, {"Cleo", "300", ""}}
	if len(rows) != len(want) {
		t.Fatalf("xlsx rows: %v", rows)
	}
	for i := range want {
		if rows[i][0] != want[i][0] || (i == 0 && rows[i][1] != want[i][1]) {
			t.Fatalf("xlsx row %d: %v", i, rows[i])
		}
		if i > 0 {
			if rows[i][1] != want[i][1] {
				t.Fatalf("xlsx row %d amount %q, want the number %s", i, rows[i][1], want[i][1])
			}
			if typ, _ := f.GetCellType("Sheet1", "B"+string(rune('1'+i))); typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset {
				t.Fatalf("amount cell type %v", typ)
			}
		}
	}
	if d, _ := f.GetCellValue("Sheet1", "C2"); d == "" {
		t.Fatal("date cell is empty")
	}

	// CSV and JSON formats.
	for _, format := range []string{"csv", "json"} {
		b := base()
		b["format"] = format
		b["recipients"] = []string{format + "@example.com"}
		id := s.Do("POST", "/v1/templates/"+tplID+"/schedule", admin.Token, b).Expect(t, 201).String("id")
		makeDue(t, s, admin.OrgID, id)
		waitRun(t, s, admin.Token, tplID, id)
		mails := smtp.To(format + "@example.com")
		if len(mails) != 1 {
			t.Fatalf("%s: %d mails", format, len(mails))
		}
		p, err := mailtest.Parse(mails[0].Data)
		if err != nil {
			t.Fatal(err)
		}
		a := p.Attachment("." + format)
		if a == nil {
			t.Fatalf("no .%s attachment", format)
		}
		switch format {
		case "csv":
			recs, err := csv.NewReader(bytes.NewReader(a.Body)).ReadAll()
			if err != nil || len(recs) != 4 || recs[0][0] != "name" || recs[3][0] != "Cleo" || recs[3][1] != "300" || recs[1][2] != "2024-01-15" {
				t.Fatalf("csv %v %v", recs, err)
			}
		case "json":
			var rows []map[string]any
			if err := json.Unmarshal(a.Body, &rows); err != nil || len(rows) != 3 || rows[2]["name"] != "Cleo" {
				t.Fatalf("json %s %v", a.Body, err)
			}
		}
	}

	// Pause, resume, delete.
	paused := s.Do("PATCH", "/v1/templates/"+tplID+"/schedules/"+schID, admin.Token, map[string]any{"enabled": false}).Expect(t, 200)
	if paused.Body["enabled"] != false {
		t.Fatalf("pause: %s", paused.Raw)
	}
	s.Do("PATCH", "/v1/templates/"+tplID+"/schedules/"+schID, admin.Token, map[string]any{"enabled": true, "schedule": map[string]any{"type": "daily", "time": "07:00", "timezone": "America/New_York"}}).Expect(t, 200)
	if l := s.Do("GET", "/v1/templates/"+tplID+"/schedules", admin.Token, nil).Expect(t, 200); l.Body["total"].(float64) != 3 {
		t.Fatalf("list: %s", l.Raw)
	}
	s.Do("DELETE", "/v1/templates/"+tplID+"/schedules/"+schID, admin.Token, nil).Expect(t, 204)
	s.Do("GET", "/v1/templates/"+tplID+"/schedules/"+schID+"/runs", admin.Token, nil).Expect(t, 404)

	// template.scheduled once per run.
	n := 0
	_ = events.Replay(context.Background(), s.App.JS, events.ReadOptions{OrgID: admin.OrgID, Type: events.TemplateScheduled}, func(ev events.StoredEvent) error {
		n++
		if !strings.Contains(string(ev.Envelope.Data), `"schedule_id"`) || !strings.Contains(string(ev.Envelope.Data), `"recipients"`) {
			t.Errorf("template.scheduled: %s", ev.Envelope.Data)
		}
		return nil
	})
	if n != 3 {
		t.Fatalf("%d template.scheduled events for 3 runs", n)
	}
}

func TestScheduledRunsRecordDeliverySkippedWithoutMail(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	tplID := s.Do("POST", "/v1/templates", admin.Token, ordersTemplate(agentID)).Expect(t, 201).String("id")
	id := s.Do("POST", "/v1/templates/"+tplID+"/schedule", admin.Token, map[string]any{
		"schedule":   map[string]any{"type": "cron", "expression": "0 8 * * 1-5", "timezone": "America/New_York"},
		"recipients": []string{"a@example.com"}, "parameters": map[string]any{"status": "completed"}}).Expect(t, 201).String("id")
	makeDue(t, s, admin.OrgID, id)
	run := waitRun(t, s, admin.Token, tplID, id)
	d := run["deliveries"].([]any)[0].(map[string]any)
	if run["status"] != "completed" || d["status"] != "skipped" || !strings.Contains(d["error"].(string), "not configured") {
		t.Fatalf("run: %v", run)
	}
}

func TestAResultOverTheAttachmentCapIsDescribedNotAttached(t *testing.T) {
	smtp := mailtest.Start(t)
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) {
		c.SMTPURL = smtp.URL
		c.MailMaxAttachment = 1024
	}})
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	tplID := s.Do("POST", "/v1/templates", admin.Token, ordersTemplate(agentID)).Expect(t, 201).String("id")
	id := s.Do("POST", "/v1/templates/"+tplID+"/schedule", admin.Token, map[string]any{
		"schedule":   map[string]any{"type": "monthly", "day_of_month": 31, "time": "06:00", "timezone": "Europe/Berlin"},
		"recipients": []string{"big@example.com"}, "format": "excel", "parameters": map[string]any{"status": "completed"}}).Expect(t, 201).String("id")
	makeDue(t, s, admin.OrgID, id)
	run := waitRun(t, s, admin.Token, tplID, id)
	mails := smtp.To("big@example.com")
	if len(mails) != 1 {
		t.Fatalf("%d mails", len(mails))
	}
	p, err := mailtest.Parse(mails[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	if p.Attachment(".xlsx") != nil {
		t.Fatal("an attachment over the cap was sent")
	}
	if txt := p.Body("text/plain"); !strings.Contains(txt, "too large") || !strings.Contains(txt, run["execution_id"].(string)) {
		t.Fatalf("text: %s", txt)
	}
}

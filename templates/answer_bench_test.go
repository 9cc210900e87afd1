package templates_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/templates"
)

// BenchmarkAnswerWithoutMatch is what templates-first adds to a question the engine answers:
// an agent without templates (its organization has 200 on other agents), and an agent with 20
// templates of 5 example questions each that the question does not match; beside them, one
// primary-key read of the same store as a yardstick (timings on a shared machine are noisy).
//
//	go test -run '^$' -bench AnswerWithoutMatch ./templates/
func BenchmarkAnswerWithoutMatch(b *testing.B) {
	for _, db := range apptest.Databases(b) {
		b.Run(db, func(b *testing.B) {
			ctx := context.Background()
			url := ""
			if db == "postgres" {
				url = apptest.NewPostgresDatabase(b)
			}
			st, err := store.Open(ctx, url, filepath.Join(b.TempDir(), "s.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			if err := st.Migrate(ctx, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
				b.Fatal(err)
			}
			now := time.Now().UTC()
			params, _ := json.Marshal([]templates.Parameter{
				{Name: "status", Type: templates.TypeString, Required: true, AllowedValues: []any{"completed", "shipped"}},
				{Name: "since", Type: templates.TypeDate, Default: "2024-01-01"}})
			add := func(agent string, n int) {
				for i := 0; i < n; i++ {
					var ex []string
					for k := 0; k < 5; k++ {
						ex = append(ex, fmt.Sprintf("which orders of product %d variant %d were completed this year?", i, k))
					}
					raw, _ := json.Marshal(ex)
					if err := st.CreateTemplate(ctx, &store.Template{ID: fmt.Sprintf("tpl_%s_%d", agent, i), OrganizationID: "org_1", AgentID: agent,
						Name: "t", SQLText: "SELECT 1 WHERE :status = :status AND :since = :since", Parameters: string(params),
						ExampleQuestions: string(raw), CreatedBy: "u", CreatedAt: now, UpdatedAt: now}); err != nil {
						b.Fatal(err)
					}
				}
			}
			for a := 0; a < 10; a++ {
				add(fmt.Sprintf("agent_other%d", a), 20)
			}
			add("agent_busy", 20)
			svc := templates.NewService(st, nil, time.Now)
			// The yardstick: one primary-key read of the same store on the same busy machine.
			b.Run("one_row_by_id", func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					if _, err := st.Template(ctx, "org_1", "tpl_agent_busy_3"); err != nil {
						b.Fatal(err)
					}
				}
			})
			for _, agent := range []string{"agent_bare", "agent_busy"} {
				a := &store.Agent{ID: agent, OrganizationID: "org_1"}
				b.Run(agent, func(b *testing.B) {
					for i := 0; i < b.N; i++ {
						ans, err := svc.Answer(ctx, a, "user_1", "total amount of completed orders by region in 2024", now)
						if err != nil || ans != nil {
							b.Fatalf("%v %v", ans, err)
						}
					}
				})
			}
		})
	}
}

//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/analytics-agent/service/workers/query/querybench"
)

// TestBenchCluster is `make bench-queries` on the production topology: questions through the
// load balancer to 2 APIs, PostgreSQL as the store, a 3-node NATS cluster, 2 workers. N1 (300)
// questions at 1 client, then N (2000) at C (16) clients.
func TestBenchCluster(t *testing.T) {
	e := startEnv(t, "bench", 300)
	ctx := context.Background()
	ask := func(ctx context.Context, q string) querybench.Answer {
		st, b := e.do(ctx, "POST", "/v1/queries", map[string]any{"question": q, "agent_id": e.askID, "include_chart": true}, nil)
		return querybench.FromBody(st, b)
	}
	for _, q := range questions {
		ask(ctx, q)
	}
	one := querybench.Run(ctx, ask, questions, 1, envInt("N1", 300))
	many := querybench.Run(ctx, ask, questions, envInt("C", 16), envInt("N", 2000))
	querybench.Report(os.Stdout, fmt.Sprintf("POST /v1/queries, production topology (load balancer, 2 api, 2 worker, PostgreSQL store, 3-node NATS), demo data, %d requests at 1 client, %d at %d clients",
		one.Requests, many.Requests, many.Clients), one, many)
	if one.Failures+many.Failures > 0 {
		t.Errorf("%d requests failed", one.Failures+many.Failures)
	}
}

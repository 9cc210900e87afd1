package agents

import (
	"sort"

	"github.com/analytics-agent/service/store"
)

// Metrics are the figures of GET /agents/{id}/stats.
type Metrics struct {
	TotalQueries      int     `json:"total_queries"`
	UniqueUsers       int     `json:"unique_users"`
	AvgExecutionTime  float64 `json:"avg_execution_time"`
	SuccessRate       float64 `json:"success_rate"`
	TotalRowsReturned int     `json:"total_rows_returned"`
	AvgRowsPerQuery   float64 `json:"avg_rows_per_query"`
}

// UserCount is one entry of top_users.
type UserCount struct {
	UserID     string `json:"user_id"`
	Email      string `json:"email"`
	QueryCount int    `json:"query_count"`
}

// Stats computes the metrics, the top users (by id; emails are filled by the caller) and the most
// common questions (case-insensitive, at most 10).
func Stats(outcomes []store.QueryOutcome) (Metrics, []UserCount, []string) {
	var m Metrics
	users := map[string]int{}
	questions := map[string]int{}
	spelling := map[string]string{}
	var success int
	var execTotal float64
	for _, o := range outcomes {
		m.TotalQueries++
		users[o.UserID]++
		key := normalizeQuestion(o.Question)
		questions[key]++
		if _, ok := spelling[key]; !ok {
			spelling[key] = o.Question
		}
		if o.Status == store.QueryCompleted {
			success++
			m.TotalRowsReturned += o.RowCount
		}
		execTotal += o.ExecutionTime
	}
	m.UniqueUsers = len(users)
	if m.TotalQueries > 0 {
		m.AvgExecutionTime = round(execTotal/float64(m.TotalQueries), 4)
		m.SuccessRate = round(float64(success)/float64(m.TotalQueries), 4)
	}
	if success > 0 {
		m.AvgRowsPerQuery = round(float64(m.TotalRowsReturned)/float64(success), 2)
	}
	top := make([]UserCount, 0, len(users))
	for u, n := range users {
		top = append(top, UserCount{UserID: u, QueryCount: n})
	}
	sort.Slice(top, func(i, j int) bool {
		if top[i].QueryCount != top[j].QueryCount {
			return top[i].QueryCount > top[j].QueryCount
		}
		return top[i].UserID < top[j].UserID
	})
	if len(top) > 10 {
		top = top[:10]
	}
	keys := make([]string, 0, len(questions))
	for k := range questions {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if questions[keys[i]] != questions[keys[j]] {
			return questions[keys[i]] > questions[keys[j]]
		}
		return keys[i] < keys[j]
	})
	common := []string{}
	for i := 0; i < len(keys) && i < 10; i++ {
		common = append(common, spelling[keys[i]])
	}
	return m, top, common
}

// StatsVisibleTo computes Stats as a user may see them. An admin sees every user and question.
// Anyone else sees the aggregate metrics of everyone, but in top_users only their own entry and
// in common_queries only their own questions: other users' e-mails and questions are not theirs
// to read.
func StatsVisibleTo(outcomes []store.QueryOutcome, userID string, admin bool) (Metrics, []UserCount, []string) {
	m, top, common := Stats(outcomes)
	if admin {
		return m, top, common
	}
	own := make([]store.QueryOutcome, 0, len(outcomes))
	for _, o := range outcomes {
		if o.UserID == userID {
			own = append(own, o)
		}
	}
	_, top, common = Stats(own)
	return m, top, common
}

// Performance are the figures of GET /agents/{id}/performance.
type Performance struct {
	AvgResponseTime float64 `json:"avg_response_time"`
	P50ResponseTime float64 `json:"p50_response_time"`
	P95ResponseTime float64 `json:"p95_response_time"`
	P99ResponseTime float64 `json:"p99_response_time"`
	SuccessRate     float64 `json:"success_rate"`
	ErrorRate       float64 `json:"error_rate"`
	TimeoutRate     float64 `json:"timeout_rate"`
	SampleSize      int     `json:"sample_size"`
}

// TimeoutCode is the error code of a query that hit its statement timeout.
const TimeoutCode = "query_timeout"

// ComputePerformance computes latency percentiles (nearest rank) and outcome rates.
func ComputePerformance(outcomes []store.QueryOutcome) Performance {
	var p Performance
	n := len(outcomes)
	p.SampleSize = n
	if n == 0 {
		return p
	}
	times := make([]float64, 0, n)
	var sum float64
	var ok, timeouts int
	for _, o := range outcomes {
		times = append(times, o.ExecutionTime)
		sum += o.ExecutionTime
		switch {
		case o.Status == store.QueryCompleted:
			ok++
		case o.ErrorCode == TimeoutCode:
			timeouts++
		}
	}
	sort.Float64s(times)
	pct := func(q float64) float64 {
		i := int(q*float64(n)+0.999999) - 1
		return round(times[max(0, min(i, n-1))], 4)
	}
	p.AvgResponseTime = round(sum/float64(n), 4)
	p.P50ResponseTime, p.P95ResponseTime, p.P99ResponseTime = pct(0.50), pct(0.95), pct(0.99)
	p.SuccessRate = round(float64(ok)/float64(n), 4)
	p.ErrorRate = round(float64(n-ok)/float64(n), 4)
	p.TimeoutRate = round(float64(timeouts)/float64(n), 4)
	return p
}

func round(v float64, digits int) float64 {
	f := 1.0
	for i := 0; i < digits; i++ {
		f *= 10
	}
	return float64(int64(v*f+0.5)) / f
}

func normalizeQuestion(q string) string {
	out := make([]rune, 0, len(q))
	space := false
	for _, r := range q {
		if r == ' ' || r == '\t' || r == '\n' {
			space = len(out) > 0
			continue
		}
		if space {
			out = append(out, ' ')
			space = false
		}
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A'
		}
		out = append(out, r)
	}
	return string(out)
}

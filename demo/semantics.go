package demo

import "github.com/analytics-agent/service/nlq"

// completedOrShipped is the sales agent's revenue rule: cancelled and returned orders earn
// nothing.
const completedOrShipped = "orders.status IN ('completed', 'shipped')"

// Semantics returns the semantic layer matching what a demo agent's system prompt states, by
// agent type; nil when the prompt defines nothing the engines could apply.
func Semantics(agentType string) *nlq.Semantics {
	switch agentType {
	case "sales_performance":
		return &nlq.Semantics{
			Metrics: []nlq.Metric{
				{Name: "revenue", Synonyms: []string{"sales", "turnover", "income", "earnings"},
					Description: "orders.total_amount of completed and shipped orders",
					Expression:  "SUM(orders.total_amount)", Filters: []string{completedOrShipped}},
				// Per product or category the amount lives on the order lines; the same rule applies.
				{Name: "line revenue", Synonyms: []string{"revenue", "sales", "turnover"},
					Description: "order_lines.line_total of completed and shipped orders",
					Expression:  "SUM(order_lines.line_total)", Filters: []string{completedOrShipped}},
			},
			Synonyms:       []nlq.Synonym{{Phrase: "account manager", Target: "sales_reps"}},
			DefaultFilters: []nlq.Filter{},
		}
	case "marketing_campaign":
		return &nlq.Semantics{
			Metrics: []nlq.Metric{
				{Name: "click through rate", Synonyms: []string{"ctr", "click-through rate"},
					Description: "clicks / impressions",
					Expression:  "CAST(SUM(campaign_daily_stats.clicks) AS REAL) / NULLIF(SUM(campaign_daily_stats.impressions), 0)"},
				{Name: "cost per conversion", Synonyms: []string{"cpa", "cost per acquisition"},
					Description: "spend / conversions",
					Expression:  "SUM(campaign_daily_stats.spend) / NULLIF(SUM(campaign_daily_stats.conversions), 0)"},
			},
		}
	}
	return nil
}

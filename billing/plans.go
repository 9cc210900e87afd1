// Package billing is plans, subscriptions, usage metering, quotas, rate limits, add-ons, invoices
// and payment methods. Money is integer cents in one currency (usd); never floats.
package billing

import "slices"

// Plan names, from the cheapest.
const (
	PlanFree    = "free"
	PlanStarter = "starter"
	PlanGrowth  = "growth"
	PlanScale   = "scale"
)

// Feature flags of the spec's Subscription object.
const (
	FeatureMultiDB         = "multi_db_queries"
	FeatureAIInsights      = "ai_insights"
	FeatureWorkflows       = "workflows"
	FeatureRealTime        = "real_time"
	FeaturePrioritySupport = "priority_support"
)

// Quota keys of the spec's Subscription object.
const (
	QuotaMonthlyQueries = "monthly_queries"
	QuotaDataSources    = "data_sources"
	QuotaAIAgents       = "ai_agents"
	QuotaTeamMembers    = "team_members"
)

// Billing cycles.
const (
	CycleMonthly = "monthly"
	CycleAnnual  = "annual"
)

// Currency of every amount.
const Currency = "usd"

// Rate-limit tiers of the spec's Limits part.
const (
	TierFree         = "free"
	TierProfessional = "professional"
	TierEnterprise   = "enterprise"
)

// Plan is one entry of the catalog.
type Plan struct {
	Name string
	// MonthlyCents is the price of a month; a year costs 10 months (DECISIONS.md).
	MonthlyCents   int64
	MonthlyQueries int64
	DataSources    int64
	AIAgents       int64
	TeamMembers    int64
	Features       []string
	Tier           string
}

// Catalog is every plan, cheapest first (DECISIONS.md, Billing and limits).
var Catalog = []Plan{
	{Name: PlanFree, MonthlyCents: 0, MonthlyQueries: 100, DataSources: 1, AIAgents: 2, TeamMembers: 3,
		Features: nil, Tier: TierFree},
	{Name: PlanStarter, MonthlyCents: 4900, MonthlyQueries: 2000, DataSources: 3, AIAgents: 5, TeamMembers: 5,
		Features: []string{FeatureAIInsights}, Tier: TierProfessional},
	{Name: PlanGrowth, MonthlyCents: 19900, MonthlyQueries: 10000, DataSources: 10, AIAgents: 20, TeamMembers: 15,
		Features: []string{FeatureAIInsights, FeatureWorkflows, FeatureRealTime, FeatureMultiDB}, Tier: TierProfessional},
	{Name: PlanScale, MonthlyCents: 79900, MonthlyQueries: 100000, DataSources: 50, AIAgents: 100, TeamMembers: 100,
		Features: []string{FeatureAIInsights, FeatureWorkflows, FeatureRealTime, FeatureMultiDB, FeaturePrioritySupport}, Tier: TierEnterprise},
}

// Features lists every feature flag in the spec's order.
var Features = []string{FeatureMultiDB, FeatureAIInsights, FeatureWorkflows, FeatureRealTime, FeaturePrioritySupport}

// LookupPlan finds a plan by name.
func LookupPlan(name string) (Plan, bool) {
	for _, p := range Catalog {
		if p.Name == name {
			return p, true
		}
	}
	return Plan{}, false
}

// PlanNames lists the catalog's names.
func PlanNames() []string {
	out := make([]string, len(Catalog))
	for i, p := range Catalog {
		out[i] = p.Name
	}
	return out
}

// rank orders plans by price (index in Catalog).
func rank(name string) int {
	return slices.IndexFunc(Catalog, func(p Plan) bool { return p.Name == name })
}

// Has reports whether the plan includes a feature.
func (p Plan) Has(feature string) bool { return slices.Contains(p.Features, feature) }

// PriceCents is the price of one cycle.
func (p Plan) PriceCents(cycle string) int64 {
	if cycle == CycleAnnual {
		return p.MonthlyCents * 10
	}
	return p.MonthlyCents
}

// Quota is a plan's value for a quota key.
func (p Plan) Quota(key string) int64 {
	switch key {
	case QuotaMonthlyQueries:
		return p.MonthlyQueries
	case QuotaDataSources:
		return p.DataSources
	case QuotaAIAgents:
		return p.AIAgents
	case QuotaTeamMembers:
		return p.TeamMembers
	}
	return 0
}

// LowestPlanWith is the cheapest plan that has a feature.
func LowestPlanWith(feature string) string {
	for _, p := range Catalog {
		if p.Has(feature) {
			return p.Name
		}
	}
	return ""
}

// Add-on types of the spec, their units and monthly prices (DECISIONS.md).
const (
	AddOnExtraQueries   = "extra_queries"
	AddOnExtraUsers     = "extra_users"
	AddOnExtraStorage   = "extra_storage"
	AddOnPremiumSupport = "premium_support"
)

// AddOnTypes lists the add-on types.
var AddOnTypes = []string{AddOnExtraQueries, AddOnExtraUsers, AddOnExtraStorage, AddOnPremiumSupport}

// QueriesPerPack is the size of one extra_queries pack; StorageGBPerUnit of one extra_storage unit.
const (
	QueriesPerPack   = 1000
	StorageGBPerUnit = 100
)

// AddOnUnitCents is the monthly price of one unit of an add-on.
var AddOnUnitCents = map[string]int64{
	AddOnExtraQueries: 1000, AddOnExtraUsers: 800, AddOnExtraStorage: 2000, AddOnPremiumSupport: 9900,
}

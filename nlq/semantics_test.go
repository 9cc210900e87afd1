package nlq

import (
	"reflect"
	"testing"
)

func TestAggregateSafeAcceptsOnlyAggregatedColumns(t *testing.T) {
	tests := []struct {
		expr string
		ok   bool
	}{
		{"SUM(orders.total_amount)", true},
		{"SUM(order_lines.quantity * order_lines.unit_price * (1 - order_lines.discount))", true},
		{"ROUND(SUM(a.x) / NULLIF(COUNT(DISTINCT a.id), 0), 2)", true},
		{"CAST(SUM(s.clicks) AS REAL) / NULLIF(SUM(s.impressions), 0)", true},
		{"SUM(CASE WHEN o.status = 'done' THEN o.amount ELSE 0 END)", true},
		{"orders.total_amount", false},
		{"SUM(orders.total_amount) + orders.id", false},
		{"SUM((SELECT 1))", false},
		{"SUM(x); DROP TABLE orders", false},
		{"1 + 1", false},
		{"SUM(a.x", false},
	}
	for _, tt := range tests {
		if _, ok := AggregateSafe(tt.expr); ok != tt.ok {
			t.Errorf("AggregateSafe(%q) = %v, want %v", tt.expr, ok, tt.ok)
		}
	}
}

func TestQualifiedRefsSkipLiteralsAndUnquoteIdentifiers(t *testing.T) {
	got := QualifiedRefs(`SUM("Order Details"."UnitPrice") WHERE o.note <> 'a.b' AND ` + "`t`.`c`" + ` > 1`)
	want := [][2]string{{"Order Details", "UnitPrice"}, {"o", "note"}, {"t", "c"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

package offline

import "testing"

// TestMonthsOfNamedYear: "each month of 2024" and "months of 2024" list the months of the one
// year named, labelled by month of the year; "per month in 2024" and a single ranked "month of
// 2024" keep the calendar month.
func TestMonthsOfNamedYear(t *testing.T) {
	s := vetSchema()
	tests := []struct{ q, want string }{
		{"Total fee for each month of 2024", "to_char(visits.visit_date, 'MM') AS month"},
		{"Which months of 2024 had more than 10 visits?", "to_char(visits.visit_date, 'MM') AS month"},
		{"Total fee per month in 2024", "to_char(date_trunc('month', visits.visit_date), 'YYYY-MM') AS month"},
		{"Which month of 2024 had the most visits?", "to_char(date_trunc('month', visits.visit_date), 'YYYY-MM') AS month"},
		// No single year: the calendar month, so two Januaries stay apart.
		{"Total fee for each month", "to_char(date_trunc('month', visits.visit_date), 'YYYY-MM') AS month"},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			wantSQL(t, s, tt.q, tt.want)
		})
	}
}

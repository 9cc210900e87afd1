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

// TestWrongShapesRefused: shapes the engine answered with another question's answer are
// refused, naming the word that asks for something else.
func TestWrongShapesRefused(t *testing.T) {
	s := vetSchema()
	tests := []struct{ q, word string }{
		// "single" ranks one visit by its fee, not the owner with the most visits.
		{"Which vet had the largest single visit in 2024?", "single"},
		// A noun phrase asked as a question: the visits, or how many?
		{"Visits in March 2024?", "Visits"},
		// The first visit ever falling in 2024, not each pet's first visit within 2024.
		{"Which pets had their first visit in 2024?", "first"},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			wantRefusal(t, s, tt.q, tt.word)
		})
	}
}

// TestWrongShapesKept: the refusals above leave the plain readings alone.
func TestWrongShapesKept(t *testing.T) {
	s := vetSchema()
	tests := []struct{ q, want string }{
		{"Which vet had the most visits in 2024?", "COUNT(*) AS visit_count"},
		{"Visits in March 2024", "SELECT visits.visit_id"},
		{"How many visits in March 2024?", "COUNT(*)"},
		{"When was each pet's first visit?", "MIN(visits.visit_date)"},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			wantSQL(t, s, tt.q, tt.want)
		})
	}
}

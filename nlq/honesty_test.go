package nlq

import (
	"testing"

	"github.com/analytics-agent/service/datasource"
)

func TestAsksToWrite(t *testing.T) {
	tests := map[string]bool{
		"delete all cancelled orders":        true,
		"Please drop table customers":        true,
		"update the price of product 3 to 5": true,
		"could you remove the test orders":   true,
		"add a new customer named Bob":       true,
		"add up the sales of 2024":           false,
		"change in revenue by month":         false,
		"set of products never ordered":      false,
		"how many orders were deleted":       false,
		"total revenue":                      false,
	}
	for q, want := range tests {
		if _, got := AsksToWrite(q); got != want {
			t.Errorf("AsksToWrite(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestRestrictedNamesTheHiddenTableOrColumn(t *testing.T) {
	full := &datasource.Schema{Tables: []datasource.Table{
		{Name: "Customers", Columns: []datasource.Column{{Name: "CustomerID"}, {Name: "CompanyName"}, {Name: "Phone"}}},
		{Name: "Employees", Columns: []datasource.Column{{Name: "EmployeeID"}, {Name: "HomePhone"}, {Name: "Salary"}}},
		{Name: "Orders", Columns: []datasource.Column{{Name: "OrderID"}}},
	}}
	permitted := &datasource.Schema{Tables: []datasource.Table{
		{Name: "Customers", Columns: []datasource.Column{{Name: "CustomerID"}, {Name: "CompanyName"}}},
		{Name: "Orders", Columns: []datasource.Column{{Name: "OrderID"}}},
	}}
	tests := []struct {
		q      string
		words  []string
		code   string
		column string
		table  string
	}{
		{"phone of each customer", []string{"phone"}, ErrorCodeColumnNotPermitted, "Customers.Phone", "Customers"},
		{"salaries of employees", []string{"salaries", "employees"}, ErrorCodeRejected, "", "Employees"},
		{"how many orders per shipper", []string{"shipper"}, "", "", ""},
	}
	for _, tt := range tests {
		r := Restricted(tt.q, tt.words, full, permitted)
		switch {
		case tt.code == "" && r != nil:
			t.Errorf("%q: unexpected %+v", tt.q, r)
		case tt.code != "" && (r == nil || r.Code != tt.code || r.Column != tt.column || r.Table != tt.table):
			t.Errorf("%q: got %+v, want %s %s %s", tt.q, r, tt.code, tt.table, tt.column)
		}
	}
}

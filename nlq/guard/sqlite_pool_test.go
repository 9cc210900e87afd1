package guard

import (
	"errors"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// A reused checker connection must judge each statement on its own: a refusal must not leak
// into the next check, and a mirror of one schema must never answer for another.
func TestSQLiteCheckerReuseKeepsVerdictsIndependent(t *testing.T) {
	schema, perms := testSchema(), testPerms()
	other := &datasource.Schema{Tables: []datasource.Table{
		{Name: "invoices", Kind: "table", Columns: []datasource.Column{{Name: "id", Type: "integer"}, {Name: "amount", Type: "real"}}},
	}}
	otherPerms := Permissions{AllowedTables: []string{"*"}}
	steps := []struct {
		schema *datasource.Schema
		perms  Permissions
		sql    string
		reject bool
	}{
		{schema, perms, "SELECT email FROM customers", true},
		{schema, perms, "SELECT name FROM customers", false},
		{schema, perms, "SELECT amount FROM salaries", true},
		{other, otherPerms, "SELECT amount FROM invoices", false},
		{other, otherPerms, "SELECT name FROM customers", true}, // exists only in the first mirror
		{schema, perms, "SELECT count(*) FROM orders", false},
		{schema, perms, "SELECT id FROM invoices", true}, // exists only in the second mirror
	}
	for round := 0; round < 3; round++ {
		for _, s := range steps {
			_, err := Check(datasource.SQLite, s.sql, s.schema, s.perms)
			var re *RejectionError
			switch {
			case s.reject && !errors.As(err, &re):
				t.Fatalf("round %d: %q: want a rejection, got %v", round, s.sql, err)
			case !s.reject && err != nil:
				t.Fatalf("round %d: %q: want acceptance, got %v", round, s.sql, err)
			}
		}
	}
}

func TestSQLiteMirrorPoolStaysBounded(t *testing.T) {
	var p mirrorPool
	for i := 0; i < maxIdleMirrors+3; i++ {
		ddl := "CREATE TABLE t" + string(rune('a'+i)) + " (x);"
		mc, err := p.get(ddl)
		if err != nil {
			t.Fatal(err)
		}
		p.put(mc)
	}
	if len(p.idle) != maxIdleMirrors {
		t.Fatalf("idle connections = %d, want %d", len(p.idle), maxIdleMirrors)
	}
}

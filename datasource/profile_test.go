package datasource

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
)

// TestLabelLikeColumnsAreJudgedByTheirWords: prose, contact data and secrets are not indexed,
// but a street or city kept under an address is a place people ask about by name.
func TestLabelLikeColumnsAreJudgedByTheirWords(t *testing.T) {
	for name, want := range map[string]bool{
		"name": true, "ProductName": true, "address_street_name": true, "address_city": true, "city": true,
		"address": false, "email_address": false, "description": false, "zip_code": false, "password": false,
		"address_line1": false,
	} {
		if got := labelLike(name); got != want {
			t.Errorf("labelLike(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestShortDescriptionsAreIndexedAsNames: a column called a description whose values are as
// short as names (a chart of accounts' 'Salaries') is in the value index; descriptions as long
// as sentences stay out, and so does a description that is also contact data.
func TestShortDescriptionsAreIndexedAsNames(t *testing.T) {
	for name, want := range map[string]bool{
		"AccountDescription": true, "description": true, "desc": true, "product_descr": true,
		"name": false, "email_description": false, "notes": false,
	} {
		if got := describedName(name); got != want {
			t.Errorf("describedName(%q) = %v, want %v", name, got, want)
		}
	}
	s := introspectTwoTextColumns(t, "accounts", "AccountDescription", "long_description", func(i int) (string, string) {
		return fmt.Sprintf("Account %d", i), fmt.Sprintf("A ledger account kept for the purpose number %d", i)
	})
	if p := s.ProfileOf("accounts", "AccountDescription"); p == nil || len(p.Values) != 80 {
		t.Errorf("short descriptions: profile %+v, want 80 indexed", p)
	}
	if p := s.ProfileOf("accounts", "long_description"); p == nil || len(p.Values) != 0 {
		t.Errorf("sentences: profile %+v, want none indexed", p)
	}
}

// TestLongNamesAreIndexedAsNames: a column called a name holds names however long they run
// ('Clear packaging tape 48mmx75m', 'Shipping carton (Brown) 500x310x310mm'), indexed up to a
// longer average than other label-like text, which at that length reads as prose.
func TestLongNamesAreIndexedAsNames(t *testing.T) {
	for name, want := range map[string]bool{"StockItemName": true, "product_title": true, "name": true, "nickname": false, "city": false} {
		if got := calledName(name); got != want {
			t.Errorf("calledName(%q) = %v, want %v", name, got, want)
		}
	}
	s := introspectTwoTextColumns(t, "stock_items", "StockItemName", "storage_place", func(i int) (string, string) {
		long := fmt.Sprintf("Shipping carton (Brown) %dx310x310mm, pack of 25", i)
		return long, long
	})
	if p := s.ProfileOf("stock_items", "StockItemName"); p == nil || len(p.Values) != 80 {
		t.Errorf("long names: profile %+v, want 80 indexed", p)
	}
	if p := s.ProfileOf("stock_items", "storage_place"); p == nil || len(p.Values) != 0 {
		t.Errorf("as long, not called a name: profile %+v, want none indexed", p)
	}
}

// introspectTwoTextColumns profiles a SQLite table of 80 rows whose two text columns hold
// row(i)'s values.
func introspectTwoTextColumns(t *testing.T, table, first, second string, row func(i int) (string, string)) *Schema {
	t.Helper()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, table+".db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(fmt.Sprintf(`CREATE TABLE %s (id INTEGER PRIMARY KEY, %s TEXT, %s TEXT)`, table, first, second)); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 80; i++ {
		a, b := row(i)
		if _, err := db.Exec(fmt.Sprintf(`INSERT INTO %s VALUES (?, ?, ?)`, table), i, a, b); err != nil {
			t.Fatal(err)
		}
	}
	m := NewManager(ManagerOptions{SQLiteDir: dir})
	t.Cleanup(m.CloseAll)
	s, err := m.Introspect(context.Background(), "ds_"+table, Config{Type: SQLite, Path: table + ".db"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

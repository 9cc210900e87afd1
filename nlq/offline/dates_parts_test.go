package offline

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// tripsDDL is a table that keeps its date only in parts, as nycflights13's flights do.
const tripsDDL = "CREATE TABLE trips (trip_id INTEGER PRIMARY KEY, year INTEGER NOT NULL, month INTEGER NOT NULL, day INTEGER NOT NULL, fare NUMERIC(10,2))"

// TestADateKeptInPartsIsReadAsOneDate: year, month and day columns are one date, so "in July
// 2013", "on July 4th, 2013" and "per day" read them together, with the same rows on SQLite,
// PostgreSQL and MySQL; a month of them is grouped and shown by its year and month columns.
func TestADateKeptInPartsIsReadAsOneDate(t *testing.T) {
	dir := t.TempDir()
	lite0, err := sql.Open("sqlite", filepath.Join(dir, "trips.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{tripsDDL,
		"INSERT INTO trips VALUES (1, 2013, 6, 30, 10), (2, 2013, 7, 4, 20), (3, 2013, 7, 4, 30), (4, 2013, 7, 31, 5), (5, 2013, 8, 1, 7), (6, 2012, 7, 4, 9)"} {
		if _, err := lite0.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	lite0.Close()
	lite, schema := openSQLite(t, dir, "trips.db")
	ctx := context.Background()
	questions := map[string]string{
		"How many trips were there in July 2013?":      "3",
		"How many trips were there on July 4th, 2013?": "2",
		"total fare per month in 2013":                 "10 | 2013 | 6; 2013 | 55 | 7; 2013 | 7 | 8",
	}
	for q, want := range questions {
		g, err := New().Generate(ctx, nlq.Request{Question: q, Dialect: datasource.SQLite, Schema: schema, Now: benchNow})
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		r, err := query(ctx, lite, g.SQL)
		if err != nil {
			t.Fatalf("%q: %v\n%s", q, err, g.SQL)
		}
		if got := strings.Join(r.rows, "; "); got != want {
			t.Errorf("%q: got %s, want %s\n%s", q, got, want, g.SQL)
		}
	}
	if testing.Short() {
		return
	}
	for _, d := range testServers() {
		t.Run(string(d.typ), func(t *testing.T) {
			db := copyTables(t, lite, d.typ, d.driver, d.dsn, []string{tripsDDL})
			for q := range questions {
				sameRowsAsSQLite(t, lite, db, schema, d.typ, q, benchNow)
			}
		})
	}
}

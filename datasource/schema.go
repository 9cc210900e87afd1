// Package datasource connects to customer databases (postgres, mysql, sqlite), introspects their
// schema and runs guarded, read-only queries against them.
package datasource

import (
	"strings"
	"time"
)

// Type is the kind of database a data source points at.
type Type string

// Supported data source types.
const (
	Postgres Type = "postgres"
	MySQL    Type = "mysql"
	SQLite   Type = "sqlite"
)

// Schema is the stored picture of a data source's tables, refreshed by refresh-schema. The
// language engines read it to map words to tables, columns and values, so it keeps sampled
// values of low-cardinality text columns next to the structure.
type Schema struct {
	Tables      []Table   `json:"tables"`
	RefreshedAt time.Time `json:"refreshed_at"`
	// Profile is what introspection learned from the data itself: per column, distinct and
	// null counts over the first rows, the smallest and largest value, and for label-like text
	// columns (names, titles) the value index. The language engines read it; the public schema
	// document (tables) does not carry it, and schemas stored before it existed have none.
	Profile []ColumnProfile `json:"profile,omitempty"`
}

// ColumnProfile describes the data of one column.
type ColumnProfile struct {
	Table  string `json:"table"`
	Column string `json:"column"`
	// Rows is how many rows were profiled (the first MaxProfileRows); NonNull and Distinct
	// count among them.
	Rows     int64 `json:"rows"`
	NonNull  int64 `json:"non_null"`
	Distinct int64 `json:"distinct"`
	// Min and Max are the smallest and largest value as text (cut to MaxSampleValueLen).
	Min string `json:"min,omitempty"`
	Max string `json:"max,omitempty"`
	// Values is the value index of a label-like text column: all its distinct values when they
	// are more than a sample holds, within the data source's index budget, sorted.
	Values []string `json:"values,omitempty"`
	// LabelColumn and Labels are, for a key into a lookup table many tables share (OMOP's
	// concept, referenced by condition_concept_id, drug_concept_id, visit_concept_id, ...),
	// that table's name column and the names the key actually reaches: the value index of
	// the key's role, so "COVID-19" is known to be a condition and not a drug.
	LabelColumn string   `json:"label_column,omitempty"`
	Labels      []string `json:"labels,omitempty"`
}

// ProfileOf returns the profile of a table's column (case-insensitive), or nil.
func (s *Schema) ProfileOf(table, column string) *ColumnProfile {
	for i := range s.Profile {
		p := &s.Profile[i]
		if strings.EqualFold(p.Table, table) && strings.EqualFold(p.Column, column) {
			return p
		}
	}
	return nil
}

// Table is one table or view.
type Table struct {
	// Name is how SQL refers to the table. Postgres tables outside "public" are named
	// "schema.table".
	Name string `json:"name"`
	// Schema is the postgres schema the table lives in; empty for mysql and sqlite.
	Schema      string       `json:"schema,omitempty"`
	Kind        string       `json:"kind"` // "table" or "view"
	Columns     []Column     `json:"columns"`
	PrimaryKey  []string     `json:"primary_key,omitempty"`
	ForeignKeys []ForeignKey `json:"foreign_keys,omitempty"`
	RowCount    int64        `json:"row_count"` // approximate; -1 when unknown (views)
}

// Column is one column of a table.
type Column struct {
	Name     string `json:"name"`
	Type     string `json:"type"` // as the database reports it, lower case
	Nullable bool   `json:"nullable"`
	// SampleValues holds the distinct values of a low-cardinality text column (bounded), so the
	// offline engine can recognise "in Brazil" as a filter on customers.country.
	SampleValues []string `json:"sample_values,omitempty"`
}

// ForeignKey links columns of a table to columns of another table.
type ForeignKey struct {
	Columns    []string `json:"columns"`
	RefTable   string   `json:"ref_table"`
	RefColumns []string `json:"ref_columns"`
}

// Table returns the table with the given name (case-insensitive), or nil.
func (s *Schema) Table(name string) *Table {
	for i := range s.Tables {
		if strings.EqualFold(s.Tables[i].Name, name) {
			return &s.Tables[i]
		}
	}
	return nil
}

// Column returns the column with the given name (case-insensitive), or nil.
func (t *Table) Column(name string) *Column {
	for i := range t.Columns {
		if strings.EqualFold(t.Columns[i].Name, name) {
			return &t.Columns[i]
		}
	}
	return nil
}

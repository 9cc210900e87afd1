package datasource

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"testing"
)

// keyedFixture is a lookup three tables share (OMOP's concept) and a table of people that
// keys it too: each key reaches only some of the lookup's names.
var keyedFixture = []string{
	`CREATE TABLE concept (concept_id INTEGER PRIMARY KEY, concept_name VARCHAR(100), domain_id VARCHAR(20))`,
	`CREATE TABLE person (person_id INTEGER PRIMARY KEY, gender_concept_id INTEGER REFERENCES concept(concept_id))`,
	`CREATE TABLE visit_occurrence (visit_occurrence_id INTEGER PRIMARY KEY, person_id INTEGER REFERENCES person(person_id), visit_concept_id INTEGER REFERENCES concept(concept_id))`,
	`CREATE TABLE condition_occurrence (condition_occurrence_id INTEGER PRIMARY KEY, person_id INTEGER REFERENCES person(person_id), condition_concept_id INTEGER REFERENCES concept(concept_id))`,
	`INSERT INTO concept VALUES (1,'FEMALE','Gender'),(2,'MALE','Gender'),(3,'Emergency Room Visit','Visit'),(4,'Outpatient Visit','Visit'),(5,'COVID-19','Condition'),(6,'Viral sinusitis','Condition'),(7,'Asthma','Condition')`,
	`INSERT INTO person VALUES (1,1),(2,2),(3,1)`,
	`INSERT INTO visit_occurrence VALUES (1,1,3),(2,2,4),(3,3,4)`,
	`INSERT INTO condition_occurrence VALUES (1,1,5),(2,2,6),(3,3,6)`,
}

// TestKeysIntoASharedLookupKnowTheNamesTheyReach: on every engine, a key into a lookup that
// three tables share carries the lookup's name column and the names it reaches, and no other
// column does.
func TestKeysIntoASharedLookupKnowTheNamesTheyReach(t *testing.T) {
	sources := map[string]func(t *testing.T) (*Manager, Config){
		"sqlite": func(t *testing.T) (*Manager, Config) {
			dir := t.TempDir()
			db, err := sql.Open("sqlite", filepath.Join(dir, "clinic.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			for _, q := range keyedFixture {
				if _, err := db.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			m := NewManager(ManagerOptions{SQLiteDir: dir})
			t.Cleanup(m.CloseAll)
			return m, Config{Type: SQLite, Path: "clinic.db"}
		},
		"postgres": func(t *testing.T) (*Manager, Config) {
			setup := ""
			for _, q := range keyedFixture {
				setup += q + ";\n"
			}
			return newPostgresSource(t, setup)
		},
		"mysql": func(t *testing.T) (*Manager, Config) { return newMySQLSource(t, keyedFixture) },
	}
	for name, open := range sources {
		t.Run(name, func(t *testing.T) {
			m, cfg := open(t)
			s, err := m.Introspect(context.Background(), "ds_keyed", cfg)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				table, column string
				labels        []string
			}{
				{"person", "gender_concept_id", []string{"FEMALE", "MALE"}},
				{"visit_occurrence", "visit_concept_id", []string{"Emergency Room Visit", "Outpatient Visit"}},
				{"condition_occurrence", "condition_concept_id", []string{"COVID-19", "Viral sinusitis"}},
				{"condition_occurrence", "person_id", nil}, // person is keyed by two tables only
			} {
				p := s.ProfileOf(c.table, c.column)
				if c.labels == nil {
					if p != nil && len(p.Labels) > 0 {
						t.Errorf("%s.%s: labels %v, want none", c.table, c.column, p.Labels)
					}
					continue
				}
				if p == nil || p.LabelColumn != "concept_name" || !slices.Equal(p.Labels, c.labels) {
					t.Errorf("%s.%s: profile %+v, want concept_name %v", c.table, c.column, p, c.labels)
				}
			}
		})
	}
}

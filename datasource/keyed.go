package datasource

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Limits of the keyed index: a lookup is shared when keys of this many tables point to it,
// and the names read through keys stay within a part of the value index's budget.
const (
	minLookupReferrers = 3
	maxKeyedColumns    = 200
	maxKeyedValues     = MaxIndexValues / 4
)

// keyedIndex is the name column of a shared lookup and the names one key reaches in it.
type keyedIndex struct {
	column string
	values []string
}

// lookupNameWords name the column of a lookup table that names its rows.
var lookupNameWords = map[string]bool{"name": true, "title": true, "label": true}

// keyedLabels reads, for each key into a lookup table that keys of several tables share
// (OMOP's concept: condition_occurrence.condition_concept_id, drug_exposure.drug_concept_id,
// visit_occurrence.visit_concept_id), the distinct names of the lookup rows that key
// reaches. The lookup's own value index says a name exists; only this says which key holds
// it, so "patients who had COVID-19" finds conditions, not drugs. One bounded query per key;
// a failure leaves the key without.
func keyedLabels(ctx context.Context, db *sql.DB, dl dialect, tables []*introTable) {
	byName := map[string]*introTable{}
	for _, t := range tables {
		byName[strings.ToLower(t.Name)] = t
	}
	referrers := map[*introTable]map[*introTable]bool{}
	for _, t := range tables {
		for _, f := range t.ForeignKeys {
			if rt := byName[strings.ToLower(f.RefTable)]; rt != nil && rt != t && len(f.Columns) == 1 {
				if referrers[rt] == nil {
					referrers[rt] = map[*introTable]bool{}
				}
				referrers[rt][t] = true
			}
		}
	}
	keyed, total := 0, 0
	for _, t := range tables {
		if t.Kind != "table" || t.RowCount <= 0 || t.RowCount > MaxSampledTableRow {
			continue
		}
		for _, f := range t.ForeignKeys {
			rt := byName[strings.ToLower(f.RefTable)]
			if rt == nil || len(f.Columns) != 1 || len(referrers[rt]) < minLookupReferrers || ctx.Err() != nil || keyed >= maxKeyedColumns {
				continue
			}
			name := lookupName(rt)
			col := slices.IndexFunc(t.Columns, func(c Column) bool { return strings.EqualFold(c.Name, f.Columns[0]) })
			if name < 0 || col < 0 {
				continue
			}
			x := dl.asText("l." + dl.quote(rt.Columns[name].Name))
			q := fmt.Sprintf("SELECT DISTINCT %s FROM %s f JOIN %s l ON l.%s = f.%s WHERE l.%s IS NOT NULL LIMIT %d",
				x, t.ref, rt.ref, dl.quote(f.RefColumns[0]), dl.quote(f.Columns[0]), dl.quote(rt.Columns[name].Name), MaxIndexValuesPerCol+1)
			var vals []string
			err := boundedQuery(ctx, db, dl, q, func(rows *sql.Rows) error {
				var v string
				if err := rows.Scan(&v); err != nil {
					return err
				}
				if utf8.RuneCountInString(v) <= MaxSampleValueLen && strings.TrimSpace(v) != "" {
					vals = append(vals, v)
				}
				return nil
			})
			if err != nil || len(vals) == 0 || len(vals) > MaxIndexValuesPerCol || total+len(vals) > maxKeyedValues {
				continue
			}
			slices.Sort(vals)
			if t.keyed == nil {
				t.keyed = map[int]keyedIndex{}
			}
			t.keyed[col] = keyedIndex{column: rt.Columns[name].Name, values: vals}
			keyed++
			total += len(vals)
		}
	}
}

// lookupName is the index of the column that names a lookup table's rows (concept_name), or
// -1: the first text column whose name says so and that the value index or a sample holds.
func lookupName(t *introTable) int {
	for _, i := range t.text {
		if t.index[i] == nil && t.Columns[i].SampleValues == nil {
			continue
		}
		if slices.ContainsFunc(IdentWords(t.Columns[i].Name), func(w string) bool { return lookupNameWords[w] }) {
			return i
		}
	}
	return -1
}

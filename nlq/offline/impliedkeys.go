package offline

import (
	"slices"
	"strings"

	"github.com/analytics-agent/service/datasource"
)

// withImpliedKeys returns the schema with the foreign keys its names imply, when it declares
// none at all: BIRT's Classic Models (a Derby database) keys ORDERS by CUSTOMERNUMBER, the
// primary key of CUSTOMERS, and declares nothing, as many legacy and exported databases do. A
// column of another table spelled exactly as a table's single-column primary key references
// it, and so does a column that ends with that name after a word of its own
// (SALESREPEMPLOYEENUMBER: the sales rep's EMPLOYEENUMBER). A key named only "id", "code" or
// "key" implies nothing: every table may have one. A schema that declares any foreign key is
// taken as it is, its designers having said which joins there are, but for a column spelled
// exactly as the key of a table no declared key references (the FEC's results_senate.cand_id
// and campaigns.cand_id, where only the committees and the states are referenced): a key
// named with two words or more whose values are identifiers.
func withImpliedKeys(s *datasource.Schema) *datasource.Schema {
	declared := false
	for i := range s.Tables {
		if len(s.Tables[i].ForeignKeys) > 0 {
			declared = true
		}
	}
	type target struct {
		table, col string
		typ        string
	}
	var keys []target
	for _, t := range s.Tables {
		if len(t.PrimaryKey) != 1 || t.Kind == "view" {
			continue
		}
		k := t.PrimaryKey[0]
		if ws := normWords(k); len(ws) == 0 || len(ws) == 1 && len(k) <= 4 || genericKeyName(k) || declared && (len(ws) < 2 || keyReferences(t, k) || referenced(s, t.Name) || !idValues(s, t.Name, k)) {
			continue
		}
		keys = append(keys, target{t.Name, k, keyTypeFamily(columnType(t, k))})
	}
	if len(keys) == 0 {
		return s
	}
	out := *s
	out.Tables = make([]datasource.Table, len(s.Tables))
	found := false
	for i, t := range s.Tables {
		out.Tables[i] = t
		if t.Kind == "view" {
			continue
		}
		for _, c := range t.Columns {
			lc := strings.ToLower(c.Name)
			ownKey := len(t.PrimaryKey) == 1 && strings.EqualFold(t.PrimaryKey[0], c.Name)
			if declared && (keyReferences(t, c.Name) || slices.ContainsFunc(t.PrimaryKey, func(k string) bool { return strings.EqualFold(k, c.Name) }) && !ownKey) {
				continue
			}
			if selfRefNames[strings.ReplaceAll(lc, "_", "")] && len(t.PrimaryKey) == 1 && !declared {
				// EMPLOYEES.REPORTSTO: the employee's manager, another row of the same table.
				if pk := columnType(t, t.PrimaryKey[0]); pk != "" && keyTypeFamily(pk) == keyTypeFamily(c.Type) {
					out.Tables[i].ForeignKeys = append(out.Tables[i].ForeignKeys, datasource.ForeignKey{Columns: []string{c.Name}, RefTable: t.Name, RefColumns: []string{t.PrimaryKey[0]}})
					found = true
				}
				continue
			}
			var picks []*target
			for j := range keys {
				k := &keys[j]
				if strings.EqualFold(k.table, t.Name) || k.typ != keyTypeFamily(c.Type) {
					continue
				}
				lk := strings.ToLower(k.col)
				if lc == lk || !declared && strings.HasSuffix(lc, lk) && len(lc)-len(lk) >= 3 {
					picks = append(picks, k)
				}
			}
			if len(picks) > 1 || ownKey {
				// Two tables keyed by the same name (candidates and campaigns by cand_id): the
				// one the key is named after is the one referenced, by the other's key too;
				// with none so named, nothing is said.
				picks = slices.DeleteFunc(picks, func(k *target) bool { return !keyNamesTable(k.col, k.table) })
				if ownKey && (len(picks) != 1 || keyNamesTable(c.Name, t.Name)) {
					continue // a table's own key references nothing but the table it extends
				}
			}
			if len(picks) != 1 {
				continue
			}
			pick := picks[0]
			out.Tables[i].ForeignKeys = append(out.Tables[i].ForeignKeys, datasource.ForeignKey{Columns: []string{c.Name}, RefTable: pick.table, RefColumns: []string{pick.col}})
			found = true
		}
	}
	if !found {
		return s
	}
	return &out
}

// keyNamesTable reports whether a key is named after its table and a key word: cand_id for
// candidates, cmte_id for committees (the abbreviations spelled out).
func keyNamesTable(key, table string) bool {
	kw, tw := schemaWords(key), schemaWords(table)
	return len(kw) >= 2 && identWords[kw[len(kw)-1]] && slices.Equal(kw[:len(kw)-1], tw)
}

// referenced reports whether any table declares a foreign key to the table: where the
// designers declared references to it, the ones they left out were left out on purpose
// (congress's executive.bioguide_id beside the declared terms.bioguide).
func referenced(s *datasource.Schema, table string) bool {
	for _, t := range s.Tables {
		for _, fk := range t.ForeignKeys {
			if strings.EqualFold(fk.RefTable, table) {
				return true
			}
		}
	}
	return false
}

// idValues reports whether a key's profiled values are identifiers (digits in the smallest
// and the largest: 'H0AL01030'), not names a schema may repeat on purpose without a key
// (OMOP's vocabulary_id 'RxNorm').
func idValues(s *datasource.Schema, table, col string) bool {
	for _, p := range s.Profile {
		if strings.EqualFold(p.Table, table) && strings.EqualFold(p.Column, col) {
			return strings.ContainsAny(p.Min, "0123456789") && strings.ContainsAny(p.Max, "0123456789")
		}
	}
	return false
}

// keyReferences reports whether a table declares a foreign key from the column.
func keyReferences(t datasource.Table, col string) bool {
	return slices.ContainsFunc(t.ForeignKeys, func(fk datasource.ForeignKey) bool {
		return slices.ContainsFunc(fk.Columns, func(c string) bool { return strings.EqualFold(c, col) })
	})
}

// genericKeyName reports whether a key's name says nothing of its table: id, code, key, no.
func genericKeyName(name string) bool {
	switch strings.ToLower(name) {
	case "id", "code", "key", "no", "nr", "num", "number", "uuid", "guid", "rowid", "pk":
		return true
	}
	return false
}

// keyTypeFamily puts a column type in the family that can be compared with equality across
// tables: whole numbers, or anything else as text.
func keyTypeFamily(typ string) string {
	t := strings.ToLower(typ)
	if strings.Contains(t, "int") || t == "number" || t == "numeric" {
		return "int"
	}
	return "text"
}

// selfRefNames are the names of a column that holds another row of its own table: the one a
// person reports to.
var selfRefNames = map[string]bool{"reportsto": true, "managerid": true, "supervisorid": true}

// columnType is the declared type of a table's column, or "" when it has none of that name.
func columnType(t datasource.Table, name string) string {
	for _, c := range t.Columns {
		if strings.EqualFold(c.Name, name) {
			return c.Type
		}
	}
	return ""
}

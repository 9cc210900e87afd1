package offline

import (
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
// taken as it is, its designers having said which joins there are.
func withImpliedKeys(s *datasource.Schema) *datasource.Schema {
	for i := range s.Tables {
		if len(s.Tables[i].ForeignKeys) > 0 {
			return s
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
		if ws := normWords(k); len(ws) == 0 || len(ws) == 1 && len(k) <= 4 || genericKeyName(k) {
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
			if len(t.PrimaryKey) == 1 && strings.EqualFold(t.PrimaryKey[0], c.Name) {
				continue // a table's own key references nothing
			}
			if selfRefNames[strings.ReplaceAll(lc, "_", "")] && len(t.PrimaryKey) == 1 {
				// EMPLOYEES.REPORTSTO: the employee's manager, another row of the same table.
				if pk := columnType(t, t.PrimaryKey[0]); pk != "" && keyTypeFamily(pk) == keyTypeFamily(c.Type) {
					out.Tables[i].ForeignKeys = append(out.Tables[i].ForeignKeys, datasource.ForeignKey{Columns: []string{c.Name}, RefTable: t.Name, RefColumns: []string{t.PrimaryKey[0]}})
					found = true
				}
				continue
			}
			var pick *target
			for j := range keys {
				k := &keys[j]
				if strings.EqualFold(k.table, t.Name) || k.typ != keyTypeFamily(c.Type) {
					continue
				}
				lk := strings.ToLower(k.col)
				if lc == lk || strings.HasSuffix(lc, lk) && len(lc)-len(lk) >= 3 {
					if pick != nil {
						pick = nil // two tables keyed by the same name: say nothing
						break
					}
					pick = k
				}
			}
			if pick == nil {
				continue
			}
			out.Tables[i].ForeignKeys = append(out.Tables[i].ForeignKeys, datasource.ForeignKey{Columns: []string{c.Name}, RefTable: pick.table, RefColumns: []string{pick.col}})
			found = true
		}
	}
	if !found {
		return s
	}
	return &out
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

package datasource

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Profiling and value index limits. The profile reads only the first rows of a table; the
// value index keeps every distinct value of label-like text columns (so "orders of Mia Dubois"
// finds a name among thousands) within a budget per data source.
const (
	MaxProfileRows        = 10_000
	maxProfileColumns     = 200     // a wider table is profiled on its first columns only
	MaxIndexValuesPerCol  = 50_000  // a column with more distinct values is not indexed
	MaxIndexValues        = 200_000 // per data source
	MaxIndexBytes         = 8 << 20 // per data source
	maxIndexAvgLen        = 40      // longer values on average: prose, not names
	maxNameAvgLen         = 64      // a column called a name or title holds names up to this long on average ('Clear packaging tape 48mmx75m')
	maxDescribedAvgLen    = 24      // a "description" this short on average is a name (AccountDescription 'Salaries')
	maxCollectedIndexVals = 2 * MaxIndexValues
)

// labelLikeExcluded are column-name words of text that names nothing people ask about by value:
// prose, contact data, secrets and files.
var labelLikeExcluded = map[string]bool{
	"description": true, "desc": true, "comment": true, "comments": true, "note": true, "notes": true,
	"text": true, "body": true, "content": true, "message": true, "summary": true, "remark": true, "remarks": true,
	"address": true, "email": true, "mail": true, "phone": true, "fax": true, "mobile": true, "url": true,
	"uri": true, "link": true, "path": true, "password": true, "hash": true, "token": true, "secret": true,
	"json": true, "xml": true, "html": true, "image": true, "photo": true, "picture": true, "file": true,
	"ip": true, "uuid": true, "guid": true, "postal": true, "zip": true, "postcode": true,
}

// labelLike reports whether a text column may hold names worth indexing: anything but prose,
// contact data, secrets or files, judged by the words of its name.
func labelLike(name string) bool {
	ws := IdentWords(name)
	for _, w := range ws {
		if labelLikeExcluded[w] && !(placePart[w] && slices.ContainsFunc(ws, func(x string) bool { return placeName[x] })) {
			return false
		}
	}
	return true
}

// calledName reports whether a column is called a name or a title (StockItemName,
// product_title): its values are names however long, short of prose.
func calledName(name string) bool {
	ws := IdentWords(name)
	return len(ws) > 0 && (ws[len(ws)-1] == "name" || ws[len(ws)-1] == "title")
}

// describedName reports whether a column is named a description and nothing else excluded
// (DimAccount.AccountDescription): indexed when its values prove short, as names are.
func describedName(name string) bool {
	ws := IdentWords(name)
	described := false
	for _, w := range ws {
		switch {
		case w == "description" || w == "desc" || w == "descr":
			described = true
		case labelLikeExcluded[w]:
			return false
		}
	}
	return described
}

// placePart are the excluded words that, with a place's name next to them, name a place
// people ask about by value: address_street_name holds "Franklin Ave", address_city "Boston",
// while a bare address or zip code stays out.
var (
	placePart = map[string]bool{"address": true}
	placeName = map[string]bool{"street": true, "city": true, "town": true, "name": true}
)

// IdentWords splits an identifier in any convention (snake_case, CamelCase, kebab) into
// lower-case words. The language engine reads schema names with it too, so a column the value
// index calls label-like is named by the same words the engine matches.
func IdentWords(name string) []string {
	var out []string
	var cur []rune
	rs := []rune(name)
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && i > 0 && unicode.IsLower(rs[i-1]):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}

// profileTable counts rows, non-null and distinct values and reads the smallest and largest
// value of each column over the first MaxProfileRows rows, in one bounded query. A failure (a
// type without equality, a timeout) leaves the table unprofiled.
func profileTable(ctx context.Context, db *sql.DB, dl dialect, t *introTable) {
	if t.Kind != "table" || t.RowCount <= 0 || t.RowCount > MaxSampledTableRow || len(t.Columns) == 0 {
		return
	}
	cols := t.Columns[:min(len(t.Columns), maxProfileColumns)]
	var sel []string
	for _, c := range cols {
		q := dl.quote(c.Name)
		tx := dl.asText(q)
		sel = append(sel, "COUNT("+q+")", "COUNT(DISTINCT "+tx+")", "MIN("+tx+")", "MAX("+tx+")")
	}
	q := fmt.Sprintf("SELECT COUNT(*), %s FROM (SELECT * FROM %s LIMIT %d) p", strings.Join(sel, ", "), t.ref, MaxProfileRows)
	var rows int64
	nonNull := make([]int64, len(cols))
	distinct := make([]int64, len(cols))
	mins := make([]sql.NullString, len(cols))
	maxs := make([]sql.NullString, len(cols))
	err := boundedQuery(ctx, db, dl, q, func(r *sql.Rows) error {
		dest := []any{&rows}
		for i := range cols {
			dest = append(dest, &nonNull[i], &distinct[i], &mins[i], &maxs[i])
		}
		return r.Scan(dest...)
	})
	if err != nil {
		return
	}
	t.profile = make([]ColumnProfile, len(cols))
	for i, c := range cols {
		t.profile[i] = ColumnProfile{Table: t.Name, Column: c.Name, Rows: rows, NonNull: nonNull[i], Distinct: distinct[i],
			Min: cut(mins[i].String), Max: cut(maxs[i].String)}
	}
	if rows >= MaxProfileRows {
		spanDates(ctx, db, dl, t)
	}
}

// spanDates reads the first and last value of a table's date and year columns over all its
// rows, where the profile saw only the first ones: the data's years are what a month said
// without one ("sold in March") falls in, so they must not stop at the 10,000th row. One
// bounded query per table; a failure keeps the profile's values.
func spanDates(ctx context.Context, db *sql.DB, dl dialect, t *introTable) {
	var idx []int
	var sel []string
	for i, p := range t.profile {
		if !(dateLike(p.Min) && dateLike(p.Max)) && !(yearNamed(p.Column) && yearLike(p.Min) && yearLike(p.Max)) {
			continue
		}
		tx := dl.asText(dl.quote(p.Column))
		idx = append(idx, i)
		sel = append(sel, "MIN("+tx+")", "MAX("+tx+")")
	}
	if len(idx) == 0 {
		return
	}
	vals := make([]sql.NullString, 2*len(idx))
	q := fmt.Sprintf("SELECT %s FROM %s", strings.Join(sel, ", "), t.ref)
	err := boundedQuery(ctx, db, dl, q, func(r *sql.Rows) error {
		dest := make([]any, len(vals))
		for i := range vals {
			dest[i] = &vals[i]
		}
		return r.Scan(dest...)
	})
	if err != nil {
		return
	}
	for k, i := range idx {
		if vals[2*k].Valid && vals[2*k+1].Valid {
			t.profile[i].Min, t.profile[i].Max = cut(vals[2*k].String), cut(vals[2*k+1].String)
		}
	}
}

// dateLike reports whether s starts as an ISO date does (2015-03-01, 2015-03-01 12:00:00).
func dateLike(s string) bool {
	if len(s) < 10 {
		return false
	}
	for i, r := range s[:10] {
		if (i == 4 || i == 7) != (r == '-') || i != 4 && i != 7 && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// yearLike reports whether s is a four-digit year.
func yearLike(s string) bool {
	return len(s) == 4 && dateLike(s+"-01-01")
}

// yearNamed reports whether a column's name is the word "year" alone (year, Year, YEAR): a
// date kept in parts.
func yearNamed(name string) bool {
	return strings.EqualFold(strings.Join(IdentWords(name), " "), "year")
}

// cut shortens s to MaxSampleValueLen characters.
func cut(s string) string {
	if utf8.RuneCountInString(s) <= MaxSampleValueLen {
		return s
	}
	return string([]rune(s)[:MaxSampleValueLen])
}

// indexedColumn is a column's value index awaiting the budget.
type indexedColumn struct {
	t      *introTable
	col    int
	values []string
	bytes  int
}

// applyIndexBudget keeps the value indexes within MaxIndexValues and MaxIndexBytes for the
// whole data source: columns of small tables with short values first, so huge tables and long
// values are what the budget leaves out.
func applyIndexBudget(tables []*introTable) {
	var all []indexedColumn
	for _, t := range tables {
		for col, vals := range t.index {
			n := 0
			for _, v := range vals {
				n += len(v)
			}
			all = append(all, indexedColumn{t: t, col: col, values: vals, bytes: n})
		}
	}
	slices.SortStableFunc(all, func(a, b indexedColumn) int {
		if a.t.RowCount != b.t.RowCount {
			return int(min(max(a.t.RowCount-b.t.RowCount, -1), 1))
		}
		al, bl := a.bytes/max(len(a.values), 1), b.bytes/max(len(b.values), 1)
		if al != bl {
			return al - bl
		}
		if c := strings.Compare(a.t.Name, b.t.Name); c != 0 {
			return c
		}
		return a.col - b.col
	})
	values, bytes := 0, 0
	for _, ic := range all {
		if values+len(ic.values) > MaxIndexValues || bytes+ic.bytes > MaxIndexBytes {
			delete(ic.t.index, ic.col)
			continue
		}
		values += len(ic.values)
		bytes += ic.bytes
	}
}

// profiles assembles a table's column profiles and value index for the schema.
func (t *introTable) profiles() []ColumnProfile {
	var out []ColumnProfile
	for i, c := range t.Columns {
		var p ColumnProfile
		switch {
		case i < len(t.profile):
			p = t.profile[i]
		case t.index[i] != nil || t.keyed[i].column != "":
			p = ColumnProfile{Table: t.Name, Column: c.Name}
		default:
			continue
		}
		p.Values = t.index[i]
		if k, ok := t.keyed[i]; ok {
			p.LabelColumn, p.Labels = k.column, k.values
		}
		out = append(out, p)
	}
	return out
}

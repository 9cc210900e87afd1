package datasource

import (
	"context"
	"database/sql"
	"slices"
	"strings"
)

// sqliteObjects filters sqlite_master to user tables and views (sqlite_* are internal).
const sqliteObjects = `m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\'`

// sqliteCatalog reads tables, columns and keys with the table-valued pragma functions, one
// query each instead of one pragma per table.
func sqliteCatalog(ctx context.Context, conn *sql.Conn) ([]*introTable, error) {
	rows, err := conn.QueryContext(ctx, `SELECT m.name, m.type FROM sqlite_master m WHERE `+sqliteObjects+` ORDER BY m.name`)
	if err != nil {
		return nil, err
	}
	var tables []*introTable
	byName := map[string]*introTable{}
	for rows.Next() {
		var name, kind string
		if err := rows.Scan(&name, &kind); err != nil {
			rows.Close()
			return nil, err
		}
		// sqlite keeps no row estimate: -1 makes countTable count (in-process, cheap).
		t := &introTable{Table: Table{Name: name, Kind: kind}, ref: QuoteIdent(SQLite, name), estimate: -1, size: -1}
		tables = append(tables, t)
		byName[name] = t
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	if err := sqliteColumns(ctx, conn, byName, ""); err != nil {
		// A view over a dropped table fails pragma_table_info and with it the whole join; read
		// the objects one by one then, leaving out the broken ones.
		for _, t := range tables {
			t.Columns, t.PrimaryKey, t.text = nil, nil, nil
			if err := sqliteColumns(ctx, conn, byName, t.Name); err != nil && ctx.Err() != nil {
				return nil, ctx.Err()
			}
		}
	}

	rows, err = conn.QueryContext(ctx, `
SELECT m.name, f.id, f."table", f."from", f."to"
FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\'
ORDER BY m.name, f.id, f.seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	lastTable, lastID := "", int64(-1)
	for rows.Next() {
		var (
			table, refTable, from string
			to                    sql.NullString
			id                    int64
		)
		if err := rows.Scan(&table, &id, &refTable, &from, &to); err != nil {
			return nil, err
		}
		t := byName[table]
		if t == nil {
			continue
		}
		if table != lastTable || id != lastID {
			t.ForeignKeys = append(t.ForeignKeys, ForeignKey{RefTable: refTable})
		}
		lastTable, lastID = table, id
		fk := &t.ForeignKeys[len(t.ForeignKeys)-1]
		fk.Columns = append(fk.Columns, from)
		fk.RefColumns = append(fk.RefColumns, to.String)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// "REFERENCES customers" without columns means the referenced table's primary key.
	for _, t := range tables {
		for i := range t.ForeignKeys {
			fk := &t.ForeignKeys[i]
			if ref := byName[fk.RefTable]; ref != nil && slices.Contains(fk.RefColumns, "") && len(ref.PrimaryKey) == len(fk.Columns) {
				fk.RefColumns = slices.Clone(ref.PrimaryKey)
			}
		}
	}
	return tables, nil
}

// sqliteColumns reads columns and primary keys of every object, or of only one when name is set.
func sqliteColumns(ctx context.Context, conn *sql.Conn, byName map[string]*introTable, name string) error {
	q := `SELECT m.name, p.name, p.type, p."notnull", p.pk
FROM sqlite_master m JOIN pragma_table_info(m.name) p
WHERE ` + sqliteObjects
	var args []any
	if name != "" {
		q += ` AND m.name = ?`
		args = append(args, name)
	}
	rows, err := conn.QueryContext(ctx, q+` ORDER BY m.name, p.cid`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	pkPos := map[*introTable][]int64{}
	for rows.Next() {
		var (
			table, col, typ string
			notNull, pk     int64
		)
		if err := rows.Scan(&table, &col, &typ, &notNull, &pk); err != nil {
			return err
		}
		t := byName[table]
		if t == nil {
			continue
		}
		typ = strings.ToLower(typ)
		if sqliteTextAffinity(typ) {
			t.text = append(t.text, len(t.Columns))
		}
		// Primary key columns count as not null: that is how they are used, even though
		// sqlite (for historical reasons) allows NULL in a non-integer primary key.
		t.Columns = append(t.Columns, Column{Name: col, Type: typ, Nullable: notNull == 0 && pk == 0})
		if pk > 0 {
			t.PrimaryKey = append(t.PrimaryKey, col)
			pkPos[t] = append(pkPos[t], pk)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	// pk is the column's position within the key; columns came in table order.
	for t, pos := range pkPos {
		cols := t.PrimaryKey
		idx := make([]int, len(cols))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int { return int(pos[a] - pos[b]) })
		sorted := make([]string, len(cols))
		for i, j := range idx {
			sorted[i] = cols[j]
		}
		t.PrimaryKey = sorted
	}
	return nil
}

// sqliteTextAffinity reports whether a declared type gives TEXT affinity
// (https://sqlite.org/datatype3.html#determination_of_column_affinity).
func sqliteTextAffinity(typ string) bool {
	return !strings.Contains(typ, "int") &&
		(strings.Contains(typ, "char") || strings.Contains(typ, "clob") || strings.Contains(typ, "text"))
}

package datasource

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
)

// pgRelations selects the relations introspection covers: tables, views, materialized views,
// partitioned and foreign tables in non-system schemas that the user may read, without
// partitions (their parent stands for them) and without tables owned by extensions.
const pgRelations = `
WITH rels AS (
	SELECT c.oid, n.nspname, c.relname, c.relkind, c.reltuples, c.relispartition
	FROM pg_class c
	JOIN pg_namespace n ON n.oid = c.relnamespace
	WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f')
	  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
	  AND n.nspname NOT LIKE 'pg\_%'
	  AND NOT c.relispartition
	  AND (has_table_privilege(c.oid, 'SELECT') OR has_any_column_privilege(c.oid, 'SELECT'))
	  AND NOT EXISTS (
		SELECT 1 FROM pg_depend d
		WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
)`

// pgCatalog reads all tables, columns and keys in three queries.
func pgCatalog(ctx context.Context, conn *sql.Conn) ([]*introTable, error) {
	rows, err := conn.QueryContext(ctx, pgRelations+`
SELECT r.oid, r.nspname, r.relname, r.relkind,
	CASE WHEN r.relkind = 'p' THEN (
		SELECT COALESCE(sum(GREATEST(ch.reltuples, 0)), 0)
		FROM pg_inherits i JOIN pg_class ch ON ch.oid = i.inhrelid
		WHERE i.inhparent = r.oid)
	ELSE r.reltuples END::bigint,
	CASE WHEN r.relkind IN ('r', 'm') THEN pg_relation_size(r.oid) ELSE -1 END
FROM rels r
ORDER BY r.nspname <> 'public', r.nspname, r.relname`)
	if err != nil {
		return nil, err
	}
	var tables []*introTable
	byOID := map[uint32]*introTable{}
	for rows.Next() {
		var (
			oid          uint32
			nsp, name    string
			kind         string
			estimate, sz int64
		)
		if err := rows.Scan(&oid, &nsp, &name, &kind, &estimate, &sz); err != nil {
			rows.Close()
			return nil, err
		}
		t := &introTable{
			Table:    Table{Name: pgName(nsp, name), Schema: nsp, Kind: "table"},
			ref:      QuoteIdent(Postgres, nsp) + "." + QuoteIdent(Postgres, name),
			estimate: estimate,
			size:     sz,
		}
		switch kind {
		case "v", "m":
			t.Kind = "view"
		case "p", "f":
			// Partitioned parents have no data of their own and foreign tables live
			// elsewhere: trust the estimate, never count.
			t.size = math.MaxInt64
		}
		if estimate < 0 {
			t.estimate = -1 // never analyzed (postgres 14+ reports -1)
		}
		tables = append(tables, t)
		byOID[oid] = t
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	rows, err = conn.QueryContext(ctx, pgRelations+`
SELECT a.attrelid, a.attname, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull,
	t.typcategory = 'S' OR t.typtype = 'e'
FROM pg_attribute a
JOIN rels r ON r.oid = a.attrelid
JOIN pg_type t ON t.oid = a.atttypid
WHERE a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var (
			oid            uint32
			name, typ      string
			nullable, text bool
		)
		if err := rows.Scan(&oid, &name, &typ, &nullable, &text); err != nil {
			rows.Close()
			return nil, err
		}
		t := byOID[oid]
		if t == nil {
			continue
		}
		if text {
			t.text = append(t.text, len(t.Columns))
		}
		t.Columns = append(t.Columns, Column{Name: name, Type: typ, Nullable: nullable})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	// conparentid <> 0 are copies of a parent's constraint on partitions and, for foreign keys
	// to a partitioned table, on each referenced partition.
	rows, err = conn.QueryContext(ctx, pgRelations+`
SELECT con.conrelid, con.contype,
	(SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
	 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum)::text,
	COALESCE(rn.nspname, ''), COALESCE(rc.relname, ''),
	COALESCE((SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
	 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum)::text, '[]')
FROM pg_constraint con
JOIN rels r ON r.oid = con.conrelid
LEFT JOIN pg_class rc ON rc.oid = con.confrelid
LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
WHERE con.contype IN ('p', 'f') AND con.conparentid = 0
ORDER BY con.conrelid, con.conname`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			oid                   uint32
			kind                  string
			cols, refNsp, refName string
			refCols               string
		)
		if err := rows.Scan(&oid, &kind, &cols, &refNsp, &refName, &refCols); err != nil {
			return nil, err
		}
		t := byOID[oid]
		if t == nil {
			continue
		}
		var colList, refList []string
		if err := json.Unmarshal([]byte(cols), &colList); err != nil {
			return nil, fmt.Errorf("constraint columns of %s: %w", t.Name, err)
		}
		if err := json.Unmarshal([]byte(refCols), &refList); err != nil {
			return nil, fmt.Errorf("referenced columns of %s: %w", t.Name, err)
		}
		if kind == "p" {
			t.PrimaryKey = colList
			continue
		}
		t.ForeignKeys = append(t.ForeignKeys, ForeignKey{
			Columns: colList, RefTable: pgName(refNsp, refName), RefColumns: refList,
		})
	}
	return tables, rows.Err()
}

// pgName is how a postgres table is named in the schema: bare in "public" (what people write),
// qualified elsewhere so names stay unique.
func pgName(nsp, name string) string {
	if nsp == "public" {
		return name
	}
	return nsp + "." + name
}

package datasource

import (
	"context"
	"database/sql"
	"strings"
)

// mysqlTextTypes are the DATA_TYPEs whose values may be sampled; longer text types hold prose.
var mysqlTextTypes = map[string]bool{
	"char": true, "varchar": true, "tinytext": true, "text": true, "enum": true, "set": true,
}

// mysqlCatalog reads the configured database's tables, columns and keys in three queries.
func mysqlCatalog(ctx context.Context, conn *sql.Conn) ([]*introTable, error) {
	rows, err := conn.QueryContext(ctx, `
SELECT TABLE_NAME, TABLE_TYPE, COALESCE(TABLE_ROWS, -1), COALESCE(DATA_LENGTH, -1)
FROM information_schema.TABLES
WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE IN ('BASE TABLE', 'VIEW', 'SYSTEM VERSIONED')
ORDER BY TABLE_NAME`)
	if err != nil {
		return nil, err
	}
	var tables []*introTable
	byName := map[string]*introTable{}
	for rows.Next() {
		var (
			name, typ    string
			estimate, sz int64
		)
		if err := rows.Scan(&name, &typ, &estimate, &sz); err != nil {
			rows.Close()
			return nil, err
		}
		t := &introTable{
			Table:    Table{Name: name, Kind: "table"},
			ref:      QuoteIdent(MySQL, name),
			estimate: estimate,
			size:     sz,
		}
		if strings.Contains(typ, "VIEW") {
			t.Kind = "view"
			t.estimate = -1
		}
		tables = append(tables, t)
		byName[name] = t
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	rows, err = conn.QueryContext(ctx, `
SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, DATA_TYPE
FROM information_schema.COLUMNS
WHERE TABLE_SCHEMA = DATABASE()
ORDER BY TABLE_NAME, ORDINAL_POSITION`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var table, name, typ, nullable, dataType string
		if err := rows.Scan(&table, &name, &typ, &nullable, &dataType); err != nil {
			rows.Close()
			return nil, err
		}
		t := byName[table]
		if t == nil {
			continue
		}
		if mysqlTextTypes[strings.ToLower(dataType)] {
			t.text = append(t.text, len(t.Columns))
		}
		t.Columns = append(t.Columns, Column{Name: name, Type: strings.ToLower(typ), Nullable: nullable == "YES"})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	rows, err = conn.QueryContext(ctx, `
SELECT TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME,
	COALESCE(REFERENCED_TABLE_SCHEMA, ''), COALESCE(REFERENCED_TABLE_NAME, ''),
	COALESCE(REFERENCED_COLUMN_NAME, ''), TABLE_SCHEMA
FROM information_schema.KEY_COLUMN_USAGE
WHERE TABLE_SCHEMA = DATABASE() AND (CONSTRAINT_NAME = 'PRIMARY' OR REFERENCED_TABLE_NAME IS NOT NULL)
ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var lastTable, lastConstraint string
	for rows.Next() {
		var table, constraint, col, refSchema, refTable, refCol, schema string
		if err := rows.Scan(&table, &constraint, &col, &refSchema, &refTable, &refCol, &schema); err != nil {
			return nil, err
		}
		t := byName[table]
		if t == nil {
			continue
		}
		if constraint == "PRIMARY" {
			t.PrimaryKey = append(t.PrimaryKey, col)
			continue
		}
		if table != lastTable || constraint != lastConstraint {
			if refSchema != schema {
				refTable = refSchema + "." + refTable // another database: name it fully
			}
			t.ForeignKeys = append(t.ForeignKeys, ForeignKey{RefTable: refTable})
		}
		lastTable, lastConstraint = table, constraint
		fk := &t.ForeignKeys[len(t.ForeignKeys)-1]
		fk.Columns = append(fk.Columns, col)
		fk.RefColumns = append(fk.RefColumns, refCol)
	}
	return tables, rows.Err()
}

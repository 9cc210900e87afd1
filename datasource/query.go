package datasource

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Query defaults.
const (
	DefaultQueryTimeout = 30 * time.Second
	DefaultMaxRows      = 10000
)

// Errors for query texts Query refuses to send.
var (
	// ErrMultipleStatements is returned when a query text holds more than one statement.
	ErrMultipleStatements = errors.New("only one SQL statement may be run at a time")
	// ErrNotReadStatement is returned when a query text is not a SELECT (or WITH, VALUES,
	// TABLE) statement.
	ErrNotReadStatement = errors.New("only SELECT statements may be run")
)

// QueryOptions bound one query. Zero values pick the defaults.
type QueryOptions struct {
	Timeout time.Duration // default DefaultQueryTimeout
	MaxRows int           // default DefaultMaxRows
}

// ResultColumn names a result column and its database type, lower case ("int4", "decimal",
// "varchar", ...). For sqlite expressions without a declared type it is the storage class of
// the first non-null value ("integer", "real", "text", "blob").
type ResultColumn struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Result is the JSON-ready outcome of Query. Values are int64, json.Number (decimals, exact),
// float64, bool, string (text, "YYYY-MM-DD" dates, RFC 3339 UTC timestamps), json.RawMessage
// (json columns) or nil.
type Result struct {
	Columns []ResultColumn `json:"columns"`
	// Rows are keyed by column name; duplicate names get a suffix ("id", "id_2") in both Columns
	// and Rows, so no value is lost to a collision.
	Rows      []map[string]any `json:"rows"`
	RowCount  int              `json:"row_count"`
	Truncated bool             `json:"truncated"`
	// Duration is how long the statement ran and its rows took to read, without the wait for
	// a connection.
	Duration time.Duration `json:"-"`
}

// Query runs one read-only statement against data source id, with a statement timeout and a
// row cap. Writes fail in the database itself: postgres runs it in BEGIN READ ONLY with SET
// LOCAL statement_timeout; mysql in START TRANSACTION READ ONLY with max_execution_time
// (MariaDB: max_statement_time) on a dedicated connection; sqlite on a connection opened with
// mode=ro and query_only. Errors wrap ErrTimeout or ErrUnreachable where they apply, otherwise
// the driver's error.
func (m *Manager) Query(ctx context.Context, id string, cfg Config, sqlText string, args []any, opts QueryOptions) (*Result, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultQueryTimeout
	}
	if opts.MaxRows <= 0 {
		opts.MaxRows = DefaultMaxRows
	}
	if !isReadStatement(sqlText) {
		return nil, ErrNotReadStatement
	}
	if cfg.Type == SQLite && !singleStatement(sqlText) {
		return nil, ErrMultipleStatements
	}
	p, err := m.acquire(id, cfg)
	if err != nil {
		return nil, connectError(ctx, cfg, err)
	}
	defer m.release(p)

	// Server-side timeouts end the statement cleanly and keep the connection; the context, a
	// little later, is the backstop for a server that ignores them. sqlite runs in-process, so
	// its context is the timeout.
	deadline := opts.Timeout
	if cfg.Type != SQLite {
		deadline += time.Second
	}
	qctx, cancel := context.WithTimeout(ctx, deadline)
	defer cancel()

	conn, err := p.db.Conn(qctx)
	if err != nil {
		if err == context.DeadlineExceeded {
			// database/sql returns the bare context error while waiting for a free connection
			// of a busy pool: the source answered, we ran out of time.
			return nil, fmt.Errorf("%w: waiting for a free connection", ErrTimeout)
		}
		return nil, connectError(ctx, cfg, err)
	}
	defer conn.Close()

	var tx *sql.Tx
	switch cfg.Type {
	case Postgres:
		tx, err = conn.BeginTx(qctx, &sql.TxOptions{ReadOnly: true})
		if err == nil {
			_, err = tx.ExecContext(qctx, "SET LOCAL statement_timeout = "+strconv.FormatInt(opts.Timeout.Milliseconds(), 10))
		}
	case MySQL:
		var restore func()
		restore, err = p.setMySQLTimeout(qctx, conn, opts.Timeout)
		if err == nil {
			defer restore()
			tx, err = conn.BeginTx(qctx, &sql.TxOptions{ReadOnly: true})
		}
	case SQLite:
		tx, err = conn.BeginTx(qctx, &sql.TxOptions{ReadOnly: true})
	}
	if err != nil {
		if tx != nil {
			tx.Rollback()
		}
		return nil, queryError(ctx, qctx, err)
	}
	// Never commit: nothing done here may stick. A connection whose rollback failed may still
	// be inside the transaction; it must not serve another query.
	defer func() {
		if err := tx.Rollback(); err != nil && !errors.Is(err, sql.ErrTxDone) {
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	if cfg.Type == SQLite {
		stop := watchSQLite(qctx, conn)
		defer stop() // runs before the rollback above
	}

	if cfg.Type == Postgres {
		sqlText = capPostgres(sqlText, opts.MaxRows+1)
	}
	// Duration is the statement's own time: waiting for a free connection of a busy pool and
	// opening the transaction are queueing, not execution.
	start := time.Now()
	rows, err := tx.QueryContext(qctx, sqlText, args...)
	if err != nil {
		return nil, queryError(ctx, qctx, err)
	}
	defer rows.Close()
	res, err := collect(cfg.Type, rows, opts.MaxRows)
	if err != nil {
		return nil, queryError(ctx, qctx, err)
	}
	res.Duration = time.Since(start)
	return res, nil
}

// capPostgres makes the server stop at limit rows. Closing a pgx result early still reads the
// rest of it off the wire, so without a LIMIT a million-row answer capped at 10,000 would be
// transferred whole. One row past the cap is what tells collect the result was truncated. A
// statement with a comment or a trailing semicolon is left as it is (and read to its end), since
// wrapping it could let the comment swallow the closing parenthesis.
func capPostgres(sqlText string, limit int) string {
	body := strings.TrimSpace(sqlText)
	if strings.Contains(body, "--") || strings.Contains(body, "/*") || strings.HasSuffix(body, ";") {
		return sqlText
	}
	return "SELECT * FROM (\n" + body + "\n) AS capped LIMIT " + strconv.Itoa(limit)
}

// setMySQLTimeout sets the session's statement timeout on conn and returns a function that
// resets it before the connection goes back to the pool. MySQL counts max_execution_time in
// milliseconds (SELECT only); MariaDB counts max_statement_time in seconds.
func (p *pool) setMySQLTimeout(ctx context.Context, conn *sql.Conn, timeout time.Duration) (func(), error) {
	maria, err := p.isMariaDB(ctx, conn)
	if err != nil {
		return nil, err
	}
	set, reset := "SET SESSION max_execution_time = "+strconv.FormatInt(timeout.Milliseconds(), 10),
		"SET SESSION max_execution_time = DEFAULT"
	if maria {
		set, reset = "SET SESSION max_statement_time = "+strconv.FormatFloat(timeout.Seconds(), 'f', 3, 64),
			"SET SESSION max_statement_time = DEFAULT"
	}
	if _, err := conn.ExecContext(ctx, set); err != nil {
		return nil, err
	}
	return func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		if _, err := conn.ExecContext(rctx, reset); err != nil {
			// A connection with an unknown timeout must not serve the next caller.
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}, nil
}

// isMariaDB tells MariaDB from MySQL by the version string, once per pool.
func (p *pool) isMariaDB(ctx context.Context, conn *sql.Conn) (bool, error) {
	p.flavorMu.Lock()
	defer p.flavorMu.Unlock()
	if p.flavorKnown {
		return p.mariaDB, nil
	}
	var v string
	if err := conn.QueryRowContext(ctx, "SELECT VERSION()").Scan(&v); err != nil {
		return false, err
	}
	p.mariaDB = strings.Contains(strings.ToLower(v), "mariadb")
	p.flavorKnown = true
	return p.mariaDB, nil
}

// collect reads at most maxRows rows and converts every value for JSON.
func collect(t Type, rows *sql.Rows, maxRows int) (*Result, error) {
	cts, err := rows.ColumnTypes()
	if err != nil {
		return nil, err
	}
	res := &Result{Columns: make([]ResultColumn, len(cts)), Rows: []map[string]any{}}
	kinds := make([]valueKind, len(cts))
	seen := map[string]int{}
	for i, ct := range cts {
		name := ct.Name()
		// Keep map keys unique: "SELECT a.id, b.id" must not lose a column.
		if n := seen[name]; n > 0 {
			seen[name] = n + 1
			for seen[name+"_"+strconv.Itoa(seen[name])] > 0 {
				seen[name]++
			}
			name = name + "_" + strconv.Itoa(seen[name])
		}
		seen[name]++
		typ := strings.ToLower(ct.DatabaseTypeName())
		if i := strings.IndexByte(typ, '('); i >= 0 {
			typ = strings.TrimSpace(typ[:i])
		}
		res.Columns[i] = ResultColumn{Name: name, Type: typ}
		kinds[i] = kindOf(t, typ)
	}
	vals := make([]any, len(cts))
	ptrs := make([]any, len(cts))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if len(res.Rows) == maxRows {
			res.Truncated = true
			break
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		row := make(map[string]any, len(vals))
		for i, v := range vals {
			if res.Columns[i].Type == "" && v != nil {
				res.Columns[i].Type = storageClass(v)
			}
			row[res.Columns[i].Name] = convert(kinds[i], v)
		}
		res.Rows = append(res.Rows, row)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	res.RowCount = len(res.Rows)
	return res, nil
}

// valueKind is how a column's values are rendered for JSON.
type valueKind int

const (
	kindAny valueKind = iota
	kindInt
	kindDecimal
	kindFloat
	kindBool
	kindDate
	kindTimestamp
	kindJSON
)

// kindOf maps a lower-case database type name (as drivers report it) to a value kind.
func kindOf(t Type, typ string) valueKind {
	typ = strings.TrimPrefix(typ, "unsigned ")
	switch typ {
	case "int2", "int4", "int8", "oid", "smallint", "integer", "int", "bigint", "tinyint",
		"mediumint", "year", "serial", "bigserial":
		return kindInt
	case "numeric", "decimal":
		return kindDecimal
	case "float4", "float8", "float", "double", "real", "double precision":
		return kindFloat
	case "bool", "boolean":
		return kindBool
	case "date":
		return kindDate
	case "timestamp", "timestamptz", "datetime":
		return kindTimestamp
	case "json", "jsonb":
		return kindJSON
	}
	if t == SQLite {
		// sqlite accepts any declared type; follow its affinity rules
		// (https://sqlite.org/datatype3.html#determination_of_column_affinity).
		switch {
		case strings.Contains(typ, "int"):
			return kindInt
		case strings.Contains(typ, "char"), strings.Contains(typ, "clob"), strings.Contains(typ, "text"):
			return kindAny
		case strings.Contains(typ, "real"), strings.Contains(typ, "floa"), strings.Contains(typ, "doub"):
			return kindFloat
		case strings.Contains(typ, "dec"), strings.Contains(typ, "num"), strings.Contains(typ, "money"):
			return kindDecimal
		}
	}
	return kindAny
}

// storageClass names the sqlite storage class of a value, for columns without a declared type.
func storageClass(v any) string {
	switch v.(type) {
	case int64:
		return "integer"
	case float64:
		return "real"
	case []byte:
		return "blob"
	case time.Time:
		return "timestamp"
	}
	return "text"
}

// convert renders one driver value as its JSON-ready form for a column of kind k.
func convert(k valueKind, v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case []byte:
		if k == kindJSON && json.Valid(x) {
			return json.RawMessage(append([]byte(nil), x...))
		}
		if k == kindAny && !utf8.Valid(x) {
			// Binary data cannot be a JSON string as is.
			return base64.StdEncoding.EncodeToString(x)
		}
		return convert(k, string(x))
	case string:
		return convertString(k, x)
	case int64:
		switch k {
		case kindDecimal:
			return json.Number(strconv.FormatInt(x, 10))
		case kindBool:
			return x != 0
		case kindFloat:
			return float64(x)
		}
		return x
	case uint64:
		if x <= math.MaxInt64 {
			return convert(k, int64(x))
		}
		return json.Number(strconv.FormatUint(x, 10))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			// JSON has no NaN or Infinity.
			return strconv.FormatFloat(x, 'g', -1, 64)
		}
		if k == kindDecimal {
			// sqlite stores DECIMAL as REAL; the shortest round-trip form is what was stored.
			return json.Number(strconv.FormatFloat(x, 'f', -1, 64))
		}
		return x
	case float32:
		return convert(k, float64(x))
	case bool:
		return x
	case time.Time:
		if k == kindDate {
			return x.Format(time.DateOnly)
		}
		return x.UTC().Format(time.RFC3339Nano)
	}
	return fmt.Sprint(v)
}

// convertString parses text the driver did not type (mysql's text protocol, pgx's numeric) by
// the column's kind; what does not parse is kept as the text.
func convertString(k valueKind, s string) any {
	switch k {
	case kindInt:
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n
		}
		if _, err := strconv.ParseUint(s, 10, 64); err == nil {
			return json.Number(s)
		}
	case kindDecimal:
		if isJSONNumber(s) {
			return json.Number(s)
		}
	case kindFloat:
		if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return f
		}
	case kindBool:
		if b, err := strconv.ParseBool(s); err == nil {
			return b
		}
	case kindDate:
		if len(s) >= 10 {
			if _, err := time.Parse(time.DateOnly, s[:10]); err == nil {
				return s[:10]
			}
		}
	case kindJSON:
		if json.Valid([]byte(s)) {
			return json.RawMessage(s)
		}
	}
	return s
}

// isJSONNumber reports whether s is a valid JSON number literal ("NaN" from postgres is not).
func isJSONNumber(s string) bool {
	if s == "" {
		return false
	}
	var n json.Number
	return json.Unmarshal([]byte(s), &n) == nil
}

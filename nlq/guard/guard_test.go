package guard

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

func testSchema() *datasource.Schema {
	col := func(names ...string) []datasource.Column {
		var out []datasource.Column
		for _, n := range names {
			typ := "text"
			if n == "id" {
				typ = "integer"
			}
			out = append(out, datasource.Column{Name: n, Type: typ})
		}
		return out
	}
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "customers", Kind: "table", PrimaryKey: []string{"id"}, Columns: col("id", "name", "email", "country", "created_at", "password_hash")},
		{Name: "orders", Kind: "table", PrimaryKey: []string{"id"}, Columns: col("id", "customer_id", "total", "status", "created_at"),
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}}}},
		{Name: "products", Kind: "table", PrimaryKey: []string{"id"}, Columns: col("id", "name", "price", "cost")},
		{Name: "salaries", Kind: "table", Columns: col("employee", "amount")},
	}}
}

func testPerms() Permissions {
	return Permissions{
		AllowedTables: []string{"customers", "orders", "products"},
		Columns: map[string]ColumnRule{
			"customers": {Denied: []string{"email", "password_hash"}},
			"Products":  {Allowed: []string{"id", "name", "price"}},
		},
	}
}

type want struct {
	table, column, function string // expected rejection details (empty: any rejection)
}

type testCase struct {
	name   string
	sql    string
	reject *want
	// for accepted queries
	sqlContains []string // the executed SQL must contain these
	columns     []string // must be among the referenced columns
}

func ok(name, sql string, columns ...string) testCase {
	return testCase{name: name, sql: sql, columns: columns}
}

func bad(name, sql string) testCase { return testCase{name: name, sql: sql, reject: &want{}} }

func badCol(name, sql, column string) testCase {
	return testCase{name: name, sql: sql, reject: &want{column: column}}
}

func badTable(name, sql, table string) testCase {
	return testCase{name: name, sql: sql, reject: &want{table: table}}
}

func badFunc(name, sql, fn string) testCase {
	return testCase{name: name, sql: sql, reject: &want{function: fn}}
}

func runCases(t *testing.T, dialect datasource.Type, cases []testCase) {
	t.Helper()
	schema, perms := testSchema(), testPerms()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Check(dialect, tc.sql, schema, perms)
			if tc.reject == nil {
				if err != nil {
					t.Fatalf("rejected %q: %v", tc.sql, err)
				}
				for _, s := range tc.sqlContains {
					if !strings.Contains(res.SQL, s) {
						t.Errorf("SQL %q does not contain %q", res.SQL, s)
					}
				}
				for _, c := range tc.columns {
					if !slices.Contains(res.Columns, c) {
						t.Errorf("columns %v do not include %q", res.Columns, c)
					}
				}
				assertPermitted(t, res, perms, schema)
				return
			}
			if err == nil {
				t.Fatalf("accepted %q (result %+v)", tc.sql, res)
			}
			var re *RejectionError
			if !errors.As(err, &re) {
				t.Fatalf("error is not a *RejectionError: %T %v", err, err)
			}
			if tc.reject.column != "" && re.Column != tc.reject.column {
				t.Errorf("rejection column = %q, want %q (%v)", re.Column, tc.reject.column, err)
			}
			if tc.reject.table != "" && re.Table != tc.reject.table {
				t.Errorf("rejection table = %q, want %q (%v)", re.Table, tc.reject.table, err)
			}
			if tc.reject.function != "" && !strings.EqualFold(re.Function, tc.reject.function) {
				t.Errorf("rejection function = %q, want %q (%v)", re.Function, tc.reject.function, err)
			}
		})
	}
}

func assertPermitted(t *testing.T, res *Result, perms Permissions, schema *datasource.Schema) {
	t.Helper()
	for _, tb := range res.Tables {
		if !perms.tableAllowed(tb) {
			t.Errorf("result references table %q that is not allowed", tb)
		}
	}
	for _, c := range res.Columns {
		tb, col, _ := strings.Cut(c, ".")
		if !perms.ColumnAllowed(tb, col, schema) {
			t.Errorf("result references column %q that is not permitted", c)
		}
	}
}

// commonCases hold SQL that means the same in the three dialects.
var commonCases = []testCase{
	ok("simple", "SELECT name, country FROM customers", "customers.name", "customers.country"),
	ok("join group by", "SELECT c.country, COUNT(*) AS n, SUM(o.total) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.country HAVING COUNT(*) > 1 ORDER BY n DESC LIMIT 10",
		"orders.customer_id", "customers.id", "orders.total"),
	ok("count distinct", "SELECT COUNT(DISTINCT customer_id) FROM orders", "orders.customer_id"),
	ok("count star", "SELECT COUNT(*) FROM customers"),
	ok("case", "SELECT CASE WHEN total > 100 THEN 'big' ELSE 'small' END AS size, COUNT(*) FROM orders GROUP BY 1"),
	ok("window", "SELECT customer_id, total, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY total DESC) AS rn, SUM(total) OVER (PARTITION BY customer_id) FROM orders"),
	ok("cte", "WITH big AS (SELECT customer_id, SUM(total) AS spent FROM orders GROUP BY customer_id) SELECT c.name, b.spent FROM big b JOIN customers c ON c.id = b.customer_id ORDER BY b.spent DESC LIMIT 5", "customers.name"),
	ok("union", "SELECT name FROM customers UNION SELECT name FROM products"),
	ok("in subquery", "SELECT name FROM customers WHERE id IN (SELECT customer_id FROM orders WHERE total > 10)"),
	ok("exists", "SELECT name FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id)"),
	ok("scalar subquery", "SELECT name, (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id) AS n FROM customers c"),
	ok("derived", "SELECT s.customer_id, s.spent FROM (SELECT customer_id, SUM(total) AS spent FROM orders GROUP BY customer_id) AS s WHERE s.spent > 100"),
	ok("left join coalesce", "SELECT c.name, COALESCE(SUM(o.total), 0) AS spent FROM customers c LEFT JOIN orders o ON o.customer_id = c.id GROUP BY c.name"),
	ok("limit offset", "SELECT name FROM products ORDER BY price DESC LIMIT 10 OFFSET 5"),
	ok("cast", "SELECT CAST(total AS DECIMAL(10, 2)) FROM orders"),
	ok("trailing semicolon and comment", "SELECT name FROM customers; -- all customers"),
	ok("mixed case keywords", "sElEcT NaMe FrOm CuStOmErS"),
	ok("recursive cte", "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5) SELECT x FROM n"),

	badCol("denied column", "SELECT email FROM customers", "customers.email"),
	badCol("denied column qualified", "SELECT c.email FROM customers c", "customers.email"),
	badCol("denied in where", "SELECT name FROM customers WHERE email LIKE '%@x.com'", "customers.email"),
	badCol("denied in order by", "SELECT name FROM customers ORDER BY password_hash", "customers.password_hash"),
	badCol("denied in having", "SELECT country FROM customers GROUP BY country HAVING MAX(email) > 'a'", "customers.email"),
	badCol("denied in join on", "SELECT o.id FROM orders o JOIN customers c ON c.email = o.status", "customers.email"),
	badCol("denied in nested subquery", "SELECT name FROM customers WHERE id IN (SELECT id FROM (SELECT id, email FROM customers) x WHERE x.email = 'a')", "customers.email"),
	badCol("denied in scalar subquery", "SELECT (SELECT MAX(email) FROM customers) AS m FROM orders", "customers.email"),
	badCol("denied in exists", "SELECT 1 FROM orders WHERE EXISTS (SELECT 1 FROM customers WHERE email = 'x')", "customers.email"),
	badCol("denied in cte body", "WITH x AS (SELECT email FROM customers) SELECT * FROM x", "customers.email"),
	badCol("denied in union arm", "SELECT name FROM products UNION SELECT email FROM customers", "customers.email"),
	badCol("denied in function", "SELECT LOWER(email) FROM customers", "customers.email"),
	badCol("not in allowed list", "SELECT cost FROM products", "products.cost"),
	badCol("denied in window", "SELECT ROW_NUMBER() OVER (ORDER BY email) FROM customers", "customers.email"),
	badCol("denied in case", "SELECT CASE WHEN email IS NULL THEN 1 END FROM customers", "customers.email"),
	badTable("table not allowed", "SELECT amount FROM salaries", "salaries"),
	badTable("union with denied table", "SELECT name FROM customers UNION SELECT employee FROM salaries", "salaries"),
	badTable("denied table in subquery", "SELECT name FROM customers WHERE id IN (SELECT amount FROM salaries)", "salaries"),
	badTable("denied table in cte", "WITH s AS (SELECT * FROM salaries) SELECT name FROM customers", "salaries"),
	bad("unknown table", "SELECT x FROM nope"),
	bad("unknown column", "SELECT nope FROM customers"),
	bad("ambiguous column", "SELECT name FROM customers JOIN products ON 1 = 1"),
	bad("cte shadowing table hides nothing", "WITH customers AS (SELECT id FROM orders) SELECT email FROM customers"),
	bad("multiple statements", "SELECT 1; SELECT 2"),
	bad("comment hiding drop", "SELECT 1; -- \nDROP TABLE customers"),
	bad("drop after select", "SELECT name FROM customers; DROP TABLE customers"),
	bad("block comment trick", "SELECT name FROM customers /* ; */ ; DELETE FROM orders"),
	bad("delete", "DELETE FROM orders"),
	bad("update", "UPDATE orders SET total = 0"),
	bad("insert", "INSERT INTO orders (id) VALUES (1)"),
	bad("drop", "DROP TABLE orders"),
	bad("create", "CREATE TABLE x (a int)"),
	bad("empty", "   "),
	bad("comment only", "-- nothing"),
	bad("garbage", "SELEKT name FROM customers"),
	bad("nul byte hides statement", "SELECT name FROM customers\x00; DROP TABLE customers"),
}

func TestCheckPostgres(t *testing.T) {
	cases := append(slices.Clone(commonCases),
		ok("date_trunc", "SELECT date_trunc('month', created_at) AS m, COUNT(*) FROM orders WHERE created_at >= now() - interval '30 days' GROUP BY 1 ORDER BY 1"),
		ok("extract", "SELECT EXTRACT(YEAR FROM created_at)::int AS y, COUNT(*) FROM orders GROUP BY 1"),
		ok("current_date", "SELECT COUNT(*) FROM orders WHERE created_at::date = CURRENT_DATE"),
		ok("to_char", "SELECT to_char(created_at, 'YYYY-MM') FROM orders"),
		ok("public schema", "SELECT o.total FROM public.orders o", "orders.total"),
		ok("quoted identifiers", `SELECT "c"."name" FROM "customers" AS "c"`, "customers.name"),
		ok("filter percentile", "SELECT COUNT(*) FILTER (WHERE status = 'paid'), percentile_cont(0.5) WITHIN GROUP (ORDER BY total) FROM orders"),
		ok("intersect except", "SELECT customer_id FROM orders INTERSECT SELECT id FROM customers EXCEPT SELECT id FROM products"),
		ok("lateral", "SELECT c.name, l.total FROM customers c, LATERAL (SELECT total FROM orders o WHERE o.customer_id = c.id ORDER BY total DESC LIMIT 1) l"),
		ok("using", "SELECT id, o.total FROM orders o JOIN (SELECT id FROM customers) c USING (id)"),
		ok("distinct on", "SELECT DISTINCT ON (customer_id) customer_id, total FROM orders ORDER BY customer_id, total DESC"),
		ok("values", "SELECT v.a FROM (VALUES (1), (2)) AS v(a)"),
		ok("rollup", "SELECT status, COUNT(*) FROM orders GROUP BY ROLLUP (status)"),
		testCase{name: "star expanded", sql: "SELECT * FROM customers WHERE id = 1",
			sqlContains: []string{`"customers"."name"`, `"customers"."country"`}, columns: []string{"customers.name"}},
		testCase{name: "qualified star expanded", sql: `SELECT o.*, "C" . * FROM orders o JOIN customers "C" ON "C".id = o.customer_id`,
			sqlContains: []string{`o.*, "C"."id", "C"."name"`}},
		testCase{name: "star over allow-listed table", sql: "SELECT * FROM products", sqlContains: []string{`"products"."price"`}},
		testCase{name: "star in exists", sql: "SELECT name FROM customers c WHERE EXISTS (SELECT * FROM customers d WHERE d.id = c.id)"},
		ok("star over unrestricted table", "SELECT * FROM orders"),

		badCol("quoted denied column", `SELECT "customers"."email" FROM "customers"`, "customers.email"),
		badCol("public qualified denied", "SELECT public.customers.email FROM public.customers", ""),
		badCol("using on denied column", "SELECT 1 FROM customers a JOIN customers b USING (email)", "customers.email"),
		badCol("correlated denied", "SELECT (SELECT c.email FROM orders o WHERE o.customer_id = c.id LIMIT 1) FROM customers c", "customers.email"),
		bad("whole row reference", "SELECT row_to_json(c) FROM customers c"),
		bad("whole row star in function", "SELECT to_json(c.*) FROM customers c"),
		bad("composite field", "SELECT (c).email FROM customers c"),
		bad("unicode escaped identifier", `SELECT U&"\0065mail" FROM customers`),
		bad("data-modifying cte", "WITH d AS (DELETE FROM orders RETURNING id) SELECT * FROM d"),
		bad("insert cte", "WITH d AS (INSERT INTO orders (id) VALUES (1) RETURNING id) SELECT id FROM d"),
		bad("select into", "SELECT name INTO new_table FROM customers"),
		bad("for update", "SELECT name FROM customers FOR UPDATE"),
		bad("for share", "SELECT name FROM customers FOR SHARE"),
		bad("other schema", "SELECT name FROM other.customers"),
		badTable("information_schema", "SELECT table_name FROM information_schema.tables", "information_schema.tables"),
		badTable("pg_catalog", "SELECT * FROM pg_catalog.pg_user", "pg_catalog.pg_user"),
		badTable("unqualified catalog", "SELECT usename FROM pg_shadow", "pg_shadow"),
		badFunc("pg_read_file", "SELECT pg_read_file('/etc/passwd')", "pg_read_file"),
		badFunc("pg_read_binary_file", "SELECT pg_read_binary_file('/etc/passwd')", "pg_read_binary_file"),
		badFunc("pg_ls_dir", "SELECT pg_ls_dir('.')", "pg_ls_dir"),
		badFunc("pg_stat_file", "SELECT pg_stat_file('x')", "pg_stat_file"),
		badFunc("lo_import", "SELECT lo_import('/etc/passwd')", "lo_import"),
		badFunc("lo_export", "SELECT lo_export(1, '/tmp/x')", "lo_export"),
		badFunc("dblink", "SELECT * FROM customers WHERE id = (SELECT dblink_exec('host=x', 'DROP TABLE y'))", "dblink_exec"),
		badFunc("pg_sleep", "SELECT pg_sleep(10)", "pg_sleep"),
		badFunc("pg_sleep_for", "SELECT name FROM customers WHERE pg_sleep_for('1 minute') IS NULL", "pg_sleep_for"),
		badFunc("pg_terminate_backend", "SELECT pg_terminate_backend(1)", "pg_terminate_backend"),
		badFunc("pg_cancel_backend", "SELECT pg_cancel_backend(1)", "pg_cancel_backend"),
		badFunc("set_config", "SELECT set_config('statement_timeout', '0', false)", "set_config"),
		badFunc("advisory lock", "SELECT pg_advisory_lock(1)", "pg_advisory_lock"),
		badFunc("txid", "SELECT txid_current()", "txid_current"),
		badFunc("query_to_xml", "SELECT query_to_xml('select * from salaries', true, true, '')", "query_to_xml"),
		badFunc("qualified function", "SELECT public.lower(name) FROM customers", "public.lower"),
		badFunc("unknown function", "SELECT my_udf(name) FROM customers", "my_udf"),
		badFunc("current_user", "SELECT current_user", "current_user"),
		bad("generate_series in from", "SELECT * FROM generate_series(1, 1000000000)"),
		bad("regclass cast", "SELECT 'pg_authid'::regclass"),
		bad("copy", "COPY customers TO '/tmp/x'"),
		bad("set", "SET statement_timeout = 0"),
		bad("explain", "EXPLAIN SELECT 1"),
		bad("natural join", "SELECT name FROM customers NATURAL JOIN products"),
		bad("dollar quoted stacked", "SELECT $$x$$; DROP TABLE customers"),
		bad("cross database", "SELECT name FROM otherdb.public.customers"),
	)
	runCases(t, datasource.Postgres, cases)
}

func TestCheckMySQL(t *testing.T) {
	cases := append(slices.Clone(commonCases),
		ok("date_format", "SELECT DATE_FORMAT(created_at, '%Y-%m') AS m, COUNT(*) FROM orders WHERE created_at >= NOW() - INTERVAL 30 DAY GROUP BY m ORDER BY m"),
		ok("extract year", "SELECT YEAR(created_at), EXTRACT(MONTH FROM created_at), DATE_ADD(created_at, INTERVAL 1 DAY) FROM orders"),
		ok("backticks", "SELECT `c`.`name` FROM `customers` AS `c`", "customers.name"),
		ok("limit comma", "SELECT name FROM products LIMIT 5, 10"),
		ok("if ifnull", "SELECT IF(total > 10, 'a', 'b'), IFNULL(status, '-') FROM orders"),
		ok("group_concat", "SELECT customer_id, GROUP_CONCAT(status ORDER BY status SEPARATOR ',') FROM orders GROUP BY customer_id"),
		ok("hash comment", "SELECT name FROM customers # trailing comment"),
		ok("backslash in string", `SELECT name FROM customers WHERE name = 'a\'b'`),
		testCase{name: "star expanded", sql: "SELECT * FROM customers WHERE id = 1",
			sqlContains: []string{"`customers`.`name`"}, columns: []string{"customers.name"}},
		testCase{name: "qualified star expanded", sql: "SELECT o.*, c.* FROM orders o JOIN customers c ON c.id = o.customer_id",
			sqlContains: []string{"`o`.*", "`c`.`name`"}},
		ok("star over unrestricted table", "SELECT * FROM orders"),

		badCol("backtick denied column", "SELECT `customers`.`email` FROM `customers`", "customers.email"),
		badCol("mixed case denied", "SELECT EMAIL FROM Customers", "customers.email"),
		bad("double quoted identifiers are strings", `SELECT "customers"."email" FROM customers`),
		bad("executable comment", "SELECT name FROM customers /*! UNION SELECT email FROM customers */"),
		bad("versioned executable comment", "SELECT name FROM customers /*!50000 UNION SELECT email FROM customers */"),
		bad("mariadb executable comment", "SELECT name FROM customers /*M! UNION SELECT email FROM customers */"),
		bad("backslash trick", `SELECT name FROM customers WHERE name = 'a\' UNION SELECT email FROM customers -- '`),
		bad("into outfile", "SELECT name FROM customers INTO OUTFILE '/tmp/x'"),
		bad("into dumpfile", "SELECT name FROM customers INTO DUMPFILE '/tmp/x'"),
		bad("into variable", "SELECT name INTO @x FROM customers"),
		bad("for update", "SELECT name FROM customers FOR UPDATE"),
		bad("lock in share mode", "SELECT name FROM customers LOCK IN SHARE MODE"),
		bad("database qualified", "SELECT name FROM shop.customers"),
		badTable("mysql.user", "SELECT user FROM mysql.user", "mysql.user"),
		badTable("information_schema", "SELECT table_name FROM information_schema.tables", "information_schema.tables"),
		badFunc("load_file", "SELECT LOAD_FILE('/etc/passwd')", "LOAD_FILE"),
		badFunc("sleep", "SELECT name FROM customers WHERE SLEEP(10) = 0", "SLEEP"),
		badFunc("benchmark", "SELECT BENCHMARK(100000000, MD5('a'))", "BENCHMARK"),
		badFunc("get_lock", "SELECT GET_LOCK('a', 10)", "GET_LOCK"),
		badFunc("sys_exec", "SELECT sys_exec('id')", "sys_exec"),
		badFunc("version", "SELECT VERSION()", "VERSION"),
		badFunc("database", "SELECT DATABASE()", "DATABASE"),
		bad("system variable", "SELECT @@version"),
		bad("user variable assignment", "SELECT @a := 1"),
		bad("natural join", "SELECT name FROM customers NATURAL JOIN products"),
		bad("load data", "LOAD DATA INFILE '/etc/passwd' INTO TABLE customers"),
		bad("set", "SET GLOBAL max_connections = 1"),
		bad("handler", "HANDLER customers OPEN"),
		bad("call", "CALL proc()"),
	)
	runCases(t, datasource.MySQL, cases)
}

func TestCheckSQLite(t *testing.T) {
	cases := append(slices.Clone(commonCases),
		ok("strftime", "SELECT strftime('%Y-%m', created_at) AS m, COUNT(*) FROM orders WHERE date(created_at) >= date('now', '-30 days') GROUP BY m ORDER BY m"),
		ok("julianday", "SELECT julianday('now') - julianday(created_at) FROM orders"),
		ok("quoted identifiers", `SELECT "c"."name" FROM "customers" AS "c"`, "customers.name"),
		ok("brackets and backticks", "SELECT [c].`name` FROM customers c", "customers.name"),
		ok("main schema", "SELECT total FROM main.orders", "orders.total"),
		ok("iif", "SELECT iif(total > 10, 'a', 'b') FROM orders"),
		ok("star over unrestricted table", "SELECT * FROM orders"),
		ok("count star on restricted table", "SELECT COUNT(*) FROM customers"),

		badCol("quoted denied column", `SELECT "customers"."EMAIL" FROM "CUSTOMERS"`, "customers.email"),
		badCol("bracket denied column", "SELECT [email] FROM customers", "customers.email"),
		bad("star over restricted table", "SELECT * FROM customers"),
		bad("qualified star over restricted table", "SELECT o.id, c.* FROM orders o JOIN customers c ON c.id = o.customer_id"),
		bad("star over allow-listed table", "SELECT * FROM products"),
		ok("rowid is its integer key", "SELECT rowid FROM products", "products.id"),
		badTable("sqlite_master", "SELECT sql FROM sqlite_master", "sqlite_master"),
		bad("sqlite_schema", "SELECT name FROM sqlite_schema"),
		badCol("unused cte reading denied column", "WITH x AS (SELECT email FROM customers), y AS (SELECT 1) SELECT * FROM y", "customers.email"),
		badTable("unused nested cte", "SELECT (WITH z AS (SELECT amount FROM salaries) SELECT 1) AS q", "salaries"),
		bad("pragma function", "SELECT * FROM pragma_table_info('customers')"),
		bad("attach", "ATTACH DATABASE '/tmp/x.db' AS x"),
		bad("pragma", "PRAGMA table_info(customers)"),
		bad("pragma writable", "PRAGMA writable_schema = 1"),
		bad("temp schema", "SELECT * FROM temp.customers"),
		bad("vacuum into", "VACUUM INTO '/tmp/x.db'"),
		bad("explain", "EXPLAIN SELECT 1"),
		bad("with delete", "WITH x AS (SELECT 1) DELETE FROM orders"),
		badFunc("load_extension", "SELECT load_extension('/tmp/evil.so')", "load_extension"),
		badFunc("readfile", "SELECT readfile('/etc/passwd')", "readfile"),
		badFunc("writefile", "SELECT writefile('/tmp/x', 'y')", "writefile"),
		badFunc("fts3_tokenizer", "SELECT fts3_tokenizer('simple')", "fts3_tokenizer"),
		badFunc("sqlite_version", "SELECT sqlite_version()", "sqlite_version"),
		badFunc("randomblob dos", "SELECT zeroblob(1000000000)", "zeroblob"),
	)
	runCases(t, datasource.SQLite, cases)
}

func TestPermissions(t *testing.T) {
	schema, perms := testSchema(), testPerms()
	tests := []struct {
		table, column string
		want          bool
	}{
		{"customers", "name", true},
		{"CUSTOMERS", "Name", true},
		{"customers", "email", false},
		{"customers", "password_hash", false},
		{"orders", "total", true},
		{"products", "price", true},
		{"products", "cost", false},
		{"salaries", "amount", false},
		{"customers", "nope", false},
		{"nope", "x", false},
	}
	for _, tc := range tests {
		if got := perms.ColumnAllowed(tc.table, tc.column, schema); got != tc.want {
			t.Errorf("ColumnAllowed(%q, %q) = %v, want %v", tc.table, tc.column, got, tc.want)
		}
	}
	// Denied beats allowed, and "*" allows everything else.
	p := Permissions{AllowedTables: []string{"*"}, Columns: map[string]ColumnRule{"products": {Allowed: []string{"*"}, Denied: []string{"cost"}}}}
	if !p.ColumnAllowed("products", "price", schema) || p.ColumnAllowed("products", "cost", schema) || !p.ColumnAllowed("salaries", "amount", schema) {
		t.Error("wildcard rules not applied")
	}
	if (Permissions{}).ColumnAllowed("orders", "id", schema) {
		t.Error("empty AllowedTables must allow nothing")
	}
}

func TestFilterSchema(t *testing.T) {
	schema, perms := testSchema(), testPerms()
	schema.Tables[0].Columns[2].SampleValues = []string{"a@example.com"}
	schema.Profile = []datasource.ColumnProfile{
		{Table: "customers", Column: "name", Distinct: 2, Values: []string{"Mia Dubois", "Noah Okafor"}},
		{Table: "customers", Column: "email", Distinct: 2, Values: []string{"mia@example.com", "noah@example.com"}},
		{Table: "salaries", Column: "employee", Values: []string{"Mia Dubois"}},
	}
	f := perms.FilterSchema(schema)
	if len(f.Profile) != 1 || f.Profile[0].Column != "name" || len(f.Profile[0].Values) != 2 {
		t.Errorf("the profile and value index must follow the permitted columns only: %+v", f.Profile)
	}
	var names []string
	for _, tb := range f.Tables {
		for _, c := range tb.Columns {
			names = append(names, tb.Name+"."+c.Name)
		}
	}
	want := []string{"customers.id", "customers.name", "customers.country", "customers.created_at",
		"orders.id", "orders.customer_id", "orders.total", "orders.status", "orders.created_at",
		"products.id", "products.name", "products.price"}
	if !slices.Equal(names, want) {
		t.Errorf("filtered columns = %v, want %v", names, want)
	}
	if len(f.Tables[1].ForeignKeys) != 1 || len(f.Tables[0].PrimaryKey) != 1 {
		t.Errorf("keys between kept columns must survive: %+v", f.Tables)
	}
	// The copy is deep: changing it leaves the original alone.
	f.Tables[0].Columns[0].Name = "changed"
	if schema.Tables[0].Columns[0].Name != "id" {
		t.Error("FilterSchema did not copy")
	}
	if strings.Contains(strings.Join(names, ","), "email") {
		t.Error("denied column leaked")
	}
}

func TestRejectionMessage(t *testing.T) {
	_, err := Check(datasource.Postgres, "SELECT email FROM customers", testSchema(), testPerms())
	if err == nil || err.Error() != `column "customers.email" is not permitted for this agent` {
		t.Fatalf("message = %v", err)
	}
	if _, err := Check("oracle", "SELECT 1", testSchema(), testPerms()); err == nil {
		t.Fatal("unknown dialect accepted")
	}
}

func TestCheckExtraHostile(t *testing.T) {
	runCases(t, datasource.Postgres, []testCase{
		badCol("correlated unqualified denied", "SELECT name FROM customers c WHERE c.id IN (SELECT customer_id FROM orders WHERE email = 'x')", "customers.email"),
		badCol("cte named like allowed table", "WITH orders AS (SELECT id, email FROM customers) SELECT * FROM orders", "customers.email"),
		bad("set operation order by denied", "SELECT name FROM customers UNION SELECT name FROM products ORDER BY email"),
		bad("homoglyph column", "SELECT \"emaіl\" FROM customers"),
		bad("derived alias hides nothing", "SELECT x.email FROM (SELECT * FROM customers) x"),
		bad("join on sees only its operands", "SELECT 1 FROM customers c, orders o JOIN products p ON p.id = c.id"),
		bad("values then drop", "VALUES (1); DROP TABLE customers"),
		badCol("lateral reads denied", "SELECT l.e FROM customers c, LATERAL (SELECT c.email AS e) l", "customers.email"),
		badCol("grouping sets", "SELECT country FROM customers GROUP BY GROUPING SETS ((country), (email))", "customers.email"),
		badCol("filter clause", "SELECT COUNT(*) FILTER (WHERE email LIKE '%x') FROM customers", "customers.email"),
		badCol("within group", "SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY password_hash) FROM customers", "customers.password_hash"),
		badCol("distinct on", "SELECT DISTINCT ON (email) name FROM customers", "customers.email"),
	})
	runCases(t, datasource.MySQL, []testCase{
		badCol("union all arm", "SELECT name FROM customers WHERE id = 1 UNION ALL SELECT email FROM customers", "customers.email"),
		badCol("parenthesised union", "(SELECT name FROM customers) UNION (SELECT email FROM customers)", "customers.email"),
		badCol("in subquery", "SELECT name FROM customers WHERE name IN (SELECT email FROM customers)", "customers.email"),
		badCol("cte", "WITH x AS (SELECT password_hash AS p FROM customers) SELECT p FROM x", "customers.password_hash"),
		bad("comment then statement", "SELECT 1; -- \nDELETE FROM orders"),
	})
	rowidPerms := Permissions{AllowedTables: []string{"customers"}, Columns: map[string]ColumnRule{"customers": {Denied: []string{"id"}}}}
	if _, err := Check(datasource.SQLite, "SELECT rowid FROM customers", testSchema(), rowidPerms); err == nil {
		t.Error("rowid must count as reading the denied integer primary key")
	}
	if _, err := Check(datasource.SQLite, "SELECT COUNT(*) FROM customers", testSchema(), rowidPerms); err != nil {
		t.Errorf("COUNT(*) rejected: %v", err)
	}
}

// TestCheckConcurrent runs checks of every dialect from many goroutines at once, as the API
// server does.
func TestCheckConcurrent(t *testing.T) {
	schema, perms := testSchema(), testPerms()
	done := make(chan error)
	for i := 0; i < 8; i++ {
		go func() {
			var err error
			for j := 0; j < 20 && err == nil; j++ {
				for _, d := range []datasource.Type{datasource.Postgres, datasource.MySQL, datasource.SQLite} {
					if _, e := Check(d, "SELECT c.name, COUNT(*) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.name", schema, perms); e != nil {
						err = e
					}
					if _, e := Check(d, "SELECT email FROM customers", schema, perms); e == nil {
						err = errors.New("denied column accepted")
					}
				}
			}
			done <- err
		}()
	}
	for i := 0; i < 8; i++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	schema, perms := testSchema(), testPerms()
	const q = "SELECT c.country, COUNT(*) AS n, SUM(o.total) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.country ORDER BY n DESC LIMIT 10"
	for _, d := range []datasource.Type{datasource.Postgres, datasource.MySQL, datasource.SQLite} {
		b.Run(string(d), func(b *testing.B) {
			for b.Loop() {
				if _, err := Check(d, q, schema, perms); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package templates

import (
	"errors"
	"reflect"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

func TestPrepareReplacesNamedParametersOutsideLiteralsAndComments(t *testing.T) {
	cases := []struct {
		dialect datasource.Type
		in      string
		want    string
		names   []string
	}{
		{datasource.Postgres, "SELECT * FROM o WHERE region = :region AND total > :min OR region = :region",
			"SELECT * FROM o WHERE region = $1 AND total > $2 OR region = $1", []string{"region", "min"}},
		{datasource.MySQL, "SELECT * FROM o WHERE region = :region AND total > :min OR region = :region",
			"SELECT * FROM o WHERE region = ? AND total > ? OR region = ?", []string{"region", "min", "region"}},
		{datasource.Postgres, "SELECT created_at::date, ':not' AS x, \":ident\" FROM t -- :c\nWHERE a = :a /* :b */",
			"SELECT created_at::date, ':not' AS x, \":ident\" FROM t -- :c\nWHERE a = $1 /* :b */", []string{"a"}},
		{datasource.Postgres, "SELECT $$ :x $$, $tag$ :y $tag$, E'it\\'s :z', 'a''b :w' FROM t WHERE a = :a",
			"SELECT $$ :x $$, $tag$ :y $tag$, E'it\\'s :z', 'a''b :w' FROM t WHERE a = $1", []string{"a"}},
		{datasource.MySQL, "SELECT 'it\\'s :x', `:col`, \"str :y\" FROM t # :c\nWHERE a = :a",
			"SELECT 'it\\'s :x', `:col`, \"str :y\" FROM t # :c\nWHERE a = ?", []string{"a"}},
		{datasource.SQLite, "SELECT [x:y], 'q :z' FROM t WHERE a=:a AND b=:b_2",
			"SELECT [x:y], 'q :z' FROM t WHERE a=? AND b=?", []string{"a", "b_2"}},
		{datasource.Postgres, "SELECT /* outer /* :nested */ :still */ 1 WHERE x = :x",
			"SELECT /* outer /* :nested */ :still */ 1 WHERE x = $1", []string{"x"}},
	}
	for _, tc := range cases {
		p, err := Prepare(tc.dialect, tc.in)
		if err != nil {
			t.Fatalf("%s %q: %v", tc.dialect, tc.in, err)
		}
		if p.SQL != tc.want || !reflect.DeepEqual(p.Names, tc.names) {
			t.Errorf("%s %q:\n got %q %v\nwant %q %v", tc.dialect, tc.in, p.SQL, p.Names, tc.want, tc.names)
		}
	}
	for _, bad := range []string{"SELECT 1 WHERE a = ?", "SELECT 'open", "SELECT 1 /* open"} {
		if _, err := Prepare(datasource.SQLite, bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := Prepare(datasource.Postgres, "SELECT $1"); err == nil {
		t.Error("positional $1 accepted")
	}
}

func TestBindChecksTypesRequiredAndUnknownParameters(t *testing.T) {
	defs, err := ValidateDefinitions([]Parameter{
		{Name: "region", Type: TypeString, Required: true, AllowedValues: []any{"Europe", "Latin America"}},
		{Name: "n", Type: TypeInteger, Default: 10.0},
		{Name: "min", Type: TypeNumber},
		{Name: "since", Type: TypeDate, Default: "2024-01-01"},
		{Name: "paid", Type: TypeBoolean},
	})
	if err != nil {
		t.Fatal(err)
	}
	vals, err := DecodeValues([]byte(`{"region":"Europe","min":12.5,"paid":true}`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Bind(defs, vals)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"region": "Europe", "n": int64(10), "min": 12.5, "since": "2024-01-01", "paid": true}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("bound %v, want %v", got, want)
	}
	bad := []struct {
		body, param string
	}{
		{`{}`, "region"},
		{`{"region":"Asia"}`, "region"},
		{`{"region":"Europe","x":1}`, "x"},
		{`{"region":"Europe","n":"10"}`, "n"},
		{`{"region":"Europe","n":1.5}`, "n"},
		{`{"region":"Europe","min":"1; DROP TABLE orders"}`, "min"},
		{`{"region":"Europe","since":"2024-02-30"}`, "since"},
		{`{"region":"Europe","since":"yesterday"}`, "since"},
		{`{"region":"Europe","paid":"true"}`, "paid"},
		{`{"region":1}`, "region"},
	}
	for _, b := range bad {
		vals, _ := DecodeValues([]byte(b.body))
		_, err := Bind(defs, vals)
		var pe *ParameterError
		if !errors.As(err, &pe) || pe.Parameter != b.param {
			t.Errorf("%s: %v, want an error naming %s", b.body, err, b.param)
		}
	}
	if _, err := ValidateDefinitions([]Parameter{{Name: "1x", Type: TypeString}}); err == nil {
		t.Error("bad name accepted")
	}
	if _, err := ValidateDefinitions([]Parameter{{Name: "x", Type: "uuid"}}); err == nil {
		t.Error("bad type accepted")
	}
	if _, err := ValidateDefinitions([]Parameter{{Name: "x", Type: TypeInteger, Default: "ten"}}); err == nil {
		t.Error("bad default accepted")
	}
}

package datasource

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConfigValidate(t *testing.T) {
	pg := Config{Type: Postgres, Host: "db.example.com", Database: "shop", Username: "reader"}
	tests := []struct {
		name    string
		mutate  func(*Config)
		wantErr string // substring; empty means valid
	}{
		{"valid postgres", func(*Config) {}, ""},
		{"valid mysql with port", func(c *Config) { c.Type, c.Port = MySQL, 3307 }, ""},
		{"valid sqlite", func(c *Config) { *c = Config{Type: SQLite, Path: "tenant/shop.db"} }, ""},
		{"missing type", func(c *Config) { c.Type = "" }, "type is required"},
		{"unknown type", func(c *Config) { c.Type = "oracle" }, "not supported"},
		{"missing host", func(c *Config) { c.Host = " " }, "host is required"},
		{"socket host", func(c *Config) { c.Host = "/var/run/postgresql" }, "not a valid host"},
		{"bad port", func(c *Config) { c.Port = 70000 }, "out of range"},
		{"missing database", func(c *Config) { c.Database = "" }, "database is required"},
		{"missing username", func(c *Config) { c.Username = "" }, "username is required"},
		{"bad ssl mode", func(c *Config) { c.SSLMode = "sometimes" }, "ssl_mode"},
		{"sqlite without path", func(c *Config) { *c = Config{Type: SQLite} }, "path is required"},
		{"sqlite absolute", func(c *Config) { *c = Config{Type: SQLite, Path: "/etc/passwd"} }, "outside"},
		{"sqlite dotdot", func(c *Config) { *c = Config{Type: SQLite, Path: "../other/x.db"} }, "outside"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := pg
			tt.mutate(&c)
			err := c.Validate()
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Validate() = %v, want error containing %q", err, tt.wantErr)
			}
			if !errors.Is(err, ErrInvalidConfig) {
				t.Errorf("error %v does not wrap ErrInvalidConfig", err)
			}
		})
	}
}

func TestFingerprint(t *testing.T) {
	a := Config{Type: Postgres, Host: "h", Database: "d", Username: "u", Password: "p"}
	b := a
	if a.Fingerprint() != b.Fingerprint() {
		t.Fatal("equal configs, different fingerprints")
	}
	b.Port = DefaultPostgresPort
	if a.Fingerprint() != b.Fingerprint() {
		t.Error("the default port written out must not change the fingerprint")
	}
	b.Password = "q"
	if a.Fingerprint() == b.Fingerprint() {
		t.Error("password change must change the fingerprint")
	}
	c := Config{Type: MySQL, Host: "h", Database: "d", Username: "u", Password: "Sup3r-Secret"}
	if strings.Contains(c.Fingerprint(), c.Password) {
		t.Error("fingerprint must not contain the password")
	}
}

func TestResolveSQLitePath(t *testing.T) {
	root := t.TempDir()
	base := filepath.Join(root, "files")
	mustMkdir(t, filepath.Join(base, "tenant"))
	mustWrite(t, filepath.Join(base, "tenant", "shop.db"))
	mustWrite(t, filepath.Join(root, "secret.db")) // outside the folder
	mustMkdir(t, filepath.Join(root, "elsewhere"))
	mustWrite(t, filepath.Join(root, "elsewhere", "x.db"))
	mustSymlink(t, filepath.Join(root, "secret.db"), filepath.Join(base, "link-out.db"))
	mustSymlink(t, filepath.Join(base, "tenant", "shop.db"), filepath.Join(base, "link-in.db"))
	mustSymlink(t, filepath.Join(root, "elsewhere"), filepath.Join(base, "dir-out"))

	tests := []struct {
		path    string
		want    string // expected resolved path relative to base, when ok
		wantErr error
	}{
		{"tenant/shop.db", "tenant/shop.db", nil},
		{"./tenant/../tenant/shop.db", "tenant/shop.db", nil},
		{"link-in.db", "tenant/shop.db", nil},
		{"/etc/passwd", "", ErrPathOutsideDir},
		{filepath.Join(root, "secret.db"), "", ErrPathOutsideDir},
		{"../secret.db", "", ErrPathOutsideDir},
		{"tenant/../../secret.db", "", ErrPathOutsideDir},
		{`..\secret.db`, "", ErrPathOutsideDir},
		{"link-out.db", "", ErrPathOutsideDir},
		{"dir-out/x.db", "", ErrPathOutsideDir},
		{"tenant/missing.db", "", fs.ErrNotExist},
		{"tenant", "", ErrInvalidConfig}, // a folder, not a file
		{"", "", ErrPathOutsideDir},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			got, err := ResolveSQLitePath(base, tt.path)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("ResolveSQLitePath(%q) = %q, %v; want error %v", tt.path, got, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ResolveSQLitePath(%q): %v", tt.path, err)
			}
			realBase, _ := filepath.EvalSymlinks(base)
			if want := filepath.Join(realBase, tt.want); got != want {
				t.Errorf("ResolveSQLitePath(%q) = %q, want %q", tt.path, got, want)
			}
		})
	}
	if _, err := ResolveSQLitePath("", "shop.db"); !errors.Is(err, ErrInvalidConfig) {
		t.Errorf("no base dir: %v, want ErrInvalidConfig", err)
	}
}

func TestPlaceholder(t *testing.T) {
	tests := []struct {
		typ  Type
		n    int
		want string
	}{
		{Postgres, 1, "$1"}, {Postgres, 12, "$12"}, {MySQL, 3, "?"}, {SQLite, 1, "?"},
	}
	for _, tt := range tests {
		if got := Placeholder(tt.typ, tt.n); got != tt.want {
			t.Errorf("Placeholder(%s, %d) = %q, want %q", tt.typ, tt.n, got, tt.want)
		}
	}
	if got := QuoteIdent(MySQL, "a`b"); got != "`a``b`" {
		t.Errorf("QuoteIdent(mysql) = %s", got)
	}
	if got := QuoteIdent(Postgres, `a"b`); got != `"a""b"` {
		t.Errorf("QuoteIdent(postgres) = %s", got)
	}
}

func TestSingleStatement(t *testing.T) {
	tests := []struct {
		sql  string
		want bool
	}{
		{"SELECT 1", true},
		{"SELECT 1;", true},
		{"SELECT 1; -- done\n", true},
		{"SELECT 1; /* done */ ", true},
		{"SELECT ';' AS semi", true},
		{`SELECT "a;b" FROM t`, true},
		{"SELECT [x;y] FROM t", true},
		{"SELECT 'it''s; fine'", true},
		{"SELECT 1 -- ; DROP TABLE t", true},
		{"SELECT 1; SELECT 2", false},
		{"COMMIT; ATTACH 'x.db' AS x; SELECT 1", false},
		{"SELECT 1;;SELECT 2", false},
		{"SELECT 'a'; DELETE FROM t", false},
	}
	for _, tt := range tests {
		if got := singleStatement(tt.sql); got != tt.want {
			t.Errorf("singleStatement(%q) = %v, want %v", tt.sql, got, tt.want)
		}
	}
}

func TestIsReadStatement(t *testing.T) {
	tests := []struct {
		sql  string
		want bool
	}{
		{"SELECT 1", true},
		{"  select 1", true},
		{"WITH x AS (SELECT 1) SELECT * FROM x", true},
		{"(SELECT 1) UNION (SELECT 2)", true},
		{"-- top regions\nSELECT 1", true},
		{"/* c */ VALUES (1)", true},
		{"TABLE regions", true},
		{"INSERT INTO t VALUES (1)", false},
		{"ATTACH 'x.db' AS x", false},
		{"COPY t TO '/tmp/x'", false},
		{"selectx 1", false},
		{"", false},
		{"-- only a comment", false},
	}
	for _, tt := range tests {
		if got := isReadStatement(tt.sql); got != tt.want {
			t.Errorf("isReadStatement(%q) = %v, want %v", tt.sql, got, tt.want)
		}
	}
}

func mustMkdir(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
}

func mustWrite(t *testing.T, p string) {
	t.Helper()
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
}

func TestCapPostgresLimitsOnlyWhatItCanWrapSafely(t *testing.T) {
	cases := []struct{ in, want string }{
		{"SELECT a FROM t ORDER BY a", "SELECT * FROM (\nSELECT a FROM t ORDER BY a\n) AS capped LIMIT 11"},
		{"  WITH x AS (SELECT 1) SELECT * FROM x \n", "SELECT * FROM (\nWITH x AS (SELECT 1) SELECT * FROM x\n) AS capped LIMIT 11"},
		{"SELECT 1; -- trailing", "SELECT 1; -- trailing"},
		{"SELECT 1 /* c */", "SELECT 1 /* c */"},
		{"SELECT 1;", "SELECT 1;"},
	}
	for _, c := range cases {
		if got := capPostgres(c.in, 11); got != c.want {
			t.Errorf("capPostgres(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

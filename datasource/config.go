package datasource

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrPathOutsideDir is returned (wrapped) when a sqlite path is absolute, climbs out of the
// sqlite folder with "..", or is a link that leads outside it. The API maps it to 400: one tenant
// must never read another tenant's files or the service's own database.
var ErrPathOutsideDir = errors.New("path is outside the sqlite data folder")

// ErrInvalidConfig is returned (wrapped) by Config.Validate and by every operation given a
// configuration that cannot work, before anything is dialed.
var ErrInvalidConfig = errors.New("invalid data source configuration")

// Config is how to reach one data source. Host, Port, Database, Username, Password and SSLMode
// apply to postgres and mysql; Path applies to sqlite and is relative to the manager's sqlite
// folder.
type Config struct {
	Type     Type
	Host     string
	Port     int
	Database string
	Username string
	Password string
	// SSLMode uses the postgres vocabulary for both server types: disable, allow, prefer (the
	// default), require, verify-ca, verify-full.
	SSLMode string
	Path    string
	// OrganizationID owns the data source: a sqlite Path is relative to the organization's own
	// folder, <sqlite-dir>/<organization id>/, so one organization can never name another's
	// file. Empty (library use and tests) makes Path relative to the sqlite folder itself.
	OrganizationID string
}

// Default ports used when Config.Port is zero.
const (
	DefaultPostgresPort = 5432
	DefaultMySQLPort    = 3306
)

var sslModes = map[string]bool{
	"": true, "disable": true, "allow": true, "prefer": true,
	"require": true, "verify-ca": true, "verify-full": true,
}

// Validate reports the first problem that makes the configuration unusable, wrapping
// ErrInvalidConfig (and ErrPathOutsideDir for a bad sqlite path). It checks only the shape of the
// configuration; it neither touches the network nor the file system.
func (c Config) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidConfig, fmt.Sprintf(format, args...))
	}
	switch c.Type {
	case Postgres, MySQL:
		if strings.TrimSpace(c.Host) == "" {
			return bad("host is required")
		}
		// A slash would make the drivers use a unix socket on the service's own machine, and a
		// leading dash or whitespace is never a host name.
		// A comma would give pgx a list of hosts.
		if strings.ContainsAny(c.Host, "/\\ \t\r\n?#@,") || strings.HasPrefix(c.Host, "-") {
			return bad("host %q is not a valid host name or address", c.Host)
		}
		if c.Port < 0 || c.Port > 65535 {
			return bad("port %d is out of range (1-65535)", c.Port)
		}
		if strings.TrimSpace(c.Database) == "" {
			return bad("database is required")
		}
		if strings.TrimSpace(c.Username) == "" {
			return bad("username is required")
		}
		if !sslModes[strings.ToLower(c.SSLMode)] {
			return bad("ssl_mode %q is not one of disable, allow, prefer, require, verify-ca, verify-full", c.SSLMode)
		}
	case SQLite:
		if strings.TrimSpace(c.Path) == "" {
			return bad("path is required for sqlite")
		}
		if err := checkLocalPath(c.Path); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalidConfig, err)
		}
	case "":
		return bad("type is required (postgres, mysql or sqlite)")
	default:
		return bad("type %q is not supported (postgres, mysql or sqlite)", c.Type)
	}
	return nil
}

// port returns the configured port or the type's default.
func (c Config) port() int {
	if c.Port != 0 {
		return c.Port
	}
	if c.Type == MySQL {
		return DefaultMySQLPort
	}
	return DefaultPostgresPort
}

// Fingerprint identifies everything that changes where and how the pool connects, so the
// manager reopens a pool after an edit. It is a hash: the password must not sit in memory maps
// or logs in clear beyond the Config itself.
func (c Config) Fingerprint() string {
	h := sha256.New()
	for _, f := range []string{
		string(c.Type), c.Host, strconv.Itoa(c.port()), c.Database, c.Username, c.Password,
		strings.ToLower(c.SSLMode), c.Path, c.OrganizationID,
	} {
		// Length-prefix each field so ("ab","c") and ("a","bc") differ.
		fmt.Fprintf(h, "%d:%s;", len(f), f)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// checkLocalPath is the lexical half of ResolveSQLitePath: no absolute paths, no climbing out
// with "..". Backslashes are refused too so a Windows-style path cannot sneak past on any OS.
func checkLocalPath(p string) error {
	if strings.ContainsRune(p, '\\') || strings.ContainsRune(p, 0) || !filepath.IsLocal(p) {
		return fmt.Errorf("%w: %q must be a relative path inside the folder", ErrPathOutsideDir, p)
	}
	return nil
}

// SQLiteFolder is the folder an organization's sqlite data sources live in:
// <baseDir>/<orgID>/, or baseDir itself when orgID is empty.
func SQLiteFolder(baseDir, orgID string) (string, error) {
	if baseDir == "" {
		return "", fmt.Errorf("%w: sqlite data sources are not enabled (no sqlite folder configured)", ErrInvalidConfig)
	}
	if orgID == "" {
		return baseDir, nil
	}
	if strings.ContainsAny(orgID, "/\\.\x00") || !filepath.IsLocal(orgID) {
		return "", fmt.Errorf("%w: organization id %q cannot name a folder", ErrInvalidConfig, orgID)
	}
	return filepath.Join(baseDir, orgID), nil
}

// ResolveSQLitePath turns a data source's relative sqlite path into the absolute path of an
// existing regular file inside baseDir. It rejects absolute paths, ".." escapes and symbolic
// links (of the file or any folder on the way) that lead outside baseDir, with an error wrapping
// ErrPathOutsideDir; a missing file wraps fs.ErrNotExist. The returned path has every link
// resolved, so opening it cannot be redirected by the links that were checked.
func ResolveSQLitePath(baseDir, p string) (string, error) {
	if baseDir == "" {
		return "", fmt.Errorf("%w: sqlite data sources are not enabled (no sqlite folder configured)", ErrInvalidConfig)
	}
	if err := checkLocalPath(p); err != nil {
		return "", err
	}
	base, err := filepath.Abs(baseDir)
	if err != nil {
		return "", fmt.Errorf("sqlite folder: %w", err)
	}
	base, err = filepath.EvalSymlinks(base)
	if err != nil {
		return "", fmt.Errorf("sqlite folder: %w", err)
	}
	real, err := filepath.EvalSymlinks(filepath.Join(base, p))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("sqlite file %q does not exist: %w", p, fs.ErrNotExist)
		}
		return "", fmt.Errorf("sqlite file %q: %w", p, err)
	}
	rel, err := filepath.Rel(base, real)
	if err != nil || !filepath.IsLocal(rel) {
		return "", fmt.Errorf("%w: %q links outside the folder", ErrPathOutsideDir, p)
	}
	st, err := os.Stat(real)
	if err != nil {
		return "", fmt.Errorf("sqlite file %q: %w", p, err)
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%w: sqlite path %q is not a regular file", ErrInvalidConfig, p)
	}
	return real, nil
}

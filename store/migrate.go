package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrate applies every pending versioned migration. On Postgres a session advisory lock makes
// concurrent starts (several api and worker processes) wait for one another.
func (s *Store) Migrate(ctx context.Context, log *slog.Logger) error {
	p, err := s.migrator()
	if err != nil {
		return err
	}
	results, err := p.Up(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, r := range results {
		log.Info("migration applied", "version", r.Source.Version, "file", r.Source.Path, "duration", r.Duration)
	}
	return nil
}

// MigrationStatus reports the current and the latest known schema versions.
func (s *Store) MigrationStatus(ctx context.Context) (current, latest int64, err error) {
	p, err := s.migrator()
	if err != nil {
		return 0, 0, err
	}
	current, err = p.GetDBVersion(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("migration status: %w", err)
	}
	srcs := p.ListSources()
	if len(srcs) > 0 {
		latest = srcs[len(srcs)-1].Version
	}
	return current, latest, nil
}

// MigrateDown rolls back the newest migration (operators and tests).
func (s *Store) MigrateDown(ctx context.Context) error {
	p, err := s.migrator()
	if err != nil {
		return err
	}
	if _, err := p.Down(ctx); err != nil {
		return fmt.Errorf("migrate down: %w", err)
	}
	return nil
}

func (s *Store) migrator() (*goose.Provider, error) {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if s.dialect == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, fmt.Errorf("migrations: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, s.SQL(), sub, opts...)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	return p, nil
}

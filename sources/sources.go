// Package sources manages the organization's data sources: turning stored rows into connection
// configurations, connection tests with their events, and schema refreshes.
package sources

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/secretbox"
	"github.com/analytics-agent/service/store"
)

// RefreshCommand is the command name of a schema refresh, run by the schema worker.
const RefreshCommand = "datasource.refresh"

// RefreshRequest is the data of a refresh command.
type RefreshRequest struct {
	DataSourceID string `json:"data_source_id"`
	// Generation is the data source's refresh generation this request started; 0 in commands
	// queued before generations existed.
	Generation int64 `json:"generation,omitempty"`
}

// Schema refresh states.
const (
	SchemaNone    = "none"
	SchemaPending = "pending"
	SchemaReady   = "ready"
	SchemaFailed  = "failed"
)

// Defaults of Options.
const (
	DefaultRefreshTimeout     = 2 * time.Minute
	DefaultMaxRefreshesPerOrg = 2
	refreshLeaseMargin        = 30 * time.Second
	// ReasonBusy is the schema error reason of a refresh that never found a free slot.
	ReasonBusy           = "busy"
	busyMessage          = "too many schema refreshes of this organization are running; try again later"
	refreshFailedMessage = "reading the schema failed: the server refused a catalog query (check the user's privileges)"
)

// ErrRefreshBusy means the organization already runs its maximum of concurrent refreshes; the
// caller tries again later.
var ErrRefreshBusy = errors.New("too many schema refreshes in progress for the organization")

// Options bound schema refreshes. Zero values pick the defaults.
type Options struct {
	// RefreshTimeout bounds one refresh: connect, catalog, counts and samples
	// (ANALYTICS_SCHEMA_REFRESH_TIMEOUT).
	RefreshTimeout time.Duration
	// MaxRefreshesPerOrg caps the refreshes one organization runs at once, across every
	// process (ANALYTICS_SCHEMA_REFRESH_PER_ORG), so one tenant's hung servers cannot occupy
	// every schema worker.
	MaxRefreshesPerOrg int
	// Log receives the service's debug records (superseded refreshes); nil discards them.
	Log *slog.Logger
}

// Service ties the store, the connector manager and the keys together.
type Service struct {
	st   *store.Store
	dbs  *datasource.Manager
	keys *secretbox.Keys
	opts Options
}

// NewService builds the data source service.
func NewService(st *store.Store, dbs *datasource.Manager, keys *secretbox.Keys, opts Options) *Service {
	if opts.RefreshTimeout <= 0 {
		opts.RefreshTimeout = DefaultRefreshTimeout
	}
	if opts.MaxRefreshesPerOrg <= 0 {
		opts.MaxRefreshesPerOrg = DefaultMaxRefreshesPerOrg
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	return &Service{st: st, dbs: dbs, keys: keys, opts: opts}
}

// RefreshTimeout is the deadline of one schema refresh.
func (s *Service) RefreshTimeout() time.Duration { return s.opts.RefreshTimeout }

// Manager is the connector manager (pools per data source).
func (s *Service) Manager() *datasource.Manager { return s.dbs }

// Config decrypts a stored data source into a connection configuration.
func (s *Service) Config(d *store.DataSource) (datasource.Config, error) {
	pw := ""
	if d.PasswordEnc != "" {
		var err error
		if pw, err = s.keys.Decrypt(d.PasswordEnc); err != nil {
			return datasource.Config{}, fmt.Errorf("decrypt data source password: %w", err)
		}
	}
	return datasource.Config{Type: datasource.Type(d.Type), Host: d.Host, Port: d.Port, Database: d.DatabaseName,
		Username: d.Username, Password: pw, SSLMode: d.SSLMode, Path: d.Path, OrganizationID: d.OrganizationID}, nil
}

// Schema decodes the stored schema (nil when never refreshed).
func Schema(d *store.DataSource) (*datasource.Schema, error) {
	if d.SchemaJSON == "" {
		return nil, nil
	}
	var sc datasource.Schema
	if err := json.Unmarshal([]byte(d.SchemaJSON), &sc); err != nil {
		return nil, fmt.Errorf("decode stored schema: %w", err)
	}
	return &sc, nil
}

// ConnectedData is the data of data_source.connected.
type ConnectedData struct {
	DataSourceID  string `json:"data_source_id"`
	Name          string `json:"name"`
	Type          string `json:"type"`
	LatencyMS     int64  `json:"latency_ms"`
	ServerVersion string `json:"server_version"`
}

// FailedData is the data of data_source.failed.
type FailedData struct {
	DataSourceID string `json:"data_source_id"`
	Name         string `json:"name"`
	Type         string `json:"type"`
	Reason       string `json:"reason"`
	Error        string `json:"error"`
}

// Test connects to the data source (5 s at most), records the outcome and fires
// data_source.connected or data_source.failed in the same transaction.
func (s *Service) Test(ctx context.Context, d *store.DataSource) (datasource.TestResult, error) {
	cfg, err := s.Config(d)
	if err != nil {
		return datasource.TestResult{}, err
	}
	res := s.dbs.Test(ctx, cfg)
	now := time.Now().UTC()
	fields := map[string]any{"last_tested_at": now}
	var ev store.OutboxMessage
	if res.Success {
		fields["status"], fields["last_error"] = store.StatusConnected, ""
		ev, err = events.NewEvent(d.OrganizationID, events.DataSourceConnected, ConnectedData{
			DataSourceID: d.ID, Name: d.Name, Type: d.Type, LatencyMS: res.LatencyMS, ServerVersion: res.ServerVersion})
	} else {
		fields["status"], fields["last_error"] = store.StatusFailed, res.Error
		ev, err = events.NewEvent(d.OrganizationID, events.DataSourceFailed, FailedData{
			DataSourceID: d.ID, Name: d.Name, Type: d.Type, Reason: res.Reason, Error: res.Error})
	}
	if err != nil {
		return res, err
	}
	err = s.st.Tx(ctx, func(tx *store.Store) error {
		if err := tx.UpdateDataSource(ctx, d.OrganizationID, d.ID, fields); err != nil {
			return err
		}
		return tx.Emit(ctx, ev)
	})
	return res, err
}

// RequestRefresh marks the schema pending, starts a new refresh generation and queues the
// refresh command, in the transaction tx. A refresh already running records nothing when it
// ends: the one this request queues decides the schema and its status.
func (s *Service) RequestRefresh(ctx context.Context, tx *store.Store, orgID, dsID string) error {
	gen, err := tx.BumpSchemaRefresh(ctx, orgID, dsID, map[string]any{"schema_status": SchemaPending, "schema_error": ""})
	if err != nil {
		return err
	}
	cmd, err := events.NewCommand(orgID, RefreshCommand, RefreshRequest{DataSourceID: dsID, Generation: gen})
	if err != nil {
		return err
	}
	return tx.Emit(ctx, cmd)
}

// Refresh introspects the data source and stores its schema with the refresh time. It runs
// within the refresh timeout and only when the organization has a refresh slot free
// (ErrRefreshBusy otherwise). Failures, a timeout included, are recorded on the data source
// (schema_status failed, schema_error "<reason>: <message>") rather than retried; only the
// cancellation of ctx (shutdown) is returned, so that the command runs again elsewhere.
//
// The outcome is recorded only if no refresh was requested and the connection settings did not
// change since the refresh read them (the data source's refresh generation still is the one it
// started from); otherwise a newer refresh decides, and this one's outcome is dropped.
func (s *Service) Refresh(ctx context.Context, orgID, dsID string) error {
	d, err := s.st.DataSource(ctx, orgID, dsID)
	if err != nil {
		return err
	}
	gen := d.SchemaRefreshGeneration
	cfg, err := s.Config(d)
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	leaseUntil := now.Add(s.opts.RefreshTimeout + refreshLeaseMargin)
	ok, err := s.st.ClaimSchemaRefresh(ctx, orgID, dsID, s.opts.MaxRefreshesPerOrg, now, leaseUntil)
	if err != nil {
		return err
	}
	if !ok {
		return ErrRefreshBusy
	}
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = s.st.ReleaseSchemaRefresh(rctx, orgID, dsID, leaseUntil)
	}()

	rctx, cancel := context.WithTimeout(ctx, s.opts.RefreshTimeout)
	defer cancel()
	sc, err := s.dbs.Introspect(rctx, d.ID, cfg)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("schema refresh of %s: %w", dsID, ctx.Err())
		}
		// Only our own sentences reach the tenant: a connection failure's fixed message or the
		// configuration problem, never a driver's or remote server's text.
		reason, msg := datasource.Reason(err), refreshFailedMessage
		var ce *datasource.ConnectError
		switch {
		case errors.Is(rctx.Err(), context.DeadlineExceeded):
			reason, msg = datasource.ReasonTimeout, fmt.Sprintf("schema refresh did not finish within %s", s.opts.RefreshTimeout)
		case errors.As(err, &ce):
			msg = ce.Message
		case reason == datasource.ReasonTimeout:
			msg = "a catalog query timed out"
		case reason == datasource.ReasonInvalidConfig:
			msg = err.Error()
		}
		return s.record(ctx, orgID, dsID, gen, failed(reason, msg))
	}
	now = time.Now().UTC()
	sc.RefreshedAt = now
	raw, err := json.Marshal(sc)
	if err != nil {
		return fmt.Errorf("encode schema: %w", err)
	}
	return s.record(ctx, orgID, dsID, gen, map[string]any{
		"schema_json": string(raw), "schema_status": SchemaReady, "schema_error": "",
		"schema_refreshed_at": now, "table_count": len(sc.Tables),
	})
}

// FailRefresh records the failure of the refresh that req queued, with its reason code and a
// message for people, unless a newer refresh was requested since (then it records nothing). A
// request without a generation (queued before generations existed) is recorded regardless.
func (s *Service) FailRefresh(ctx context.Context, orgID string, req RefreshRequest, reason, msg string) error {
	if req.Generation == 0 {
		return s.st.UpdateDataSource(ctx, orgID, req.DataSourceID, failed(reason, msg))
	}
	return s.record(ctx, orgID, req.DataSourceID, req.Generation, failed(reason, msg))
}

// failed is the columns of a failed refresh.
func failed(reason, msg string) map[string]any {
	if reason == ReasonBusy && msg == "" {
		msg = busyMessage
	}
	return map[string]any{"schema_status": SchemaFailed, "schema_error": reason + ": " + msg}
}

// record writes a refresh's outcome if the data source is still at refresh generation gen,
// and drops it otherwise: a newer request or a configuration change superseded the refresh.
func (s *Service) record(ctx context.Context, orgID, dsID string, gen int64, fields map[string]any) error {
	ok, err := s.st.RecordSchemaRefresh(ctx, orgID, dsID, gen, fields)
	if err != nil {
		return err
	}
	if !ok {
		s.opts.Log.DebugContext(ctx, "superseded schema refresh dropped", "organization_id", orgID, "data_source_id", dsID,
			"generation", gen, "schema_status", fields["schema_status"])
	}
	return nil
}

// SplitSchemaError splits a stored schema_error into its reason code and message.
func SplitSchemaError(stored string) (reason, msg string) {
	if r, m, ok := strings.Cut(stored, ": "); ok && r != "" && !strings.ContainsAny(r, " .") {
		return r, m
	}
	return datasource.ReasonOther, stored
}

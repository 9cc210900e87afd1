// Package sources manages the organization's data sources: turning stored rows into connection
// configurations, connection tests with their events, and schema refreshes.
package sources

import (
	"context"
	"encoding/json"
	"fmt"
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
}

// Schema refresh states.
const (
	SchemaNone    = "none"
	SchemaPending = "pending"
	SchemaReady   = "ready"
	SchemaFailed  = "failed"
)

// Service ties the store, the connector manager and the keys together.
type Service struct {
	st   *store.Store
	dbs  *datasource.Manager
	keys *secretbox.Keys
}

// NewService builds the data source service.
func NewService(st *store.Store, dbs *datasource.Manager, keys *secretbox.Keys) *Service {
	return &Service{st: st, dbs: dbs, keys: keys}
}

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
		Username: d.Username, Password: pw, SSLMode: d.SSLMode, Path: d.Path}, nil
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

// RequestRefresh marks the schema pending and queues the refresh command, in one transaction.
func (s *Service) RequestRefresh(ctx context.Context, tx *store.Store, orgID, dsID string) error {
	cmd, err := events.NewCommand(orgID, RefreshCommand, RefreshRequest{DataSourceID: dsID})
	if err != nil {
		return err
	}
	if err := tx.UpdateDataSource(ctx, orgID, dsID, map[string]any{"schema_status": SchemaPending, "schema_error": ""}); err != nil {
		return err
	}
	return tx.Emit(ctx, cmd)
}

// Refresh introspects the data source and stores its schema with the refresh time. Failures are
// recorded on the data source (schema_status failed, schema_error) rather than retried forever.
func (s *Service) Refresh(ctx context.Context, orgID, dsID string) error {
	d, err := s.st.DataSource(ctx, orgID, dsID)
	if err != nil {
		return err
	}
	cfg, err := s.Config(d)
	if err != nil {
		return err
	}
	sc, err := s.dbs.Introspect(ctx, d.ID, cfg)
	if err != nil {
		return s.st.UpdateDataSource(ctx, orgID, dsID, map[string]any{"schema_status": SchemaFailed, "schema_error": err.Error()})
	}
	now := time.Now().UTC()
	sc.RefreshedAt = now
	raw, err := json.Marshal(sc)
	if err != nil {
		return fmt.Errorf("encode schema: %w", err)
	}
	return s.st.UpdateDataSource(ctx, orgID, dsID, map[string]any{
		"schema_json": string(raw), "schema_status": SchemaReady, "schema_error": "",
		"schema_refreshed_at": now, "table_count": len(sc.Tables),
	})
}

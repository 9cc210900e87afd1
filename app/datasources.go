package app

import (
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/netguard"
	"github.com/analytics-agent/service/secretbox"
	"github.com/analytics-agent/service/sources"
)

// newSources wires the data source service: connections dial through a guard that refuses
// private addresses unless allowed and the service's own store and broker always, and sqlite
// sources can never open the embedded store's file.
func (a *App) newSources(keys *secretbox.Keys) *sources.Service {
	var reservedFiles []string
	if a.Cfg.DatabaseURL == "" {
		reservedFiles = append(reservedFiles, a.Cfg.SQLitePath())
	}
	dbs := datasource.NewManager(datasource.ManagerOptions{
		SQLiteDir:     a.Cfg.SQLiteDir,
		Guard:         netguard.New(a.Cfg.DataSourceAllowPrivate, a.reservedEndpoints()...),
		ReservedFiles: reservedFiles,
	})
	return sources.NewService(a.Store, dbs, keys, sources.Options{
		RefreshTimeout: a.Cfg.SchemaRefreshTimeout, MaxRefreshesPerOrg: a.Cfg.SchemaRefreshPerOrg, Log: a.Log})
}

// reservedEndpoints are the service's own store (host, port and database of DATABASE_URL,
// every fallback host included) and the broker's client ports (the embedded server's listen
// address and every NATS_URL server), which no tenant connection may reach.
func (a *App) reservedEndpoints() []netguard.Endpoint {
	var out []netguard.Endpoint
	if a.Cfg.DatabaseURL != "" {
		if pc, err := pgconn.ParseConfig(a.Cfg.DatabaseURL); err == nil {
			add := func(host string, port uint16) {
				if host != "" && !strings.HasPrefix(host, "/") {
					out = append(out, netguard.Endpoint{Host: host, Port: int(port), Database: pc.Database})
				}
			}
			add(pc.Host, pc.Port)
			for _, fb := range pc.Fallbacks {
				add(fb.Host, fb.Port)
			}
		}
	}
	natsURLs := []string{a.NATSURL, a.Cfg.NATSURL}
	for _, list := range natsURLs {
		for _, part := range strings.Split(list, ",") {
			u, err := url.Parse(strings.TrimSpace(part))
			if err != nil || u.Host == "" {
				continue
			}
			if ep, err := netguard.ParseHostPort(u.Host, 4222, ""); err == nil {
				out = append(out, ep)
			}
		}
	}
	if a.Cfg.NATSURL == "" && a.Cfg.NATSListen != "" {
		if ep, err := netguard.ParseHostPort(a.Cfg.NATSListen, 4222, ""); err == nil && ep.Port != 0 {
			out = append(out, ep)
		}
	}
	return out
}

package api

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/netguard"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
)

type dataSourceHandlers struct {
	st        *store.Store
	svc       *sources.Service
	keys      encrypter
	sqliteDir string
	billing   *billing.Service
}

// encrypter seals secrets at rest.
type encrypter interface {
	Encrypt(plaintext string) (string, error)
}

func registerDataSources(authed *gin.RouterGroup, h *dataSourceHandlers) {
	g := authed.Group("/data-sources", requireRole("admin"))
	g.GET("", wrap(h.list))
	g.POST("", wrap(h.create))
	g.GET("/:ds_id", wrap(h.get))
	g.PATCH("/:ds_id", wrap(h.update))
	g.DELETE("/:ds_id", wrap(h.delete))
	g.POST("/:ds_id/test", wrap(h.test))
	g.POST("/:ds_id/refresh-schema", wrap(h.refresh))
	g.GET("/:ds_id/schema", wrap(h.schema))
}

func dataSourceBody(d *store.DataSource) gin.H {
	return gin.H{
		"id": d.ID, "name": d.Name, "type": d.Type, "host": d.Host, "port": d.Port, "database": d.DatabaseName,
		"username": d.Username, "ssl_mode": d.SSLMode, "path": d.Path, "status": d.Status,
		"last_tested_at": tsPtr(d.LastTestedAt), "last_error": d.LastError,
		"schema_status": d.SchemaStatus, "schema_error": d.SchemaError,
		"schema_refreshed_at": tsPtr(d.SchemaRefreshedAt), "table_count": d.TableCount,
		"created_at": ts(d.CreatedAt), "updated_at": ts(d.UpdatedAt),
	}
}

// dataSourceInput is the body of create and update; pointers tell "absent" from "empty".
type dataSourceInput struct {
	Name     *string `json:"name" limit:"200"`
	Type     *string `json:"type" limit:"20"`
	Host     *string `json:"host" limit:"255"`
	Port     *int    `json:"port"`
	Database *string `json:"database" limit:"255"`
	Username *string `json:"username" limit:"255"`
	Password *string `json:"password" limit:"1000"`
	SSLMode  *string `json:"ssl_mode" limit:"20"`
	Path     *string `json:"path" limit:"1024"`
}

func (in *dataSourceInput) apply(d *store.DataSource) {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = strings.TrimSpace(*v)
		}
	}
	set(&d.Name, in.Name)
	set(&d.Type, in.Type)
	set(&d.Host, in.Host)
	set(&d.DatabaseName, in.Database)
	set(&d.Username, in.Username)
	set(&d.SSLMode, in.SSLMode)
	set(&d.Path, in.Path)
	if in.Port != nil {
		d.Port = *in.Port
	}
}

// validate checks a data source's configuration; the password is checked by the connection test.
func (h *dataSourceHandlers) validate(ctx context.Context, d *store.DataSource) error {
	if d.Name == "" {
		return invalidField("name", "field \"name\" is required")
	}
	switch datasource.Type(d.Type) {
	case datasource.Postgres, datasource.MySQL, datasource.SQLite:
	default:
		return invalidField("type", "type must be postgres, mysql or sqlite")
	}
	cfg := datasource.Config{Type: datasource.Type(d.Type), Host: d.Host, Port: d.Port, Database: d.DatabaseName,
		Username: d.Username, SSLMode: d.SSLMode, Path: d.Path, OrganizationID: d.OrganizationID}
	if err := cfg.Validate(); err != nil {
		return invalidField(configField(d, err), "%s", err)
	}
	err := h.svc.Manager().Check(ctx, cfg)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, netguard.ErrBlocked):
		return invalidField("host", "host %q is not an allowed destination: loopback, private, link-local and internal addresses are refused", d.Host)
	case errors.Is(err, fs.ErrNotExist):
		return invalidField("path", "sqlite file %q does not exist in the organization's sqlite folder", d.Path)
	case errors.Is(err, datasource.ErrPathOutsideDir):
		return invalidField("path", "path %q must name a file inside the organization's sqlite folder", d.Path)
	case errors.Is(err, datasource.ErrInvalidConfig):
		return invalidField(configField(d, err), "%s", err)
	}
	// A file system error would name folders of the service's machine.
	return invalidField("path", "sqlite file %q cannot be opened", d.Path)
}

// configField guesses which field a configuration error is about, for details.field.
func configField(d *store.DataSource, err error) string {
	msg := strings.ToLower(err.Error())
	for _, f := range []string{"path", "host", "port", "database", "username", "ssl_mode", "sslmode"} {
		if strings.Contains(msg, f) {
			if f == "sslmode" {
				return "ssl_mode"
			}
			return f
		}
	}
	if datasource.Type(d.Type) == datasource.SQLite {
		return "path"
	}
	return "body"
}

func (h *dataSourceHandlers) create(c *gin.Context) error {
	var in dataSourceInput
	if err := bind(c, &in); err != nil {
		return err
	}
	p := principal(c)
	now := time.Now().UTC()
	d := &store.DataSource{ID: ids.New(ids.DataSource), OrganizationID: p.OrgID(), Status: store.StatusUntested,
		SchemaStatus: sources.SchemaNone, CreatedAt: now, UpdatedAt: now}
	in.apply(d)
	if err := h.validate(c.Request.Context(), d); err != nil {
		return err
	}
	if in.Password != nil && *in.Password != "" {
		enc, err := h.keys.Encrypt(*in.Password)
		if err != nil {
			return err
		}
		d.PasswordEnc = enc
	}
	// A new source gets its schema loaded at once: agents need it to choose tables.
	err := h.st.Tx(c.Request.Context(), func(tx *store.Store) error {
		if err := h.billing.CheckQuota(c.Request.Context(), tx, d.OrganizationID, billing.QuotaDataSources); err != nil {
			return err
		}
		if err := tx.CreateDataSource(c.Request.Context(), d); err != nil {
			return err
		}
		return h.svc.RequestRefresh(c.Request.Context(), tx, d.OrganizationID, d.ID)
	})
	if err != nil {
		return err
	}
	d.SchemaStatus = sources.SchemaPending
	c.JSON(http.StatusCreated, dataSourceBody(d))
	return nil
}

func (h *dataSourceHandlers) load(c *gin.Context) (*store.DataSource, error) {
	id := c.Param("ds_id")
	d, err := h.st.DataSource(c.Request.Context(), principal(c).OrgID(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFound("data source", id)
	}
	return d, err
}

func (h *dataSourceHandlers) list(c *gin.Context) error {
	limit, offset, err := paging(c)
	if err != nil {
		return err
	}
	list, total, err := h.st.DataSources(c.Request.Context(), principal(c).OrgID(), limit, offset)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for i := range list {
		out = append(out, dataSourceBody(&list[i]))
	}
	c.JSON(http.StatusOK, gin.H{"data_sources": out, "total": total, "limit": limit, "offset": offset})
	return nil
}

func (h *dataSourceHandlers) get(c *gin.Context) error {
	d, err := h.load(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, dataSourceBody(d))
	return nil
}

func (h *dataSourceHandlers) update(c *gin.Context) error {
	d, err := h.load(c)
	if err != nil {
		return err
	}
	var in dataSourceInput
	if err := bind(c, &in); err != nil {
		return err
	}
	before := *d
	in.apply(d)
	if err := h.validate(c.Request.Context(), d); err != nil {
		return err
	}
	fields := map[string]any{"name": d.Name, "type": d.Type, "host": d.Host, "port": d.Port, "database_name": d.DatabaseName,
		"username": d.Username, "ssl_mode": d.SSLMode, "path": d.Path}
	if in.Password != nil {
		enc := ""
		if *in.Password != "" {
			if enc, err = h.keys.Encrypt(*in.Password); err != nil {
				return err
			}
		}
		fields["password_enc"] = enc
	}
	connChanged := in.Password != nil || before.Type != d.Type || before.Host != d.Host || before.Port != d.Port ||
		before.DatabaseName != d.DatabaseName || before.Username != d.Username || before.SSLMode != d.SSLMode || before.Path != d.Path
	if connChanged {
		fields["status"] = store.StatusUntested
	}
	err = h.st.Tx(c.Request.Context(), func(tx *store.Store) error {
		if err := tx.UpdateDataSource(c.Request.Context(), d.OrganizationID, d.ID, fields); err != nil {
			return err
		}
		if !connChanged {
			return nil
		}
		// The stored schema is the old database's: load the new one, and let no refresh that
		// read the old settings record its result after this one.
		return h.svc.RequestRefresh(c.Request.Context(), tx, d.OrganizationID, d.ID)
	})
	if err != nil {
		return err
	}
	if connChanged {
		// Pools dialled with the old settings must not serve another query.
		h.svc.Manager().Close(d.ID)
	}
	d, err = h.st.DataSource(c.Request.Context(), d.OrganizationID, d.ID)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, dataSourceBody(d))
	return nil
}

func (h *dataSourceHandlers) delete(c *gin.Context) error {
	d, err := h.load(c)
	if err != nil {
		return err
	}
	users, err := h.st.AgentsUsingDataSource(c.Request.Context(), d.OrganizationID, d.ID)
	if err != nil {
		return err
	}
	if len(users) > 0 {
		return Errorf(http.StatusConflict, "conflict", "data source %s is used by %d agent(s); change or delete them first", d.ID, len(users)).
			With("agent_ids", users)
	}
	if err := h.st.DeleteDataSource(c.Request.Context(), d.OrganizationID, d.ID); err != nil {
		return err
	}
	h.svc.Manager().Close(d.ID)
	c.JSON(http.StatusOK, gin.H{"success": true, "message": "Data source deleted"})
	return nil
}

func (h *dataSourceHandlers) test(c *gin.Context) error {
	d, err := h.load(c)
	if err != nil {
		return err
	}
	res, err := h.svc.Test(c.Request.Context(), d)
	if err != nil {
		return err
	}
	if res.Success {
		c.JSON(http.StatusOK, gin.H{"success": true, "latency_ms": res.LatencyMS, "server_version": res.ServerVersion})
		return nil
	}
	c.JSON(http.StatusOK, gin.H{"success": false, "error": res.Error, "reason": res.Reason, "latency_ms": res.LatencyMS})
	return nil
}

func (h *dataSourceHandlers) refresh(c *gin.Context) error {
	d, err := h.load(c)
	if err != nil {
		return err
	}
	requested := time.Now().UTC()
	if err := h.st.Tx(c.Request.Context(), func(tx *store.Store) error {
		return h.svc.RequestRefresh(c.Request.Context(), tx, d.OrganizationID, d.ID)
	}); err != nil {
		return err
	}
	async, wait := prefer(c)
	deadline := time.Now().Add(wait)
	for !async && time.Now().Before(deadline) {
		cur, err := h.st.DataSource(c.Request.Context(), d.OrganizationID, d.ID)
		if err != nil {
			return err
		}
		if cur.SchemaStatus != sources.SchemaPending {
			status := http.StatusOK
			body := gin.H{"data_source_id": cur.ID, "schema_status": cur.SchemaStatus, "table_count": cur.TableCount,
				"schema_refreshed_at": tsPtr(cur.SchemaRefreshedAt)}
			if cur.SchemaStatus == sources.SchemaFailed {
				reason, msg := sources.SplitSchemaError(cur.SchemaError)
				return Errorf(http.StatusBadRequest, "invalid_data_source", "schema refresh failed: %s", msg).
					With("data_source_id", cur.ID).With("reason", reason)
			}
			c.JSON(status, body)
			return nil
		}
		select {
		case <-c.Request.Context().Done():
			return nil
		case <-time.After(100 * time.Millisecond):
		}
	}
	c.Header("Location", "/v1/data-sources/"+d.ID)
	c.JSON(http.StatusAccepted, gin.H{"data_source_id": d.ID, "schema_status": sources.SchemaPending, "requested_at": ts(requested)})
	return nil
}

func (h *dataSourceHandlers) schema(c *gin.Context) error {
	d, err := h.load(c)
	if err != nil {
		return err
	}
	sc, err := sources.Schema(d)
	if err != nil {
		return err
	}
	tables := []datasource.Table{}
	if sc != nil {
		tables = sc.Tables
	}
	c.JSON(http.StatusOK, gin.H{"data_source_id": d.ID, "schema_status": d.SchemaStatus,
		"refreshed_at": tsPtr(d.SchemaRefreshedAt), "table_count": len(tables), "tables": tables})
	return nil
}

package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sort"
	"sync"

	_ "embed"

	"github.com/gin-gonic/gin"
)

// openAPIDocument is the OpenAPI 3.1 document of the whole HTTP interface. It is written by hand
// from the handlers; TestOpenAPI fails when a route is added or removed without updating it.
//
//go:embed openapi.json
var openAPIDocument []byte

// openAPICompact is the document without the indentation, computed once.
var openAPICompact = sync.OnceValue(func() []byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, openAPIDocument); err != nil {
		return openAPIDocument
	}
	return buf.Bytes()
})

// OpenAPIDocument returns the embedded OpenAPI document as it is stored.
func OpenAPIDocument() []byte { return openAPIDocument }

// openAPI serves GET /v1/openapi.json; it needs no credential.
func openAPI(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/json", openAPICompact())
}

// RouteInfo is one route of the router: its method and its Gin path (":param" segments).
type RouteInfo struct {
	Method string
	Path   string
}

// Routes lists the routes of a handler built by NewRouter, sorted by path then method; nil when
// h is not a Gin engine.
func Routes(h http.Handler) []RouteInfo {
	e, ok := h.(*gin.Engine)
	if !ok {
		return nil
	}
	var out []RouteInfo
	for _, r := range e.Routes() {
		out = append(out, RouteInfo{Method: r.Method, Path: r.Path})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Method < out[j].Method
	})
	return out
}

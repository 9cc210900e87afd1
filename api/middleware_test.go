package api

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5/pgconn"
)

func TestAPanicBecomesA500WithoutLeakingWhatPanicked(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	r.Use(requestID(), recovery(log), errorMiddleware(log))
	r.GET("/boom", func(*gin.Context) { panic("secret database password in a panic") })
	r.GET("/fail", wrap(func(*gin.Context) error { return io.ErrUnexpectedEOF }))
	for _, path := range []string{"/boom", "/fail"} {
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != http.StatusInternalServerError {
			t.Fatalf("%s: status %d", path, w.Code)
		}
		var body struct {
			Error struct {
				Code    string         `json:"code"`
				Message string         `json:"message"`
				Details map[string]any `json:"details"`
			} `json:"error"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if body.Error.Code != "internal" || strings.Contains(w.Body.String(), "secret") || strings.Contains(w.Body.String(), "EOF") {
			t.Fatalf("%s: %s", path, w.Body.String())
		}
		if body.Error.Details["request_id"] != w.Header().Get("X-Request-Id") {
			t.Fatalf("%s: details.request_id missing: %s", path, w.Body.String())
		}
	}
}

func TestAStoreThatIsRestartingIs503WithRetryAfterNot500(t *testing.T) {
	e := toError(fmt.Errorf("load access token: %w", &pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}))
	if e == nil || e.Status != http.StatusServiceUnavailable || e.Code != "unavailable" || e.Headers["Retry-After"] == "" {
		t.Fatalf("restarting store: %+v", e)
	}
	if strings.Contains(e.Message, "administrator") {
		t.Fatalf("the driver's text leaks: %q", e.Message)
	}
}

package api

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/agents"
	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/nlq/guard"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/templates"
)

// Error is an error with its place in the spec's error body. Handlers return it (or domain
// errors, which toError maps) and the one error middleware writes the body.
type Error struct {
	Status  int
	Code    string
	Message string
	Details map[string]any
	Headers map[string]string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf builds an *Error.
func Errorf(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// With adds a detail.
func (e *Error) With(key string, value any) *Error {
	if e.Details == nil {
		e.Details = map[string]any{}
	}
	e.Details[key] = value
	return e
}

// Common errors.
func invalidField(field, format string, args ...any) *Error {
	return Errorf(http.StatusBadRequest, "invalid_request", format, args...).With("field", field)
}

func notFound(kind, id string) *Error {
	return Errorf(http.StatusNotFound, "not_found", "%s %q was not found", kind, id).With("id", id)
}

func forbidden(role string) *Error {
	return Errorf(http.StatusForbidden, "permission_denied", "this action requires the %s role", role).With("required_role", role)
}

// Domain errors are wrapped with %w by the packages that raise them; this is the one place they
// become HTTP statuses and codes.
func toError(err error) *Error {
	var e *Error
	var rl *auth.RateLimitedError
	var fe *templates.FieldError
	var pe *templates.ParameterError
	var rej *guard.RejectionError
	var sem *agents.SemanticsError
	if be := billingError(err); be != nil {
		return be
	}
	switch {
	case errors.As(err, &fe):
		return Errorf(http.StatusBadRequest, "invalid_request", "%s", fe.Reason).With("field", fe.Field)
	case errors.As(err, &pe):
		return Errorf(http.StatusBadRequest, "invalid_request", "%s", pe.Error()).With("parameter", pe.Parameter)
	case errors.As(err, &rej):
		f := queries.Classify(err)
		e := Errorf(http.StatusUnprocessableEntity, f.Code, "%s", f.Message)
		for k, v := range f.Details {
			e = e.With(k, v)
		}
		return e
	case errors.Is(err, queries.ErrSchemaNotLoaded), errors.Is(err, queries.ErrNoDataSource):
		return Errorf(http.StatusBadRequest, "invalid_data_source", "%s", err)
	case errors.As(err, &e):
		return e
	case errors.As(err, &sem):
		status := http.StatusUnprocessableEntity
		if sem.Code == agents.CodeInvalid {
			status = http.StatusBadRequest
		}
		e := Errorf(status, sem.Code, "%s", sem.Message).With("field", sem.Field)
		if sem.Table != "" {
			e = e.With("table", sem.Table)
		}
		if sem.Column != "" {
			e = e.With("column", sem.Column)
		}
		return e
	case errors.As(err, &rl):
		secs := int(rl.RetryAfter.Seconds() + 0.999)
		return &Error{Status: http.StatusTooManyRequests, Code: "rate_limited", Message: rl.Error(),
			Details: map[string]any{"retry_after": secs}, Headers: map[string]string{"Retry-After": strconv.Itoa(secs)}}
	case errors.Is(err, auth.ErrWeakPassword):
		return Errorf(http.StatusBadRequest, "weak_password", "%s", err).With("field", "password")
	case errors.Is(err, auth.ErrInvalidEmail):
		return Errorf(http.StatusBadRequest, "invalid_email", "%s", err).With("field", "email")
	case errors.Is(err, auth.ErrEmailExists):
		return Errorf(http.StatusConflict, "email_exists", "%s", err).With("field", "email")
	case errors.Is(err, auth.ErrInvalidCredentials):
		return Errorf(http.StatusUnauthorized, "invalid_credentials", "invalid email or password")
	case errors.Is(err, auth.ErrInvalidCode):
		return Errorf(http.StatusUnauthorized, "invalid_code", "the code or temp_token is invalid, expired or already used")
	case errors.Is(err, auth.ErrUnauthorized):
		return Errorf(http.StatusUnauthorized, "unauthorized", "%s", err)
	case errors.Is(err, auth.ErrTwoFactorState):
		return Errorf(http.StatusConflict, "conflict", "%s", err)
	case errors.Is(err, store.ErrNotFound):
		return Errorf(http.StatusNotFound, "not_found", "the resource was not found")
	case errors.Is(err, store.ErrConflict):
		return Errorf(http.StatusConflict, "conflict", "the resource conflicts with an existing one")
	case store.Unavailable(err):
		// The store is restarting or unreachable: nothing was accepted, and a retry will do.
		return &Error{Status: http.StatusServiceUnavailable, Code: "unavailable", Message: "the service's database is not reachable right now; retry shortly",
			Headers: map[string]string{"Retry-After": "5"}}
	}
	return nil
}

// errorMiddleware writes the error body for the last error a handler attached with c.Error.
func errorMiddleware(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Next()
		if len(c.Errors) == 0 || c.Writer.Written() {
			return
		}
		err := c.Errors.Last().Err
		e := toError(err)
		if e == nil {
			requestLog(c, log).Error("request failed", "err", err)
			e = internal(c)
		}
		writeError(c, e)
	}
}

func internal(c *gin.Context) *Error {
	return Errorf(http.StatusInternalServerError, "internal", "an internal error occurred; quote the request id when you contact support").
		With("request_id", c.GetString(ctxRequestID))
}

func writeError(c *gin.Context, e *Error) {
	for k, v := range e.Headers {
		c.Header(k, v)
	}
	details := e.Details
	if details == nil {
		details = map[string]any{}
	}
	c.AbortWithStatusJSON(e.Status, gin.H{"error": gin.H{"code": e.Code, "message": e.Message, "details": details}})
}

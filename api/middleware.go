package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/ids"
)

const (
	ctxRequestID = "request_id"
	ctxPrincipal = "principal"
	// MaxBodyBytes is the request body limit (413 above it).
	MaxBodyBytes = 1 << 20
)

// handler is the signature of the API's handlers: errors go to the one error middleware.
type handler func(c *gin.Context) error

func wrap(h handler) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := h(c); err != nil {
			_ = c.Error(err)
		}
	}
}

func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" || len(id) > 128 {
			id = ids.New("req")
		}
		c.Set(ctxRequestID, id)
		c.Header("X-Request-Id", id)
		c.Next()
	}
}

// requestLog is the request's logger, with request id and, once known, organization id.
func requestLog(c *gin.Context, log *slog.Logger) *slog.Logger {
	l := log.With("request_id", c.GetString(ctxRequestID))
	if p := principal(c); p != nil {
		l = l.With("organization_id", p.OrgID(), "user_id", p.User.ID)
	}
	return l
}

func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		level := slog.LevelInfo
		if c.Writer.Status() >= 500 {
			level = slog.LevelError
		}
		requestLog(c, log).Log(c.Request.Context(), level, "request",
			"method", c.Request.Method, "path", c.FullPath(), "status", c.Writer.Status(),
			"duration_ms", time.Since(start).Milliseconds())
	}
}

// recovery turns a panic into 500 internal without leaking what panicked.
func recovery(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if r := recover(); r != nil {
				if errors.Is(asErr(r), http.ErrAbortHandler) {
					panic(r)
				}
				requestLog(c, log).Error("panic", "panic", r)
				writeError(c, internal(c))
			}
		}()
		c.Next()
	}
}

func asErr(r any) error {
	if e, ok := r.(error); ok {
		return e
	}
	return nil
}

func bodyLimit() gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.ContentLength > MaxBodyBytes {
			writeError(c, Errorf(http.StatusRequestEntityTooLarge, "request_too_large", "request bodies are limited to 1 MiB"))
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, MaxBodyBytes)
		c.Next()
	}
}

// authenticator is what the auth middleware needs.
type authenticator interface {
	Authenticate(ctx context.Context, bearer string) (*auth.Principal, error)
	AuthenticateFromCopy(ctx context.Context, bearer string) (*auth.Principal, error)
}

// bearer is the credential of the Authorization header.
func bearer(c *gin.Context) (string, bool) {
	scheme, cred, ok := strings.Cut(c.GetHeader("Authorization"), " ")
	cred = strings.TrimSpace(cred)
	return cred, ok && strings.EqualFold(scheme, "Bearer") && cred != ""
}

func errNoCredential() *Error {
	return Errorf(http.StatusUnauthorized, "unauthorized", "send Authorization: Bearer <access token or API key>")
}

// requireAuth authenticates the caller. With fromCopy it may use the process's recent copy of
// the credential, which rateLimit, the next handler, confirms against the organization's access
// epoch (the limiter reads it anyway); only routes behind rateLimit may pass fromCopy.
func requireAuth(a authenticator, fromCopy bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		p, ok := authenticateRequest(c, a, fromCopy)
		if !ok {
			return
		}
		c.Set(ctxPrincipal, p)
		c.Next()
	}
}

// authenticateRequest resolves the request's bearer credential, or answers the error and
// reports false.
func authenticateRequest(c *gin.Context, a authenticator, fromCopy bool) (*auth.Principal, bool) {
	cred, ok := bearer(c)
	if !ok {
		writeError(c, errNoCredential())
		return nil, false
	}
	authenticate := a.Authenticate
	if fromCopy {
		authenticate = a.AuthenticateFromCopy
	}
	p, err := authenticate(c.Request.Context(), cred)
	if err != nil {
		e := toError(err)
		// A store that cannot be reached says nothing about the credential: answer 503 so
		// the client retries instead of discarding a good token.
		if e == nil || (e.Status >= 500 && e.Status != http.StatusServiceUnavailable) {
			e = Errorf(http.StatusUnauthorized, "unauthorized", "the credential is invalid, expired or revoked")
		}
		writeError(c, e)
		return nil, false
	}
	return p, true
}

func principal(c *gin.Context) *auth.Principal {
	v, ok := c.Get(ctxPrincipal)
	if !ok {
		return nil
	}
	p, _ := v.(*auth.Principal)
	return p
}

// requireRole refuses callers whose role is not among roles.
func requireRole(roles ...string) gin.HandlerFunc {
	return func(c *gin.Context) {
		p := principal(c)
		for _, r := range roles {
			if p != nil && p.User.Role == r {
				c.Next()
				return
			}
		}
		writeError(c, forbidden(roles[0]))
	}
}

// requireLoginToken refuses API keys on the actions that would let a leaked key outlive its
// revocation or take the account over: minting keys, two-factor changes, password changes.
func requireLoginToken() gin.HandlerFunc {
	return func(c *gin.Context) {
		if p := principal(c); p == nil || p.TokenJTI == "" {
			writeError(c, Errorf(http.StatusForbidden, "permission_denied",
				"API keys cannot create API keys, change two-factor settings or change the password; use an access token from POST /v1/auth/login").
				With("credential", "api_key").With("required_credential", "access_token"))
			return
		}
		c.Next()
	}
}

// bind decodes a JSON body into dst. Unknown fields are ignored; a body that is not JSON or has a
// wrong type is 400 invalid_request naming the field; an over-limit body is 413. Every string of
// the decoded body is then checked (checkInput: NUL, UTF-8, `limit` tags), so handlers and the
// store never see one that a database would refuse.
func bind(c *gin.Context, dst any) error {
	dec := json.NewDecoder(c.Request.Body)
	dec.UseNumber()
	err := dec.Decode(dst)
	var maxErr *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case err == nil:
		return checkInput(dst)
	case errors.As(err, &maxErr):
		return Errorf(http.StatusRequestEntityTooLarge, "request_too_large", "request bodies are limited to 1 MiB")
	case errors.Is(err, io.EOF):
		return invalidField("body", "the request body is empty; send a JSON object")
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		return invalidField(field, "field %q must be of type %s", field, jsonType(typeErr.Type.Kind().String()))
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return invalidField("body", "the request body is not valid JSON")
	}
	return invalidField("body", "the request body could not be read: %v", err)
}

// bindOptional is bind for endpoints whose body may be empty.
func bindOptional(c *gin.Context, dst any) error {
	if c.Request.ContentLength == 0 && c.Request.Header.Get("Transfer-Encoding") == "" {
		return nil
	}
	err := bind(c, dst)
	var e *Error
	if errors.As(err, &e) && e.Details["field"] == "body" && strings.Contains(e.Message, "empty") {
		return nil
	}
	return err
}

func jsonType(kind string) string {
	switch kind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "array"
	case "map", "struct":
		return "object"
	}
	return "number"
}

// required answers 400 when a required string field is empty.
func required(field, value string) error {
	if strings.TrimSpace(value) == "" {
		return invalidField(field, "field %q is required", field)
	}
	return nil
}

func clientAddr(c *gin.Context) string { return c.ClientIP() }

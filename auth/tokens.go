package auth

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/analytics-agent/service/ids"
)

// TokenLifetime is the access token lifetime (expires_in in every response).
const TokenLifetime = time.Hour

const issuer = "analytics-agent-service"

// Claims are the claims of an access token.
type Claims struct {
	Organization string `json:"org"`
	// Session is shared by the tokens of one login and every refresh of it.
	Session string `json:"sid,omitempty"`
	jwt.RegisteredClaims
}

// Tokens signs and parses access tokens (HS256 with a key derived from the master secret).
type Tokens struct {
	key []byte
}

// NewTokens builds a token issuer with the signing key.
func NewTokens(key []byte) *Tokens { return &Tokens{key: key} }

// Issue makes a token for a user in a session; it returns the token and its claims (jti, expiry).
func (t *Tokens) Issue(userID, orgID, sessionID string, now time.Time) (string, *Claims, error) {
	c := &Claims{
		Organization: orgID, Session: sessionID,
		RegisteredClaims: jwt.RegisteredClaims{
			ID: ids.New("jti"), Subject: userID, Issuer: issuer,
			IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(TokenLifetime)),
		},
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.key)
	if err != nil {
		return "", nil, fmt.Errorf("sign token: %w", err)
	}
	return s, c, nil
}

// ErrInvalidToken covers every reason a token is refused.
var ErrInvalidToken = errors.New("invalid or expired token")

// Parse verifies a token: algorithm pinned to HS256, exp, iat and jti required, issuer checked.
func (t *Tokens) Parse(token string) (*Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(), jwt.WithIssuedAt(), jwt.WithIssuer(issuer), jwt.WithLeeway(5*time.Second))
	if err != nil || c.ID == "" || c.Subject == "" || c.Organization == "" || c.IssuedAt == nil {
		return nil, ErrInvalidToken
	}
	return &c, nil
}

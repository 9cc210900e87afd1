package app_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
)

// startJWTBroker runs a nats-server in operator mode (decentralised JWT authentication, as with
// nsc or a hosted NATS) with one JetStream account, and writes the .creds file of a user of it.
func startJWTBroker(t *testing.T) (url, credsPath string) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	okp, err := nkeys.CreateOperator()
	must(err)
	opub, _ := okp.PublicKey()
	oc := jwt.NewOperatorClaims(opub)

	sysKp, _ := nkeys.CreateAccount()
	sysPub, _ := sysKp.PublicKey()
	sysJWT, err := jwt.NewAccountClaims(sysPub).Encode(okp)
	must(err)
	oc.SystemAccount = sysPub

	akp, _ := nkeys.CreateAccount()
	apub, _ := akp.PublicKey()
	ac := jwt.NewAccountClaims(apub)
	ac.Limits.JetStreamLimits = jwt.JetStreamLimits{MemoryStorage: -1, DiskStorage: -1, Streams: -1, Consumer: -1}
	aJWT, err := ac.Encode(okp)
	must(err)

	ukp, _ := nkeys.CreateUser()
	upub, _ := ukp.PublicKey()
	useed, _ := ukp.Seed()
	uJWT, err := jwt.NewUserClaims(upub).Encode(akp)
	must(err)
	creds, err := jwt.FormatUserConfig(uJWT, useed)
	must(err)
	credsPath = filepath.Join(t.TempDir(), "service.creds")
	must(os.WriteFile(credsPath, creds, 0o600))

	resolver := &server.MemAccResolver{}
	must(resolver.Store(apub, aJWT))
	must(resolver.Store(sysPub, sysJWT))
	s, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, JetStream: true, StoreDir: t.TempDir(),
		TrustedOperators: []*jwt.OperatorClaims{oc}, AccountResolver: resolver, SystemAccount: sysPub, NoLog: true, NoSigs: true})
	must(err)
	s.Start()
	if !s.ReadyForConnections(15 * time.Second) {
		t.Fatal("operator-mode nats-server did not become ready")
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return s.ClientURL(), credsPath
}

func TestTheServiceAuthenticatesToJWTNATSWithACredsFile(t *testing.T) {
	url, creds := startJWTBroker(t)
	if nc, err := nats.Connect(url); !errors.Is(err, nats.ErrAuthorization) {
		if nc != nil {
			nc.Close()
		}
		t.Fatalf("connect without the creds file: %v, want an authorization violation", err)
	}

	s := apptest.Start(t, apptest.Options{Database: "sqlite", NATSURL: url, Configure: func(c *app.Config) { c.NATSCreds = creds }})
	s.Register(t)
	// The outbox relay publishes through the creds-authenticated connection.
	deadline := time.Now().Add(15 * time.Second)
	for {
		n, err := s.App.Store.OutboxPending(context.Background())
		if err == nil && n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("outbox still holds %d messages: the service could not publish with its creds file", n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

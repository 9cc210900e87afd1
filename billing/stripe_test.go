package billing_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/billing"
)

// stripeMock starts stripe-mock (installed by .ci/run with `go install
// github.com/stripe/stripe-mock@latest`) on a free port and returns its URL.
func stripeMock(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("stripe-mock")
	if err != nil {
		out, _ := exec.Command("go", "env", "GOPATH").Output()
		bin = filepath.Join(strings.TrimSpace(string(out)), "bin", "stripe-mock")
		if _, err := os.Stat(bin); err != nil {
			t.Skip("SKIPPED: stripe-mock is not installed (go install github.com/stripe/stripe-mock@latest); the stripe provider is untested in this run")
		}
	}
	port := freePort(t)
	cmd := exec.Command(bin, "-http-port", fmt.Sprint(port), "-https-port", fmt.Sprint(freePort(t)))
	if err := cmd.Start(); err != nil {
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "http://" + addr
		}
	}
	t.Fatal("stripe-mock did not listen within 20s")
	return ""
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestStripeProviderTokenizesAndChargesAgainstStripeMock(t *testing.T) {
	url := stripeMock(t)
	p := billing.NewStripeProvider("sk_test_123", url)
	ctx := context.Background()
	token, err := p.Tokenize(ctx, billing.Card{Number: "4242424242424242", ExpMonth: 12, ExpYear: 2034, CVC: "123"}, "org_x")
	if err != nil {
		t.Fatalf("tokenize: %v", err)
	}
	if !strings.HasPrefix(token, "pm_") || strings.Contains(token, "4242424242424242") {
		t.Fatalf("token %q", token)
	}
	ref, err := p.Charge(ctx, token, 4900, "usd", "Invoice INV-000001", "inv_test")
	if err != nil {
		t.Fatalf("charge: %v", err)
	}
	if !strings.HasPrefix(ref, "pi_") {
		t.Fatalf("payment intent %q", ref)
	}
}

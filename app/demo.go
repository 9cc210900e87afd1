package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/store"
)

// DemoEmail is the demo organization's admin.
const DemoEmail = "admin@demo.example.com"

// SeedDemo creates, once, the demo organization and its admin, and prints the admin's
// credentials. The password is generated on first seed and kept in the data dir (mode 0600) so
// it can be printed again at every start.
func (a *App) SeedDemo(ctx context.Context, out io.Writer) error {
	credPath := filepath.Join(a.Cfg.DataDir, "demo-credentials.txt")
	_, err := a.Store.UserByEmail(ctx, DemoEmail)
	switch {
	case err == nil:
		b, _ := os.ReadFile(credPath)
		fmt.Fprintf(out, "\nDemo organization ready. Log in as %s with password %s\n\n", DemoEmail, strings.TrimSpace(string(b)))
		return nil
	case !errors.Is(err, store.ErrNotFound):
		return err
	}
	password := "Demo-" + ids.Random(12)
	u, err := a.Auth.Register(ctx, auth.RegisterInput{Email: DemoEmail, Password: password, FullName: "Demo Admin", OrganizationName: "Demo Company"})
	if err != nil {
		return fmt.Errorf("seed demo admin: %w", err)
	}
	if err := os.WriteFile(credPath, []byte(password+"\n"), 0o600); err != nil {
		return fmt.Errorf("write demo credentials: %w", err)
	}
	a.Log.Info("demo organization seeded", "organization_id", u.OrganizationID)
	fmt.Fprintf(out, "\nDemo organization ready. Log in as %s with password %s\n\n", DemoEmail, password)
	return nil
}

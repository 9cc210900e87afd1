package webhook_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/analytics-agent/service/apptest"
)

// With private targets allowed (development), a tenant's webhook still cannot reach the
// service's own broker: the delivery is refused before a byte is sent, so the broker's banner
// never lands in the delivery log.
func TestWebhookNeverReachesTheServicesOwnBroker(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	acct := s.Register(t)
	u, err := url.Parse(s.App.NATSURL)
	if err != nil || u.Port() == "" {
		t.Fatalf("broker url %q: %v", s.App.NATSURL, err)
	}
	for _, host := range []string{"127.0.0.1", "localhost", "[::1]", "127.0.0.2"} {
		r := s.Do("POST", "/api/webhooks", acct.Token, map[string]any{"url": "http://" + host + ":" + u.Port() + "/hook",
			"events": []string{"*"}, "description": "probe"})
		if r.Status == 400 {
			continue // refused when saved: fine too
		}
		r.Expect(t, 201)
		res := s.Do("POST", "/api/webhooks/"+r.String("id")+"/test", acct.Token, nil).Expect(t, 200)
		msg, _ := res.Body["error"].(string)
		if res.Body["success"] != false || !strings.Contains(msg, "reserved") || strings.Contains(string(res.Raw), "server_id") {
			t.Errorf("%s: a webhook reached the broker: %s", host, res.Raw)
		}
	}
}

package webhook_test

import (
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/webhooks/webhookstest"
)

func TestLoginReachesASubscribedWebhookOnly(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		subscribed := webhookstest.NewReceiver(t)
		other := webhookstest.NewReceiver(t)
		register(t, s, acct, subscribed, events.UserLogin)
		register(t, s, acct, other, events.QueryCompleted)

		s.Login(t, acct.Email, acct.Password)
		got := waitEvents(t, subscribed, 1, 15*time.Second)
		if got[0].Type != events.UserLogin {
			t.Fatalf("got %s", got[0].Type)
		}
		env, _ := got[0].Envelope()
		if env.ID != got[0].ID {
			t.Fatalf("webhook-id %s differs from envelope id %s", got[0].ID, env.ID)
		}
		time.Sleep(500 * time.Millisecond)
		if n := len(other.Requests()); n != 0 {
			t.Fatalf("unsubscribed webhook got %d requests", n)
		}
	})
}

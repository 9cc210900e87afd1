package events

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/analytics-agent/service/store"
)

// oneBatch is not a stand-in for the store: the test is about the relay's waiting, and this
// hands it one batch the way OutboxBatch does.
type oneBatch struct{ rows []store.OutboxMessage }

func (o oneBatch) OutboxBatch(_ context.Context, _ int, publish func([]store.OutboxMessage) ([]string, map[string]string)) (int, error) {
	sent, _ := publish(o.rows)
	return len(sent), nil
}

func (oneBatch) PruneOutbox(context.Context, time.Time) error { return nil }

// A stream leader cut off from its peers stops answering: the acks of a batch never come. The
// relay must give the whole batch up after its deadline — before the fix only the first lost ack
// timed out and the relay waited for the second for ever, holding its rows locked.
func TestARelayGivesUpABatchWhoseAcksNeverCome(t *testing.T) {
	url := startBroker(t, "")
	nc, js := worker(t, url)
	// A plain subscriber takes the messages and never acknowledges them: as many lost acks as
	// messages, and no "no responders" error to end the wait early.
	sub, err := nc.Subscribe("events.org_lost.>", func(*nats.Msg) {})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	rows := []store.OutboxMessage{
		{ID: "evt_1", Subject: "events.org_lost.agent.updated", Payload: `{}`},
		{ID: "evt_2", Subject: "events.org_lost.agent.updated", Payload: `{}`},
		{ID: "evt_3", Subject: "events.org_lost.agent.updated", Payload: `{}`},
	}
	r := NewRelay(oneBatch{rows}, nc, js, discardLog())
	r.ackTimeout = 300 * time.Millisecond
	done := make(chan struct{})
	var sent []string
	var failed map[string]string
	go func() {
		sent, failed = r.publish(rows)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the relay is still waiting for acks that will never come")
	}
	if len(sent) != 0 || len(failed) != 3 {
		t.Fatalf("sent %v, failed %v: every message of the batch should be given up", sent, failed)
	}
}

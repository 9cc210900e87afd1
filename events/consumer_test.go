package events_test

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
)

func TestLongHandlerKeepsItsMessagePastAckWait(t *testing.T) {
	b := apptest.StartBroker(t)
	nc, err := nats.Connect(b.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	ctx := context.Background()
	if _, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: "T", Subjects: []string{"t.>"}}); err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	done := make(chan struct{})
	c, err := events.Consume(ctx, js, events.ConsumerOptions{Stream: "T", Durable: "slow", AckWait: time.Second, Concurrency: 1},
		slog.New(slog.NewTextHandler(io.Discard, nil)), func(ctx context.Context, msg jetstream.Msg) error {
			if calls.Add(1) == 1 {
				time.Sleep(3500 * time.Millisecond) // three and a half AckWaits
				close(done)
			}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	if _, err := js.Publish(ctx, "t.x", []byte("work")); err != nil {
		t.Fatal(err)
	}
	<-done
	time.Sleep(1500 * time.Millisecond)
	if n := calls.Load(); n != 1 {
		t.Fatalf("handler ran %d times: the message was redelivered while its handler was still working", n)
	}
}

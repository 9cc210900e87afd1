package events

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// worker is one process's view of the broker: its own connection, as a separate process has.
func worker(t *testing.T, url string) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return nc, js
}

func commandBroker(t *testing.T) (string, jetstream.JetStream) {
	t.Helper()
	url := startBroker(t, "")
	_, js := worker(t, url)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := EnsureStreams(ctx, js, StreamOptions{}); err != nil {
		t.Fatal(err)
	}
	return url, js
}

func publishCommand(t *testing.T, js jetstream.JetStream, subject string) {
	t.Helper()
	if _, err := js.Publish(context.Background(), subject, []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
}

// testAckWait is short so the tests run quickly; heartbeats come much more often than AckWait,
// so a machine busy with other tests does not miss one by chance.
const (
	testAckWait   = 1500 * time.Millisecond
	testHeartbeat = 200 * time.Millisecond
)

func testConsumer(t *testing.T, js jetstream.JetStream, h Handler) *Consumer {
	t.Helper()
	return testConsumerWith(t, js, ConsumerOptions{Concurrency: 2}, h)
}

func testConsumerWith(t *testing.T, js jetstream.JetStream, o ConsumerOptions, h Handler) *Consumer {
	t.Helper()
	o.Stream, o.Durable, o.FilterSubjects = CommandsStream, "test-runner", []string{CommandSubjectPrefix + "test.run"}
	o.AckWait, o.InProgressEvery = testAckWait, testHeartbeat
	c, err := Consume(context.Background(), js, o, discardLog(), h)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestTheMessageOfAWorkerThatDiedGoesToAnotherAfterAckWait(t *testing.T) {
	url, js := commandBroker(t)
	nc1, js1 := worker(t, url)
	taken := make(chan struct{})
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	testConsumer(t, js1, func(ctx context.Context, msg jetstream.Msg) error {
		close(taken)
		<-release // never finishes while the worker is alive
		return nil
	})
	publishCommand(t, js, CommandSubjectPrefix+"test.run")
	select {
	case <-taken:
	case <-time.After(10 * time.Second):
		t.Fatal("the first worker never got the message")
	}

	nc1.Close() // the worker dies: no ack, no more heartbeats

	_, js2 := worker(t, url)
	redelivered := make(chan uint64, 1)
	c2 := testConsumer(t, js2, func(ctx context.Context, msg jetstream.Msg) error {
		md, _ := msg.Metadata()
		redelivered <- md.NumDelivered
		return nil
	})
	defer c2.Stop()
	select {
	case n := <-redelivered:
		if n < 2 {
			t.Fatalf("delivery count %d, want a redelivery", n)
		}
	case <-time.After(15 * testAckWait):
		t.Fatal("the dead worker's message was not handed to the live worker")
	}
}

func TestASlowHandlerThatIsAliveKeepsItsMessage(t *testing.T) {
	url, js := commandBroker(t)
	var deliveries atomic.Int32
	finished := make(chan struct{})
	handler := func(ctx context.Context, msg jetstream.Msg) error {
		if deliveries.Add(1) == 1 {
			// Three times AckWait: without heartbeats JetStream would hand the message to the
			// other worker twice meanwhile.
			time.Sleep(3 * testAckWait)
			close(finished)
		}
		return nil
	}
	_, js1 := worker(t, url)
	_, js2 := worker(t, url)
	c1 := testConsumer(t, js1, handler)
	defer c1.Stop()
	c2 := testConsumer(t, js2, handler)
	defer c2.Stop()
	publishCommand(t, js, CommandSubjectPrefix+"test.run")
	select {
	case <-finished:
	case <-time.After(20 * testAckWait):
		t.Fatal("the slow handler never finished")
	}
	time.Sleep(2 * testAckWait) // time for a wrongful redelivery to show
	if n := deliveries.Load(); n != 1 {
		t.Fatalf("the message was delivered %d times while its first handler was alive, want once", n)
	}
}

func TestAWorkerThatPullsWhenIdleHoldsNoMessageItCannotStart(t *testing.T) {
	url, js := commandBroker(t)
	var deliveries atomic.Int32
	redelivered := make(chan uint64, 8)
	busy := make(chan struct{}, 2)
	handler := func(ctx context.Context, msg jetstream.Msg) error {
		md, _ := msg.Metadata()
		if md.NumDelivered > 1 {
			redelivered <- md.NumDelivered
		}
		if deliveries.Add(1) <= 2 {
			busy <- struct{}{}
			time.Sleep(3 * testAckWait) // long queries holding both of A's slots
		}
		return nil
	}
	// Process A, two slots, takes the first two messages and is busy for longer than AckWait.
	_, jsA := worker(t, url)
	a := testConsumerWith(t, jsA, ConsumerOptions{Concurrency: 2, PullWhenIdle: true}, handler)
	defer a.Stop()
	publishCommand(t, js, CommandSubjectPrefix+"test.run")
	publishCommand(t, js, CommandSubjectPrefix+"test.run")
	for range 2 {
		select {
		case <-busy:
		case <-time.After(10 * time.Second):
			t.Fatal("A did not take the first two messages")
		}
	}
	// The next messages must wait in the broker, not in A, so that B runs each once. (A
	// prefetching A would hold one in its callback and one in its buffer, where no heartbeat
	// covers it: redelivered to B after AckWait, and run by A too.)
	publishCommand(t, js, CommandSubjectPrefix+"test.run")
	publishCommand(t, js, CommandSubjectPrefix+"test.run")
	time.Sleep(testAckWait / 2)
	_, jsB := worker(t, url)
	b := testConsumerWith(t, jsB, ConsumerOptions{Concurrency: 1, PullWhenIdle: true}, handler)
	defer b.Stop()

	deadline := time.Now().Add(20 * testAckWait)
	for deliveries.Load() < 4 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(4 * testAckWait) // past A's long handlers and one more AckWait
	select {
	case n := <-redelivered:
		t.Fatalf("a message was delivered %d times: a busy worker held it without working on it", n)
	default:
	}
	if n := deliveries.Load(); n != 4 {
		t.Fatalf("%d deliveries of 4 messages, want each once", n)
	}
}

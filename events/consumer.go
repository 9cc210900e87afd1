package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.opentelemetry.io/otel/codes"

	"github.com/analytics-agent/service/tracing"
)

// Handler processes one message. Returning nil acknowledges it; an error asks for redelivery after
// a backoff, a *RetryError after the delay it names, and a permanent error (Permanent) terminates
// it. Handlers must be idempotent: JetStream delivers at least once.
type Handler func(ctx context.Context, msg jetstream.Msg) error

// RetryError asks for redelivery after Delay.
type RetryError struct {
	Delay time.Duration
	Err   error
}

func (e *RetryError) Error() string { return fmt.Sprintf("retry in %s: %v", e.Delay, e.Err) }
func (e *RetryError) Unwrap() error { return e.Err }

type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// Permanent marks err as not worth retrying: the message is terminated.
func Permanent(err error) error { return permanentError{err} }

// ConsumerOptions configures a durable pull consumer shared by every process running the worker.
type ConsumerOptions struct {
	Stream         string
	Durable        string
	FilterSubjects []string
	// AckWait is how long JetStream waits for a sign of life before it hands a message to
	// another process: a crashed worker's messages come back after this. While a handler runs,
	// the consumer tells JetStream it is still working (InProgress every InProgressEvery), so a
	// long handler is not redelivered while its process lives; AckWait is therefore sized to how
	// fast a dead worker's work should resume, not to the longest handler (default 30 s).
	AckWait time.Duration
	// InProgressEvery is the heartbeat period of a running handler (default AckWait / 3).
	InProgressEvery time.Duration
	MaxDeliver      int
	Concurrency     int
	// MaxAckPending bounds messages handed out but not acknowledged, including those waiting out
	// a NakWithDelay (default Concurrency × 4). Consumers with long retry delays raise it so that
	// messages waiting to retry do not starve fresh ones.
	MaxAckPending int
	DeliverPolicy jetstream.DeliverPolicy
	// PullWhenIdle takes a message from the broker only when a handler is free, instead of
	// prefetching a batch. Prefetched messages wait in the client, unheartbeated, until a
	// handler frees up: when handlers can run longer than AckWait (queries), such a message would
	// be redelivered to another process and then run twice. It costs a round trip per message,
	// which short, high-volume work (webhooks) should not pay.
	PullWhenIdle bool
}

// Consumer runs a Handler over a durable consumer until Stop.
type Consumer struct {
	stop      func() // stops taking messages
	inflight  sync.WaitGroup
	log       *slog.Logger
	heartbeat time.Duration
	durable   string
}

// Consume creates or updates the durable consumer and starts handling messages with up to
// Concurrency handlers at a time.
func Consume(ctx context.Context, js jetstream.JetStream, o ConsumerOptions, log *slog.Logger, h Handler) (*Consumer, error) {
	if o.AckWait == 0 {
		o.AckWait = 30 * time.Second
	}
	if o.InProgressEvery <= 0 || o.InProgressEvery >= o.AckWait {
		o.InProgressEvery = o.AckWait / 3
	}
	if o.MaxDeliver == 0 {
		o.MaxDeliver = -1
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 8
	}
	if o.MaxAckPending <= 0 {
		o.MaxAckPending = o.Concurrency * 4
	}
	cfg := jetstream.ConsumerConfig{
		Durable: o.Durable, AckPolicy: jetstream.AckExplicitPolicy, AckWait: o.AckWait,
		MaxDeliver: o.MaxDeliver, MaxAckPending: o.MaxAckPending, DeliverPolicy: o.DeliverPolicy,
	}
	if len(o.FilterSubjects) == 1 {
		cfg.FilterSubject = o.FilterSubjects[0]
	} else {
		cfg.FilterSubjects = o.FilterSubjects
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, o.Stream, cfg)
	if err != nil {
		return nil, fmt.Errorf("consumer %s on %s: %w", o.Durable, o.Stream, err)
	}
	c := &Consumer{log: log.With("consumer", o.Durable), heartbeat: o.InProgressEvery, durable: o.Durable}
	sem := make(chan struct{}, o.Concurrency)
	// Handlers run detached from the start context: Stop waits for them, so a shutdown finishes
	// in-flight messages instead of abandoning them half done.
	hctx := context.WithoutCancel(ctx)
	dispatch := func(msg jetstream.Msg, stopBeat func()) {
		c.inflight.Add(1)
		go func() {
			defer func() { <-sem; c.inflight.Done() }()
			c.handle(hctx, msg, h, stopBeat)
		}()
	}
	if o.PullWhenIdle {
		c.pullWhenIdle(cons, sem, dispatch)
		return c, nil
	}
	cc, err := cons.Consume(func(msg jetstream.Msg) {
		// The heartbeat starts on receipt: a message pulled while every handler is busy waits
		// here, and must not be redelivered elsewhere meanwhile.
		stopBeat := c.beat(msg)
		sem <- struct{}{}
		dispatch(msg, stopBeat)
	}, jetstream.PullMaxMessages(o.Concurrency*2))
	if err != nil {
		return nil, fmt.Errorf("consume %s: %w", o.Durable, err)
	}
	c.stop = cc.Stop
	return c, nil
}

// pullWhenIdle fetches one message each time a handler slot is free, until stop.
func (c *Consumer) pullWhenIdle(cons jetstream.Consumer, sem chan struct{}, dispatch func(jetstream.Msg, func())) {
	done := make(chan struct{})
	var loop sync.WaitGroup
	loop.Add(1)
	go func() {
		defer loop.Done()
		for {
			select {
			case sem <- struct{}{}:
			case <-done:
				return
			}
			// A short wait, so that Stop is noticed soon; an empty wait is not an error.
			msg, err := cons.Next(jetstream.FetchMaxWait(time.Second))
			if err != nil {
				<-sem
				if !noMessage(err) {
					c.log.Warn("fetch failed, retrying", "err", err)
					select {
					case <-done:
						return
					case <-time.After(time.Second):
					}
				}
				select {
				case <-done:
					return
				default:
				}
				continue
			}
			dispatch(msg, c.beat(msg))
		}
	}()
	c.stop = func() {
		close(done)
		loop.Wait()
	}
}

func (c *Consumer) handle(ctx context.Context, msg jetstream.Msg, h Handler, stopBeat func()) {
	log := c.log.With("subject", msg.Subject(), "organization_id", msg.Headers().Get(HeaderOrganization))
	// The span continues the trace of the request that wrote the message (traceparent header).
	ctx, span := tracing.Start(tracing.FromNATS(ctx, msg.Headers()), "consume "+c.durable)
	defer span.End()
	if sc := span.SpanContext(); sc.IsValid() {
		log = log.With("trace_id", sc.TraceID().String())
	}
	if id := msg.Headers().Get("Nats-Msg-Id"); id != "" {
		log = log.With("event_id", id)
	}
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("handler panic: %v", r)
			}
		}()
		err = h(ctx, msg)
	}()
	stopBeat()
	if err != nil {
		span.SetStatus(codes.Error, err.Error())
	}
	var retry *RetryError
	var perm permanentError
	switch {
	case err == nil:
		if ackErr := msg.Ack(); ackErr != nil {
			log.Warn("ack failed", "err", ackErr)
		}
	case errors.As(err, &perm):
		log.Error("message terminated", "err", err)
		_ = msg.TermWithReason(err.Error())
	case errors.As(err, &retry):
		log.Info("message retry scheduled", "delay", retry.Delay, "err", retry.Err)
		_ = msg.NakWithDelay(retry.Delay)
	default:
		md, _ := msg.Metadata()
		delay := backoff(md)
		log.Warn("message failed, will retry", "err", err, "delay", delay)
		_ = msg.NakWithDelay(delay)
	}
}

// beat tells JetStream every heartbeat period that msg is still being worked on, until the
// returned stop is called. When the process dies the beats stop, and AckWait later the message
// goes to another process.
func (c *Consumer) beat(msg jetstream.Msg) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(c.heartbeat)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if err := msg.InProgress(); err != nil {
					c.log.Debug("in-progress heartbeat failed", "subject", msg.Subject(), "err", err)
				}
			}
		}
	}()
	// Waiting for the goroutine keeps a late heartbeat from following the final ack.
	return func() { close(done); wg.Wait() }
}

func backoff(md *jetstream.MsgMetadata) time.Duration {
	n := uint64(1)
	if md != nil {
		n = md.NumDelivered
	}
	d := 500 * time.Millisecond << min(n, 7)
	return min(d, 30*time.Second)
}

// Stop stops fetching and waits for in-flight handlers.
func (c *Consumer) Stop() {
	c.stop()
	c.inflight.Wait()
}

package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
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
	// AckWait is how long a message may be processed before JetStream redelivers it to another
	// process (a crashed worker's messages come back after this).
	AckWait     time.Duration
	MaxDeliver  int
	Concurrency int
	// MaxAckPending bounds messages handed out but not acknowledged, including those waiting out
	// a NakWithDelay (default Concurrency × 4). Consumers with long retry delays raise it so that
	// messages waiting to retry do not starve fresh ones.
	MaxAckPending int
	DeliverPolicy jetstream.DeliverPolicy
}

// Consumer runs a Handler over a durable consumer until Stop.
type Consumer struct {
	cc       jetstream.ConsumeContext
	inflight sync.WaitGroup
	log      *slog.Logger
}

// Consume creates or updates the durable consumer and starts handling messages with up to
// Concurrency handlers at a time.
func Consume(ctx context.Context, js jetstream.JetStream, o ConsumerOptions, log *slog.Logger, h Handler) (*Consumer, error) {
	if o.AckWait == 0 {
		o.AckWait = 60 * time.Second
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
	c := &Consumer{log: log.With("consumer", o.Durable)}
	sem := make(chan struct{}, o.Concurrency)
	// Handlers run detached from the start context: Stop waits for them, so a shutdown finishes
	// in-flight messages instead of abandoning them half done.
	hctx := context.WithoutCancel(ctx)
	cc, err := cons.Consume(func(msg jetstream.Msg) {
		sem <- struct{}{}
		c.inflight.Add(1)
		go func() {
			defer func() { <-sem; c.inflight.Done() }()
			c.handle(hctx, msg, h)
		}()
	}, jetstream.PullMaxMessages(o.Concurrency*2))
	if err != nil {
		return nil, fmt.Errorf("consume %s: %w", o.Durable, err)
	}
	c.cc = cc
	return c, nil
}

func (c *Consumer) handle(ctx context.Context, msg jetstream.Msg, h Handler) {
	log := c.log.With("subject", msg.Subject(), "organization_id", msg.Headers().Get(HeaderOrganization))
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
	c.cc.Stop()
	c.inflight.Wait()
}

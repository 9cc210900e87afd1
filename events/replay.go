package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ReadOptions selects stored events.
type ReadOptions struct {
	Since, Until time.Time // Until zero means up to now
	Type, OrgID  string    // empty means any
	Types        []string  // several types; overrides Type when set
}

// StoredEvent is an event read back from the EVENTS stream.
type StoredEvent struct {
	OrganizationID string
	Envelope       Envelope
	Raw            []byte // the body exactly as published
	Sequence       uint64
}

func (o ReadOptions) filters() []string {
	types := o.Types
	if len(types) == 0 && o.Type != "" {
		types = []string{o.Type}
	}
	if len(types) == 0 {
		return []string{EventFilter(o.OrgID, "")}
	}
	out := make([]string, 0, len(types))
	for _, t := range types {
		out = append(out, EventFilter(o.OrgID, t))
	}
	return out
}

// Replay calls fn for every stored event in [Since, Until], oldest first, then returns.
func Replay(ctx context.Context, js jetstream.JetStream, o ReadOptions, fn func(StoredEvent) error) error {
	start := o.Since
	cons, err := js.OrderedConsumer(ctx, EventsStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: o.filters(), DeliverPolicy: jetstream.DeliverByStartTimePolicy, OptStartTime: &start,
	})
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	if info.NumPending == 0 {
		return nil
	}
	for {
		msg, err := cons.Next(jetstream.FetchMaxWait(5 * time.Second))
		if err != nil {
			if noMessage(err) {
				return nil
			}
			return fmt.Errorf("replay: %w", err)
		}
		md, err := msg.Metadata()
		if err != nil {
			return fmt.Errorf("replay: %w", err)
		}
		if !o.Until.IsZero() && md.Timestamp.After(o.Until) {
			return nil
		}
		ev, err := decodeStored(msg, md)
		if err != nil {
			return err
		}
		if err := fn(ev); err != nil {
			return err
		}
		if md.NumPending == 0 {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// Tail calls fn for every new event until ctx is done.
func Tail(ctx context.Context, js jetstream.JetStream, o ReadOptions, fn func(StoredEvent) error) error {
	cons, err := js.OrderedConsumer(ctx, EventsStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: o.filters(), DeliverPolicy: jetstream.DeliverNewPolicy,
	})
	if err != nil {
		return fmt.Errorf("tail: %w", err)
	}
	for ctx.Err() == nil {
		// Wait a second at a time, so that a cancelled ctx is noticed; a quiet second is
		// not the end of a tail.
		msg, err := cons.Next(jetstream.FetchMaxWait(time.Second))
		if err != nil {
			if noMessage(err) {
				continue
			}
			return fmt.Errorf("tail: %w", err)
		}
		md, err := msg.Metadata()
		if err != nil {
			return fmt.Errorf("tail: %w", err)
		}
		ev, err := decodeStored(msg, md)
		if err != nil {
			return err
		}
		if err := fn(ev); err != nil {
			return err
		}
	}
	return nil
}

// noMessage reports whether a Next found nothing within its wait (the ordered consumer answers
// nats.ErrTimeout then, other paths ErrNoMessages or a deadline).
func noMessage(err error) bool {
	return errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages) || errors.Is(err, context.DeadlineExceeded)
}

func decodeStored(msg jetstream.Msg, md *jetstream.MsgMetadata) (StoredEvent, error) {
	var env Envelope
	if err := json.Unmarshal(msg.Data(), &env); err != nil {
		return StoredEvent{}, fmt.Errorf("decode event at sequence %d: %w", md.Sequence.Stream, err)
	}
	org := msg.Headers().Get(HeaderOrganization)
	if org == "" {
		org, _, _ = ParseEventSubject(msg.Subject())
	}
	return StoredEvent{OrganizationID: org, Envelope: env, Raw: msg.Data(), Sequence: md.Sequence.Stream}, nil
}

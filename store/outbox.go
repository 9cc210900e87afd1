package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Emit writes messages to the outbox. Inside Tx they commit, or roll back, with the state change.
func (s *Store) Emit(ctx context.Context, msgs ...OutboxMessage) error {
	if len(msgs) == 0 {
		return nil
	}
	unlock := s.lockWrites(ctx)
	err := s.ctx(ctx).Create(&msgs).Error
	unlock()
	if err != nil {
		return fmt.Errorf("write outbox: %w", err)
	}
	if s.afterCommit != nil {
		s.afterCommit()
	}
	return nil
}

// OutboxBatch hands the oldest unpublished messages to publish and marks the ones it reports as
// sent. On Postgres this happens in a transaction that locks the rows with SKIP LOCKED, so several
// relays share the outbox without sending a row twice.
func (s *Store) OutboxBatch(ctx context.Context, limit int, publish func([]OutboxMessage) (sent []string, failed map[string]string)) (int, error) {
	n := 0
	run := func(tx *gorm.DB) error {
		q := tx.Where("published_at IS NULL").Where("not_before IS NULL OR not_before <= ?", time.Now().UTC()).Order("seq, id").Limit(limit)
		if s.dialect == Postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
		}
		var batch []OutboxMessage
		if err := q.Find(&batch).Error; err != nil {
			return fmt.Errorf("read outbox: %w", err)
		}
		if len(batch) == 0 {
			return nil
		}
		sent, failed := publish(batch)
		now := time.Now().UTC()
		// On SQLite the marks are plain writes (see below), queued like any other.
		defer s.lockWrites(ctx)()
		if len(sent) > 0 {
			if err := tx.Model(&OutboxMessage{}).Where("id IN ?", sent).
				Updates(map[string]any{"published_at": now, "attempts": gorm.Expr("attempts + 1")}).Error; err != nil {
				return fmt.Errorf("mark outbox sent: %w", err)
			}
		}
		for id, msg := range failed {
			if err := tx.Model(&OutboxMessage{}).Where("id = ?", id).
				Updates(map[string]any{"last_error": msg, "attempts": gorm.Expr("attempts + 1")}).Error; err != nil {
				return fmt.Errorf("mark outbox failure: %w", err)
			}
		}
		n = len(sent)
		return nil
	}
	if s.dialect != Postgres {
		// SQLite has one process and one writer: a transaction here would hold the write lock
		// for as long as the broker takes to answer, stalling every request.
		return n, run(s.ctx(ctx))
	}
	err := s.ctx(ctx).Transaction(run)
	return n, err
}

// HoldOutbox keeps an unpublished message from the relay until the given time; a time in the
// past hands it to the relay at once. A message already published is left alone.
func (s *Store) HoldOutbox(ctx context.Context, id string, until time.Time) error {
	defer s.lockWrites(ctx)()
	err := s.ctx(ctx).Model(&OutboxMessage{}).Where("id = ? AND published_at IS NULL", id).Update("not_before", until.UTC()).Error
	if err != nil {
		return fmt.Errorf("hold outbox message %s: %w", id, err)
	}
	return nil
}

// DropOutbox deletes an unpublished message: a held command whose work was done in process.
func (s *Store) DropOutbox(ctx context.Context, id string) error {
	defer s.lockWrites(ctx)()
	if err := s.ctx(ctx).Where("id = ? AND published_at IS NULL", id).Delete(&OutboxMessage{}).Error; err != nil {
		return fmt.Errorf("drop outbox message %s: %w", id, err)
	}
	return nil
}

// OutboxPending counts messages not yet published.
func (s *Store) OutboxPending(ctx context.Context) (int64, error) {
	var n int64
	err := s.ctx(ctx).Model(&OutboxMessage{}).Where("published_at IS NULL").Count(&n).Error
	return n, err
}

// PruneOutbox deletes published messages older than the cutoff; JetStream keeps the history.
func (s *Store) PruneOutbox(ctx context.Context, before time.Time) error {
	return s.ctx(ctx).Where("published_at IS NOT NULL AND published_at < ?", before).Delete(&OutboxMessage{}).Error
}

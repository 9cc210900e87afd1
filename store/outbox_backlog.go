package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
)

// OutboxBacklog counts the messages not yet published and returns the oldest one's creation
// time (zero when there is none): the relay's lag, for metrics.
func (s *Store) OutboxBacklog(ctx context.Context) (int64, time.Time, error) {
	n, err := s.OutboxPending(ctx)
	if err != nil || n == 0 {
		return n, time.Time{}, err
	}
	var m OutboxMessage
	err = s.ctx(ctx).Select("seq", "id", "created_at").Where("published_at IS NULL").Order("seq, id").First(&m).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, time.Time{}, nil
	}
	return n, m.CreatedAt, err
}

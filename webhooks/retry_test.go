package webhooks_test

import (
	"slices"
	"testing"
	"time"

	"github.com/analytics-agent/service/webhooks"
)

func TestParseDelays(t *testing.T) {
	tests := []struct {
		in      string
		want    []time.Duration
		wantErr bool
	}{
		{in: webhooks.DefaultDelaysSpec, want: webhooks.DefaultDelays()},
		{in: "1s, 2s ,3s", want: []time.Duration{time.Second, 2 * time.Second, 3 * time.Second}},
		{in: "500ms", want: []time.Duration{500 * time.Millisecond}},
		{in: "", wantErr: true},
		{in: "  ", wantErr: true},
		{in: "1m,,5m", wantErr: true},
		{in: "60", wantErr: true},
		{in: "1m,-5m", wantErr: true},
		{in: "0s", wantErr: true},
		{in: "soon", wantErr: true},
	}
	for _, tc := range tests {
		got, err := webhooks.ParseDelays(tc.in)
		if (err != nil) != tc.wantErr {
			t.Errorf("ParseDelays(%q) error = %v, wantErr %v", tc.in, err, tc.wantErr)
			continue
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("ParseDelays(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestDefaultDelaysIsACopy(t *testing.T) {
	d := webhooks.DefaultDelays()
	d[0] = time.Hour
	if webhooks.DefaultDelays()[0] != time.Minute {
		t.Fatal("DefaultDelays shares its slice")
	}
}

func TestNextDelay(t *testing.T) {
	d := webhooks.DefaultDelays()
	tests := []struct {
		attempt int
		want    time.Duration
		ok      bool
	}{
		{0, time.Minute, true}, // below 1 treated as the first attempt
		{1, time.Minute, true},
		{2, 5 * time.Minute, true},
		{3, 15 * time.Minute, true},
		{4, time.Hour, true},
		{5, 0, false}, // 1 first attempt + 4 retries done
		{6, 0, false},
	}
	for _, tc := range tests {
		got, ok := webhooks.NextDelay(d, tc.attempt)
		if got != tc.want || ok != tc.ok {
			t.Errorf("NextDelay(%d) = %v, %v; want %v, %v", tc.attempt, got, ok, tc.want, tc.ok)
		}
	}
	if _, ok := webhooks.NextDelay(nil, 1); ok {
		t.Error("empty schedule allows a retry")
	}
	// The default schedule ends exactly when the webhook would be disabled.
	if n := webhooks.MaxAttempts(d); n != webhooks.DisableAfter {
		t.Errorf("MaxAttempts = %d, want DisableAfter (%d)", n, webhooks.DisableAfter)
	}
}

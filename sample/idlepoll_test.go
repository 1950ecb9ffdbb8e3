package sample

import (
	"testing"
	"time"
)

// TestIdlePoll checks the drains' back-off: doubling while drains find
// no sample, up to idlePolls times the normal wait, back to it at the
// first sample, never past the drain that must come.
func TestIdlePoll(t *testing.T) {
	const ms = time.Millisecond
	never := time.Duration(1 << 62)
	tests := []struct {
		name     string
		cur      time.Duration
		empty    bool
		by, want time.Duration
	}{
		{"samples: normal", 100 * ms, false, never, 100 * ms},
		{"samples after a back-off", 400 * ms, false, never, 100 * ms},
		{"empty: doubles", 100 * ms, true, never, 200 * ms},
		{"empty: doubles again", 200 * ms, true, never, 400 * ms},
		{"empty: at most idlePolls", 400 * ms, true, never, idlePolls * 100 * ms},
		{"interval end first", 200 * ms, true, 150 * ms, 150 * ms},
		{"interval end before normal", 100 * ms, false, 30 * ms, 30 * ms},
		{"interval end past", 100 * ms, true, -5 * ms, ms},
		{"after a short wait", 30 * ms, true, never, 60 * ms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := idlePoll(tt.cur, 100*ms, tt.empty, tt.by); got != tt.want {
				t.Errorf("idlePoll(%v, 100ms, %v, %v) = %v, want %v", tt.cur, tt.empty, tt.by, got, tt.want)
			}
		})
	}
}

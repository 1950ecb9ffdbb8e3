package sample

import (
	"testing"
	"time"
)

// TestIdlePoll checks the drains' back-off: doubling while drains find
// no sample, up to idlePolls times the normal wait and maxIdleWait, back
// to it at the first sample, never past the drain that must come.
func TestIdlePoll(t *testing.T) {
	const ms = time.Millisecond
	never := time.Duration(1 << 62)
	tests := []struct {
		name     string
		cur      time.Duration
		empty    bool
		by, want time.Duration
		normal   time.Duration // 100 ms if 0
	}{
		{"samples: normal", 100 * ms, false, never, 100 * ms, 0},
		{"samples after a back-off", 400 * ms, false, never, 100 * ms, 0},
		{"empty: doubles", 100 * ms, true, never, 200 * ms, 0},
		{"empty: doubles again", 200 * ms, true, never, 400 * ms, 0},
		{"empty: at most idlePolls", 400 * ms, true, never, idlePolls * 100 * ms, 0},
		{"interval end first", 200 * ms, true, 150 * ms, 150 * ms, 0},
		{"interval end before normal", 100 * ms, false, 30 * ms, 30 * ms, 0},
		{"interval end past", 100 * ms, true, -5 * ms, ms, 0},
		{"after a short wait", 30 * ms, true, never, 60 * ms, 0},
		{"the agent's 500 ms: doubles", 500 * ms, true, never, maxIdleWait, 500 * ms},
		{"the agent's 500 ms: at most maxIdleWait", maxIdleWait, true, never, maxIdleWait, 500 * ms},
		{"a normal wait past maxIdleWait", 2 * time.Second, true, never, 2 * time.Second, 2 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			normal := tt.normal
			if normal == 0 {
				normal = 100 * ms
			}
			if got := idlePoll(tt.cur, normal, tt.empty, tt.by); got != tt.want {
				t.Errorf("idlePoll(%v, %v, %v, %v) = %v, want %v", tt.cur, normal, tt.empty, tt.by, got, tt.want)
			}
		})
	}
}

package perfevent

import (
	"testing"

	"sonde/internal/linux/unix"
)

// A PERF_RECORD_SWITCH has no body: its task and time are the sample_id
// trailer's (include/uapi/linux/perf_event.h), its direction and
// preemption the header's misc bits.
func TestDecodeSwitch(t *testing.T) {
	cfg := &Config{Period: 1000, ContextSwitch: true}
	tests := []struct {
		name       string
		misc       uint16
		out, preem bool
	}{
		{"in", 0, false, false},
		{"out", MiscSwitchOut, true, false},
		{"out preempted", MiscSwitchOut | MiscSwitchOutPreempt, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Record
			if err := Decode(cfg, rec(RecordSwitch, tt.misc, nil, true), &r); err != nil {
				t.Fatal(err)
			}
			if r.Type != RecordSwitch || r.PID != 10 || r.TID != 11 || r.Time != 12345 || r.CPU != 1 {
				t.Errorf("got %+v", r)
			}
			if out := r.Misc&MiscSwitchOut != 0; out != tt.out {
				t.Errorf("out %v, want %v", out, tt.out)
			}
			if p := r.Misc&MiscSwitchOutPreempt != 0; p != tt.preem {
				t.Errorf("preempted %v, want %v", p, tt.preem)
			}
		})
	}
}

// TestTracepointAttr: a trace event samples every hit (period 1) and
// must not exclude the kernel, where it fires; context_switch asks for
// switch records.
func TestTracepointAttr(t *testing.T) {
	a := (&Config{Tracepoint: 316, Kernel: true, ContextSwitch: true, Period: 1000}).attr()
	if a.Type != unix.PERF_TYPE_TRACEPOINT || a.Config != 316 || a.Sample != 1 {
		t.Errorf("type %d config %d period %d: want a tracepoint of id 316 sampled every hit", a.Type, a.Config, a.Sample)
	}
	if a.Bits&unix.PerfBitExcludeKernel != 0 {
		t.Error("the trace event excludes the kernel: it would never fire")
	}
	if a.Bits&unix.PerfBitContextSwitch == 0 {
		t.Error("no context_switch bit")
	}
	b := (&Config{Period: 1000}).attr()
	if b.Bits&unix.PerfBitContextSwitch != 0 || b.Type == unix.PERF_TYPE_TRACEPOINT {
		t.Errorf("a plain clock event: %+v", b)
	}
}

package perfevent

import "testing"

// A CPU-wide PERF_RECORD_SWITCH (PERF_RECORD_SWITCH_CPU_WIDE) carries the
// other task of the switch, next_prev_pid and next_prev_tid, before the
// sample_id trailer, whose pid/tid are the task switched out or in.
func TestDecodeSwitchCPUWide(t *testing.T) {
	cfg := &Config{Period: 1000, ContextSwitch: true}
	var r Record
	if err := Decode(cfg, rec(RecordSwitchCPUWide, MiscSwitchOut, u64s(u32pair(20, 21)), true), &r); err != nil {
		t.Fatal(err)
	}
	if r.Type != RecordSwitchCPUWide || r.PID != 10 || r.TID != 11 || r.PPID != 20 || r.PTID != 21 || r.Time != 12345 || r.CPU != 1 || r.Misc&MiscSwitchOut == 0 {
		t.Errorf("got %+v", r)
	}
	if err := Decode(cfg, rec(RecordSwitchCPUWide, 0, u64s(0)[:4], true), &r); err == nil {
		t.Errorf("a body of 4 bytes decoded: %+v", r)
	}
	if RecordSwitchCPUWide.String() != "SWITCH_CPU_WIDE" {
		t.Errorf("name %q", RecordSwitchCPUWide.String())
	}
}

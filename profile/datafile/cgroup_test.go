package datafile

import (
	"bytes"
	"testing"
	"time"

	"sonde/profile"
)

// TestProcessCgroup: the Process frame's trailing cgroup field (record -a)
// reads back, and a frame without it (older writers) reads with none.
func TestProcessCgroup(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	if _, err := w.WriteRun(RunHeader{Collector: "record", Start: time.Unix(1, 0), SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}}}); err != nil {
		t.Fatal(err)
	}
	w.WriteProcess(profile.Process{PID: 7, PPID: 1, Comm: "a", Exe: "/a", Cgroup: "/system.slice/a.service"})
	w.WriteProcess(profile.Process{PID: 8, PPID: 1, Comm: "b", Exe: "/b"})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	p, warns, err := Decode("x.data", buf.Bytes())
	if err != nil || len(warns) > 0 {
		t.Fatalf("decode: %v %v", err, warns)
	}
	got := map[int32]string{}
	for _, pr := range p.Processes {
		got[pr.PID] = pr.Cgroup
	}
	if got[7] != "/system.slice/a.service" || got[8] != "" {
		t.Errorf("cgroups %q", got)
	}
}

// TestTrimSamples: the Samples frames before the offset are gone, those
// after it and every other frame (run, mappings, processes) stay.
func TestTrimSamples(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.WriteRun(RunHeader{Collector: "agent", Start: time.Unix(1, 0), SampleTypes: []profile.ValueType{{Type: "cpu", Unit: "nanoseconds"}}})
	w.WriteMapping(0, &profile.Mapping{Path: "/a"})
	w.WriteSample(&profile.Sample{Values: []int64{1}, Time: 10, PID: 1, Stack: []profile.Location{{Mapping: 0, Addr: 5}}})
	w.Flush()
	cut := int64(buf.Len())
	w.WriteProcess(profile.Process{PID: 1, Comm: "a"})
	w.WriteSample(&profile.Sample{Values: []int64{2}, Time: 20, PID: 1, Stack: []profile.Location{{Mapping: 0, Addr: 6}}})
	w.Close()
	p, warns, err := Decode("x.data", TrimSamples(buf.Bytes(), cut))
	if err != nil || len(warns) > 0 {
		t.Fatal(err, warns)
	}
	if len(p.Samples) != 1 || p.Samples[0].Time != 20 || len(p.Mappings) != 1 || len(p.Processes) != 1 {
		t.Errorf("%d samples (want the one at 20), %d mappings, %d processes", len(p.Samples), len(p.Mappings), len(p.Processes))
	}
	if full, _, _ := Decode("x.data", TrimSamples(buf.Bytes(), 0)); len(full.Samples) != 2 {
		t.Errorf("trimmed at 0: %d samples, want 2", len(full.Samples))
	}
}

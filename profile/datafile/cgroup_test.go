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

package agent

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/sample"
)

// TestKeepFrames: what a rotation keeps of a spool with an earlier
// agent's run A (an interval of it unsent), the agent's own run B and a
// run C with nothing unsent. The samples from the cut on are kept, with
// the processes, mappings and objects they name (of any kept run); of the
// own run also the live processes and mappings, and everything written
// after the live set was taken (or all of its frames when there is no
// live set); a live pid's frames from before its last exit belong to the
// process that had the pid before, and go.
func TestKeepFrames(t *testing.T) {
	var buf bytes.Buffer
	types := []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}
	wa, wb, wc := datafile.NewWriter(&buf), datafile.NewWriter(&buf), datafile.NewWriter(&buf)
	start := func(w *datafile.Writer, id uint64) {
		if _, err := w.WriteRun(datafile.RunHeader{ID: id, Collector: "agent", Start: time.Unix(1, 0), SampleTypes: types, Period: 10}); err != nil {
			t.Fatal(err)
		}
	}
	mapping := func(w *datafile.Writer, i int, path string) {
		w.WriteMapping(i, &profile.Mapping{Path: path, Start: 0x1000, Limit: 0x2000})
	}
	samples := func(w *datafile.Writer, pid int32, m int32) {
		w.WriteSample(&profile.Sample{Time: 5, PID: pid, TID: pid, Values: []int64{1, 10}, Stack: []profile.Location{{Mapping: m, Addr: 0x1010}}})
		w.Flush()
	}
	type frame struct {
		what string
		keep bool // with the live set
		all  bool // without one
	}
	var want []frame
	note := func(what string, keep, all bool) { want = append(want, frame{what, keep, all}) }

	start(wa, 0xa)
	note("Run A", true, true)
	mapping(wa, 0, "/a")
	note("Mapping A0 (its samples are before the cut)", false, false)
	mapping(wa, 1, "/b")
	note("Mapping A1 (named after the cut)", true, true)
	wa.WriteObject("/b", "", []byte("b"))
	note("Object /b (of Mapping A1)", true, true)
	wa.WriteProcess(profile.Process{PID: 1, Comm: "a1"})
	note("Process A 1 (its samples are before the cut)", false, false)
	wa.WriteProcess(profile.Process{PID: 2, Comm: "a2"})
	note("Process A 2 (named after the cut)", true, true)
	samples(wa, 1, 0)
	note("Samples A before the cut", false, false)

	start(wb, 0xb)
	note("Run B", true, true)
	mapping(wb, 0, "/c")
	note("Mapping B0 (live)", true, true)
	mapping(wb, 1, "/d")
	note("Mapping B1 (dead)", false, true)
	wb.WriteObject("/d", "", []byte("d"))
	note("Object /d (of Mapping B1)", false, true)
	wb.WriteObject("/c", "", []byte("c"))
	note("Object /c (of Mapping B0)", true, true)
	mapping(wb, 2, "/e")
	note("Mapping B2 (named after the cut)", true, true)
	wb.WriteProcess(profile.Process{PID: 10, Comm: "b10"})
	note("Process B 10 (live)", true, true)
	wb.WriteProcess(profile.Process{PID: 11, Comm: "b11"})
	note("Process B 11 (exited)", false, true)
	wb.WriteProcessEnd(11, "exited")
	note("ProcessEnd B 11", false, true)
	wb.WriteProcess(profile.Process{PID: 13, Comm: "old13"})
	note("Process B 13 (the pid's earlier process)", false, true)
	wb.WriteProcessEnd(13, "exited")
	note("ProcessEnd B 13 (the earlier process's)", false, true)
	wb.WriteProcess(profile.Process{PID: 13, Comm: "new13"})
	note("Process B 13 (live)", true, true)
	wb.WriteProcess(profile.Process{PID: 12, Comm: "b12"})
	note("Process B 12 (exited, named after the cut)", true, true)
	wb.WriteProcessEnd(12, "exited")
	note("ProcessEnd B 12", true, true)
	samples(wb, 11, 1)
	note("Samples B before the cut", false, false)
	cutAt := len(want)
	samples(wa, 2, 1)
	note("Samples A after the cut", true, true)
	samples(wb, 12, 2)
	note("Samples B after the cut", true, true)
	wb.WriteLost(3)
	note("Lost B after the cut", true, true)
	liveAt := len(want)
	wb.WriteProcess(profile.Process{PID: 14, Comm: "b14"})
	note("Process B 14 (after the live set)", true, true)
	mapping(wb, 3, "/f")
	note("Mapping B3 (after the live set)", true, true)
	start(wc, 0xc)
	note("Run C (nothing unsent)", false, false)
	wc.WriteProcess(profile.Process{PID: 99})
	note("Process C 99", false, false)

	frames := datafile.Frames(buf.Bytes())
	if len(frames) != len(want) {
		t.Fatalf("%d frames, the test wrote %d", len(frames), len(want))
	}
	runs := map[uint64]bool{0xa: true, 0xb: true}
	live := &liveSet{Live: sample.Live{PIDs: map[int32]bool{10: true, 13: true}, Mappings: map[int]bool{0: true}}, off: frames[liveAt].Off}
	for _, tt := range []struct {
		name string
		live *liveSet
	}{{"live set", live}, {"no live set", nil}} {
		t.Run(tt.name, func(t *testing.T) {
			got := keepFrames(frames, frames[cutAt].Off, runs, 0xb, tt.live)
			for i, w := range want {
				exp := w.keep
				if tt.live == nil {
					exp = w.all
				}
				if got[i] != exp {
					t.Errorf("frame %d, %s: kept %v, want %v", i, w.what, got[i], exp)
				}
			}
			// What is kept decodes with every sample's process and
			// mapping.
			var out []byte
			for i, f := range frames {
				if got[i] {
					end := int64(buf.Len())
					if i+1 < len(frames) {
						end = frames[i+1].Off
					}
					out = append(out, buf.Bytes()[f.Off:end]...)
				}
			}
			p, warns, err := datafile.Decode("kept", out)
			if err != nil || len(warns) > 0 {
				t.Fatalf("%v %v", warns, err)
			}
			for _, m := range p.Mappings {
				if m.Path == "" || m.Path[0] == '[' {
					t.Errorf("a sample in %s", m.Path)
				}
			}
			comm := map[string]bool{}
			for _, pr := range p.Processes {
				comm[fmt.Sprintf("%x/%d %s %s", pr.RunID, pr.PID, pr.Comm, pr.Ended)] = true
			}
			if !comm["a/2 a2 "] || !comm["b/12 b12 exited"] || tt.live != nil && !comm["b/13 new13 "] {
				t.Errorf("processes %v", comm)
			}
		})
	}
}

package datafile

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sonde/profile"
	"sonde/symbol/jitmap"
)

// writeJITFile writes a run whose process 10 runs generated code that
// moves (its JIT frames: f loaded at 0x5000 at time 100, moved to 0x7000
// at 200, g loaded at 0x5000 at 300), process 11 has a damaged JIT frame
// and process 12 none. Each process has samples at 0x5004 at times 150
// and 350, and at 0x7004 at 250 (as a return address under a leaf in
// /bin/x).
func writeJITFile(t testing.TB, id uint64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "jit.data")
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteRun(RunHeader{ID: id, Collector: "record", Start: time.Unix(0, 0),
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}}, Period: 1}); err != nil {
		t.Fatal(err)
	}
	maps := []profile.Mapping{{Path: "[anon]", Start: 0x5000, Limit: 0x8000}, {Path: "/bin/x", Start: 0x400000, Limit: 0x401000}}
	for i := range maps {
		if err := w.WriteMapping(i, &maps[i]); err != nil {
			t.Fatal(err)
		}
	}
	events := jitmap.AppendEvents(nil, []jitmap.Event{
		{Kind: jitmap.EventLoad, ID: 1, Addr: 0x5000, Size: 0x40, Time: 100, Name: "f"},
		{Kind: jitmap.EventMove, ID: 1, Addr: 0x7000, Time: 200},
	})
	later := jitmap.AppendEvents(nil, []jitmap.Event{{Kind: jitmap.EventLoad, ID: 2, Addr: 0x5000, Size: 0x20, Time: 300, Name: "g"}})
	for _, pid := range []int32{10, 11, 12} {
		if err := w.WriteProcess(profile.Process{PID: pid, Comm: fmt.Sprint("p", pid)}); err != nil {
			t.Fatal(err)
		}
		for _, s := range []profile.Sample{
			{Time: 150, Stack: []profile.Location{{Mapping: 0, Addr: 0x5004}}},
			{Time: 250, Stack: []profile.Location{{Mapping: 1, Addr: 0x400010}, {Mapping: 0, Addr: 0x7004}}},
			{Time: 350, Stack: []profile.Location{{Mapping: profile.NoMapping, Addr: 0x5004}}},
		} {
			s.PID, s.TID, s.Values = pid, pid, []int64{1}
			if err := w.WriteSample(&s); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, f := range []struct {
		pid  int32
		body []byte
	}{{10, events}, {11, []byte{1, 0xff}}, {10, later}} {
		if err := w.WriteJIT(f.pid, f.body); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestJITFrames: the reader names process 10's generated code by time, in
// its own [jit] mapping whose names travel as an Object; process 11's
// damaged frame is a warning and its code stays [anon]; process 12 has
// nothing to translate.
func TestJITFrames(t *testing.T) {
	path := writeJITFile(t, 0x3131)
	p, warns, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || !strings.Contains(warns[0].String(), "JIT frames of process 11") || !strings.Contains(warns[0].String(), path) {
		t.Errorf("warnings %v, want one about process 11's JIT frame", warns)
	}
	name := func(loc profile.Location, caller bool) string {
		if loc.Mapping == profile.NoMapping {
			return fmt.Sprintf("unmapped@%#x", uint64(loc.Addr))
		}
		m := p.Mappings[loc.Mapping]
		if m.Path != jitmap.Path {
			return fmt.Sprintf("%s@%#x", m.Path, uint64(loc.Addr))
		}
		img := p.ObjectImage(m.Path, m.BuildID)
		if img == nil {
			return "no image"
		}
		tab, err := jitmap.Build(img.Data)
		if err != nil {
			return err.Error()
		}
		a := uint64(loc.Addr)
		if caller {
			a--
		}
		f, _ := tab.Frame(a)
		return f.Func
	}
	want := map[int32][]string{
		10: {"f", "/bin/x@0x400010 f", "g"},
		11: {"[anon]@0x5004", "/bin/x@0x400010 [anon]@0x7004", "unmapped@0x5004"},
		12: {"[anon]@0x5004", "/bin/x@0x400010 [anon]@0x7004", "unmapped@0x5004"},
	}
	got := map[int32][]string{}
	for _, s := range p.Samples {
		var names []string
		for i, loc := range s.Stack {
			names = append(names, name(loc, i > 0))
		}
		got[s.PID] = append(got[s.PID], strings.Join(names, " "))
	}
	for pid, w := range want {
		if fmt.Sprint(got[pid]) != fmt.Sprint(w) {
			t.Errorf("process %d: %q, want %q", pid, got[pid], w)
		}
	}
	if err := p.CheckValid(); err != nil {
		t.Error(err)
	}
}

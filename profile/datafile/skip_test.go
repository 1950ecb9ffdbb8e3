package datafile

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestTailSkipSamples: a Tail told to skip the samples before an offset
// decodes none of the Samples frames before it (counted in Skipped) and
// every other frame (mappings, processes, marks), and the later pieces
// whole; SetOffset ends the skipping.
func TestTailSkipSamples(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.data")
	w := startTailRun(t, path)
	defer w.Close()
	writeTailSamples(w, 9, 2, 5, 8) // frames of samples 0-2, 3-5, 6-8
	w.WriteAgentMark(AgentMark{Op: AgentClosed, From: 0, To: 9})
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var third int64
	n := 0
	for _, f := range Frames(data) {
		if f.Kind == KindSamples {
			if n++; n == 3 {
				third = f.Off
			}
		}
	}
	tl := NewTail(path)
	tl.SkipSamplesBefore(third)
	pc, err := tl.Next()
	if err != nil {
		t.Fatal(err)
	}
	if got := sampleTimes(pc.Profile); !reflect.DeepEqual(got, []int64{6, 7, 8}) || tl.Skipped != 2 {
		t.Errorf("samples %v, %d frames skipped; want 6-8 and 2", got, tl.Skipped)
	}
	if len(pc.Profile.Mappings) != 2 || len(pc.Profile.Processes) != 1 || len(pc.Marks) != 1 {
		t.Errorf("%d mappings, %d processes, %d marks: the other frames were not read", len(pc.Profile.Mappings), len(pc.Profile.Processes), len(pc.Marks))
	}
	w.WriteSample(tailSample(9))
	w.Flush()
	pc, err = tl.Next()
	if err != nil {
		t.Fatal(err)
	}
	if got := sampleTimes(pc.Profile); !reflect.DeepEqual(got, []int64{9}) {
		t.Errorf("then samples %v, want 9", got)
	}
	// After a rewrite the offset is the new file's: nothing skipped.
	tl.SetOffset(0)
	pc, err = tl.Next()
	if err != nil {
		t.Fatal(err)
	}
	if got := sampleTimes(pc.Profile); len(got) != 10 || tl.Skipped != 2 {
		t.Errorf("read again from 0: samples %v, %d skipped", got, tl.Skipped)
	}
}

package datafile

import (
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// TestRewriteWritesGoOn: while Rewrite copies (its choice under way), another
// goroutine writes samples and a mark, and they are neither lost nor
// doubled: the new file holds the frames chosen, then everything written
// during the copy; Moved takes a reader of the old file, and an offset
// of the frames written meanwhile, to the same frames in the new one; the
// file's generation is one more.
func TestRewriteWritesGoOn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.data")
	w := startTailRun(t, path)
	defer w.Close()
	writeTailSamples(w, 6, 2)
	w.Flush()
	before, gen0, err := w.FlushedSize()
	if err != nil || gen0 != 0 {
		t.Fatalf("size %d, generation %d, %v", before, gen0, err)
	}
	written := make(chan int64)
	r, err := w.RewriteFrames(path, false, func(frames []FrameRef) []bool {
		// Write while the copy is under way: a Rewrite that held the
		// writer's lock would leave this goroutine blocked.
		go func() {
			for i := 6; i < 9; i++ {
				w.WriteSample(tailSample(i))
			}
			w.WriteAgentMark(AgentMark{Op: AgentClosed, From: 0, To: 9})
			size, _, _ := w.FlushedSize()
			written <- size
		}()
		select {
		case <-written:
		case <-time.After(time.Minute):
			t.Error("the writer waited for the copy")
		}
		keep := make([]bool, len(frames))
		samples := 0
		for i, f := range frames {
			if f.Kind == KindSamples {
				samples++
				keep[i] = samples == 2 // samples 3..5
				continue
			}
			keep[i] = true
		}
		return keep
	})
	if err != nil {
		t.Fatal(err)
	}
	size := fileSize(t, path)
	w.WriteSample(tailSample(9))
	w.Flush()
	times := sampleTimes(readClean(t, path))
	if want := []int64{3, 4, 5, 6, 7, 8, 9}; !reflect.DeepEqual(times, want) {
		t.Errorf("samples at %v, want %v", times, want)
	}
	if r.Gen != 1 || r.Was <= before || r.Size != size {
		t.Errorf("generation %d, was %d (before the copy %d), size %d (the file %d)", r.Gen, r.Was, before, r.Size, size)
	}
	// A reader that had read the old file up to before goes on at the
	// frames written during the copy.
	rest, err := readRange(path, r.Moved(before), fileSize(t, path))
	if err != nil {
		t.Fatal(err)
	}
	var kinds []Kind
	for _, f := range Frames(rest) {
		kinds = append(kinds, f.Kind)
	}
	if want := []Kind{KindSamples, KindAgent, KindSamples}; !reflect.DeepEqual(kinds, want) {
		t.Errorf("frames from the moved offset %v, want %v", kinds, want)
	}
	if _, gen, _ := w.FlushedSize(); gen != 1 {
		t.Errorf("generation %d after a rewrite", gen)
	}
}

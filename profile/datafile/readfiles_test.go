package datafile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sonde/profile"
)

func TestReadFiles(t *testing.T) {
	dir := t.TempDir()
	mv := func(from, name string) string {
		to := filepath.Join(dir, name)
		if err := os.Rename(from, to); err != nil {
			t.Fatal(err)
		}
		return to
	}
	a := mv(writeFile(t, recordRun(0x1111)), "a.data")
	b := mv(writeFile(t, recordRun(0x3333)), "b.data")
	c := mv(writeFile(t, countRun(0x2222)), "c.data")
	ticks := recordRun(0x4444)
	ticks.hdr.SampleTypes = []profile.ValueType{{Type: "ticks", Unit: "count"}}
	for i := range ticks.samples {
		ticks.samples[i].Values = []int64{1}
	}
	odd := mv(writeFile(t, ticks), "ticks.odd")
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("hello\n"), 0o666); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name    string
		paths   []string
		want    *profile.Profile
		wantErr string
	}{
		// The oracle is the hand-built profile of all three runs, as one
		// file holding them would read.
		{name: "glob", paths: []string{filepath.Join(dir, "*.data")}, want: want(recordRun(0x1111), recordRun(0x3333), countRun(0x2222))},
		{name: "names", paths: []string{c, a}, want: want(countRun(0x2222), recordRun(0x1111))},
		{name: "one file", paths: []string{b}, want: want(recordRun(0x3333))},
		{name: "no match", paths: []string{filepath.Join(dir, "*.nothing")}, wantErr: "expand \"" + dir + "/*.nothing\": no file matches"},
		{name: "missing", paths: []string{filepath.Join(dir, "missing.data")}, wantErr: "read data file: open " + dir + "/missing.data: no such file or directory"},
		{name: "not a data file", paths: []string{a, text}, wantErr: text + ": not a sonde data file"},
		{name: "types differ", paths: []string{a, c, odd}, wantErr: "merge " + a + " and " + odd + ": sample types differ: [samples/count cpu/nanoseconds] vs [ticks/count]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, warns, err := ReadFiles(tt.paths)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(warns) > 0 {
				t.Errorf("warnings %v", warns)
			}
			equal(t, got, tt.want)
		})
	}
}

// TestLiveRead reads a file while its Writer is still open and has not
// been flushed: the periodic flush must make the samples visible, and the
// reader must read the file as far as it goes.
func TestLiveRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sonde.data")
	w, r := createRun(t, path)
	for i := range r.samples {
		if err := w.WriteSample(&r.samples[i]); err != nil {
			t.Fatal(err)
		}
	}
	// No Flush: poll until the timer has written the Samples frame. The
	// deadline is generous for a loaded machine; FlushInterval is 100 ms.
	deadline := time.Now().Add(30 * time.Second)
	for {
		p, warns, err := ReadFile(path)
		if err != nil || len(warns) > 0 {
			t.Fatalf("ReadFile: %v %v", err, warns)
		}
		if len(p.Samples) == len(r.samples) {
			break
		}
		if len(p.Samples) != 0 {
			t.Fatalf("%d samples, want 0 or %d", len(p.Samples), len(r.samples))
		}
		if time.Now().After(deadline) {
			t.Fatal("buffered samples never reached the file")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestWriterErrors(t *testing.T) {
	var sb strings.Builder
	w := NewWriter(&sb)
	if err := w.WriteSample(&profile.Sample{}); err != ErrNoRun {
		t.Errorf("WriteSample before WriteRun: %v, want ErrNoRun", err)
	}
	if _, err := w.WriteRun(RunHeader{SampleTypes: cpu, CountTypes: counted}); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteSample(&profile.Sample{Values: []int64{1}}); err == nil || !strings.Contains(err.Error(), "1 values, want 2") {
		t.Errorf("WriteSample with 1 value: %v", err)
	}
	if err := w.WriteSample(&profile.Sample{Values: []int64{1, 2}, Stack: make([]profile.Location, MaxStackDepth+1)}); err == nil {
		t.Error("WriteSample with a too deep stack: no error")
	}
	if err := w.WriteCounts(1, 3, []uint64{1, 2}); err == nil {
		t.Error("WriteCounts with 2 values for 3 units: no error")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteLost(1); err != ErrClosed {
		t.Errorf("WriteLost after Close: %v, want ErrClosed", err)
	}
}

// TestFlushDisarms: a Flush before the timer fires disarms it, so that a
// caller that flushes at each of its own wake-ups (the agent's drains) is
// not woken again by the timer for nothing.
func TestFlushDisarms(t *testing.T) {
	w, r := createRun(t, filepath.Join(t.TempDir(), "sonde.data"))
	if err := w.WriteSample(&r.samples[0]); err != nil {
		t.Fatal(err)
	}
	if w.timer == nil {
		t.Fatal("no timer armed by a buffered sample")
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if w.timer.Stop() {
		t.Error("the flush timer is still armed after Flush")
	}
}

// createRun creates a data file at path with recordRun's run begun; the
// test's end closes it.
func createRun(t *testing.T, path string) (*Writer, fixtureRun) {
	t.Helper()
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	r := recordRun(0x1111)
	if _, err := w.WriteRun(r.hdr); err != nil {
		t.Fatal(err)
	}
	return w, r
}

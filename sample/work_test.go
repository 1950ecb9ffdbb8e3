package sample

import (
	"io"
	"path/filepath"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/internal/testprog/capture"
	"sonde/profile/datafile"
	"sonde/unwind"
)

// BenchmarkHandleSampleWork measures handleSample, the agent's and
// record's per-sample path with the dwarf call graph (the process's
// placements, the unwinder, the locations, the data file's encoding), on
// 500 real samples of bench/record/testdata/work.c (gcc -O2 -g, 16 KiB
// stack copies as the agent takes them), its objects read and its tables
// parsed before the timer starts; per sample, wall-clock and CPU time
// (cpu-ns/op). Every sample must unwind to _start.
func BenchmarkHandleSampleWork(b *testing.B) {
	src, _ := filepath.Abs("../bench/record/testdata/work.c")
	bin := testprog.Build(b, src, testprog.Opts{Flags: []string{"-O2", "-g"}})
	d := unwind.NewDWARF()
	_, recs := capture.Stacks(b, 500, d.RegsMask(), 16<<10, 50*time.Millisecond, bin, "1000000")
	w := datafile.NewWriter(io.Discard)
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "record", Start: time.Now(), SampleTypes: SampleTypes, Period: 1e7}); err != nil {
		b.Fatal(err)
	}
	s, err := New(w, Options{Freq: 99, CallGraph: CallGraphDWARF, Unwinder: d})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	frames := 0
	for i := range recs {
		if err := s.handleSample(&recs[i]); err != nil {
			b.Fatal(err)
		}
		frames += len(s.sample.Stack)
	}
	if st := s.Stats(); st.Incomplete != 0 || st.Samples != len(recs) {
		b.Fatalf("%d samples handled, %d incomplete stacks; want %d, 0", st.Samples, st.Incomplete, len(recs))
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := capture.CPUTime(b)
	i := 0
	for b.Loop() {
		if err := s.handleSample(&recs[i%len(recs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(capture.CPUTime(b)-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(frames)/float64(len(recs)), "frames/sample")
}

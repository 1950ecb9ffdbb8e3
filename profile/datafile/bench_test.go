package datafile

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"sonde/profile"
)

// benchSamples returns n samples with 10-frame stacks drawn from a few
// hundred call paths over three mappings, as a sampler of a CPU-bound
// program with a handful of threads would produce.
func benchSamples(n int) []profile.Sample {
	rng := rand.New(rand.NewPCG(1, 2))
	paths := make([][]profile.Location, 300)
	for i := range paths {
		st := make([]profile.Location, 10)
		for j := range st {
			m := int32(rng.IntN(3))
			st[j] = profile.Location{Mapping: m, Addr: profile.Addr(0x401000 + rng.IntN(1<<16))}
		}
		// Callers (the tail) are shared between paths, as in real programs.
		if i > 0 && rng.IntN(2) == 0 {
			copy(st[5:], paths[i-1][5:])
		}
		paths[i] = st
	}
	t := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC).UnixNano()
	out := make([]profile.Sample, n)
	for i := range out {
		t += 1001001 + int64(rng.IntN(1000))
		out[i] = profile.Sample{Stack: paths[rng.IntN(len(paths))], Values: []int64{1, 1001001},
			PID: 1000, TID: 1000 + int32(rng.IntN(8)), Time: t}
	}
	return out
}

func writeBench(b *testing.B, path string, samples []profile.Sample) {
	w, err := Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := w.WriteRun(RunHeader{Collector: "record", SampleTypes: cpu, Period: 1001001, Start: time.Unix(0, samples[0].Time)}); err != nil {
		b.Fatal(err)
	}
	for i, p := range []string{"/bin/prog", "/lib/libc.so.6", "/lib/libm.so.6"} {
		if err := w.WriteMapping(i, &profile.Mapping{Path: p}); err != nil {
			b.Fatal(err)
		}
	}
	for i := range samples {
		if err := w.WriteSample(&samples[i]); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkWrite1M writes a million samples with 10-frame stacks.
func BenchmarkWrite1M(b *testing.B) {
	samples := benchSamples(1_000_000)
	path := filepath.Join(b.TempDir(), "sonde.data")
	b.ReportAllocs()
	for b.Loop() {
		writeBench(b, path, samples)
	}
	if fi, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(fi.Size())/float64(len(samples)), "file-bytes/sample")
	}
}

// BenchmarkRead1M reads a million samples with 10-frame stacks back and
// reports the live heap the profile holds.
func BenchmarkRead1M(b *testing.B) {
	path := filepath.Join(b.TempDir(), "sonde.data")
	writeBench(b, path, benchSamples(1_000_000))
	b.ReportAllocs()
	var p *profile.Profile
	for b.Loop() {
		var err error
		p, _, err = ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)/1e6, "MB-live-heap")
	if len(p.Samples) != 1_000_000 {
		b.Fatalf("%d samples", len(p.Samples))
	}
}

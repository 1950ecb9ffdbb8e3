package unwind

import (
	"debug/elf"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/internal/testprog"
	"sonde/internal/testprog/capture"
	"sonde/proc"
)

// workSamples compiles bench/record/testdata/work.c (gcc -O2 -g, the
// agent's benchmark workload: a recursive fib and a loop) and returns n
// of its samples with 16 KiB stack copies, the agent's, and the
// ObjectAt of its mappings.
func workSamples(tb testing.TB, n int) ([]perfevent.Record, ObjectAt) {
	tb.Helper()
	src, _ := filepath.Abs("../bench/record/testdata/work.c")
	bin := testprog.Build(tb, src, testprog.Opts{Flags: []string{"-O2", "-g"}})
	pid, recs := capture.Stacks(tb, n, regsMask, 16<<10, 50*time.Millisecond, bin, "1000000")
	maps, err := proc.Maps(pid)
	if err != nil {
		tb.Fatal(err)
	}
	return recs, placements(tb, maps)
}

// placement is one executable mapping and its bias.
type placement struct {
	start, limit, bias uint64
	path               string
}

// placements returns the ObjectAt of maps, as the sampler's is: the
// biases computed once from the ELF segments (link-time p_vaddr sits at
// file offset p_offset), a lookup a scan of the few mappings.
func placements(tb testing.TB, maps []proc.Mapping) ObjectAt {
	var ps []placement
	for _, m := range maps {
		if !m.Exec() || !strings.HasPrefix(m.Path, "/") {
			continue
		}
		f, err := elf.Open(m.Path)
		if err != nil {
			tb.Fatal(err)
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_LOAD && m.Offset >= p.Off&^0xfff && m.Offset < p.Off+p.Filesz {
				ps = append(ps, placement{m.Start, m.Limit, m.Start - (p.Vaddr + m.Offset - p.Off), m.Path})
				break
			}
		}
		f.Close()
	}
	return func(pc uint64) (string, uint64, bool) {
		for i := range ps {
			if p := &ps[i]; pc >= p.start && pc < p.limit {
				return p.path, p.bias, true
			}
		}
		return "", 0, false
	}
}

// BenchmarkUnwindWork measures Unwind on real samples of work.c with the
// agent's 16 KiB stack copies, its tables read before the timer starts:
// the per-sample unwinding cost of a steady agent. The figure is per
// sample, wall-clock and CPU time (cpu-ns/op, which a loaded machine
// inflates less), frames a sample reported; every walk must reach _start.
func BenchmarkUnwindWork(b *testing.B) {
	recs, obj := workSamples(b, 500)
	d := NewDWARF()
	var pcs []uint64
	frames := 0
	for _, r := range recs {
		var complete bool
		pcs, complete = d.Unwind(r.Regs, r.Stack, obj, pcs[:0])
		if !complete {
			b.Fatalf("sample at %#x: incomplete walk %x", r.IP, pcs)
		}
		frames += len(pcs)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := capture.CPUTime(b)
	i := 0
	for b.Loop() {
		r := &recs[i%len(recs)]
		pcs, _ = d.Unwind(r.Regs, r.Stack, obj, pcs[:0])
		i++
	}
	b.ReportMetric(float64(capture.CPUTime(b)-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(frames)/float64(len(recs)), "frames/sample")
}

// TestUnwindWorkCached unwinds 300 real samples of work.c with a fresh
// unwinder (every row computed by its FDE's CFA program) and then again
// (the rows from the tables' caches): every walk must reach _start, the
// two passes must give the same frames, and the second must allocate
// nothing, which it does if the row cache is too small for the rows a
// small program's samples ask for and keeps replacing them.
func TestUnwindWorkCached(t *testing.T) {
	recs, obj := workSamples(t, 300)
	d := NewDWARF()
	first := make([][]uint64, len(recs))
	for i, r := range recs {
		pcs, complete := d.Unwind(r.Regs, r.Stack, obj, nil)
		if !complete {
			t.Fatalf("sample at %#x: incomplete walk %x", r.IP, pcs)
		}
		first[i] = pcs
	}
	pcs := make([]uint64, 0, MaxFrames)
	for i, r := range recs {
		pcs, _ = d.Unwind(r.Regs, r.Stack, obj, pcs[:0])
		if !slices.Equal(pcs, first[i]) {
			t.Fatalf("sample at %#x: %x from the cache, %x first", r.IP, pcs, first[i])
		}
	}
	n := testing.AllocsPerRun(3, func() {
		for _, r := range recs {
			pcs, _ = d.Unwind(r.Regs, r.Stack, obj, pcs[:0])
		}
	})
	if n != 0 {
		t.Errorf("%v allocations a pass over %d samples with every row seen before, want 0", n, len(recs))
	}
}

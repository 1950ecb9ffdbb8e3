package asm

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzInstrument feeds the instrumenter real gcc 12 and clang 14 output
// (testdata/*.s, generated from the cc fixtures with -S; paths rewritten)
// and mutations of it. Whatever the input, Instrument must not panic, must
// keep every original byte in order, and must describe its blocks
// consistently.
func FuzzInstrument(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.s"))
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, false)
	}
	f.Add([]byte("\t.text\nf:\n\tcmpl $1, %edi\n\tje .L2\n\tjg .L3\n.L2: ret\n.L3: rep; ret\n"), true)
	f.Fuzz(func(t *testing.T, src []byte, atomic bool) {
		res, err := Instrument(src, &Options{Atomic: atomic})
		if err != nil {
			return
		}
		if !subsequence(string(src), string(res.Asm)) {
			t.Fatalf("instrumented text lost original bytes")
		}
		if len(res.Units) != len(res.UnitBlock) {
			t.Fatalf("%d units, %d unit-to-counter entries", len(res.Units), len(res.UnitBlock))
		}
		if res.Counters > len(res.Blocks)+len(res.Edges) {
			t.Fatalf("%d counters for %d blocks and %d edges", res.Counters, len(res.Blocks), len(res.Edges))
		}
		all := res.Counters + len(res.Derived)
		if all != len(res.Blocks)+len(res.Edges) {
			t.Fatalf("%d measured and %d derived counters for %d blocks and %d edges", res.Counters, len(res.Derived), len(res.Blocks), len(res.Edges))
		}
		for i, b := range res.Blocks {
			if b.Index != i || b.Instrs <= 0 || b.Counter < 0 || b.Counter >= all {
				t.Fatalf("block %d: %+v", i, b)
			}
		}
		for d, f := range res.Derived {
			for _, tm := range f {
				if tm.Counter < 0 || tm.Counter >= res.Counters {
					t.Fatalf("derived counter %d names counter %d of %d", d, tm.Counter, res.Counters)
				}
			}
		}
		for _, c := range res.UnitBlock {
			if int(c) >= all {
				t.Fatalf("unit maps to counter %d of %d", c, all)
			}
		}
	})
}

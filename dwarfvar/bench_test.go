package dwarfvar

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// BenchmarkEval measures Compile, and Eval of n and of req->size in
// worker of vars.c (gcc -O2) at the worker's line marked BP, in a frame
// made from gdb's registers and core there. Run it with -bench Eval; the
// figures are per Eval, in the benchmark's own process (no ptrace, no
// system call: memory comes from the core copy).
func BenchmarkEval(b *testing.B) {
	src := fixture(b, "vars.c")
	bin := testprog.Build(b, src, testprog.Opts{Compiler: "gcc", Flags: []string{"-g", "-O2"}})
	stops := runGdb(b, bin, gdbConfig{Breaks: []string{lineOf(b, src, "/* BP worker */")}, Max: 1,
		Funcs: map[string][]string{"worker": {"n", "req->size"}}})
	fr := stops[0].Frames[0]
	bias := stops[0].Main - symValue(b, bin, "main")
	f := frameOf(fr, openCore(b, stops[0].Core, bin, bias), false)
	p, err := Open(bin)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Compile", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := p.Compile("worker", "req->size"); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, expr := range []string{"n", "req->size"} {
		e, err := p.Compile("worker", expr)
		if err != nil {
			b.Fatal(err)
		}
		if v, err := e.Eval(f, fr.PC, bias); err != nil || v.String() != fr.Vals[expr] {
			b.Fatalf("%s = %v, %v; gdb prints %s", expr, v, err, fr.Vals[expr])
		}
		b.Run("Eval "+expr, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				e.Eval(f, fr.PC, bias)
			}
		})
	}
}

// lineOf returns the gdb line spec of the line of src holding marker.
func lineOf(tb testing.TB, src, marker string) string {
	f, err := os.Open(src)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if strings.Contains(sc.Text(), marker) {
			return fmt.Sprintf("%s:%d", filepath.Base(src), line)
		}
	}
	tb.Fatalf("%s: no %s", src, marker)
	return ""
}

package datafile

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile"
)

// TestCWriter builds testdata/cwriter.c, a C writer written from the
// recipes in format.go, runs it (once, then eight copies at once appending
// to the same file) and reads what it wrote. The expected units and counts
// are those the C source writes: five units of prog.c, a function and four
// blocks at lines 10..14, with 3*i instructions, counted (i+1)*multiplier.
func TestCWriter(t *testing.T) {
	for _, cc := range []string{"gcc", "clang"} {
		t.Run(cc, func(t *testing.T) {
			src, err := filepath.Abs("testdata/cwriter.c")
			if err != nil {
				t.Fatal(err)
			}
			bin := testprog.Build(t, src, testprog.Opts{Compiler: cc, Flags: []string{"-O2", "-Wall", "-Werror"}})
			path := filepath.Join(t.TempDir(), "sonde.data")
			run := func(mult int) string {
				out, err := exec.Command(bin, path, strconv.Itoa(mult)).Output()
				if err != nil {
					t.Errorf("%s %s %d: %v", bin, path, mult, err)
				}
				return strings.TrimSpace(string(out))
			}
			hash := run(1)
			var wg sync.WaitGroup
			for m := 2; m < 10; m++ {
				wg.Go(func() { run(m) })
			}
			wg.Wait()
			const multSum = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9

			p, warns, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(warns) > 0 {
				t.Errorf("warnings: %v", warns)
			}
			if len(p.Runs) != 9 {
				t.Errorf("%d runs, want 9", len(p.Runs))
			}
			for _, r := range p.Runs {
				if r.Collector != "cc" || len(r.Command) != 2 || r.Command[0] != "cwriter" || r.Start.IsZero() {
					t.Errorf("run %+v", r)
				}
			}
			if len(p.CountTypes) != 1 || p.CountTypes[0] != (profile.ValueType{Type: "count", Unit: "count"}) {
				t.Errorf("count types %v", p.CountTypes)
			}
			if len(p.Units) != 5 {
				t.Fatalf("%d units, want 5", len(p.Units))
			}
			for i, u := range p.Units {
				kind, fn := profile.UnitBlock, "main"
				if i == 0 {
					kind = profile.UnitFunction
				}
				if i >= 3 {
					fn = "helper"
				}
				want := profile.Unit{Kind: kind, Loc: profile.Location{Mapping: profile.NoMapping}, Scope: "prog.c",
					Index: i, Func: fn, File: "prog.c", Line: 10 + i, Instrs: 3 * i, Counts: []uint64{uint64(i+1) * multSum}}
				if u.Kind != want.Kind || u.Loc != want.Loc || u.Scope != want.Scope || u.Index != want.Index || u.Func != want.Func ||
					u.File != want.File || u.Line != want.Line || u.Instrs != want.Instrs || u.Counts[0] != want.Counts[0] {
					t.Errorf("unit %d = %+v, want %+v", i, u, want)
				}
			}
			// Go's encoder must produce the C program's universe byte for byte.
			if got := strconv.FormatUint(UnitsHash(p.Units), 16); strings.TrimLeft(hash, "0") != got {
				t.Errorf("UnitsHash = %s, the C writer's hash is %s", got, hash)
			}
		})
	}
}

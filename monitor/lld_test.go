package monitor

import (
	"debug/elf"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/monitor/units"
	"sonde/profile"
)

// TestLLDLinked counts programs linked with lld, which puts the end of
// the read-only segment and the start of the executable one in one file
// page: that page is mapped twice, read-only at the load base and
// executable a page further. Every unit (first page of .text included)
// must equal valgrind's count of the same binary (oracle: valgrind
// --tool=callgrind --dump-instr=yes), with each engine and with
// --coverage; before the run-time address was taken from the executable
// mapping, the ptrace engine planted in the read-only copy and counted 0.
func TestLLDLinked(t *testing.T) {
	testprog.Require(t, "valgrind")
	testprog.Require(t, "ld.lld")
	type fixture struct {
		name, src string
		opts      testprog.Opts
		only      []string
	}
	var fixtures []fixture
	for _, cc := range []string{"gcc", "clang"} {
		for _, pie := range []string{"-pie", "-no-pie"} {
			fixtures = append(fixtures, fixture{name: cc + pie, src: "count/work.c",
				opts: testprog.Opts{Compiler: cc, Flags: oracleFlags("-O2", "-fuse-ld=lld", pie)}})
		}
	}
	// rustc links with lld here (its .comment says "Linker: LLD"); the
	// program's own functions, not the whole of std.
	fixtures = append(fixtures, fixture{name: "rustc", src: "count/rprog.rs",
		opts: testprog.Opts{Compiler: "rustc", Flags: []string{"-O", "-g"}}, only: []string{"func:rprog"}})
	type variant struct {
		kind     profile.UnitKind
		eng      EngineKind
		coverage bool
	}
	var variants []variant
	for _, kind := range []profile.UnitKind{profile.UnitFunction, profile.UnitLine} {
		for _, eng := range engines {
			variants = append(variants, variant{kind: kind, eng: eng})
		}
	}
	variants = append(variants, variant{kind: profile.UnitLine, eng: EnginePtrace, coverage: true})
	for _, fx := range fixtures {
		t.Run(fx.name, func(t *testing.T) {
			bin := testprog.Build(t, fx.src, fx.opts)
			textPage := sharedTextPage(t, bin)
			want := callgrind(t, bin)
			for _, v := range variants {
				name := v.kind.String() + "/" + v.eng.String()
				if v.coverage {
					name += "/coverage"
				}
				t.Run(name, func(t *testing.T) {
					var only []units.Spec
					for _, s := range fx.only {
						only = append(only, mustSpec(t, s))
					}
					res, _ := run(t, Options{Units: v.kind, Engine: v.eng, Coverage: v.coverage, Only: only}, bin)
					if res.ExitCode() != 0 {
						t.Fatalf("target %s", res.Ended)
					}
					units, counts := unitsOf(t, res, bin)
					bad, ran, first := 0, 0, 0
					for i, u := range units {
						if u.Func == "_init" || u.Func == "_fini" {
							continue // valgrind does not see them run (see TestCountsMatchValgrind)
						}
						w := want[uint64(u.Loc.Addr)]
						if v.coverage {
							w = min(w, 1)
						}
						if uint64(u.Loc.Addr) < textPage && w > 0 {
							first++
						}
						if counts[i] > 0 {
							ran++
						}
						if counts[i] != w {
							bad++
							if bad <= 10 {
								t.Errorf("%#x (%s %s:%d): count %d, valgrind %d", u.Loc.Addr, u.Func, filepath.Base(u.File), u.Line, counts[i], w)
							}
						}
					}
					if bad > 0 {
						t.Errorf("%d of %d units differ from valgrind", bad, len(units))
					}
					if ran < 2 {
						t.Errorf("only %d of %d units ran", ran, len(units))
					}
					t.Logf("%d units, %d ran (%d of them in the executable segment's shared first page), all equal to valgrind's counts", len(units), ran, first)
				})
			}
		})
	}
}

// sharedTextPage checks that bin's executable segment starts inside a
// file page that the read-only segment before it also occupies (lld's
// layout), and returns the link-time address of the end of that page.
func sharedTextPage(t *testing.T, bin string) uint64 {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var comment string
	if s := f.Section(".comment"); s != nil {
		data, _ := s.Data()
		comment = string(data)
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && p.Flags&elf.PF_X != 0 {
			if p.Off%4096 == 0 || !strings.Contains(comment, "LLD") {
				t.Fatalf("%s: executable segment at file offset %#x, .comment %q: not lld's layout", bin, p.Off, comment)
			}
			return p.Vaddr&^4095 + 4096
		}
	}
	t.Fatal(fmt.Sprintf("%s has no executable segment", bin))
	return 0
}

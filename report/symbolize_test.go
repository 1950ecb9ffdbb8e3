package report

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/symbol"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}

// funcAddrs returns every byte address of the named functions, from nm.
func funcAddrs(t *testing.T, bin string, names ...string) []uint64 {
	t.Helper()
	syms, err := oracle.Nm(t, bin, false)
	if err != nil {
		t.Fatal(err)
	}
	var pick []oracle.Symbol
	for _, s := range oracle.FuncRanges(syms) {
		for _, n := range names {
			if s.Name == n {
				pick = append(pick, s)
			}
		}
	}
	if len(pick) != len(names) {
		t.Fatalf("nm finds %d of the functions %v in %s", len(pick), names, bin)
	}
	return oracle.AllAddrs(pick)
}

// TestObjectSymbolizerDWARF compares every address of worker and main
// (where -O2 inlines sum_squares and square) with llvm-symbolizer
// --inlining --no-demangle: function, file and line of every frame.
func TestObjectSymbolizerDWARF(t *testing.T) {
	bin := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: []string{"-O2", "-g"}})
	addrs := funcAddrs(t, bin, "worker", "main")
	want, err := oracle.LLVMSymbolizer(t, bin, addrs, oracle.LLVMOptions{Inlining: true})
	if err != nil {
		t.Fatal(err)
	}
	cache := symbol.NewCache(nil)
	defer cache.Close()
	var warn strings.Builder
	s := NewSymbolizer(cache, &warn)
	m := &profile.Mapping{Path: bin}
	inlined := 0
	for _, a := range want {
		got, err := s.Frames(m, profile.Addr(a.Addr))
		if err != nil {
			t.Fatal(err)
		}
		if g, w := frameText(got), oracleText(a.Frames); g != w {
			t.Errorf("%#x: got %s, llvm-symbolizer says %s", a.Addr, g, w)
		}
		if len(got) > 1 {
			inlined++
		}
	}
	if inlined == 0 {
		t.Errorf("no address of main has inline frames: the test proves nothing about them")
	}
	if warn.Len() != 0 {
		t.Errorf("warnings for an object with full DWARF: %q", warn.String())
	}
	t.Logf("%d addresses compared, %d with inline frames", len(want), inlined)
}

func frameText(fs []symbol.Frame) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "[%s %s:%d]", f.Func, f.File, f.Line)
	}
	return b.String()
}

func oracleText(fs []oracle.Frame) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "[%s %s:%d]", f.Func, f.File, f.Line)
	}
	return b.String()
}

// TestObjectSymbolizerDegrades checks the warnings (one per object) and what
// is left of symbolization for objects missing each level of information.
func TestObjectSymbolizerDegrades(t *testing.T) {
	bin := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: []string{"-O2", "-g"}})
	dir := t.TempDir()
	// strip --strip-debug leaves .symtab: function names only
	nodebug := filepath.Join(dir, "nodebug")
	testprog.Require(t, "strip")
	if out, err := exec.Command("strip", "--strip-debug", "-o", nodebug, bin).CombinedOutput(); err != nil {
		t.Fatalf("strip: %v\n%s", err, out)
	}
	notELF := filepath.Join(dir, "notelf")
	if err := os.WriteFile(notELF, []byte("#!/bin/sh\necho hi\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	worker := funcAddrs(t, bin, "worker")[4]

	tests := []struct {
		name     string
		m        *profile.Mapping
		addr     uint64
		wantFunc string // "" for no frames at all
		wantWarn string // substring of the one warning line; "" for none
	}{
		{"symbols only", &profile.Mapping{Path: nodebug}, worker, "worker", "sonde: " + nodebug + ": "},
		{"missing file", &profile.Mapping{Path: filepath.Join(dir, "gone.so")}, 0x1000, "", "sonde: open ELF file " + filepath.Join(dir, "gone.so") + ": "},
		{"not ELF", &profile.Mapping{Path: notELF}, 0x10, "", notELF},
		{"build-id mismatch", &profile.Mapping{Path: bin, BuildID: "00112233"}, worker, "", "want build-id 00112233"},
		{"vdso", &profile.Mapping{Path: "[vdso]"}, 0x7ffd00000950, "", ""},
		// Oracle: awk over /proc/kallsyms (kallsymsAddr).
		{"kernel", &profile.Mapping{Path: "[kernel.kallsyms]"}, kallsymsAddr(t, "do_syscall_64") + 4, "do_syscall_64", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cache := symbol.NewCache(nil)
			defer cache.Close()
			var warn strings.Builder
			s := NewSymbolizer(cache, &warn)
			for i := range 3 { // asked three times, warned once
				got, err := s.Frames(tt.m, profile.Addr(tt.addr+uint64(i)))
				if err != nil {
					t.Fatal(err)
				}
				fn := ""
				if len(got) > 0 {
					fn = got[len(got)-1].Func
					if got[0].File != "" || got[0].Line != 0 {
						t.Errorf("%#x: frames %s have a file or line", tt.addr, frameText(got))
					}
				}
				if fn != tt.wantFunc {
					t.Errorf("%#x: function %q, want %q", tt.addr, fn, tt.wantFunc)
				}
			}
			t.Logf("warnings: %q", warn.String())
			lines := strings.Split(strings.TrimSuffix(warn.String(), "\n"), "\n")
			switch {
			case tt.wantWarn == "" && warn.Len() != 0:
				t.Errorf("warnings %q, want none", warn.String())
			case tt.wantWarn != "" && (len(lines) != 1 || !strings.Contains(lines[0], tt.wantWarn) || !strings.HasPrefix(lines[0], "sonde: ")):
				t.Errorf("warnings %q, want one line holding %q", warn.String(), tt.wantWarn)
			}
		})
	}
}

// TestReportRealSymbols prints the flat view of samples at worker's
// addresses, symbolized for real, and compares the file:line of each row
// with llvm-symbolizer's innermost frame.
func TestReportRealSymbols(t *testing.T) {
	bin := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: []string{"-O2", "-g"}})
	addrs := funcAddrs(t, bin, "worker")
	// three samples at the fifth byte of worker, one at its first
	pick := []uint64{addrs[4], addrs[4], addrs[4], addrs[0]}
	want, err := oracle.LLVMSymbolizer(t, bin, pick, oracle.LLVMOptions{Inlining: true})
	if err != nil {
		t.Fatal(err)
	}
	p := &profile.Profile{Mappings: []*profile.Mapping{{Path: bin}}}
	for _, a := range pick {
		p.Samples = append(p.Samples, profile.Sample{Stack: []profile.Location{{Mapping: 0, Addr: profile.Addr(a)}}})
	}
	cache := symbol.NewCache(nil)
	defer cache.Close()
	var out strings.Builder
	if err := Write(&out, p, NewSymbolizer(cache, nil), &Options{View: ViewFlat}); err != nil {
		t.Fatal(err)
	}
	l4 := fmt.Sprintf("%s:%d", want[0].Frames[0].File, want[0].Frames[0].Line)
	l0 := fmt.Sprintf("%s:%d", want[3].Frames[0].File, want[3].Frames[0].Line)
	var wantOut string
	if l4 == l0 {
		wantOut = "100.0% ±0.0  " + l4 + "\n"
	} else {
		// 3 and 1 of 4 samples: ± 200*(.75*.25/4)**.5 = 43.30 (by hand)
		wantOut = " 75.0% ±43.3  " + l4 + "\n 25.0% ±43.3  " + l0 + "\n"
	}
	if got := out.String()[strings.Index(out.String(), "\n")+1:]; got != wantOut {
		t.Errorf("flat view:\n%s\nwant (llvm-symbolizer):\n%s", got, wantOut)
	}
}

// kallsymsAddr returns the address /proc/kallsyms gives the kernel text
// symbol name, as awk reads it.
func kallsymsAddr(t *testing.T, name string) uint64 {
	t.Helper()
	out, err := exec.Command("awk", "$3 == \""+name+"\" && ($2 == \"T\" || $2 == \"t\") {print $1; exit}", "/proc/kallsyms").Output()
	if err != nil {
		t.Fatalf("awk /proc/kallsyms: %v", err)
	}
	a, err := strconv.ParseUint(strings.TrimSpace(string(out)), 16, 64)
	if err != nil || a == 0 {
		t.Skipf("/proc/kallsyms gives no address for %s (kptr_restrict?)", name)
	}
	return a
}

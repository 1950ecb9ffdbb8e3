package symbol

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/objfile"
)

// libcPath is the machine's C library. With Debian's libc6-dbg its DWARF
// is in a separate debug file found by build ID, whose .debug_info,
// .debug_abbrev and .debug_line are zlib-compressed (SHF_COMPRESSED): 4,126
// units, each with its own abbreviation table, the agent's most common
// large object.
const libcPath = "/usr/lib/x86_64-linux-gnu/libc.so.6"

// requireLibcDebug skips (fails under CI=true: test.sh installs
// libc6-dbg) when libc has no DWARF here.
func requireLibcDebug(t testing.TB) {
	t.Helper()
	testprog.SkipShort(t, "opens libc's debug file")
	of, err := objfile.Open(libcPath, nil)
	if err == nil {
		defer of.Close()
		if of.HasDWARF() && of.Separate() {
			return
		}
	}
	msg := fmt.Sprintf("%s: no separate debug file with DWARF (libc6-dbg not installed?)", libcPath)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// TestLibcMatchesLLVM compares the frames of 3,000 random function
// addresses of libc (drawn from its debug file's symbol table, so they
// fall into most of its units) with
// `llvm-symbolizer --inlining --no-demangle --output-style=JSON --obj=libc.so.6`
// (llvm-symbolizer 14, which finds the debug file by build ID too). They
// are asked one at a time from a fresh Open, so that each unit's
// abbreviation table is completed by the query that first needs it, in
// no particular order, and again as one batch decoded in parallel.
func TestLibcMatchesLLVM(t *testing.T) {
	requireLibcDebug(t)
	testprog.Require(t, "llvm-symbolizer")
	obj, err := Open(libcPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	syms, err := oracle.Nm(t, obj.Info().DebugFile, false)
	if err != nil {
		t.Fatal(err)
	}
	addrs := oracle.RandomAddrs(oracle.FuncRanges(syms), 3000, 17)
	want, err := oracle.LLVMSymbolizer(t, libcPath, addrs, llvmOpts)
	if err != nil {
		t.Fatal(err)
	}
	units := map[int]bool{}
	got := make([][]Frame, len(addrs))
	for i, a := range addrs {
		units[obj.dw.unitFor(a)] = true
		if got[i], err = obj.Frames(a); err != nil {
			t.Fatal(err)
		}
	}
	frames := checkLLVM(t, addrs, got, want)
	if info := obj.Info(); info.Missing != "" {
		t.Errorf("Info().Missing = %q", info.Missing)
	}
	t.Logf("%d addresses in %d of libc's %d units, %d frames compared", len(addrs), len(units), len(obj.dw.units), frames)
	if len(units) < len(obj.dw.units)/4 {
		t.Errorf("the addresses fell into only %d of %d units", len(units), len(obj.dw.units))
	}

	batch, err := Open(libcPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	compareLLVM(t, batch, addrs, want)
}

// BenchmarkLibcFirstQuery measures what the agent pays the first time a
// sample lands in libc: Open (finding the debug file, decompressing and
// indexing its DWARF) and the frames of malloc's entry. Compare with
// `llvm-symbolizer --obj=/usr/lib/x86_64-linux-gnu/libc.so.6 0x98930`
// and `addr2line -f -i -e ... 0x98930` (bench/symopen runs all three).
func BenchmarkLibcFirstQuery(b *testing.B) {
	requireLibcDebug(b)
	syms, err := oracle.Nm(b, libcPath, true)
	if err != nil {
		b.Fatal(err)
	}
	var malloc uint64
	for _, s := range syms {
		if s.Name == "malloc" || strings.HasPrefix(s.Name, "malloc@") {
			malloc = s.Addr
		}
	}
	if malloc == 0 {
		b.Fatal("no malloc in libc's .dynsym")
	}
	for b.Loop() {
		obj, err := Open(libcPath, nil)
		if err != nil {
			b.Fatal(err)
		}
		if fs, err := obj.Frames(malloc); err != nil || len(fs) == 0 || fs[0].Line == 0 {
			b.Fatalf("malloc at %#x: %v, %v", malloc, fs, err)
		}
		obj.Close()
	}
}

package symbol

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

// libpython is the machine's optimized shared library with full DWARF 5,
// the project's speed benchmark object.
const libpython = "/root/.pyenv/versions/3.11.7/lib/libpython3.11.so.1.0"

// TestLibpythonTiming symbolizes 20,000 random addresses of libpython's
// functions with inline frames, from a fresh Open, and logs its time as a
// ratio to llvm-symbolizer's on the same list measured in the same run; it
// also checks every answer against llvm-symbolizer's. Timing is only
// reported, never asserted (the machine is shared). Set SONDE_TIMING=1 to
// run it.
func TestLibpythonTiming(t *testing.T) {
	if os.Getenv("SONDE_TIMING") == "" {
		t.Skip("set SONDE_TIMING=1 to measure against llvm-symbolizer on libpython")
	}
	if _, err := os.Stat(libpython); err != nil {
		t.Skip(err)
	}
	testprog.Require(t, "llvm-symbolizer")
	syms, err := oracle.Nm(t, libpython, false)
	if err != nil {
		t.Fatal(err)
	}
	addrs := oracle.RandomAddrs(oracle.FuncRanges(syms), 20000, 1)
	var in strings.Builder
	for _, a := range addrs {
		fmt.Fprintf(&in, "%#x\n", a)
	}
	cmd := exec.Command("llvm-symbolizer", llvmOpts.Args(libpython)...)
	cmd.Stdin = strings.NewReader(in.String())
	t0 := time.Now()
	out, err := cmd.Output()
	llvmTime := time.Since(t0)
	if err != nil {
		t.Fatal(err)
	}
	want, err := oracle.ParseLLVMJSON(out)
	if err != nil {
		t.Fatal(err)
	}

	runtime.GC()
	t0 = time.Now()
	obj, err := Open(libpython, nil)
	if err != nil {
		t.Fatal(err)
	}
	openTime := time.Since(t0)
	if _, err := obj.FramesBatch(addrs); err != nil {
		t.Fatal(err)
	}
	ourTime := time.Since(t0)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("sonde: open %v, total %v; llvm-symbolizer %v; ratio %.2f; Go heap in use %d MiB, sys %d MiB",
		openTime, ourTime, llvmTime, float64(ourTime)/float64(llvmTime), ms.HeapInuse>>20, ms.Sys>>20)
	n := compareLLVM(t, obj, addrs, want)
	t.Logf("%d addresses, %d frames compared with llvm-symbolizer", len(addrs), n)

	// A streaming caller: one address at a time, with and without
	// Prefetch.
	for _, prefetch := range []bool{false, true} {
		runtime.GC()
		t0 = time.Now()
		obj, err := Open(libpython, &Options{Prefetch: prefetch})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range addrs {
			if _, err := obj.Frames(a); err != nil {
				t.Fatal(err)
			}
		}
		d := time.Since(t0)
		t.Logf("streaming, Prefetch %v: %v; ratio to llvm-symbolizer %.2f", prefetch, d, float64(d)/float64(llvmTime))
	}
}

// BenchmarkLibpythonDecode measures Open plus decoding every DWARF unit of
// libpython, what a large random batch of addresses costs from cold.
func BenchmarkLibpythonDecode(b *testing.B) {
	if _, err := os.Stat(libpython); err != nil {
		b.Skip(err)
	}
	for i := 0; i < b.N; i++ {
		obj, err := Open(libpython, nil)
		if err != nil {
			b.Fatal(err)
		}
		var addrs []uint64
		for _, r := range obj.dw.cuRanges {
			addrs = append(addrs, r.lo)
		}
		if _, err := obj.FramesBatch(addrs); err != nil {
			b.Fatal(err)
		}
	}
}

package ccdriver

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/profile/datafile"
)

// TestAttribSharedLibrary builds shlib.c as an attrib-mode shared library
// (-shared -fPIC) and runs it from an attrib-built and a plain executable,
// linked (shmain.c) and through dlopen and dlclose (shdl.c). In every case
// the library's call counts equal callgrind's entry counts of the same
// binaries (nm addresses of the library, callgrind's load-base-relative
// ones) and the hand counts, and the time of the loop in burn is charged to
// burn: with an attrib executable that means "current" is one variable for
// both objects (were it not, the library's time would stay with its
// caller).
func TestAttribSharedLibrary(t *testing.T) {
	testprog.Require(t, "clang")
	dir := t.TempDir()
	m := &AttribMode{}
	run := func(args ...string) {
		t.Helper()
		var out bytes.Buffer
		d := &Driver{Compiler: "clang", Mode: m, Stdout: &out, Stderr: &out, CacheDir: filepath.Join(dir, "cache")}
		if err := d.Run(args); err != nil {
			t.Fatalf("sonde cc --sonde-mode=attrib %v: %v\n%s", args, err, out.String())
		}
	}
	plain := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("clang", args...).CombinedOutput(); err != nil {
			t.Fatalf("clang %v: %v\n%s", args, err, out)
		}
	}
	// -fno-plt -Wl,-z,now: callgrind charges PLT stubs and lazy binding to
	// the caller (DESIGN.md).
	noPLT := []string{"-O2", "-fno-plt", "-Wl,-z,now"}
	lib := filepath.Join(dir, "libsh.so")
	run(append(noPLT, "-shared", "-fPIC", "-o", lib, testprog.Path("attrib/shlib.c"))...)
	linkLib := []string{lib, "-Wl,-rpath," + dir}
	bins := map[string]string{}
	for _, b := range []struct {
		name, src string
		attrib    bool
		extra     []string
	}{
		{"linked/attrib", "shmain.c", true, linkLib},
		{"linked/plain", "shmain.c", false, linkLib},
		{"dlopen/attrib", "shdl.c", true, nil},
		{"dlopen/plain", "shdl.c", false, nil},
	} {
		bin := filepath.Join(dir, filepath.Base(b.name)+"-"+b.src[:len(b.src)-2])
		args := append(append(append([]string{}, noPLT...), "-o", bin, testprog.Path("attrib/"+b.src)), b.extra...)
		if b.attrib {
			run(args...)
		} else {
			plain(args...)
		}
		bins[b.name] = bin
	}
	syms, err := oracle.Nm(t, lib, false)
	if err != nil {
		t.Fatal(err)
	}
	libAddr := map[string]uint64{}
	for _, s := range syms {
		if s.IsFunc() {
			libAddr[s.Name] = s.Addr
		}
	}
	for _, tc := range []struct {
		name string
		// By hand, from the fixtures' comments.
		hand map[string]uint64
	}{
		{"linked/attrib", map[string]uint64{"count": 7, "step": 700, "burn": 3, "main": 1, "own": 1}},
		{"linked/plain", map[string]uint64{"count": 7, "step": 700, "burn": 3}},
		{"dlopen/attrib", map[string]uint64{"count": 5, "step": 500, "burn": 2, "main": 1}},
		{"dlopen/plain", map[string]uint64{"count": 5, "step": 500, "burn": 2}},
		// The executable's runtime writes before the library is loaded:
		// the library's universe comes with its first counts.
		{"dlopen/attrib-late", map[string]uint64{"count": 5, "step": 500, "burn": 2, "main": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bin := bins[strings.TrimSuffix(tc.name, "-late")]
			var args []string // shdl.c takes the library's path
			if filepath.Dir(tc.name) == "dlopen" {
				args = []string{lib}
			}
			env := []string{}
			if strings.HasSuffix(tc.name, "-late") {
				args = append(args, "late")
				env = append(env, "SONDE_SIGNAL=USR2")
				t.Setenv("SONDE_SIGNAL", "USR2") // for runAttrib's run
			}
			data := filepath.Join(t.TempDir(), "sonde.data")
			ic, err := oracle.Callgrind(t, bin, args, append(env, "SONDE_OUT="+data)...)
			if err != nil {
				t.Fatal(err)
			}
			var libCounts, exeCounts map[uint64]uint64
			for obj, c := range ic {
				switch filepath.Base(obj) {
				case filepath.Base(lib):
					libCounts = c
				case filepath.Base(bin):
					exeCounts = c
				}
			}
			if libCounts == nil {
				t.Fatalf("callgrind has no counts for %s", lib)
			}
			p, units := attribUnits(t, data)
			// One runtime (the primary) writes for both objects.
			if len(p.Runs) != 1 {
				t.Errorf("%d runs in the data file, want 1", len(p.Runs))
			}
			for name, want := range tc.hand {
				got := units[name][0]
				var cg uint64
				if a, ok := libAddr[name]; ok {
					cg = libCounts[a]
				} else {
					esyms, err := oracle.Nm(t, bin, false)
					if err != nil {
						t.Fatal(err)
					}
					for _, s := range esyms {
						if s.Name == name && s.IsFunc() {
							cg = exeCounts[s.Addr]
						}
					}
				}
				if got != want || cg != want {
					t.Errorf("%s: attrib %d calls, callgrind %d entries, by hand %d", name, got, cg, want)
				} else {
					t.Logf("%-5s %4d calls = callgrind = by hand", name, got)
				}
			}
			if len(units) != len(tc.hand)+1 {
				t.Errorf("units %v: want %d functions and (unprofiled)", units, len(tc.hand))
			}
			// Ticks, from a run without valgrind.
			_, units = runAttrib(t, bin, args...)
			s := share(units, "burn")
			t.Logf("burn: %.1f%% of %d ms charged", 100*s, total(units)/1e6)
			if s < 0.8 {
				t.Errorf("burn has %.1f%% of the time, want at least 80%% (its loop is nearly all the work): %v", 100*s, units)
			}
		})
	}
}

func total(units map[string][2]uint64) uint64 {
	var n uint64
	for _, c := range units {
		n += c[1]
	}
	return n
}

// TestAttribSignalFlush: with SONDE_SIGNAL=USR1 the runtime writes what ran
// since its last write whenever the signal arrives, and the program goes
// on. forever.c calls work as often as its input says and prints its own
// running total (the oracle); it is signalled after 1000 and after 3000
// calls, then calls work 500 more times and is killed with SIGKILL. The
// data file must then hold exactly the calls made before the last signal:
// 3000 (the two writes add up to it, neither counted twice, and the 500
// made after it are lost with the process), main's one call, and the
// program's output is the same as a plain build's.
func TestAttribSignalFlush(t *testing.T) {
	for _, sig := range []string{"USR1", "SIGHUP", "12"} { // 12 is SIGUSR2 on x86-64
		t.Run(sig, func(t *testing.T) {
			bin := buildAttrib(t, "clang", "forever.c", &AttribMode{}, "-O2")
			data := filepath.Join(t.TempDir(), "sonde.data")
			cmd := exec.Command(bin)
			cmd.Env = append(os.Environ(), "SONDE_OUT="+data, "SONDE_SIGNAL="+sig)
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			lines := bufio.NewScanner(stdout)
			var output []string
			step := func(n int) {
				t.Helper()
				fmt.Fprintf(stdin, "%d\n", n)
				if !lines.Scan() {
					t.Fatalf("forever.c stopped: %v", lines.Err())
				}
				output = append(output, lines.Text())
			}
			signo := map[string]syscall.Signal{"USR1": syscall.SIGUSR1, "SIGHUP": syscall.SIGHUP, "12": syscall.SIGUSR2}[sig]
			// flushed signals the program and waits until the data file
			// shows want calls of work: the handler runs in the program's
			// own time.
			flushed := func(want uint64) {
				t.Helper()
				if err := cmd.Process.Signal(signo); err != nil {
					t.Fatal(err)
				}
				var got uint64
				// A generous bound against hanging (a loaded machine can
				// take seconds to run the handler), not a time asserted.
				for deadline := time.Now().Add(5 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
					if p, _, err := datafile.ReadFile(data); err == nil {
						got = 0
						for _, u := range p.Units {
							if u.Func == "work" {
								got += u.Counts[0]
							}
						}
						if got == want {
							return
						}
					}
				}
				t.Fatalf("after the signal the data file has %d calls of work, want %d", got, want)
			}
			step(1000)
			flushed(1000)
			step(2000)
			flushed(3000)
			step(500)
			cmd.Process.Kill()
			cmd.Wait()
			p, units := attribUnits(t, data)
			if units["work"][0] != 3000 || units["main"][0] != 1 {
				t.Errorf("work %d calls, main %d; want 3000 (the program's total at the last signal) and 1", units["work"][0], units["main"][0])
			}
			if len(p.Runs) != 1 {
				t.Errorf("%d runs, want 1", len(p.Runs))
			}
			// The program's own totals, as a plain build prints them.
			want := []string{"done 1000", "done 3000", "done 3500"}
			if strings.Join(output, "\n") != strings.Join(want, "\n") {
				t.Errorf("output %q, want %q", output, want)
			}
		})
	}
}

// TestPicFlags: the last of the PIC/PIE flags decides whether a unit is
// compiled for a shared library (as clang itself reads them).
func TestPicFlags(t *testing.T) {
	for _, tc := range []struct {
		name  string
		flags []string
		want  bool
	}{
		{"none", []string{"-O2"}, false},
		{"fPIC", []string{"-O2", "-fPIC"}, true},
		{"fpic", []string{"-fpic"}, true},
		{"fPIE", []string{"-fPIE"}, false},
		{"PIC then PIE", []string{"-fPIC", "-fPIE"}, false},
		{"PIE then PIC", []string{"-fpie", "-fPIC"}, true},
		{"no-PIC", []string{"-fPIC", "-fno-PIC"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := picFlags(tc.flags); got != tc.want {
				t.Errorf("picFlags(%q) = %v, want %v", tc.flags, got, tc.want)
			}
		})
	}
}

// TestAttribFork: a forked child writes a run of its own holding only what
// it ran after the fork; the two runs add up to the calls made (by hand:
// 100 before the fork, 30 in the child, 50 in the parent after it: 180,
// where a child that kept its parent's counts would give 280).
func TestAttribFork(t *testing.T) {
	bin := buildAttrib(t, "clang", "fork.c", &AttribMode{}, "-O2")
	p, units := runAttrib(t, bin)
	if len(p.Runs) != 2 {
		t.Errorf("%d runs, want 2 (parent and child)", len(p.Runs))
	}
	if units["work"][0] != 180 || units["main"][0] != 1 {
		t.Errorf("work %d calls, main %d; want 180 and 1", units["work"][0], units["main"][0])
	}
}

// TestAttribSharedWithoutPIC: "-shared" without -fPIC still compiles the
// units for a shared library: readelf shows the library's "current"
// reached through a dynamic relocation against the symbol
// (R_X86_64_TPOFF64), which the dynamic linker binds to the process's one
// definition, and not a link-time offset (which would not link at all).
func TestAttribSharedWithoutPIC(t *testing.T) {
	testprog.Require(t, "clang")
	testprog.Require(t, "readelf")
	dir := t.TempDir()
	lib := filepath.Join(dir, "libsh.so")
	var out bytes.Buffer
	d := &Driver{Compiler: "clang", Mode: &AttribMode{}, Stdout: &out, Stderr: &out, CacheDir: filepath.Join(dir, "cache")}
	if err := d.Run([]string{"-O2", "-shared", "-o", lib, testprog.Path("attrib/shlib.c")}); err != nil {
		t.Fatalf("sonde cc --sonde-mode=attrib -shared: %v\n%s", err, out.String())
	}
	rel, err := exec.Command("readelf", "-rW", lib).Output()
	if err != nil {
		t.Fatalf("readelf -rW %s: %v", lib, err)
	}
	found := false
	for _, l := range strings.Split(string(rel), "\n") {
		if strings.Contains(l, "__sonde_attrib_current") {
			t.Logf("readelf: %s", strings.Join(strings.Fields(l), " "))
			found = found || strings.Contains(l, "R_X86_64_TPOFF64")
		}
	}
	if !found {
		t.Errorf("readelf -rW %s: no R_X86_64_TPOFF64 against __sonde_attrib_current", lib)
	}
}

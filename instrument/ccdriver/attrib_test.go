package ccdriver

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/profile/datafile"
)

// buildAttrib builds src (internal/testprog/testdata/attrib) with
// sonde cc --sonde-mode=attrib and the compiler cc, and returns the binary.
func buildAttrib(t *testing.T, cc, src string, m *AttribMode, flags ...string) string {
	t.Helper()
	testprog.Require(t, cc)
	dir := t.TempDir()
	bin := filepath.Join(dir, strings.TrimSuffix(src, filepath.Ext(src)))
	var stderr bytes.Buffer
	d := &Driver{Compiler: cc, CXX: strings.HasSuffix(cc, "++"), Mode: m, Stdout: &stderr, Stderr: &stderr,
		CacheDir: filepath.Join(dir, "cache")}
	args := append(append([]string{}, flags...), "-o", bin, testprog.Path(filepath.Join("attrib", src)))
	if err := d.Run(args); err != nil {
		t.Fatalf("sonde cc --sonde-mode=attrib %v: %v\n%s", args, err, stderr.String())
	}
	return bin
}

// attribUnits reads the data file and returns the function units by name
// (counts added up over units of the same name).
func attribUnits(t *testing.T, data string) (*profile.Profile, map[string][2]uint64) {
	t.Helper()
	p, warns, err := datafile.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range warns {
		t.Errorf("data file warning: %s", w)
	}
	if len(p.CountTypes) != 2 || p.CountTypes[0] != (profile.ValueType{Type: "calls", Unit: "count"}) ||
		p.CountTypes[1] != (profile.ValueType{Type: "cpu", Unit: "nanoseconds"}) {
		t.Fatalf("count types %v, want calls/count and cpu/nanoseconds", p.CountTypes)
	}
	byName := map[string][2]uint64{}
	for _, u := range p.Units {
		if u.Kind != profile.UnitFunction {
			t.Errorf("unit %+v is not a function unit", u)
		}
		c := byName[u.Func]
		c[0] += u.Counts[0]
		c[1] += u.Counts[1]
		byName[u.Func] = c
	}
	return p, byName
}

// TestAttribCallsMatchCallgrind runs the attrib-built calls.c under
// valgrind callgrind and compares every function's call count with
// callgrind's execution count of the function's first instruction (its
// nm address) in the same run of the same binary.
func TestAttribCallsMatchCallgrind(t *testing.T) {
	for _, opt := range []string{"-O0", "-O2"} {
		t.Run(opt, func(t *testing.T) {
			// -fno-plt -Wl,-z,now: callgrind charges PLT stubs and lazy
			// binding to the caller (DESIGN.md). Atomic: four threads.
			bin := buildAttrib(t, "clang", "calls.c", &AttribMode{Atomic: true}, opt, "-fno-plt", "-Wl,-z,now", "-pthread")
			data := filepath.Join(t.TempDir(), "sonde.data")
			ic, err := oracle.Callgrind(t, bin, []string{"18"}, "SONDE_OUT="+data)
			if err != nil {
				t.Fatal(err)
			}
			var exe map[uint64]uint64
			for obj, m := range ic {
				if obj == bin || filepath.Base(obj) == filepath.Base(bin) {
					exe = m
				}
			}
			if exe == nil {
				t.Fatalf("callgrind has no counts for %s", bin)
			}
			syms, err := oracle.Nm(t, bin, false)
			if err != nil {
				t.Fatal(err)
			}
			addr := map[string]uint64{}
			for _, s := range syms {
				if s.IsFunc() {
					addr[s.Name] = s.Addr
				}
			}
			_, units := attribUnits(t, data)
			// Counts by hand for argument 18: fib(18) makes
			// 2*fib(19)-1 = 8361 calls, fibm as many and mix 4180;
			// is_even/is_odd: sum over i<50 of i+1 calls split by
			// parity; ops: k=2 when i%3==2 (33), else 1 when i%7==0
			// (10), else 0 (57); leaf 1000+2000+3000+4000.
			hand := map[string]uint64{"fib": 8361, "fibm": 8361, "mix": 4180, "is_even": 650, "is_odd": 625,
				"twice": 57, "thrice": 10, "square": 33, "leaf": 10000, "worker": 4, "main": 1}
			// At -O2 the binary enters fib only 4181 times (the second
			// call became a loop): callgrind must see fewer entries,
			// attrib the source's calls.
			tre := map[string]bool{}
			if opt == "-O2" {
				tre["fib"] = true
			}
			for name, want := range hand {
				c, ok := units[name]
				if !ok {
					t.Errorf("no unit for %s", name)
					continue
				}
				if c[0] != want {
					t.Errorf("%s: attrib %d calls, by hand %d", name, c[0], want)
				}
				a, ok := addr[name]
				if !ok {
					t.Errorf("nm: no symbol %s", name)
					continue
				}
				got := exe[a]
				switch {
				case tre[name] && got >= c[0]:
					t.Errorf("%s: callgrind %d entries, want fewer than attrib's %d after tail-recursion elimination", name, got, c[0])
				case tre[name]:
					t.Logf("%-8s %6d calls; callgrind %d entries (tail recursion became a loop)", name, c[0], got)
				case got != c[0]:
					t.Errorf("%s: attrib %d calls, callgrind %d entries at %#x", name, c[0], got, a)
				default:
					t.Logf("%-8s %6d calls = callgrind", name, c[0])
				}
			}
			compared := 0
			for name, c := range units {
				if a, ok := addr[name]; ok && !tre[name] {
					compared++
					if exe[a] != c[0] {
						t.Errorf("%s: attrib %d calls, callgrind %d entries", name, c[0], exe[a])
					}
				}
			}
			t.Logf("%d functions compared", compared)
		})
	}
}

// TestAttribNeedsClang: with gcc the mode stops with ErrNeedsClang.
func TestAttribNeedsClang(t *testing.T) {
	testprog.Require(t, "gcc")
	d := &Driver{Compiler: "gcc", Mode: &AttribMode{}, Stdout: os.Stderr, Stderr: os.Stderr, TempDir: t.TempDir()}
	err := d.Run([]string{"-O2", "-c", "-o", filepath.Join(t.TempDir(), "x.o"), testprog.Path("attrib/calls.c")})
	if !errors.Is(err, ErrNeedsClang) {
		t.Fatalf("gcc: got %v, want ErrNeedsClang", err)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("error %q is not one line", err)
	}
}

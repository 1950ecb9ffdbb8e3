package runtime

import (
	"errors"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// nmGlobals returns the object's global symbols as nm prints them
// ("T name", "w name"), leaving out undefined ones ("U").
func nmGlobals(t *testing.T, obj string) []string {
	t.Helper()
	out, err := exec.Command(testprog.Require(t, "nm"), obj).Output()
	if err != nil {
		t.Fatalf("nm %s: %v", obj, err)
	}
	var syms []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		kind := f[len(f)-2]
		if kind == "U" || strings.ToLower(kind) == kind && kind != "w" {
			continue // undefined, or local (static): t, b, d, r
		}
		syms = append(syms, kind+" "+f[len(f)-1])
	}
	slices.Sort(syms)
	return syms
}

// TestObject builds both runtimes with both compilers through the one
// compile-and-cache path and checks, with binutils nm as the oracle, that
// each object defines only its entry points: the frame helpers of the
// shared sonde_frame.h stay static, so a program may hold several copies
// (every executable and shared library carries its own).
func TestObject(t *testing.T) {
	for _, tc := range []struct {
		name string
		rt   *cRuntime
		// Expected from nm on objects built by hand with
		// "cc -x c -O2 -fPIC -fvisibility=hidden -c" of the sources.
		want []string
	}{
		{"blocks", &blocksRuntime, []string{"T __wrap__Exit", "T __wrap__exit", "T __wrap_execl", "T __wrap_execle",
			"T __wrap_execlp", "T __wrap_execv", "T __wrap_execve", "T __wrap_execvp", "T __wrap_execvpe",
			"T __wrap_fexecve", "w __start_sonde_cus", "w __start_sonde_listings", "w __stop_sonde_cus", "w __stop_sonde_listings"}},
		{"attrib", &attribRuntime, []string{"B __sonde_attrib_sigstate", "D __sonde_attrib_current", "T __sonde_attrib_module",
			"T __wrap__Exit", "T __wrap___sysv_signal", "T __wrap__exit", "T __wrap_execl", "T __wrap_execle",
			"T __wrap_execlp", "T __wrap_execv", "T __wrap_execve", "T __wrap_execvp", "T __wrap_execvpe",
			"T __wrap_fexecve", "T __wrap_pthread_create", "T __wrap_pthread_sigmask", "T __wrap_sigaction",
			"T __wrap_signal", "T __wrap_sigprocmask", "w __start_sonde_attrib", "w __stop_sonde_attrib"}},
	} {
		for _, cc := range []string{"gcc", "clang"} {
			t.Run(tc.name+"/"+cc, func(t *testing.T) {
				testprog.Require(t, cc)
				cache := t.TempDir()
				obj, err := tc.rt.object(cc, nil, cache)
				if err != nil {
					t.Fatal(err)
				}
				if got := nmGlobals(t, obj); !slices.Equal(got, tc.want) {
					t.Errorf("nm %s: global symbols %q, want %q", obj, got, tc.want)
				}
				st, err := os.Stat(obj)
				if err != nil {
					t.Fatal(err)
				}
				again, err := tc.rt.object(cc, nil, cache)
				if err != nil {
					t.Fatal(err)
				}
				st2, err := os.Stat(again)
				if err != nil {
					t.Fatal(err)
				}
				if again != obj || !st2.ModTime().Equal(st.ModTime()) {
					t.Errorf("second build: %s (modified %v), want the cached %s (modified %v)", again, st2.ModTime(), obj, st.ModTime())
				}
				// An edit of the shared header must rebuild the runtime.
				edited := *tc.rt
				edited.sources = maps.Clone(tc.rt.sources)
				edited.sources["sonde_frame.h"] = append(append([]byte(nil), FrameSource...), "\n/* edited */\n"...)
				other, err := edited.object(cc, nil, cache)
				if err != nil {
					t.Fatal(err)
				}
				if other == obj {
					t.Errorf("edited sonde_frame.h: got the cached %s, want a new object", obj)
				}
			})
		}
	}
}

func TestObjectErrors(t *testing.T) {
	for _, tc := range []struct {
		name     string
		build    func(compiler string, extra []string, cacheDir string) (string, error)
		compiler string
		extra    []string
		prefix   string
		is       error
	}{
		{"blocks no compiler", Object, "sonde-no-such-cc", nil, "build runtime: ", exec.ErrNotFound},
		{"attrib no compiler", AttribObject, "sonde-no-such-cc", nil, "build attrib runtime: ", exec.ErrNotFound},
		{"blocks bad flag", Object, "gcc", []string{"-fsonde-no-such-flag"}, "build runtime with gcc: ", nil},
		{"attrib bad flag", AttribObject, "gcc", []string{"-fsonde-no-such-flag"}, "build attrib runtime with gcc: ", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.compiler == "gcc" {
				testprog.Require(t, "gcc")
			}
			obj, err := tc.build(tc.compiler, tc.extra, t.TempDir())
			if err == nil {
				t.Fatalf("built %s, want an error", obj)
			}
			if !strings.HasPrefix(err.Error(), tc.prefix) {
				t.Errorf("error %q, want prefix %q", err, tc.prefix)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %q does not wrap %v", err, tc.is)
			}
		})
	}
}

// TestLinkFlags: every name LinkFlags wraps has its __wrap_ function in
// the blocks runtime (binutils nm as the oracle), or the link of a program
// that calls it would fail or bypass the runtime.
func TestLinkFlags(t *testing.T) {
	testprog.Require(t, "gcc")
	obj, err := blocksRuntime.object("gcc", nil, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defined := nmGlobals(t, obj)
	flags := LinkFlags()
	if len(flags) != 1 || !strings.HasPrefix(flags[0], "-Wl,") {
		t.Fatalf("LinkFlags() = %q, want one -Wl, flag", flags)
	}
	for _, opt := range strings.Split(flags[0], ",")[1:] {
		name, ok := strings.CutPrefix(opt, "--wrap=")
		if !ok {
			t.Errorf("LinkFlags: option %q is not --wrap=NAME", opt)
			continue
		}
		if !slices.Contains(defined, "T __wrap_"+name) {
			t.Errorf("--wrap=%s: the runtime does not define __wrap_%s (nm: %q)", name, name, defined)
		}
	}
}

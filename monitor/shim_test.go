package monitor

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/monitor/units"
	"sonde/profile"
)

// TestShimObject: a command that is a script (a pyenv-like shim) which
// execs a program whose RUNPATH ($ORIGIN/../lib) loads a private copy of
// a library; another copy is on the shim's own library path
// (LD_LIBRARY_PATH, which the shim unsets before its exec). obj: names
// the copy that the program maps: lib_counted runs 50 times in it
// (shimmain.c). The ptrace engine follows the exec; auto falls back to it
// with a notice; the uprobe engine follows the script's execs and plants
// in the program, never in the other copy.
func TestShimObject(t *testing.T) {
	cc := testprog.Require(t, "gcc")
	lib := testprog.Build(t, "count/libcounted.c", testprog.Opts{Flags: []string{"-g", "-O2", "-shared", "-fPIC"}, Name: "libcounted.so"})
	dir := t.TempDir()
	for _, d := range []string{"bin", "lib", "elsewhere"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(lib)
	if err != nil {
		t.Fatal(err)
	}
	private, other := filepath.Join(dir, "lib", "libcounted.so"), filepath.Join(dir, "elsewhere", "libcounted.so")
	for _, p := range []string{private, other} {
		if err := os.WriteFile(p, data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	prog := filepath.Join(dir, "bin", "prog")
	if msg, err := exec.Command(cc, "-g", "-O2", "-o", prog, testprog.Path("count/shimmain.c"),
		"-L"+filepath.Join(dir, "lib"), "-lcounted", "-Wl,--enable-new-dtags,-rpath,$ORIGIN/../lib").CombinedOutput(); err != nil {
		t.Fatalf("link: %v\n%s", err, msg)
	}
	shim := filepath.Join(dir, "shim")
	script := "#!/bin/sh\nunset LD_LIBRARY_PATH\nexec \"$(dirname \"$0\")/bin/prog\" \"$@\"\n"
	if err := os.WriteFile(shim, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, eng := range []EngineKind{EnginePtrace, EngineAuto, EngineUprobe} {
		t.Run(eng.String(), func(t *testing.T) {
			cmd := exec.Command(shim)
			cmd.Env = append(os.Environ(), "LD_LIBRARY_PATH="+filepath.Join(dir, "elsewhere"))
			var notice bytes.Buffer
			opts := Options{Units: profile.UnitFunction, Engine: eng, Cmd: cmd, Notice: &notice,
				Only: []units.Spec{mustSpec(t, "obj:libcounted.so"), mustSpec(t, "func:^lib_counted$")}}
			res, err := Count(context.Background(), &opts)
			if err != nil {
				t.Fatal(err)
			}
			want := EnginePtrace
			if eng == EngineUprobe {
				want = EngineUprobe
			}
			if res.ExitCode() != 0 || res.Engine != want {
				t.Fatalf("target %s, %v engine", res.Ended, res.Engine)
			}
			for _, o := range res.Objects {
				if o.Path == other {
					t.Errorf("the copy on the shim's library path was counted")
				}
			}
			if got := funcCount(t, res, private, "lib_counted"); got != 50 {
				t.Errorf("lib_counted in %s: %d, want 50", private, got)
			}
			if u := res.Unmatched(opts.Only); len(u) != 0 {
				t.Errorf("unmatched %v", u)
			}
		})
	}
	// A script that runs the program as a child, not by exec: the uprobe
	// engine, which follows execs only, says it found nothing to plant;
	// auto counts it with ptrace, which follows children.
	child := filepath.Join(dir, "child")
	if err := os.WriteFile(child, []byte("#!/bin/sh\nunset LD_LIBRARY_PATH\n\"$(dirname \"$0\")/bin/prog\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, eng := range []EngineKind{EngineAuto, EngineUprobe} {
		t.Run("child/"+eng.String(), func(t *testing.T) {
			cmd := exec.Command(child)
			cmd.Env = append(os.Environ(), "LD_LIBRARY_PATH="+filepath.Join(dir, "elsewhere"))
			opts := Options{Units: profile.UnitFunction, Engine: eng, Cmd: cmd, Notice: io.Discard,
				Only: []units.Spec{mustSpec(t, "obj:libcounted.so"), mustSpec(t, "func:^lib_counted$")}}
			res, err := Count(context.Background(), &opts)
			if eng == EngineUprobe {
				if err == nil || !strings.Contains(err.Error(), "ended (exit 0) before a program it exec'd mapped obj:libcounted.so") {
					t.Fatalf("uprobe engine: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := funcCount(t, res, private, "lib_counted"); got != 50 {
				t.Errorf("lib_counted in %s: %d, want 50", private, got)
			}
		})
	}
	// An ELF wrapper (env) is no script: the uprobe engine resolves the
	// spec from env's library path, probes the other copy, and says
	// afterwards that none of its units ran.
	t.Run("env/uprobe", func(t *testing.T) {
		cmd := exec.Command(testprog.Require(t, "env"), "-u", "LD_LIBRARY_PATH", prog)
		cmd.Env = append(os.Environ(), "LD_LIBRARY_PATH="+filepath.Join(dir, "elsewhere"))
		opts := Options{Units: profile.UnitFunction, Engine: EngineUprobe, Cmd: cmd,
			Only: []units.Spec{mustSpec(t, "obj:libcounted.so"), mustSpec(t, "func:^lib_counted$")}}
		res, err := Count(context.Background(), &opts)
		if err != nil {
			t.Fatal(err)
		}
		if u := res.UnusedOnDisk(); len(u) != 1 || u[0] != other {
			t.Errorf("unused on disk %v, want [%s]", u, other)
		}
	})
}

// TestPyenvShim counts libpython through the pyenv shim python3.11 where
// pyenv is installed, with each engine: the object counted is the one the
// shim's final python maps (oracle: that process's /proc/self/maps,
// printed by the script itself), and Py_RunMain ran once in it (python's
// main calls it once).
func TestPyenvShim(t *testing.T) {
	testprog.SkipShort(t, "counts python3.11 with every engine")
	home, _ := os.UserHomeDir()
	shim := filepath.Join(home, ".pyenv", "shims", "python3.11")
	if _, err := os.Stat(shim); err != nil {
		t.Skip("no pyenv python3.11 shim (optional: pyenv is not installed by test.sh)")
	}
	script := "print(sorted({l.split()[-1] for l in open('/proc/self/maps') if 'libpython3.11.so' in l})[0])\n"
	for _, eng := range []EngineKind{EngineAuto, EngineUprobe, EnginePtrace} {
		t.Run(eng.String(), func(t *testing.T) {
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			done := make(chan struct{})
			go func() { out.ReadFrom(pr); close(done) }()
			cmd := exec.Command(shim, "-c", script)
			cmd.Stdout = pw
			opts := Options{Units: profile.UnitFunction, Engine: eng, Cmd: cmd, Notice: io.Discard,
				Only: []units.Spec{mustSpec(t, "obj:libpython3.11.so.1.0"), mustSpec(t, "func:^(Py_RunMain|PyRun_SimpleStringFlags)$")}}
			res, err := Count(context.Background(), &opts)
			pw.Close()
			<-done
			pr.Close()
			if err != nil {
				t.Fatal(err)
			}
			mapped := strings.TrimSpace(out.String())
			if res.ExitCode() != 0 || mapped == "" {
				t.Fatalf("target %s, printed %q", res.Ended, mapped)
			}
			if len(res.Objects) != 1 || res.Objects[0].Path != mapped {
				var paths []string
				for _, o := range res.Objects {
					paths = append(paths, o.Path)
				}
				t.Fatalf("counted %v, python mapped %s", paths, mapped)
			}
			if got := funcCount(t, res, mapped, "Py_RunMain"); got != 1 {
				t.Errorf("Py_RunMain ran %d times in %s, want 1", got, mapped)
			}
			t.Logf("%s counted with the %v engine", mapped, res.Engine)
		})
	}
}

// TestDlopenSearchOrder: the uprobe engine finds a library the program
// will dlopen by a bare name where the dynamic loader will (ld.so(8)): the
// executable's DT_RPATH before LD_LIBRARY_PATH, LD_LIBRARY_PATH before its
// DT_RUNPATH. Two copies of libcounted.so, one in each place: dlopen.c
// calls lib_counted 77 times in the copy the loader picks.
func TestDlopenSearchOrder(t *testing.T) {
	cc := testprog.Require(t, "gcc")
	lib := testprog.Build(t, "count/libcounted.c", testprog.Opts{Flags: []string{"-g", "-O2", "-shared", "-fPIC"}, Name: "libcounted.so"})
	data, err := os.ReadFile(lib)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	inPath, inEnv := filepath.Join(dir, "rpath"), filepath.Join(dir, "env")
	for _, d := range []string{inPath, inEnv} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "libcounted.so"), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, tags, want string
	}{
		{"DT_RPATH", "--disable-new-dtags", inPath},
		{"DT_RUNPATH", "--enable-new-dtags", inEnv},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bin := filepath.Join(dir, "dlopen-"+tt.name)
			if msg, err := exec.Command(cc, "-g", "-O2", "-o", bin, testprog.Path("count/dlopen.c"), "-ldl",
				"-Wl,"+tt.tags+",-rpath,"+inPath).CombinedOutput(); err != nil {
				t.Fatalf("link: %v\n%s", err, msg)
			}
			cmd := exec.Command(bin, "libcounted.so")
			cmd.Env = append(os.Environ(), "LD_LIBRARY_PATH="+inEnv)
			opts := Options{Units: profile.UnitFunction, Engine: EngineUprobe, Cmd: cmd,
				Only: []units.Spec{mustSpec(t, "obj:libcounted.so"), mustSpec(t, "func:^lib_counted$")}}
			res, err := Count(context.Background(), &opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.ExitCode() != 0 {
				t.Fatalf("target %s", res.Ended)
			}
			if got := funcCount(t, res, filepath.Join(tt.want, "libcounted.so"), "lib_counted"); got != 77 {
				t.Errorf("lib_counted in %s: %d, want 77", tt.want, got)
			}
		})
	}
}

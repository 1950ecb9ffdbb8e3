package ccdriver

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile/datafile"
)

// buildMode builds src with sonde cc in mode m and compiler cc.
func buildMode(t *testing.T, cc string, m Mode, src, bin string, flags ...string) {
	t.Helper()
	testprog.Require(t, cc)
	var out bytes.Buffer
	d := &Driver{Compiler: cc, Mode: m, Stdout: &out, Stderr: &out, CacheDir: filepath.Join(filepath.Dir(bin), "cache")}
	args := append(append([]string{}, flags...), "-o", bin, src)
	if err := d.Run(args); err != nil {
		t.Fatalf("sonde cc (%s) %v: %v\n%s", m.Name(), args, err, out.String())
	}
}

// TestSandboxedProgram: sandbox.c calls step 1,000 times (the known
// count), then confines itself, as xz 5.x does with Landlock, or loses its
// descriptors, as daemons do, and ends by exit, _exit or abort. Built by
// sonde cc in both modes, it must still leave its counts in the data file
// (step's count is 1,000 in the blocks runtime's units and in the attrib
// runtime's calls), with its command line, and print what the plain gcc
// build prints (its own open fails with EACCES where it should). When
// nothing can reach the file any more (it closed every descriptor, then
// forbade open; or the file's directory does not exist), stderr gets one
// line naming the file and the errno: never silence. A program that dup2s
// a file of its own over every descriptor finds only its own bytes in it;
// a program's own open() gets the descriptor it gets without sonde.
// (Before the runtimes opened the data file at start-up, every sandboxed
// run lost its counts without a word.)
func TestSandboxedProgram(t *testing.T) {
	gcc := testprog.Require(t, "gcc")
	testprog.Require(t, "clang")
	dir := t.TempDir()
	src := testprog.Path("cc/sandbox.c")
	plain := filepath.Join(dir, "plain")
	if out, err := exec.Command(gcc, "-O2", "-o", plain, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	bins := map[string]string{"blocks": filepath.Join(dir, "blocks"), "attrib": filepath.Join(dir, "attrib")}
	buildMode(t, "gcc", &BlocksMode{}, src, bins["blocks"], "-O2")
	buildMode(t, "clang", &AttribMode{}, src, bins["attrib"], "-O2")

	// Landlock is in this machine's kernel; where it is not, the fixture
	// exits with 77 and the rows that need it are skipped.
	landlock := true
	if out, code := runOutput(t, plain, nil, "landlock", "1"); code == 77 {
		landlock = false
		t.Logf("no Landlock in this kernel (%s): its rows are skipped", strings.TrimSpace(out))
	}
	const n = 1000
	for _, mode := range []string{"blocks", "attrib"} {
		for _, tc := range []struct {
			how, end string
			lost     bool   // nothing can reach the file: one line on stderr
			errno    string // in that line
			out      string // SONDE_OUT, when not the default one
		}{
			{how: "none", end: "exit"},
			{how: "seccomp", end: "exit"},
			{how: "seccomp", end: "_exit"},
			{how: "seccomp", end: "abort"},
			{how: "landlock", end: "exit"},
			{how: "landlock", end: "_exit"},
			{how: "closeall", end: "exit"},
			{how: "closeall", end: "_exit"},
			{how: "dup2", end: "exit"},
			{how: "closeall+seccomp", end: "exit", lost: true, errno: "errno 13, EACCES"},
			{how: "closeall+seccomp", end: "abort", lost: true, errno: "errno 13, EACCES"},
			{how: "none", end: "exit", lost: true, errno: "errno 2, ENOENT", out: "no-such-dir/sonde.data"},
		} {
			name := mode + "/" + tc.how + "/" + tc.end
			if tc.out != "" {
				name += "/missing-dir"
			}
			t.Run(name, func(t *testing.T) {
				if tc.how == "landlock" && !landlock {
					t.Skip("no Landlock")
				}
				run := t.TempDir()
				data := filepath.Join(run, "sonde.data")
				if tc.out != "" {
					data = filepath.Join(run, tc.out)
				}
				own := filepath.Join(run, "own.txt")
				args := []string{tc.how, "1000", tc.end, own}
				want, wantCode := runIn(t, run, plain, nil, args...)
				got, code, stderr := runInStderr(t, run, bins[mode], []string{"SONDE_OUT=" + data}, args...)
				if got != want || code != wantCode {
					t.Fatalf("sonde cc build printed %q (status %d), plain build %q (status %d)", got, code, want, wantCode)
				}
				if tc.how != "none" && tc.how != "closeall" && tc.how != "dup2" && !strings.Contains(got, "open: EACCES") {
					t.Fatalf("the sandbox did not hold: %q", got)
				}
				if tc.lost {
					if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "sonde: cannot write "+data+" ") ||
						!strings.Contains(stderr, tc.errno) {
						t.Fatalf("stderr %q: want one line naming %s and %s", stderr, data, tc.errno)
					}
					t.Logf("stderr: %s", strings.TrimSpace(stderr))
					return
				}
				if stderr != "" {
					t.Errorf("stderr %q, want nothing", stderr)
				}
				if tc.how == "dup2" {
					if b, err := os.ReadFile(own); err != nil || string(b) != "mine\n" {
						t.Errorf("the program's own file holds %q (%v), want only its own line", b, err)
					}
				}
				p, warns, err := datafile.ReadFile(data)
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range warns {
					t.Errorf("data file warning: %s", w)
				}
				if len(p.Runs) != 1 || len(p.Runs[0].Command) != 5 || p.Runs[0].Command[1] != tc.how {
					t.Fatalf("runs %+v: want one, with the command line", p.Runs)
				}
				var step uint64
				for _, u := range p.Units {
					if u.Func == "step" && u.Counts[0] > step {
						step = u.Counts[0]
					}
				}
				if step != n {
					t.Errorf("step: %d, want %d (the fixture's loop)", step, n)
				}
			})
		}
	}
}

// runIn runs bin in dir and returns its stdout and status (-1 for a
// death by signal).
func runIn(t *testing.T, dir, bin string, env []string, args ...string) (string, int) {
	t.Helper()
	out, code, _ := runInStderr(t, dir, bin, env, args...)
	return out, code
}

// runInStderr is runIn that also returns stderr.
func runInStderr(t *testing.T, dir, bin string, env []string, args ...string) (string, int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return stdout.String(), -int(ws.Signal()), stderr.String()
		}
		return stdout.String(), ee.ExitCode(), stderr.String()
	} else if err != nil {
		t.Fatalf("%s %v: %v", bin, args, err)
	}
	return stdout.String(), 0, stderr.String()
}

// TestAttribExitExec: the attrib runtime writes its counts before the
// program's own _exit, _Exit and exec calls, as the blocks runtime does
// (TestCCExitExec); exec.c's modes, built in attrib mode, print what the
// plain build prints and leave the runs and calls counted by hand: an exec
// ends the run and the new image writes a run of its own (main called once
// in each); a failed exec goes on in a second run; a vfork child's call of
// spin is in its parent's run with the parent's own. (Before, the attrib
// runtime had no such wrappers: _exit lost every count. Without its timer
// stopped before the exec, a tick that fired during the exec stayed
// pending and killed the new image.)
func TestAttribExitExec(t *testing.T) {
	clang := testprog.Require(t, "clang")
	dir := t.TempDir()
	src := testprog.Path("cc/exec.c")
	plain, bin := filepath.Join(dir, "plain"), filepath.Join(dir, "attrib")
	if out, err := exec.Command(clang, "-O2", "-o", plain, src).CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, out)
	}
	buildMode(t, "clang", &AttribMode{}, src, bin, "-O2")
	for _, tc := range []struct {
		mode       string
		runs       int
		main, spin uint64 // calls
	}{
		{"_exit", 1, 1, 0},
		{"_Exit", 1, 1, 0},
		{"execve", 2, 2, 0},
		{"execl", 2, 2, 0},
		{"fexecve", 2, 2, 0},
		{"execvp", 1, 1, 0}, // "true" writes no run
		{"enoent", 2, 1, 0},
		{"vfork", 2, 2, 2},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			want, wantCode := runIn(t, dir, plain, nil, tc.mode)
			data := filepath.Join(t.TempDir(), "sonde.data")
			got, code, stderr := runInStderr(t, dir, bin, []string{"SONDE_OUT=" + data}, tc.mode)
			if got != want || code != wantCode || stderr != "" {
				t.Fatalf("attrib build printed %q (status %d, stderr %q), plain build %q (status %d)", got, code, stderr, want, wantCode)
			}
			p, units := attribUnits(t, data)
			if len(p.Runs) != tc.runs {
				t.Errorf("%d runs, want %d", len(p.Runs), tc.runs)
			}
			if units["main"][0] != tc.main || units["spin"][0] != tc.spin {
				t.Errorf("main %d, spin %d calls; want %d and %d", units["main"][0], units["spin"][0], tc.main, tc.spin)
			}
		})
	}
}

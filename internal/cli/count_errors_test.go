package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"sonde/internal/testprog"
	"sonde/proc"
)

// TestCommandNotRun: a command that cannot be run ends every verb that
// runs commands with the shell's status (oracle: sh -c '"$@"', 127 for
// not found, 126 for not executable) and one line naming it.
func TestCommandNotRun(t *testing.T) {
	sh := testprog.Require(t, "sh")
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	os.WriteFile(plain, []byte("not a program\n"), 0o644)
	noInterp := filepath.Join(dir, "nointerp")
	os.WriteFile(noInterp, []byte("#!/nonexistent/interpreter\n"), 0o755)
	tests := []struct {
		name, cmd, want string
	}{
		{"not on PATH", "sonde-no-such-command", "sonde-no-such-command: command not found"},
		{"no such file", "/nonexistent/program", "/nonexistent/program: no such file or directory"},
		{"not executable", plain, plain + ": permission denied"},
		{"directory", dir, dir + ": is a directory"},
		{"no interpreter", noInterp, noInterp + ": its interpreter was not found"},
	}
	verbs := [][]string{
		{"count"},
		{"count", "--engine", "ptrace"},
		{"count", "--coverage"},
		{"record", "--sampler", "ptrace"},
		{"record", "--gdb"},
	}
	for _, verb := range verbs {
		for _, tt := range tests {
			t.Run(strings.Join(verb, " ")+"/"+tt.name, func(t *testing.T) {
				c := exec.Command(sh, "-c", `"$@"`, "sh", tt.cmd)
				want := 0
				var ee *exec.ExitError
				if err := c.Run(); errors.As(err, &ee) {
					want = ee.ExitCode()
				}
				if want != 126 && want != 127 {
					t.Fatalf("sh says %d for %s", want, tt.cmd)
				}
				args := append(append([]string{}, verb...), "-o", filepath.Join(t.TempDir(), "x.data"), "--", tt.cmd)
				var out, errb bytes.Buffer
				code := Main(args, strings.NewReader(""), &out, &errb)
				if code != want {
					t.Errorf("exit %d, sh says %d", code, want)
				}
				wantLine := fmt.Sprintf("sonde %s: %s", verb[0], tt.want)
				if lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], wantLine) {
					t.Errorf("stderr %q, want one line starting %q", errb.String(), wantLine)
				}
			})
		}
	}
}

// TestCountSaysWhy: a count that finds nothing to count, or a spec that
// matches nothing, is said on stderr; nothing counted at all is a
// non-zero exit.
func TestCountSaysWhy(t *testing.T) {
	testprog.Require(t, "strip")
	dir := t.TempDir()
	stripped := func(name string, flags ...string) string {
		bin := testprog.Build(t, "count/work.c", testprog.Opts{Flags: append([]string{"-g", "-O2"}, flags...)})
		out := filepath.Join(dir, name)
		if msg, err := exec.Command("strip", "-o", out, bin).CombinedOutput(); err != nil {
			t.Fatalf("strip: %v\n%s", err, msg)
		}
		return out
	}
	plain := stripped("work-stripped")
	rdynamic := stripped("work-rdynamic", "-rdynamic")
	work := testprog.Build(t, "count/work.c", testprog.Opts{Flags: []string{"-g", "-O2"}})
	cxx := testprog.Build(t, "count/xmlutil.cc", testprog.Opts{Compiler: "g++", Flags: []string{"-g", "-O2"}})
	rust := testprog.Build(t, "count/rprog.rs", testprog.Opts{Compiler: "rustc", Flags: []string{"-O", "-g"}})
	tests := []struct {
		name string
		args []string
		code int
		want []string // lines of stderr, in order (substrings)
	}{
		{"stripped lines", []string{"--", plain}, exitError,
			[]string{"sonde count: no line table in " + plain + " (built without -g, or stripped): count its functions with --units functions"}},
		{"stripped functions", []string{"--units", "functions", "--", plain}, exitError,
			[]string{"0 functions", "no functions in " + plain + ": it is stripped", "nothing was counted"}},
		{"stripped blocks ptrace", []string{"--units", "blocks", "--engine", "ptrace", "--", plain}, exitError,
			[]string{"0 blocks", "no blocks in " + plain + ": it is stripped", "nothing was counted"}},
		{"stripped -rdynamic functions", []string{"--units", "functions", "--", rdynamic}, 0,
			[]string{"5 functions at 5 sites"}},
		{"unmatched spec", []string{"--units", "functions", "--only", "func:^nosuch", "--", work}, exitError,
			[]string{"0 functions", "--only func:^nosuch matched nothing in " + work, "the --only specs accept none of the", "nothing was counted"}},
		{"one of two specs unmatched", []string{"--units", "functions", "--only", "func:^nosuch", "--only", "func:^fib$", "--", work}, 0,
			[]string{"1 functions", "--only func:^nosuch matched nothing in " + work}},
		{"C++ demangled", []string{"--units", "functions", "--only", "func:^tinyxml2::XMLUtil::ToStr", "--", cxx}, 0,
			[]string{"2 functions at 2 sites (2 reached)"}},
		{"Rust without hash", []string{"--units", "functions", "--engine", "ptrace", "--only", "func:^rprog::collatz$", "--", rust}, 0,
			[]string{"1 functions at 1 sites (1 reached)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"-o", filepath.Join(t.TempDir(), "x.data")}, tt.args...)
			_, errOut, code := countRun(t, args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
			if len(lines) != len(tt.want) {
				t.Errorf("stderr has %d lines, want %d:\n%s", len(lines), len(tt.want), errOut)
			}
			for i, w := range tt.want {
				if i >= len(lines) || !strings.Contains(lines[i], w) {
					t.Errorf("stderr line %d does not hold %q:\n%s", i+1, w, errOut)
				}
			}
		})
	}
}

// TestCountTraced: -p on a process that another tracer holds says which
// process traces it (oracle: the test itself is the tracer, through
// PTRACE_TRACEME at the child's exec).
func TestCountTraced(t *testing.T) {
	sleep := testprog.Require(t, "sleep")
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cmd := exec.Command(sleep, "60")
	cmd.SysProcAttr = &syscall.SysProcAttr{Ptrace: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	me, err := proc.ReadStat(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	for _, engine := range []string{"uprobe", "ptrace"} {
		t.Run(engine, func(t *testing.T) {
			_, errOut, code := countRun(t, "--engine", engine, "-o", filepath.Join(t.TempDir(), "x.data"), "-p", strconv.Itoa(cmd.Process.Pid))
			if code == 0 {
				t.Errorf("exit 0")
			}
			want := fmt.Sprintf("sonde count: attach to process %d: already traced by process %d (%s)", cmd.Process.Pid, os.Getpid(), me.Comm)
			if lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], want) {
				t.Errorf("stderr %q, want one line starting %q", errOut, want)
			}
		})
	}
}

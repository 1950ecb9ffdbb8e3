package cli

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/profile/datafile"
)

// ccRun runs "sonde cc ARGS" (or c++) in-process and fails the test when
// it does not succeed.
func ccRun(t *testing.T, verb string, args ...string) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := Main(append([]string{verb}, args...), strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("sonde %s %v: exit %d\n%s%s", verb, args, code, out.String(), errb.String())
	}
}

func ccFixture(name string) string { return testprog.Path(filepath.Join("cc", name)) }

// ccExec runs an instrumented program and returns its output and status.
func ccExec(t *testing.T, dir, prog string, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return string(out), ee.ExitCode()
	}
	if err != nil {
		t.Fatalf("run %s: %v", prog, err)
	}
	return string(out), 0
}

// listingCount returns the count that the --lines listing out gives the
// first source line containing text.
func listingCount(t *testing.T, out, text string) uint64 {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		l := sc.Text()
		if len(l) > 12 && strings.Contains(l[12:], text) {
			n, err := strconv.ParseUint(strings.TrimSpace(l[:10]), 10, 64)
			if err != nil {
				t.Fatalf("listing line %q: %v", l, err)
			}
			return n
		}
	}
	t.Fatalf("listing has no line with %q:\n%s", text, out)
	return 0
}

// TestCCMax is Weinberger's section VIII: max.c over 100,000 random
// integers. The comparison runs n-1 = 99,999 times a run (by construction
// of the loop); the number of new maxima of a random sequence averages
// H(n)-1 ≈ ln(100000)+0.577-1 ≈ 11.1 with a standard deviation near 3.2, so
// the mean of 20 seeds lies in [7, 15] with overwhelming probability. Runs
// add up in one data file, and SONDE_OUT puts it elsewhere.
func TestCCMax(t *testing.T) {
	testprog.Require(t, "gcc")
	dir := t.TempDir()
	src := filepath.Join(testprog.Dir(), "..", "..", "..", "examples", "src", "max.c")
	bin := filepath.Join(dir, "max")
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	ccRun(t, "cc", "-O0", "-o", bin, src)
	data := filepath.Join(t.TempDir(), "elsewhere.data")
	const runs = 20
	for seed := 1; seed <= runs; seed++ {
		if _, code := ccExec(t, dir, bin, []string{"SONDE_OUT=" + data}, strconv.Itoa(seed)); code != 0 {
			t.Fatalf("max %d: exit %d", seed, code)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "sonde.data")); err == nil {
		t.Errorf("SONDE_OUT set, yet sonde.data was written in the working directory")
	}
	out, errs, code := repRun(t, data)
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, errs)
	}
	if got := listingCount(t, out, "if (v[i] > v[j])"); got != runs*99999 {
		t.Errorf("comparison line: %d, want %d", got, runs*99999)
	}
	if got := listingCount(t, out, "x[i] = rand();"); got != runs*100000 {
		t.Errorf("fill line: %d, want %d", got, runs*100000)
	}
	maxima := listingCount(t, out, "j = i;")
	if mean := float64(maxima) / runs; mean < 7 || mean > 15 {
		t.Errorf("new maxima: %.1f a run, want near ln(100000) ≈ 11", mean)
	}
	t.Logf("new maxima: %d in %d runs (%.1f a run)", maxima, runs, float64(maxima)/runs)
	// The default view of a sonde cc profile is the listing.
	if lines, _, _ := repRun(t, "--lines", data); lines != out {
		t.Errorf("default view differs from --lines")
	}
	// --instructions: max's instructions, as many as objdump disassembles in
	// max of the same source built by gcc -O0 itself (-g changes no code).
	insts, errs, code := repRun(t, "--instructions", data)
	if code != 0 {
		t.Fatalf("report --instructions: %s", errs)
	}
	plain := filepath.Join(dir, "plain")
	if o, err := exec.Command("gcc", "-O0", "-o", plain, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, o)
	}
	dis, err := exec.Command("objdump", "-d", "--no-show-raw-insn", plain).Output()
	if err != nil {
		t.Fatalf("objdump: %v", err)
	}
	want := 0
	in := false
	for _, l := range strings.Split(string(dis), "\n") {
		switch {
		case strings.HasSuffix(l, "<max>:"):
			in = true
		case in && strings.TrimSpace(l) == "":
			in = false
		case in:
			want++
		}
	}
	got, compares := 0, 0
	in = false
	for _, l := range strings.Split(insts, "\n") {
		switch {
		case l == "max":
			in = true
		case in && !strings.HasPrefix(l, " "):
			in = false
		case in:
			got++
			if strings.HasPrefix(strings.TrimSpace(l), strconv.Itoa(runs*99999)+" ") && strings.Contains(l, " 28  ") {
				compares++
			}
		}
	}
	if got != want || want == 0 {
		t.Errorf("--instructions lists %d instructions in max, objdump %d", got, want)
	}
	if compares == 0 {
		t.Errorf("--instructions shows no instruction of line 28 run %d times:\n%s", runs*99999, insts)
	}
	// Default output: sonde.data in the program's working directory.
	ccExec(t, dir, bin, nil)
	p, _, err := datafile.ReadFile(filepath.Join(dir, "sonde.data"))
	if err != nil || len(p.Runs) != 1 {
		t.Fatalf("default data file: %v, %d runs", err, len(p.Runs))
	}
}

// TestCCMake builds a three-file project with make CC="sonde cc" (compile
// and link in separate steps, -MMD dependency files) and checks that the
// profile covers every file and that the dependency files name the objects.
func TestCCMake(t *testing.T) {
	testprog.Require(t, "make")
	testprog.Require(t, "gcc")
	dir := t.TempDir()
	sonde := filepath.Join(dir, "sonde")
	if out, err := exec.Command("go", "build", "-o", sonde, "sonde/cmd/sonde").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	proj := filepath.Join(dir, "project")
	if err := os.CopyFS(proj, os.DirFS(ccFixture("project"))); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("make", "CC="+sonde+" cc")
	cmd.Dir = proj
	cmd.Env = append(os.Environ(), "SONDE_CACHE="+filepath.Join(dir, "cache"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make: %v\n%s", err, out)
	}
	dep, err := os.ReadFile(filepath.Join(proj, "util.d"))
	if err != nil || !strings.HasPrefix(string(dep), "util.o:") {
		t.Errorf("util.d = %q, %v; want a rule for util.o", dep, err)
	}
	out, code := ccExec(t, proj, "./prog", nil)
	// Oracle: the same project built by plain gcc.
	plain := exec.Command("gcc", "-O2", "-o", filepath.Join(dir, "plain"), "main.c", "util.c", "stats.c")
	plain.Dir = proj
	if o, err := plain.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, o)
	}
	wantOut, wantCode := ccExec(t, proj, filepath.Join(dir, "plain"), nil)
	if out != wantOut || code != wantCode {
		t.Fatalf("prog: %q status %d, plain gcc build: %q status %d", out, code, wantOut, wantCode)
	}
	ccExec(t, proj, "./prog", nil) // a second run adds up
	p, _, err := datafile.ReadFile(filepath.Join(proj, "sonde.data"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	scopes := map[string]bool{}
	for _, u := range p.Units {
		files[filepath.Base(u.File)] = true
		scopes[filepath.Base(u.Scope)] = true
	}
	for _, f := range []string{"main.c", "util.c", "stats.c"} {
		if !files[f] || !scopes[f] {
			t.Errorf("profile lacks %s (files %v, units %v)", f, files, scopes)
		}
	}
	if len(p.Runs) != 2 {
		t.Errorf("%d runs, want 2", len(p.Runs))
	}
	rep, _, _ := repRun(t, filepath.Join(proj, "sonde.data"))
	// mean's loop body runs 50 times a run, clamp is called 50 times.
	if got := listingCount(t, rep, "s += v[i];"); got != 2*50 {
		t.Errorf("stats.c loop body: %d, want 100", got)
	}
	if got := listingCount(t, rep, "if (v < lo)"); got != 2*50 {
		t.Errorf("clamp's first test: %d, want 100", got)
	}
}

// TestCCSignals: a program killed by SIGSEGV or SIGABRT still gives its
// counts and dies of the same signal; a program that never exits gives them
// on SONDE_SIGNAL and keeps running.
func TestCCSignals(t *testing.T) {
	testprog.Require(t, "gcc")
	dir := t.TempDir()
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	crash := filepath.Join(dir, "crash")
	ccRun(t, "cc", "-O2", "-o", crash, ccFixture("crash.c"))
	for _, tt := range []struct {
		name string
		args []string
		sig  syscall.Signal
	}{
		{"SIGSEGV", []string{"1234"}, syscall.SIGSEGV},
		{"SIGABRT", []string{"1234", "abort"}, syscall.SIGABRT},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := filepath.Join(t.TempDir(), "crash.data")
			cmd := exec.Command(crash, tt.args...)
			cmd.Env = append(os.Environ(), "SONDE_OUT="+data)
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("crash: %v, want death by %v", err, tt.sig)
			}
			if ws := ee.Sys().(syscall.WaitStatus); !ws.Signaled() || ws.Signal() != tt.sig {
				t.Fatalf("crash ended with %v, want death by %v", ws, tt.sig)
			}
			out, errs, code := repRun(t, "--lines", data)
			if code != 0 {
				t.Fatalf("report: %s", errs)
			}
			if got := listingCount(t, out, "sink += i;"); got != 1234 {
				t.Errorf("loop body: %d, want 1234", got)
			}
		})
	}

	t.Run("SONDE_SIGNAL", func(t *testing.T) {
		srv := filepath.Join(dir, "forever")
		ccRun(t, "cc", "-O2", "-o", srv, ccFixture("forever.c"))
		data := filepath.Join(t.TempDir(), "server.data")
		cmd := exec.Command(srv)
		cmd.Env = append(os.Environ(), "SONDE_OUT="+data, "SONDE_SIGNAL=USR1")
		in, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Process.Kill()
		rd := bufio.NewReader(stdout)
		turn := func() {
			in.Write([]byte("x"))
			if _, err := rd.ReadString('\n'); err != nil {
				t.Fatal(err)
			}
		}
		want := []uint64{3, 8}
		done := 0
		for _, w := range want {
			for ; done < int(w); done++ {
				turn()
			}
			before := fileSize(data)
			cmd.Process.Signal(syscall.SIGUSR1)
			waitGrow(t, data, before)
			out, errs, code := repRun(t, "--lines", data)
			if code != 0 {
				t.Fatalf("report: %s", errs)
			}
			if got := listingCount(t, out, "turns++;"); got != w {
				t.Errorf("after %d requests: %d", w, got)
			}
		}
		// The server is still serving.
		turn()
	})
}

func fileSize(p string) int64 {
	st, err := os.Stat(p)
	if err != nil {
		return 0
	}
	return st.Size()
}

func waitGrow(t *testing.T, p string, before int64) {
	t.Helper()
	for i := 0; i < 500; i++ {
		if fileSize(p) > before {
			time.Sleep(20 * time.Millisecond) // let the flush finish its frames
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s did not grow after the signal", p)
}

// TestCCDriverArgs covers the command-line shapes of the driver: -c with
// and without -o, -x, @response files, C++ through c++, and pass-through of
// -E. Oracle: the same command lines given to gcc/g++ themselves.
func TestCCDriverArgs(t *testing.T) {
	testprog.Require(t, "gcc")
	testprog.Require(t, "g++")
	dir := t.TempDir()
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	t.Chdir(dir)
	src := ccFixture("switch.c")
	os.WriteFile("rsp", []byte("-O2 '-DUNUSED=1 2'\n-o sw\n"), 0o644)
	ccRun(t, "cc", "@rsp", src)
	if out, _ := ccExec(t, dir, "./sw", nil); out == "" {
		t.Errorf("switch via response file printed nothing")
	}
	ccRun(t, "cc", "-c", src)
	if _, err := os.Stat("switch.o"); err != nil {
		t.Errorf("-c without -o: %v", err)
	}
	os.WriteFile("prog", []byte("int main(void){return 7;}\n"), 0o644)
	ccRun(t, "cc", "-x", "c", "prog", "-x", "none", "-o", "seven")
	if _, code := ccExec(t, dir, "./seven", nil); code != 7 {
		t.Errorf("-x c: exit %d, want 7", code)
	}
	ccRun(t, "c++", "-O2", "-o", "throw", ccFixture("throw.cc"))
	got, gotCode := ccExec(t, dir, "./throw", []string{"SONDE_OUT=throw.data"})
	if o, err := exec.Command("g++", "-O2", "-o", "throw.plain", ccFixture("throw.cc")).CombinedOutput(); err != nil {
		t.Fatalf("g++: %v\n%s", err, o)
	}
	want, wantCode := ccExec(t, dir, "./throw.plain", nil)
	if got != want || gotCode != wantCode {
		t.Errorf("sonde c++: %q status %d, g++: %q status %d", got, gotCode, want, wantCode)
	}
	p, _, err := datafile.ReadFile("throw.data")
	if err != nil || len(p.Units) == 0 || p.Units[0].Kind != profile.UnitBlock {
		t.Errorf("throw.data: %v", err)
	}
	// -E passes through: the preprocessed text, no instrumentation.
	var out, errb bytes.Buffer
	if code := Main([]string{"cc", "-E", src}, strings.NewReader(""), &out, &errb); code != 0 || !strings.Contains(out.String(), "classify") {
		t.Errorf("-E: exit %d, output %d bytes: %s", code, out.Len(), errb.String())
	}
}

// TestCCAtomic: with --sonde-atomic, four threads running one loop 200,000
// times each give exactly 800,000 (the loop's trip count, by construction);
// plain increments may lose some, which the log shows.
func TestCCAtomic(t *testing.T) {
	testprog.Require(t, "gcc")
	dir := t.TempDir()
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	for _, tt := range []struct {
		name  string
		flags []string
	}{
		{"atomic", []string{"--sonde-atomic"}},
		{"plain", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bin := filepath.Join(dir, tt.name)
			ccRun(t, "cc", append(tt.flags, "-O2", "-pthread", "-o", bin, ccFixture("threads.c"))...)
			data := filepath.Join(dir, tt.name+".data")
			if _, code := ccExec(t, dir, bin, []string{"SONDE_OUT=" + data}); code != 0 {
				t.Fatalf("exit %d", code)
			}
			out, errs, code := repRun(t, "--lines", data)
			if code != 0 {
				t.Fatalf("report: %s", errs)
			}
			got := listingCount(t, out, "*acc += i & 3;")
			t.Logf("%s: loop body counted %d times of 800000", tt.name, got)
			if tt.name == "atomic" && got != 800000 {
				t.Errorf("--sonde-atomic: loop body %d, want 800000", got)
			}
			if got > 800000 {
				t.Errorf("loop body %d, more than it ran (800000)", got)
			}
		})
	}
}

// TestCCReportLive reads a running server's counters from its memory,
// without a signal or any help from it: after 5 requests the request
// line has run 5 times (the server says so on its output). A process that
// sonde cc did not build is refused with one line.
func TestCCReportLive(t *testing.T) {
	testprog.Require(t, "gcc")
	dir := t.TempDir()
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	srv := filepath.Join(dir, "forever")
	ccRun(t, "cc", "-O2", "-o", srv, ccFixture("forever.c"))
	cmd := exec.Command(srv)
	cmd.Env = append(os.Environ(), "SONDE_OUT="+filepath.Join(dir, "unused.data"))
	in, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	rd := bufio.NewReader(stdout)
	for i := 0; i < 5; i++ {
		in.Write([]byte("x"))
		if _, err := rd.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
	}
	pid := strconv.Itoa(cmd.Process.Pid)
	out, errs, code := repRun(t, "-p", pid, "--lines")
	if code != 0 {
		t.Fatalf("report -p: exit %d: %s", code, errs)
	}
	if got := listingCount(t, out, "turns++;"); got != 5 {
		t.Errorf("turns++ after 5 requests: %d", got)
	}
	// The listing is read from the process's memory too: with the cache
	// gone, --instructions shows the instructions.
	os.RemoveAll(filepath.Join(dir, "cache"))
	insts, errs, code := repRun(t, "-p", pid, "--instructions")
	if code != 0 || strings.Contains(insts, "not available") || !strings.Contains(insts, "  b0 ") {
		t.Errorf("report -p --instructions: exit %d: %s\n%s", code, errs, insts)
	}
	// The runtime opens (creates) its data file at start-up, and writes
	// nothing to it before the program ends.
	if n := fileSize(filepath.Join(dir, "unused.data")); n != 0 {
		t.Errorf("the server wrote %d bytes to its data file: report -p must not need it", n)
	}

	sleeper := exec.Command("sleep", "30")
	if err := sleeper.Start(); err != nil {
		t.Fatal(err)
	}
	defer sleeper.Process.Kill()
	_, errs, code = repRun(t, "-p", strconv.Itoa(sleeper.Process.Pid))
	if code != exitError || !strings.Contains(errs, "no object built by sonde cc") || strings.Count(errs, "\n") != 1 {
		t.Errorf("report -p of sleep: exit %d, stderr %q", code, errs)
	}
}

// TestCCLinkKinds: a -fPIC shared library, an assembly source with the
// preprocessor (.S, counted like compiled code, as the paper counted
// library routines in assembly), and a -static link. The loop in main.c
// calls each function 300 times (by construction); the output must equal
// gcc's own build.
func TestCCLinkKinds(t *testing.T) {
	testprog.Require(t, "gcc")
	dir := t.TempDir()
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	t.Chdir(dir)
	lib := func(f string) string { return ccFixture(filepath.Join("lib", f)) }
	if o, err := exec.Command("gcc", "-O2", "-o", "plain", lib("main.c"), lib("add.S"), lib("lib.c")).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, o)
	}
	want, _ := ccExec(t, dir, "./plain", nil)
	ccRun(t, "cc", "-fPIC", "-shared", "-O2", "-o", "libtw.so", lib("lib.c"))
	ccRun(t, "cc", "-O2", "-o", "dyn", lib("main.c"), lib("add.S"), "-L.", "-ltw", "-Wl,-rpath,"+dir)
	ccRun(t, "cc", "-static", "-O2", "-o", "static", lib("main.c"), lib("add.S"), lib("lib.c"))
	for _, tt := range []struct {
		name string
		runs int // the shared library writes a run of its own
	}{
		{"dyn", 2},
		{"static", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := filepath.Join(dir, tt.name+".data")
			got, code := ccExec(t, dir, "./"+tt.name, []string{"SONDE_OUT=" + data})
			if got != want || code != 0 {
				t.Fatalf("output %q status %d, gcc's build %q", got, code, want)
			}
			p, _, err := datafile.ReadFile(data)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Runs) != tt.runs {
				t.Errorf("%d runs, want %d", len(p.Runs), tt.runs)
			}
			out, errs, code := repRun(t, "--functions", data)
			if code != 0 {
				t.Fatalf("report: %s", errs)
			}
			for _, fn := range []string{"twice", "addthree"} {
				if !regexpCalls(out, fn, 300) {
					t.Errorf("%s: not 300 calls in\n%s", fn, out)
				}
			}
		})
	}
}

// regexpCalls reports whether the --functions table shows n calls of fn.
func regexpCalls(out, fn string, n int) bool {
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) == 5 && f[4] == fn && f[1] == strconv.Itoa(n) {
			return true
		}
	}
	return false
}

// TestCCFork: a forked child writes a run of its own with only what it ran
// after the fork, so that parent and child add up to what ran: 300 turns
// of the loop before the fork (once, not twice) and 70 + 5 of spin's loop
// (by construction of fork.c).
func TestCCFork(t *testing.T) {
	testprog.Require(t, "gcc")
	dir := t.TempDir()
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	bin := filepath.Join(dir, "fork")
	ccRun(t, "cc", "-O0", "-o", bin, ccFixture("fork.c"))
	data := filepath.Join(dir, "fork.data")
	if out, code := ccExec(t, dir, bin, []string{"SONDE_OUT=" + data}); code != 0 || out != "done\n" {
		t.Fatalf("fork: %q, exit %d", out, code)
	}
	p, _, err := datafile.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Runs) != 2 {
		t.Errorf("%d runs, want 2 (parent and child)", len(p.Runs))
	}
	out, errs, code := repRun(t, "--lines", data)
	if code != 0 {
		t.Fatalf("report: %s", errs)
	}
	if got := listingCount(t, out, "sink += i; /* before the fork */"); got != 300 {
		t.Errorf("loop before the fork: %d, want 300", got)
	}
	if got := listingCount(t, out, "		sink += i;"); got != 75 {
		t.Errorf("spin's loop: %d, want 70+5", got)
	}
}

// TestCCQuietAssembler: a build that clang compiles without a word stays
// quiet through sonde cc (clang 14's assembler warns about its own -S
// output when #line mixes .file directives with and without MD5 sums).
func TestCCQuietAssembler(t *testing.T) {
	testprog.Require(t, "clang")
	dir := t.TempDir()
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	t.Setenv("SONDE_CC", "clang")
	var out, errb bytes.Buffer
	code := Main([]string{"cc", "-O2", "-o", filepath.Join(dir, "linedir"), ccFixture("linedir.c")}, strings.NewReader(""), &out, &errb)
	if code != 0 || out.Len()+errb.Len() != 0 {
		t.Errorf("sonde cc: exit %d, output %q %q", code, out.String(), errb.String())
	}
}

// TestCCExitExec: a program that ends by _exit or _Exit, or replaces
// itself by exec, still writes its counts, each once: exec.c runs its
// "before" loop 300 times, then ends as its argument says; an image exec'd
// with "second" runs its loop 40 times; after an exec that fails (ENOENT)
// the "after" loop runs 20 times; a vfork child runs spin 7 times before
// its exec and the parent 5 after (all by construction of exec.c). The
// output and exit status must equal those of the program built by plain
// gcc. Every build: gcc -O0, gcc -O2 -static (the wrappers link there too),
// clang -O2 (not unrolled, so that a line's count is its loop's turns).
func TestCCExitExec(t *testing.T) {
	testprog.Require(t, "gcc")
	testprog.Require(t, "clang")
	dir := t.TempDir()
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	src := ccFixture("exec.c")
	plain := filepath.Join(dir, "plain")
	if o, err := exec.Command("gcc", "-O0", "-o", plain, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, o)
	}
	builds := []struct {
		name, cc string
		flags    []string
	}{
		{"gcc-O0", "gcc", []string{"-O0"}},
		{"gcc-O2-static", "gcc", []string{"-O2", "-static"}},
		{"clang-O2", "clang", []string{"-O2", "-fno-unroll-loops"}}, // line counts are loop turns
	}
	for _, b := range builds {
		t.Setenv("SONDE_CC", b.cc)
		ccRun(t, "cc", append(b.flags, "-o", filepath.Join(dir, b.name), src)...)
	}
	self := []string{"execve", "execv", "execvpe", "execl", "execle", "fexecve"}
	type want struct {
		runs                        int
		before, second, after, spin uint64
	}
	cases := map[string]want{
		"_exit":  {runs: 1, before: 300},
		"_Exit":  {runs: 1, before: 300},
		"execvp": {runs: 1, before: 300}, // "true" writes no run
		"execlp": {runs: 1, before: 300},
		// A failed exec ends the run; what follows is a second run.
		"enoent": {runs: 2, before: 300, after: 20},
		// The vfork child's spin(7) ran in the parent's memory: the
		// parent's run holds 7+5; the exec'd image writes its own run.
		"vfork": {runs: 2, before: 300, second: 40, spin: 12},
	}
	for _, m := range self {
		cases[m] = want{runs: 2, before: 300, second: 40}
	}
	for _, b := range builds {
		for _, mode := range append(self, "_exit", "_Exit", "execvp", "execlp", "enoent", "vfork") {
			w := cases[mode]
			t.Run(b.name+"/"+mode, func(t *testing.T) {
				wantOut, wantCode := ccExec(t, dir, plain, nil, mode)
				data := filepath.Join(dir, b.name+mode+".data")
				out, code := ccExec(t, dir, filepath.Join(dir, b.name), []string{"SONDE_OUT=" + data}, mode)
				if out != wantOut || code != wantCode {
					t.Fatalf("output %q status %d, gcc's build %q status %d", out, code, wantOut, wantCode)
				}
				p, _, err := datafile.ReadFile(data)
				if err != nil {
					t.Fatal(err)
				}
				if len(p.Runs) != w.runs {
					t.Errorf("%d runs, want %d", len(p.Runs), w.runs)
				}
				lines, errs, rc := repRun(t, "--lines", data)
				if rc != 0 {
					t.Fatalf("report: %s", errs)
				}
				for _, c := range []struct {
					text string
					n    uint64
				}{
					{"/* before */", w.before},
					{"/* second */", w.second},
					{"/* after */", w.after},
					{"/* spin */", w.spin},
				} {
					if got := listingCount(t, lines, c.text); got != c.n {
						t.Errorf("line %s: %d, want %d", c.text, got, c.n)
					}
				}
			})
		}
	}
}

// TestCCInstructionsTravel: report --instructions of a sonde cc profile
// needs nothing but the data file. The program is built with the default
// cache (HOME/.cache/sonde, HOME a temporary directory), run, and
// reported; then the cache is removed and the report is made again, with
// another HOME as well: it is the same, every unit with its instructions.
// Before listings travelled in the data file, the second report said
// "(instructions not available: read listing: ...)" for every unit.
func TestCCInstructionsTravel(t *testing.T) {
	testprog.Require(t, "gcc")
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("SONDE_CACHE", "")
	proj := filepath.Join(dir, "project")
	if err := os.CopyFS(proj, os.DirFS(ccFixture("project"))); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "prog")
	srcs := []string{"main.c", "util.c", "stats.c"}
	args := []string{"-O2", "-o", bin}
	for _, s := range srcs {
		args = append(args, filepath.Join(proj, s))
	}
	ccRun(t, "cc", args...)
	data := filepath.Join(dir, "prog.data")
	if _, code := ccExec(t, proj, bin, []string{"SONDE_OUT=" + data}); code != 0 {
		t.Fatalf("prog: exit %d", code)
	}
	report := func() string {
		t.Helper()
		out, errs, code := repRun(t, "--instructions", data)
		if code != 0 {
			t.Fatalf("report --instructions: exit %d: %s", code, errs)
		}
		return out
	}
	before := report()
	for _, s := range srcs {
		if !strings.Contains(before, "unit "+filepath.Join(proj, s)+"\n") {
			t.Errorf("no unit %s in the report:\n%s", s, before)
		}
	}
	if strings.Contains(before, "not available") || strings.Count(before, "  b0 ") != len(srcs) {
		t.Fatalf("report --instructions does not list every unit's instructions:\n%s", before)
	}
	cache := filepath.Join(home, ".cache", "sonde")
	if _, err := os.Stat(cache); err != nil {
		t.Fatalf("sonde cc left no cache at %s (the test means to remove it): %v", cache, err)
	}
	if err := os.RemoveAll(cache); err != nil {
		t.Fatal(err)
	}
	if after := report(); after != before {
		t.Errorf("report --instructions changed with the cache removed:\n%s\nbefore:\n%s", after, before)
	}
	t.Setenv("HOME", filepath.Join(dir, "elsewhere"))
	if after := report(); after != before {
		t.Errorf("report --instructions changed under another HOME:\n%s\nbefore:\n%s", after, before)
	}
}

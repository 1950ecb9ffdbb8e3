// Command attrib measures what "sonde cc --sonde-mode=attrib" (Appel, Duba
// and MacQueen's call counts and current-function timer) costs call-heavy
// C programs built -O2, against the uninstrumented clang -O2 build and
// against the anchor, gprof (gcc -O2 -pg, with plain gcc -O2 as
// its own baseline). The builds run alternately, round after round, in the
// same run; each run's CPU time (user+system, from wait4's rusage) is
// recorded, and the program prints the medians and the median per-round
// ratios. Every build must print the same result. The paper's goal: at
// most 1.32 over uninstrumented, and cheaper than gprof.
//
// A fifth build, "empty", splits the cost in two: it is the attrib build's
// instrumented IR with every statement replaced by an empty inline-asm
// statement with side effects, which costs no instruction but stops the
// optimizer exactly where the real statements do (a call to a counted
// function cannot be deleted, a recursion followed by an inlined callee's
// counter cannot become a loop). empty/clang is the optimization that
// exact counting forgoes, attrib/empty the statements' own cost.
//
// The programs: testdata/fib.c (recursive fib with small helpers, whose
// plain -O2 build deletes the calls of leaf and turns one recursion into
// a loop), testdata/tree.c (a tree walk whose calls the optimizer keeps),
// and with -work bench/cc's work.c (quicksort, hash table, interpreter,
// sieve: fewer and larger calls).
//
// Usage (from the repository root):
//
//	go run ./bench/attrib [-rounds 9] [-n 38] [-work]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"

	"sonde/bench/internal/alternate"
)

func main() {
	rounds := flag.Int("rounds", 9, "rounds; each runs every build once")
	n := flag.Int("n", 38, "fib's argument")
	work := flag.Bool("work", false, "also measure bench/cc/testdata/work.c (scale 10)")
	flag.Parse()
	_, file, _, _ := runtime.Caller(0)
	here := filepath.Dir(file)
	progs := []struct {
		src  string
		args []string
	}{
		{filepath.Join(here, "testdata", "fib.c"), []string{strconv.Itoa(*n)}},
		{filepath.Join(here, "testdata", "tree.c"), []string{"20", "30"}},
	}
	if *work {
		progs = append(progs, struct {
			src  string
			args []string
		}{filepath.Join(here, "..", "cc", "testdata", "work.c"), []string{"10"}})
	}
	for _, p := range progs {
		if err := run(*rounds, p.src, p.args); err != nil {
			fmt.Fprintln(os.Stderr, "bench/attrib:", err)
			os.Exit(1)
		}
	}
}

// The attrib statements in the IR (package sonde/instrument/ir): the call
// counter's load, add and store, and the stores to "current".
var (
	counterLine = regexp.MustCompile(`(?m)^  (%__sonde\.\d+(\.1)? = (load|add) .*|store i64 %__sonde\.\d+\.1, .*)\n`)
	currentLine = regexp.MustCompile(`(?m)^  store volatile .*@__sonde_attrib_current, align 8\n`)
)

// emptyStatements replaces the attrib statements of an instrumented module
// by empty side-effecting inline assembly, one for each store to current
// (the counter's statements sit next to one), so that the optimizer is
// constrained as by the statements but nothing is executed.
func emptyStatements(ir []byte) []byte {
	ir = counterLine.ReplaceAll(ir, nil)
	return currentLine.ReplaceAll(ir, []byte("  call void asm sideeffect \"\", \"\"()\n"))
}

// buildEmpty builds src with sonde cc --sonde-mode=attrib --sonde-keep,
// rewrites the instrumented IR it kept with emptyStatements and returns
// the rewritten file.
func buildEmpty(sonde, dir, src string) (string, error) {
	keep := filepath.Join(dir, "keep")
	if err := os.MkdirAll(keep, 0o755); err != nil {
		return "", err
	}
	cmd := exec.Command(sonde, "cc", "--sonde-mode=attrib", "--sonde-keep", "-O2", "-o", filepath.Join(dir, "kept"), src)
	cmd.Env = append(os.Environ(), "SONDE_CC=clang", "TMPDIR="+keep)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("%v: %v\n%s", cmd.Args, err, out)
	}
	lls, err := filepath.Glob(filepath.Join(keep, "sonde-cc-*", "*.sonde.ll"))
	if err != nil || len(lls) != 1 {
		return "", fmt.Errorf("kept IR: %d files (%v), want 1", len(lls), err)
	}
	ir, err := os.ReadFile(lls[0])
	if err != nil {
		return "", err
	}
	out := filepath.Join(dir, "empty.ll")
	return out, os.WriteFile(out, emptyStatements(ir), 0o644)
}

func run(rounds int, src string, args []string) error {
	dir, err := os.MkdirTemp("", "bench-attrib-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sonde, err := alternate.BuildSonde(dir)
	if err != nil {
		return err
	}
	empty, err := buildEmpty(sonde, dir, src)
	if err != nil {
		return err
	}
	bin := func(name string) string { return filepath.Join(dir, name) }
	// Every run writes to the same sonde.data; gmon.out and sonde.data
	// stay in the temporary directory.
	env := append(os.Environ(), "SONDE_OUT="+filepath.Join(dir, "sonde.data"))
	builds := []*alternate.Build{
		{Name: "clang", Bin: bin("clang"), Env: env, Cmd: []string{"clang", "-O2", "-o", bin("clang"), src}},
		{Name: "attrib", Bin: bin("attrib"), Env: env,
			Cmd: []string{sonde, "cc", "--sonde-mode=attrib", "-O2", "-o", bin("attrib"), src}},
		{Name: "empty", Bin: bin("empty"), Env: env, Cmd: []string{"clang", "-O2", "-o", bin("empty"), "-x", "ir", empty}},
		{Name: "gcc", Bin: bin("gcc"), Env: env, Cmd: []string{"gcc", "-O2", "-o", bin("gcc"), src}},
		{Name: "gprof", Bin: bin("gprof"), Env: env, Cmd: []string{"gcc", "-O2", "-pg", "-o", bin("gprof"), src}},
	}
	if err := alternate.Compile(dir, append(os.Environ(), "SONDE_CC=clang"), builds); err != nil {
		return err
	}
	if err := alternate.Run(rounds, dir, args, builds); err != nil {
		return err
	}
	fmt.Printf("%s -O2, arguments %v, %d rounds alternated; CPU time (user+sys) medians:\n", filepath.Base(src), args, rounds)
	for _, b := range builds {
		fmt.Printf("  %-7s %8.3fs\n", b.Name, alternate.Median(b.CPU).Seconds())
	}
	fmt.Printf("median per-round ratios:\n")
	fmt.Printf("  attrib/clang  %.2f  (Appel, Duba and MacQueen: 1.32)\n", alternate.Ratio(builds[1], builds[0]))
	fmt.Printf("  empty/clang   %.2f  (optimizations exact counting forgoes)\n", alternate.Ratio(builds[2], builds[0]))
	fmt.Printf("  attrib/empty  %.2f  (the statements' own cost)\n", alternate.Ratio(builds[1], builds[2]))
	fmt.Printf("  attrib/gprof  %.2f  (goal < 1)\n", alternate.Ratio(builds[1], builds[4]))
	fmt.Printf("  gprof/gcc     %.2f\n", alternate.Ratio(builds[4], builds[3]))
	return nil
}

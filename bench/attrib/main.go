// Command attrib measures what "sonde cc --sonde-mode=attrib" (Appel, Duba
// and MacQueen's call counts and current-function timer) costs a
// call-heavy C program (testdata/fib.c: recursive fib with small helpers)
// built -O2, against the uninstrumented clang -O2 build and against the
// issue's anchor, gprof (gcc -O2 -pg, with plain gcc -O2 as its own
// baseline). The builds run alternately, round after round, in the same
// run; each run's CPU time (user+system, from wait4's rusage) is
// recorded, and the program prints the medians and the median per-round
// ratios. Every build must print the same result. The paper's goal: at
// most 1.32 over uninstrumented, and cheaper than gprof. With -work it
// also measures bench/cc's CPU-bound work.c (quicksort, hash table,
// interpreter, sieve), a program with fewer and larger calls.
//
// Usage (from the repository root):
//
//	go run ./bench/attrib [-rounds 9] [-n 38] [-work]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
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
	if err := run(*rounds, filepath.Join(here, "testdata", "fib.c"), strconv.Itoa(*n)); err != nil {
		fmt.Fprintln(os.Stderr, "bench/attrib:", err)
		os.Exit(1)
	}
	if *work {
		if err := run(*rounds, filepath.Join(here, "..", "cc", "testdata", "work.c"), "10"); err != nil {
			fmt.Fprintln(os.Stderr, "bench/attrib:", err)
			os.Exit(1)
		}
	}
}

func run(rounds int, src, arg string) error {
	dir, err := os.MkdirTemp("", "bench-attrib-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sonde, err := alternate.BuildSonde(dir)
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
		{Name: "gcc", Bin: bin("gcc"), Env: env, Cmd: []string{"gcc", "-O2", "-o", bin("gcc"), src}},
		{Name: "gprof", Bin: bin("gprof"), Env: env, Cmd: []string{"gcc", "-O2", "-pg", "-o", bin("gprof"), src}},
	}
	if err := alternate.Compile(dir, append(os.Environ(), "SONDE_CC=clang"), builds); err != nil {
		return err
	}
	if err := alternate.Run(rounds, dir, []string{arg}, builds); err != nil {
		return err
	}
	fmt.Printf("%s -O2, argument %s, %d rounds alternated; CPU time (user+sys) medians:\n", filepath.Base(src), arg, rounds)
	for _, b := range builds {
		fmt.Printf("  %-7s %8.3fs\n", b.Name, alternate.Median(b.CPU).Seconds())
	}
	fmt.Printf("median per-round ratios:\n")
	fmt.Printf("  attrib/clang  %.2f  (Appel, Duba and MacQueen: 1.32)\n", alternate.Ratio(builds[1], builds[0]))
	fmt.Printf("  attrib/gprof  %.2f  (goal < 1)\n", alternate.Ratio(builds[1], builds[3]))
	fmt.Printf("  gprof/gcc     %.2f\n", alternate.Ratio(builds[3], builds[2]))
	return nil
}

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
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"time"
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

type build struct {
	name string
	bin  string
	cpu  []time.Duration
}

func run(rounds int, src, arg string) error {
	dir, err := os.MkdirTemp("", "bench-attrib-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sonde := filepath.Join(dir, "sonde")
	if out, err := exec.Command("go", "build", "-o", sonde, "sonde/cmd/sonde").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	builds := []*build{
		{name: "clang", bin: filepath.Join(dir, "clang")},
		{name: "attrib", bin: filepath.Join(dir, "attrib")},
		{name: "gcc", bin: filepath.Join(dir, "gcc")},
		{name: "gprof", bin: filepath.Join(dir, "gprof")},
	}
	cmds := [][]string{
		{"clang", "-O2", "-o", builds[0].bin, src},
		{sonde, "cc", "--sonde-mode=attrib", "-O2", "-o", builds[1].bin, src},
		{"gcc", "-O2", "-o", builds[2].bin, src},
		{"gcc", "-O2", "-pg", "-o", builds[3].bin, src},
	}
	for _, c := range cmds {
		cmd := exec.Command(c[0], c[1:]...)
		cmd.Env = append(os.Environ(), "SONDE_CC=clang")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%v: %v\n%s", c, err, out)
		}
	}
	var want []byte
	for r := 0; r < rounds; r++ {
		for i := range builds {
			// Rotate the order each round so no build always runs first.
			b := builds[(i+r)%len(builds)]
			cmd := exec.Command(b.bin, arg)
			cmd.Env = append(os.Environ(), "SONDE_OUT="+filepath.Join(dir, "sonde.data"))
			cmd.Dir = dir // gmon.out and sonde.data stay in the temporary directory
			var out bytes.Buffer
			cmd.Stdout = &out
			if err := cmd.Run(); err != nil {
				return fmt.Errorf("%s: %v", b.name, err)
			}
			if want == nil {
				want = out.Bytes()
			} else if !bytes.Equal(out.Bytes(), want) {
				return fmt.Errorf("%s printed %q, another build %q", b.name, out.Bytes(), want)
			}
			st := cmd.ProcessState
			b.cpu = append(b.cpu, st.UserTime()+st.SystemTime())
		}
	}
	fmt.Printf("%s -O2, argument %s, %d rounds alternated; CPU time (user+sys) medians:\n", filepath.Base(src), arg, rounds)
	for _, b := range builds {
		fmt.Printf("  %-7s %8.3fs\n", b.name, median(b.cpu).Seconds())
	}
	ratio := func(a, b *build) float64 {
		var rs []float64
		for i := range a.cpu {
			rs = append(rs, a.cpu[i].Seconds()/b.cpu[i].Seconds())
		}
		slices.Sort(rs)
		return rs[len(rs)/2]
	}
	fmt.Printf("median per-round ratios:\n")
	fmt.Printf("  attrib/clang  %.2f  (Appel, Duba and MacQueen: 1.32)\n", ratio(builds[1], builds[0]))
	fmt.Printf("  attrib/gprof  %.2f  (goal < 1)\n", ratio(builds[1], builds[3]))
	fmt.Printf("  gprof/gcc     %.2f\n", ratio(builds[3], builds[2]))
	return nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

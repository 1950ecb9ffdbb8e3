// Command cc measures what "sonde cc" costs a CPU-bound C program (work.c:
// quicksort, hash table, switch interpreter, sieve, checksum) built -O2,
// against the anchor of the issue: the same program built with
// "gcc -O2 -fprofile-arcs" (gcov's edge counters), and against the
// uninstrumented build. The three builds run alternately, round after round,
// on the same input in the same run; each run's CPU time (user+system, from
// wait4's rusage) is recorded, and the program prints the median of each
// and the median of the per-round ratios sonde/gcov and sonde/plain. Every
// build must print the same checksum.
//
// Usage (from the repository root):
//
//	go run ./bench/cc [-rounds 9] [-scale 10] [-cc gcc] [-atomic]
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
	scale := flag.Int("scale", 10, "work.c's scale argument")
	cc := flag.String("cc", "gcc", "compiler")
	atomic := flag.Bool("atomic", false, "also measure --sonde-atomic (against -fprofile-update=atomic)")
	flag.Parse()
	if err := run(*rounds, *scale, *cc, *atomic); err != nil {
		fmt.Fprintln(os.Stderr, "bench/cc:", err)
		os.Exit(1)
	}
}

type build struct {
	name string
	bin  string
	env  []string
	cpu  []time.Duration
}

func run(rounds, scale int, cc string, atomic bool) error {
	_, file, _, _ := runtime.Caller(0)
	src := filepath.Join(filepath.Dir(file), "testdata", "work.c")
	dir, err := os.MkdirTemp("", "bench-cc-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sonde := filepath.Join(dir, "sonde")
	if out, err := exec.Command("go", "build", "-o", sonde, "sonde/cmd/sonde").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	builds := []*build{
		{name: "plain", bin: filepath.Join(dir, "plain")},
		{name: "gcov", bin: filepath.Join(dir, "gcov")},
		{name: "sonde", bin: filepath.Join(dir, "sonde-prog")},
	}
	cmds := [][]string{
		{cc, "-O2", "-o", builds[0].bin, src},
		{cc, "-O2", "-fprofile-arcs", "-o", builds[1].bin, src},
		{sonde, "cc", "-O2", "-o", builds[2].bin, src},
	}
	if atomic {
		builds = append(builds, &build{name: "gcov-atomic", bin: filepath.Join(dir, "gcov-atomic")},
			&build{name: "sonde-atomic", bin: filepath.Join(dir, "sonde-atomic")})
		cmds = append(cmds, []string{cc, "-O2", "-fprofile-arcs", "-fprofile-update=atomic", "-o", builds[3].bin, src},
			[]string{sonde, "cc", "--sonde-atomic", "-O2", "-o", builds[4].bin, src})
	}
	for _, c := range cmds {
		cmd := exec.Command(c[0], c[1:]...)
		cmd.Env = append(os.Environ(), "SONDE_CC="+cc)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%v: %v\n%s", c, err, out)
		}
	}
	for _, b := range builds {
		b.env = append(os.Environ(), "SONDE_OUT="+filepath.Join(dir, b.name+".data"))
	}
	var want []byte
	for r := 0; r < rounds; r++ {
		for i := range builds {
			// Rotate the order each round so no build always runs first.
			b := builds[(i+r)%len(builds)]
			cmd := exec.Command(b.bin, strconv.Itoa(scale))
			cmd.Env = b.env
			cmd.Dir = dir
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
	fmt.Printf("work.c -O2 with %s, scale %d, %d rounds alternated; CPU time (user+sys) medians:\n", cc, scale, rounds)
	for _, b := range builds {
		fmt.Printf("  %-13s %8.3fs\n", b.name, median(b.cpu).Seconds())
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
	fmt.Printf("  sonde/gcov   %.2f  (goal <= 1.0)\n", ratio(builds[2], builds[1]))
	fmt.Printf("  sonde/plain  %.2f  (Weinberger: 1.5 to 2)\n", ratio(builds[2], builds[0]))
	fmt.Printf("  gcov/plain   %.2f\n", ratio(builds[1], builds[0]))
	if atomic {
		fmt.Printf("  sonde-atomic/gcov-atomic %.2f\n", ratio(builds[4], builds[3]))
	}
	return nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// Command count measures what "sonde count" costs.
//
// Cost per hit: hits.c calls hit() N times; for each engine and for an
// entry the kernel's uprobes emulate (-O0: push %rbp) and one they must
// single-step (-O2: add), it times "sonde count --units functions --only
// func:^hit$" with N calls and with 0 calls and prints (t(N)-t(0))/N in
// microseconds (median of the rounds), so that sonde's own start-up and
// teardown cancel out.
//
// Python: python3.11 running testdata/work.py with --only
// obj:libpython3.11.so.1.0, no rebuild: the wall time of "--units
// functions" (auto engine: uprobes) and of "--coverage --units lines"
// (one-shot breakpoints), each as a ratio to valgrind --tool=callgrind on
// the same script in the same run, and to the unprofiled run.
//
// Usage (from the repository root, as root for uprobes):
//
//	go run ./bench/count [-rounds 3] [-n 100000] [-python PATH] [-skip-python]
package main

import (
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
	rounds := flag.Int("rounds", 3, "rounds of each measurement")
	n := flag.Int("n", 100000, "calls of hit() per run")
	python := flag.String("python", "/root/.pyenv/versions/3.11.7/bin/python3.11", "python3.11 with libpython3.11.so.1.0")
	skipPython := flag.Bool("skip-python", false, "only the cost per hit")
	skipHits := flag.Bool("skip-hits", false, "only the python runs")
	uprobes := flag.Bool("uprobes", false, "only the uprobe engine's mechanisms, BPF vs perf counters: setup per probe and cost per hit")
	bigRounds := flag.Int("big-rounds", 1, "rounds of the setup of every libpython function with -uprobes (perf counters: minutes a round)")
	flag.Parse()
	if *uprobes {
		_, file, _, _ := runtime.Caller(0)
		dir, err := os.MkdirTemp("", "bench-count-")
		if err == nil {
			err = uprobeMechanisms(*rounds, *n, *bigRounds, *python, filepath.Join(filepath.Dir(file), "testdata"), dir)
			os.RemoveAll(dir)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench/count:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*rounds, *n, *python, *skipPython, *skipHits); err != nil {
		fmt.Fprintln(os.Stderr, "bench/count:", err)
		os.Exit(1)
	}
}

func run(rounds, n int, python string, skipPython, skipHits bool) error {
	_, file, _, _ := runtime.Caller(0)
	td := filepath.Join(filepath.Dir(file), "testdata")
	dir, err := os.MkdirTemp("", "bench-count-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sonde := filepath.Join(dir, "sonde")
	if out, err := exec.Command("go", "build", "-o", sonde, "sonde/cmd/sonde").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	data := filepath.Join(dir, "b.data")
	if !skipHits {
		if err := hits(rounds, n, sonde, td, dir, data); err != nil {
			return err
		}
	}
	if skipPython {
		return nil
	}
	return pythonRuns(rounds, python, sonde, td, dir, data)
}

// hits measures the cost per hit of each engine.
func hits(rounds, n int, sonde, td, dir, data string) error {
	fmt.Printf("cost per hit, median of %d rounds of %d calls (t(N)-t(0))/N:\n", rounds, n)
	fmt.Printf("%-8s %-26s %10s\n", "engine", "probed instruction", "µs/hit")
	for _, v := range []struct{ opt, what string }{{"-O0", "push %rbp (emulable)"}, {"-O2", "add (single-stepped)"}} {
		bin := filepath.Join(dir, "hits"+v.opt)
		if out, err := exec.Command("gcc", "-g", v.opt, "-o", bin, filepath.Join(td, "hits.c")).CombinedOutput(); err != nil {
			return fmt.Errorf("gcc: %v\n%s", err, out)
		}
		for _, engine := range []string{"uprobe", "ptrace"} {
			var per []float64
			for range rounds {
				count := func(calls int) (time.Duration, error) {
					return wall(sonde, "count", "--units", "functions", "--only", "func:^hit$", "--engine", engine, "-o", data, "--", bin, strconv.Itoa(calls))
				}
				t0, err := count(0)
				if err != nil {
					return err
				}
				tn, err := count(n)
				if err != nil {
					return err
				}
				per = append(per, float64((tn-t0).Microseconds())/float64(n))
			}
			fmt.Printf("%-8s %-26s %10.2f\n", engine, v.what, median(per))
		}
	}
	return nil
}

// pythonRuns compares counting libpython's units with callgrind.
func pythonRuns(rounds int, python, sonde, td, dir, data string) error {
	script := filepath.Join(td, "work.py")
	only := "obj:libpython3.11.so.1.0"
	runs := []struct {
		name string
		args []string
	}{
		{"unprofiled", []string{python, script}},
		{"valgrind --tool=callgrind", []string{"valgrind", "--tool=callgrind", "--callgrind-out-file=" + filepath.Join(dir, "cg.out"), python, script}},
		{"sonde count --units functions", []string{sonde, "count", "--units", "functions", "--only", only, "-o", data, "--", python, script}},
		{"sonde count --coverage --units lines", []string{sonde, "count", "--coverage", "--units", "lines", "--only", only, "-o", data, "--", python, script}},
	}
	times := make([][]time.Duration, len(runs))
	cpus := make([][]time.Duration, len(runs))
	for range rounds {
		for i, r := range runs {
			d, err := wall(r.args[0], r.args[1:]...)
			if err != nil {
				return fmt.Errorf("%s: %w", r.name, err)
			}
			times[i] = append(times[i], d)
			cpus[i] = append(cpus[i], lastCPU)
		}
	}
	fmt.Printf("\npython3.11 %s, --only %s, median wall time of %d rounds:\n", filepath.Base(script), only, rounds)
	plain, cg := medianD(times[0]), medianD(times[1])
	// CPU time (user+sys of the command and the children it waited for)
	// is what a loaded machine does not inflate.
	plainCPU, cgCPU := medianD(cpus[0]), medianD(cpus[1])
	fmt.Printf("%-38s %10s %12s %12s %10s %12s %12s\n", "run", "seconds", "/ callgrind", "/ unprofiled", "CPU s", "/ callgrind", "/ unprofiled")
	for i, r := range runs {
		m, c := medianD(times[i]), medianD(cpus[i])
		fmt.Printf("%-38s %10.2f %12.2f %12.2f %10.2f %12.2f %12.2f\n", r.name, m.Seconds(), m.Seconds()/cg.Seconds(), m.Seconds()/plain.Seconds(),
			c.Seconds(), c.Seconds()/cgCPU.Seconds(), c.Seconds()/plainCPU.Seconds())
	}
	return nil
}

// lastCPU is the CPU time (user+sys, with the children it waited for) of
// the last command wall ran.
var lastCPU time.Duration

// wall runs a command and returns its wall time; a non-zero exit fails.
func wall(name string, args ...string) (time.Duration, error) {
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = nil, nil
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("%s: %v\n%s", name, err, out)
	}
	d := time.Since(start)
	lastCPU = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return d, nil
}

func median(v []float64) float64 {
	slices.Sort(v)
	return v[len(v)/2]
}

func medianD(v []time.Duration) time.Duration {
	slices.Sort(v)
	return v[len(v)/2]
}

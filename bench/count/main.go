// Command count measures what "sonde count" costs.
//
// Cost per hit: hits.c calls hit() N times; for each engine and for an
// entry the kernel's uprobes emulate (-O0: push %rbp) and one they must
// single-step (-O2: add), it times "sonde count --units functions --only
// func:^hit$" with N calls and with 0 calls and prints (t(N)-t(0))/N in
// microseconds (median of the rounds), so that sonde's own start-up and
// teardown cancel out; the ptrace engine twice, with its counting
// trampolines (N x 1000 calls: a hit costs nanoseconds) and with
// --trampolines=false (an int3 trap per hit). Beside the wall time, the
// same difference in CPU time (sonde and the target), which a loaded
// machine does not inflate.
//
// Python: python3.11 running testdata/work.py with --only
// obj:libpython3.11.so.1.0, no rebuild: the wall time of "--units
// functions" (--engine uprobe; ptrace: trampolines, the auto engine's
// choice for a command sonde starts) and of
// "--coverage --units lines" (ptrace trampolines; and the one-shot int3
// breakpoints of --trampolines=false), each as a ratio to valgrind
// --tool=callgrind on the same script in the same run, and to the
// unprofiled run. The ptrace rows run cold (--plan-cache=false: the line
// table read and libpython disassembled in the run) and warm (the plan
// cache filled by an untimed run first). The last two rows run work.py
// with 10 times the work, coverage against its own unprofiled run: what
// a longer program pays for the fixed costs.
//
// Debug builds (-debug-builds, issue 15): every line of a -O0 C++ program
// shaped like tinyxml2 (internal/testprog/testdata/count/dom.cc, g++ -O0)
// and of a Rust debug build (iters.rs, rustc -g -C opt-level=0) counted
// by the ptrace engine, against callgrind and the unprofiled run of the
// same binary; -baseline adds the same rows for another sonde binary
// (an older build, to show what changed).
//
// Usage (from the repository root, as root for uprobes):
//
//	go run ./bench/count [-rounds 3] [-n 100000] [-python PATH] [-skip-python]
//	go run ./bench/count -debug-builds [-scale 200] [-baseline OLD-SONDE]
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
	debugBuilds := flag.Bool("debug-builds", false, "only the ptrace engine's lines of -O0 C++ and Rust debug builds against callgrind")
	baseline := flag.String("baseline", "", "with -debug-builds: another sonde binary to measure beside this one")
	scale := flag.Int("scale", 200, "with -debug-builds: rounds of work of each program")
	flag.Parse()
	if *debugBuilds {
		if err := debugRuns(*rounds, *scale, *baseline); err != nil {
			fmt.Fprintln(os.Stderr, "bench/count:", err)
			os.Exit(1)
		}
		return
	}
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
	sonde, err := buildSonde(dir)
	if err != nil {
		return err
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
	fmt.Printf("%-19s %-26s %10s %12s %12s\n", "engine", "probed instruction", "calls", "µs/hit", "CPU µs/hit")
	for _, v := range []struct{ opt, what string }{{"-O0", "push %rbp (emulable)"}, {"-O2", "add (single-stepped)"}} {
		bin := filepath.Join(dir, "hits"+v.opt)
		if out, err := exec.Command("gcc", "-g", v.opt, "-o", bin, filepath.Join(td, "hits.c")).CombinedOutput(); err != nil {
			return fmt.Errorf("gcc: %v\n%s", err, out)
		}
		for _, e := range []struct {
			name  string
			flags []string
			calls int
		}{
			{"uprobe", []string{"--engine", "uprobe"}, n},
			{"ptrace trampolines", []string{"--engine", "ptrace"}, n * 1000},
			{"ptrace int3", []string{"--engine", "ptrace", "--trampolines=false"}, n},
		} {
			var per, perCPU []float64
			for range rounds {
				count := func(calls int) (time.Duration, time.Duration, error) {
					args := append([]string{"count", "--units", "functions", "--only", "func:^hit$"}, e.flags...)
					d, err := wall(sonde, append(args, "-o", data, "--", bin, strconv.Itoa(calls))...)
					return d, lastCPU, err
				}
				t0, c0, err := count(0)
				if err != nil {
					return err
				}
				tn, cn, err := count(e.calls)
				if err != nil {
					return err
				}
				per = append(per, float64((tn-t0).Nanoseconds())/1000/float64(e.calls))
				perCPU = append(perCPU, float64((cn-c0).Nanoseconds())/1000/float64(e.calls))
			}
			fmt.Printf("%-19s %-26s %10d %12.4f %12.4f\n", e.name, v.what, e.calls, median(per), median(perCPU))
		}
	}
	return nil
}

// pythonRuns compares counting libpython's units with callgrind.
func pythonRuns(rounds int, python, sonde, td, dir, data string) error {
	script := filepath.Join(td, "work.py")
	only := "obj:libpython3.11.so.1.0"
	// A private copy of libpython (the same bytes; python's RUNPATH gives
	// way to LD_LIBRARY_PATH): uprobes that other tools on this shared
	// machine place on the installed file are written into every process
	// that maps it, over the ptrace engine's jumps.
	lib := filepath.Join(dir, "lib")
	if err := os.MkdirAll(lib, 0o755); err != nil {
		return err
	}
	src, err := os.ReadFile(filepath.Join(filepath.Dir(python), "..", "lib", "libpython3.11.so.1.0"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(lib, "libpython3.11.so.1.0"), src, 0o755); err != nil {
		return err
	}
	os.Setenv("LD_LIBRARY_PATH", lib)
	// A plan cache of the benchmark's own: the "warm" rows read the
	// entries that a first, untimed run of each wrote; the "cold" rows
	// plan afresh (--plan-cache=false).
	os.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	count := func(args ...string) []string {
		return append(append([]string{sonde, "count"}, args...), "--only", only, "-o", data, "--", python, script)
	}
	// The same script doing 10 times the work: coverage's fixed costs
	// (arming, the first pass through each window) spread over a
	// longer run. Its ratio is to its own unprofiled row (base).
	long := func(args []string) []string { return append(append([]string(nil), args...), "30") }
	runs := []struct {
		name string
		args []string
		warm bool
		base int
	}{
		{"unprofiled", []string{python, script}, false, 0},
		{"valgrind --tool=callgrind", []string{"valgrind", "--tool=callgrind", "--callgrind-out-file=" + filepath.Join(dir, "cg.out"), python, script}, false, 0},
		{"sonde count --engine uprobe --units functions", count("--engine", "uprobe", "--units", "functions"), true, 0},
		{"  --engine ptrace (trampolines), cold", count("--engine", "ptrace", "--units", "functions", "--plan-cache=false"), false, 0},
		{"  --engine ptrace (trampolines), warm", count("--engine", "ptrace", "--units", "functions"), true, 0},
		{"  --engine ptrace --units lines, warm", count("--engine", "ptrace", "--units", "lines"), true, 0},
		{"sonde count --coverage --units lines, cold", count("--coverage", "--units", "lines", "--plan-cache=false"), false, 0},
		{"  warm plan cache", count("--coverage", "--units", "lines"), true, 0},
		{"  --trampolines=false (int3), warm", count("--coverage", "--trampolines=false", "--units", "lines"), true, 0},
		{"unprofiled, 10x the work (work.py 30)", long([]string{python, script}), false, 0},
		{"  --coverage --units lines, warm", long(count("--coverage", "--units", "lines")), true, 9}, // base: the row above
	}
	for _, r := range runs {
		if r.warm {
			if _, err := wall(r.args[0], r.args[1:]...); err != nil {
				return fmt.Errorf("%s (filling the plan cache): %w", r.name, err)
			}
		}
	}
	times := make([][]time.Duration, len(runs))
	cpus := make([][]time.Duration, len(runs))
	for range rounds {
		for i, r := range runs {
			os.Remove(data) // each run writes a fresh file, not the end of a growing one
			d, err := wall(r.args[0], r.args[1:]...)
			if err != nil {
				return fmt.Errorf("%s: %w", r.name, err)
			}
			times[i] = append(times[i], d)
			cpus[i] = append(cpus[i], lastCPU)
		}
	}
	fmt.Printf("\npython3.11 %s, --only %s, median wall time of %d rounds:\n", filepath.Base(script), only, rounds)
	// CPU time (user+sys of the command and the children it waited for)
	// is what a loaded machine does not inflate. Each row's "unprofiled"
	// is its base row's.
	cg, cgCPU := medianD(times[1]), medianD(cpus[1])
	fmt.Printf("%-44s %10s %12s %12s %10s %12s %12s\n", "run", "seconds", "/ callgrind", "/ unprofiled", "CPU s", "/ callgrind", "/ unprofiled")
	for i, r := range runs {
		m, c := medianD(times[i]), medianD(cpus[i])
		plain, plainCPU := medianD(times[r.base]), medianD(cpus[r.base])
		fmt.Printf("%-44s %10.3f %12.3f %12.2f %10.3f %12.3f %12.2f\n", r.name, m.Seconds(), m.Seconds()/cg.Seconds(), m.Seconds()/plain.Seconds(),
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

// buildSonde builds sonde's binary into dir and returns its path.
func buildSonde(dir string) (string, error) {
	sonde := filepath.Join(dir, "sonde")
	if out, err := exec.Command("go", "build", "-o", sonde, "sonde/cmd/sonde").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return sonde, nil
}

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"time"
)

// debugRuns measures counting every line of debug builds (-O0 C++, Rust
// opt-level=0) with the ptrace engine against callgrind and the
// unprofiled run, alternated round by round; baseline, when set, is
// another sonde binary measured beside this one.
func debugRuns(rounds, scale int, baseline string) error {
	_, file, _, _ := runtime.Caller(0)
	src := filepath.Join(filepath.Dir(file), "..", "..", "internal", "testprog", "testdata", "count")
	dir, err := os.MkdirTemp("", "bench-count-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sonde, err := buildSonde(dir)
	if err != nil {
		return err
	}
	os.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	data := filepath.Join(dir, "b.data")
	progs := []struct {
		name  string
		build []string
		args  []string
	}{
		{"dom.cc (g++ -O0, tinyxml2's shape)", []string{"g++", "-g", "-O0", "-o", filepath.Join(dir, "dom"), filepath.Join(src, "dom.cc")}, []string{filepath.Join(dir, "dom"), strconv.Itoa(scale)}},
		{"iters.rs (rustc -g -C opt-level=0)", []string{"rustc", "-g", "-C", "opt-level=0", "-o", filepath.Join(dir, "iters"), filepath.Join(src, "iters.rs")}, []string{filepath.Join(dir, "iters"), strconv.Itoa(scale)}},
	}
	for _, p := range progs {
		if out, err := exec.Command(p.build[0], p.build[1:]...).CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v\n%s", p.build[0], err, out)
		}
		count := func(s string) []string {
			return append([]string{s, "count", "--engine", "ptrace", "--units", "lines", "--plan-cache=false", "-o", data, "--"}, p.args...)
		}
		runs := []struct {
			name string
			args []string
		}{
			{"unprofiled", p.args},
			{"valgrind --tool=callgrind", append([]string{"valgrind", "--tool=callgrind", "--callgrind-out-file=" + filepath.Join(dir, "cg.out")}, p.args...)},
			{"sonde count --engine ptrace --units lines", count(sonde)},
		}
		if baseline != "" {
			runs = append(runs, struct {
				name string
				args []string
			}{"  the same, -baseline sonde", count(baseline)})
		}
		times := make([][]time.Duration, len(runs))
		cpus := make([][]time.Duration, len(runs))
		for range rounds {
			for i, r := range runs {
				os.Remove(data)
				d, err := wall(r.args[0], r.args[1:]...)
				if err != nil {
					return fmt.Errorf("%s: %w", r.name, err)
				}
				times[i] = append(times[i], d)
				cpus[i] = append(cpus[i], lastCPU)
			}
		}
		fmt.Printf("\n%s %d, median of %d rounds:\n", p.name, scale, rounds)
		cg, cgCPU := medianD(times[1]), medianD(cpus[1])
		plain, plainCPU := medianD(times[0]), medianD(cpus[0])
		fmt.Printf("%-44s %10s %12s %12s %10s %12s %12s\n", "run", "seconds", "/ callgrind", "/ unprofiled", "CPU s", "/ callgrind", "/ unprofiled")
		for i, r := range runs {
			m, c := medianD(times[i]), medianD(cpus[i])
			fmt.Printf("%-44s %10.3f %12.3f %12.2f %10.3f %12.3f %12.2f\n", r.name, m.Seconds(), m.Seconds()/cg.Seconds(), m.Seconds()/plain.Seconds(),
				c.Seconds(), c.Seconds()/cgCPU.Seconds(), c.Seconds()/plainCPU.Seconds())
		}
	}
	return nil
}

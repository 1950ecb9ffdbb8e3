// Command offcpu measures what "sonde record --off-cpu" costs a program
// that leaves the CPU very often, against "perf record -e
// sched:sched_switch --call-graph dwarf" (the same trace event with the
// same stack copies; Debian's perf is built without BUILD_BPF_SKEL, so its
// own --off-cpu is ignored), alternated in the same run:
//
//	baseline:  pingpong N
//	sonde:     sonde record -q --off-cpu --stack-size 8192 -o FILE -- pingpong N
//	perf:      perf record -q -B -N -e sched:sched_switch --call-graph dwarf -o FILE -- pingpong N
//
// pingpong (testdata/pingpong.c) passes a byte between two threads over
// two pipes N times: two switches a round, over 100,000 a second here
// unprofiled. It measures itself: its rounds per second from its first
// round to its last, and its own CPU time (getrusage RUSAGE_SELF).
//
// It prints the medians of: the target's slowdown (baseline rate / rate
// under the tool), the tool's own CPU time per switch of the target (the
// tool's process tree's CPU, wait4's rusage, minus the target's own, over
// 2 N), and sonde's figures as ratios to perf's (goal: at most 1.0).
//
// With -sleep US, pingpong's main thread sleeps US microseconds before
// each round: a mostly blocked server (three switches a round, counted
// as such).
//
// Usage (from the repository root, as root):
//
//	go run ./bench/offcpu [-rounds 5] [-n 200000] [-sleep 0]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"sonde/bench/internal/alternate"
	"sonde/profile/datafile"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "offcpu bench:", err)
		os.Exit(1)
	}
}

// result is one measured run.
type result struct {
	rate    float64       // the target's rounds per second
	toolCPU time.Duration // the tool's CPU minus the target's
	lost    uint64        // sonde: records the kernel dropped (ring full)
}

func run() error {
	rounds := flag.Int("rounds", 5, "alternated rounds")
	n := flag.Int("n", 200000, "pingpong's rounds")
	sleepUS := flag.Int("sleep", 0, "microseconds pingpong's main thread sleeps before each round")
	flag.Parse()
	dir, err := os.MkdirTemp("", "sonde-bench-offcpu-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	_, file, _, _ := runtime.Caller(0)
	src := filepath.Join(filepath.Dir(file), "testdata", "pingpong.c")
	bin := filepath.Join(dir, "pingpong")
	if out, err := exec.Command("gcc", "-O2", "-g", "-pthread", "-o", bin, src).CombinedOutput(); err != nil {
		return fmt.Errorf("gcc: %v\n%s", err, out)
	}
	sonde, err := alternate.BuildSonde(dir)
	if err != nil {
		return err
	}
	args := []string{bin, fmt.Sprint(*n), fmt.Sprint(*sleepUS)}
	perSwitch := 2
	if *sleepUS > 0 {
		perSwitch = 3
	}
	tools := []struct {
		name string
		cmd  []string
	}{
		{"baseline", args},
		{"sonde", append([]string{sonde, "record", "-q", "--off-cpu", "--stack-size", "8192", "-o", filepath.Join(dir, "sonde.data"), "--"}, args...)},
		{"perf", append([]string{"perf", "record", "-q", "-B", "-N", "-e", "sched:sched_switch", "--call-graph", "dwarf", "-o", filepath.Join(dir, "perf.data"), "--"}, args...)},
	}
	res := make([][]result, len(tools))
	for r := 0; r < *rounds; r++ {
		for i := range tools {
			k := (i + r) % len(tools)
			x, err := measure(tools[k].cmd, k > 0)
			if err != nil {
				return fmt.Errorf("%s: %w", tools[k].name, err)
			}
			if tools[k].name == "sonde" {
				p, _, err := datafile.ReadFile(filepath.Join(dir, "sonde.data"))
				if err != nil {
					return err
				}
				for _, run := range p.Runs {
					x.lost += run.Lost
				}
			}
			res[k] = append(res[k], x)
		}
	}
	base := medianRate(res[0])
	fmt.Printf("pingpong %d rounds (sleep %d µs), %d alternated runs each; baseline %.0f rounds/s (%.0f switches/s)\n", *n, *sleepUS, *rounds, base, float64(perSwitch)*base)
	var slow, per [3]float64
	for i := 1; i < len(tools); i++ {
		slow[i] = base / medianRate(res[i])
		per[i] = float64(medianCPU(res[i])) / float64(perSwitch**n)
		fmt.Printf("%-6s slowdown %.2fx, tool CPU %.2f µs per switch\n", tools[i].name, slow[i], per[i]/1e3)
	}
	var lost []uint64
	for _, x := range res[1] {
		lost = append(lost, x.lost)
	}
	fmt.Printf("sonde: records lost per run %v (of about %d switch records)\n", lost, 2*perSwitch**n)
	fmt.Printf("sonde/perf: slowdown %.2f, CPU per switch %.2f (goal: <= 1.0)\n", slow[1]/slow[2], per[1]/per[2])
	return nil
}

// measure runs cmd and returns the target's rate and, when cmd is a tool
// that runs the target, the tool's CPU. perf runs with -B -N (no build-id
// processing at the end: Debian's perf 6.1 aborts in it here, and sonde
// does none either).
func measure(cmd []string, tool bool) (result, error) {
	c := exec.Command(cmd[0], cmd[1:]...)
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, os.Stderr
	if err := c.Run(); err != nil {
		return result{}, err
	}
	var x result
	var targetCPU int64
	if _, err := fmt.Sscanf(out.String(), "%f rounds/s %d cpu_ns", &x.rate, &targetCPU); err != nil {
		return result{}, fmt.Errorf("target said %q: %v", out.String(), err)
	}
	ru := c.ProcessState.SysUsage().(*syscall.Rusage)
	total := time.Duration(syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime))
	if tool {
		x.toolCPU = total - time.Duration(targetCPU)
	}
	return x, nil
}

func medianRate(rs []result) float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = r.rate
	}
	return alternate.Median(v)
}

func medianCPU(rs []result) time.Duration {
	v := make([]time.Duration, len(rs))
	for i, r := range rs {
		v[i] = r.toolCPU
	}
	return alternate.Median(v)
}

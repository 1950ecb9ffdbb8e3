// Command record measures how much "sonde record" disturbs its target
// against "perf record" with the same options, alternated in the same run:
//
//	baseline:  TARGET
//	sonde:     sonde record -q -F 999 --call-graph MODE -o FILE -- TARGET
//	perf:      perf record  -F 999 --call-graph MODE -o FILE -- TARGET
//
// for MODE fp and dwarf, and for two targets: work.c (CPU-bound C, -O2,
// frame pointers kept so that fp stacks mean something) and work.py
// (python3.11 running a pure-Python loop). Each target measures itself
// (monotonic wall time from its first to its last instruction of work,
// printed on stderr), so neither tool's start-up or teardown is counted.
//
// It prints, per target and mode, the median slowdown of the target under
// each tool (time under the tool / baseline time), in wall time and in the
// target's own CPU time (user+system, where the kernel's per-sample work
// lands; steadier than wall time on a shared machine), and their ratio
// sonde/perf (goal: at most 1.0); each tool's own CPU time per sample (the
// tool's rusage minus the target's CPU time, over its sample count); and
// the data file's size per second of target run time. sonde runs with -q,
// without its closing flat report (which symbolizes, as perf record does
// not), so that both tools' CPU time is the collection's.
//
// Usage (from the repository root, as root or with perf_event_paranoid ≤ 1):
//
//	go run ./bench/record [-rounds 5] [-c-rounds 6000] [-py-rounds 500] [-python PATH] [-stack-size 8192]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"syscall"
	"time"

	"sonde/profile/datafile"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "record bench:", err)
		os.Exit(1)
	}
}

type target struct {
	name string
	cmd  []string
}

// result is one measured run.
type result struct {
	elapsed   time.Duration // the target's own measure
	targetCPU time.Duration
	toolCPU   time.Duration // the tool's process tree minus the target
	samples   int
	bytes     int64
}

func run() error {
	rounds := flag.Int("rounds", 5, "alternated rounds per target and mode")
	cRounds := flag.Int("c-rounds", 6000, "work.c's rounds (about 3 s here)")
	pyRounds := flag.Int("py-rounds", 500, "work.py's rounds (about 3 s here)")
	python := flag.String("python", "/root/.pyenv/versions/3.11.7/bin/python3.11", "python3.11")
	stackSize := flag.Int("stack-size", 8192, "sonde's --stack-size for dwarf (perf's default dump size is 8192)")
	flag.Parse()

	dir, err := os.MkdirTemp("", "sonde-bench-record-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	_, file, _, _ := runtime.Caller(0)
	here := filepath.Dir(file)
	sonde := filepath.Join(dir, "sonde")
	if out, err := exec.Command("go", "build", "-o", sonde, filepath.Join(here, "..", "..", "cmd", "sonde")).CombinedOutput(); err != nil {
		return fmt.Errorf("go build sonde: %v\n%s", err, out)
	}
	work := filepath.Join(dir, "work")
	if out, err := exec.Command("gcc", "-O2", "-g", "-fno-omit-frame-pointer", "-o", work, filepath.Join(here, "testdata", "work.c")).CombinedOutput(); err != nil {
		return fmt.Errorf("gcc: %v\n%s", err, out)
	}
	targets := []target{
		{"C (work.c -O2)", []string{work, strconv.Itoa(*cRounds)}},
		{"CPython (work.py)", []string{*python, filepath.Join(here, "testdata", "work.py"), strconv.Itoa(*pyRounds)}},
	}
	fmt.Printf("sonde record vs perf record, -F 999, %d alternated rounds, medians; dwarf stack copy: sonde %d bytes, perf 8192\n", *rounds, *stackSize)
	for _, tg := range targets {
		for _, mode := range []string{"fp", "dwarf"} {
			var base, sn, pf []result
			for r := 0; r < *rounds; r++ {
				b, err := measure(tg.cmd, nil, "")
				if err != nil {
					return err
				}
				base = append(base, b)
				sdata := filepath.Join(dir, "sonde.data")
				s, err := measure(tg.cmd, []string{sonde, "record", "-q", "-F", "999", "--call-graph", mode, "--stack-size", strconv.Itoa(*stackSize), "-o", sdata, "--"}, sdata)
				if err != nil {
					return err
				}
				sn = append(sn, s)
				pdata := filepath.Join(dir, "perf.data")
				p, err := measure(tg.cmd, []string{"perf", "record", "-q", "-F", "999", "-e", "task-clock", "--call-graph", mode, "-o", pdata, "--"}, pdata)
				if err != nil {
					return err
				}
				pf = append(pf, p)
			}
			mb := median(base, func(r result) float64 { return r.elapsed.Seconds() })
			ss := median(sn, func(r result) float64 { return r.elapsed.Seconds() }) / mb
			ps := median(pf, func(r result) float64 { return r.elapsed.Seconds() }) / mb
			fmt.Printf("\n%s, --call-graph %s: baseline %.3fs\n", tg.name, mode, mb)
			fmt.Printf("  slowdown (wall)  sonde %.3fx   perf %.3fx   ratio sonde/perf %.3f\n", ss, ps, ss/ps)
			cb := median(base, func(r result) float64 { return r.targetCPU.Seconds() })
			cs := median(sn, func(r result) float64 { return r.targetCPU.Seconds() }) / cb
			cp := median(pf, func(r result) float64 { return r.targetCPU.Seconds() }) / cb
			fmt.Printf("  slowdown (CPU)   sonde %.3fx   perf %.3fx   ratio sonde/perf %.3f\n", cs, cp, cs/cp)
			perSample := func(rs []result) float64 {
				return median(rs, func(r result) float64 {
					if r.samples == 0 {
						return 0
					}
					return float64(r.toolCPU.Microseconds()) / float64(r.samples)
				})
			}
			perSec := func(rs []result) float64 {
				return median(rs, func(r result) float64 { return float64(r.bytes) / 1024 / r.elapsed.Seconds() })
			}
			fmt.Printf("  tool CPU per sample   sonde %.1f µs   perf %.1f µs\n", perSample(sn), perSample(pf))
			fmt.Printf("  data per second       sonde %.0f KiB/s   perf %.0f KiB/s\n", perSec(sn), perSec(pf))
			fmt.Printf("  samples (median)      sonde %.0f   perf %.0f\n",
				median(sn, func(r result) float64 { return float64(r.samples) }), median(pf, func(r result) float64 { return float64(r.samples) }))
		}
	}
	return nil
}

var selfRe = regexp.MustCompile(`elapsed_ns (\d+) cpu_ns (\d+)`)
var perfSamplesRe = regexp.MustCompile(`\((\d+) samples\)`)

// measure runs the target under the tool (nil: alone) and returns its own
// figures and the tool's.
func measure(cmd, tool []string, data string) (result, error) {
	var r result
	args := append(append([]string{}, tool...), cmd...)
	c := exec.Command(args[0], args[1:]...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	if err := c.Run(); err != nil {
		return r, fmt.Errorf("%v: %v\n%s", args, err, stderr.String())
	}
	m := selfRe.FindStringSubmatch(stderr.String())
	if m == nil {
		return r, fmt.Errorf("%v: the target printed no elapsed_ns:\n%s", args, stderr.String())
	}
	e, _ := strconv.ParseInt(m[1], 10, 64)
	cpu, _ := strconv.ParseInt(m[2], 10, 64)
	r.elapsed, r.targetCPU = time.Duration(e), time.Duration(cpu)
	if tool == nil {
		return r, nil
	}
	ru := c.ProcessState.SysUsage().(*syscall.Rusage)
	total := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	r.toolCPU = total - r.targetCPU
	if st, err := os.Stat(data); err == nil {
		r.bytes = st.Size()
	}
	if filepath.Base(tool[0]) == "perf" {
		if m := perfSamplesRe.FindStringSubmatch(stderr.String()); m != nil {
			r.samples, _ = strconv.Atoi(m[1])
		} else if out, err := exec.Command("perf", "report", "-i", data, "--stats").Output(); err == nil {
			if m := regexp.MustCompile(`SAMPLE events:\s+(\d+)`).FindSubmatch(out); m != nil {
				r.samples, _ = strconv.Atoi(string(m[1]))
			}
		}
	} else {
		p, _, err := datafile.ReadFile(data)
		if err != nil {
			return r, err
		}
		r.samples = len(p.Samples)
	}
	return r, nil
}

func median(rs []result, f func(result) float64) float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	slices.Sort(v)
	if len(v) == 0 {
		return 0
	}
	return v[len(v)/2]
}

// Command report measures "sonde report --functions" and "sonde report
// --hier" against "perf report --stdio" on profiles of the same workload and
// the same size, in the same run: wall time and peak resident memory (max
// RSS from wait4's rusage), medians over rounds, printed as ratios
// sonde/perf (goal: <= 1.0). perf report --stdio on a -g profile prints
// call graphs under every entry; the ratios to its flat form (--no-children
// -g none, perf's cheapest report) are printed too.
//
// The profiles. The workload (testdata/workload.c: 64 functions calling each other
// to a data-dependent depth, in two processes, with frame pointers) is
// recorded once by perf record -e cpu-clock:u -k mono -F FREQ -g until it holds
// about -n samples. sonde's data file is then made from that perf.data: every
// sample of "perf script -F pid,tid,time,ip,dso" (the link-time address of
// each frame in its object, leaf first, callers as return addresses, which
// is what sonde record stores) is written with the datafile Writer, with a
// mapping per object and its build-id from perf buildid-list. Both files
// thus hold the very same samples and stacks.
//
// Usage (from the repository root):
//
//	go run ./bench/report [-n 1000000] [-freq 100000] [-rounds 3] [-sonde PATH] [-keep DIR]
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"sonde/internal/linux/unix"
	"sonde/profile"
	"sonde/profile/datafile"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench/report:", err)
		os.Exit(1)
	}
}

type options struct {
	n      int
	freq   int
	rounds int
	sonde  string
	keep   string
}

func run() error {
	var o options
	flag.IntVar(&o.n, "n", 1000000, "samples wanted in the profile")
	flag.IntVar(&o.freq, "freq", 100000, "perf record -F")
	flag.IntVar(&o.rounds, "rounds", 3, "timed rounds of each command")
	flag.StringVar(&o.sonde, "sonde", "", "sonde binary (default: go build ./cmd/sonde)")
	flag.StringVar(&o.keep, "keep", "", "keep the workload and both profiles in this directory")
	flag.Parse()
	dir := o.keep
	if dir == "" {
		d, err := os.MkdirTemp("", "bench-report-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if o.sonde == "" {
		o.sonde = filepath.Join(dir, "sonde")
		if out, err := exec.Command("go", "build", "-o", o.sonde, "./cmd/sonde").CombinedOutput(); err != nil {
			return fmt.Errorf("go build ./cmd/sonde: %v\n%s", err, out)
		}
	}
	_, self, _, _ := callerFile()
	src := filepath.Join(filepath.Dir(self), "testdata", "workload.c")
	bin := filepath.Join(dir, "workload")
	if out, err := exec.Command("gcc", "-O2", "-g", "-fno-omit-frame-pointer", "-fno-optimize-sibling-calls", "-o", bin, src).CombinedOutput(); err != nil {
		return fmt.Errorf("gcc: %v\n%s", err, out)
	}
	perfData := filepath.Join(dir, "perf.data")
	sondeData := filepath.Join(dir, "sonde.data")

	// calibrate: samples per second of wall time on this (shared) machine
	rate, err := samplesPerSecond(bin, perfData, o.freq)
	if err != nil {
		return err
	}
	secs := float64(o.n) / rate
	fmt.Printf("recording %s for %.0f s at -F %d (calibrated %.0f samples/s)\n", filepath.Base(bin), secs, o.freq, rate)
	began := time.Now()
	if err := perfRecord(bin, perfData, o.freq, secs); err != nil {
		return err
	}
	n, err := convert(perfData, sondeData, bin, began, time.Now())
	if err != nil {
		return err
	}
	pst, _ := os.Stat(perfData)
	sst, _ := os.Stat(sondeData)
	fmt.Printf("profiles: %d samples with stacks; perf.data %.1f MiB, sonde.data %.1f MiB\n", n, mib(pst.Size()), mib(sst.Size()))

	cmds := []struct {
		name string
		args []string
	}{
		{"perf report --stdio", []string{"perf", "report", "--stdio", "-i", perfData}},
		{"perf report (flat)", []string{"perf", "report", "--stdio", "--no-children", "-g", "none", "-i", perfData}},
		{"sonde report --functions", []string{o.sonde, "report", "--functions", sondeData}},
		{"sonde report --hier", []string{o.sonde, "report", "--hier", sondeData}},
	}
	wall := make([][]time.Duration, len(cmds))
	rss := make([][]int64, len(cmds))
	for r := 0; r < o.rounds; r++ {
		for i, c := range cmds {
			d, m, err := timed(c.args)
			if err != nil {
				return fmt.Errorf("%s: %w", c.name, err)
			}
			wall[i] = append(wall[i], d)
			rss[i] = append(rss[i], m)
		}
	}
	fmt.Printf("%d rounds, medians; ratios to perf report --stdio (call graphs, the anchor) and to its flat form:\n", o.rounds)
	fmt.Printf("%-26s %10s %12s %11s %10s %11s %10s\n", "command", "wall", "max RSS", "wall ratio", "RSS ratio", "wall/flat", "RSS/flat")
	pw, pm := median(wall[0]), medianInt(rss[0])
	fw, fm := median(wall[1]), medianInt(rss[1])
	for i, c := range cmds {
		w, m := median(wall[i]), medianInt(rss[i])
		fmt.Printf("%-26s %9.2fs %8.1f MiB %11.3f %10.3f %11.3f %10.3f\n", c.name, w.Seconds(), float64(m)/1024,
			w.Seconds()/pw.Seconds(), float64(m)/float64(pm), w.Seconds()/fw.Seconds(), float64(m)/float64(fm))
	}
	return nil
}

func mib(n int64) float64 { return float64(n) / (1 << 20) }

// samplesPerSecond records the workload for three seconds and counts
// samples per second of wall time, perf's start-up included.
func samplesPerSecond(bin, perfData string, freq int) (float64, error) {
	start := time.Now()
	if err := perfRecord(bin, perfData, freq, 3); err != nil {
		return 0, err
	}
	el := time.Since(start).Seconds()
	out, err := exec.Command("perf", "script", "-i", perfData, "-F", "pid").Output()
	if err != nil {
		return 0, fmt.Errorf("perf script: %w", err)
	}
	n := strings.Count(string(out), "\n")
	if n == 0 {
		return 0, errors.New("perf recorded no samples")
	}
	return float64(n) / el, nil
}

func perfRecord(bin, perfData string, freq int, secs float64) error {
	// A build-id cache of its own: perf 6.1 now and then aborts in its
	// build-id code (util/build-id.c:1010) on the shared ~/.debug.
	bid, err := os.MkdirTemp("", "sonde-bench-buildid-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(bid)
	cmd := exec.Command("perf", "--buildid-dir", bid, "record", "-q", "-e", "cpu-clock:u", "-k", "mono", "-F", strconv.Itoa(freq), "-g", "-o", perfData,
		"--", bin, strconv.FormatFloat(secs, 'f', 2, 64))
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("perf record: %v\n%s", err, stderr.String())
	}
	return nil
}

var (
	headerLine = regexp.MustCompile(`^\s*(\d+)/(\d+)\s+(\d+)\.(\d+):`)
	frameLine  = regexp.MustCompile(`^\s+([0-9a-f]+) \((.*)\)$`)
)

// convert writes every sample of perfData, recorded by perfRecord from
// began to ended, to a sonde data file, with the addresses perf script
// prints (link-time addresses in each object). perf script's times are
// CLOCK_MONOTONIC (perfRecord's -k mono), seconds since boot: the
// difference between the wall clock and CLOCK_MONOTONIC, read now, turns
// them into the wall-clock times sonde record writes.
func convert(perfData, out, bin string, began, ended time.Time) (int, error) {
	ids := map[string]string{}
	if b, err := exec.Command("perf", "buildid-list", "-i", perfData).Output(); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if f := strings.Fields(l); len(f) == 2 {
				ids[f[1]] = f[0]
			}
		}
	}
	cmd := exec.Command("perf", "script", "-i", perfData, "-F", "pid,tid,time,ip,dso")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("perf script: %w", err)
	}
	w, err := datafile.Create(out)
	if err != nil {
		return 0, err
	}
	period := int64(1e9) / int64(100000)
	wallOffset := time.Now().UnixNano() - unix.MonotonicNow()
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "record", Command: []string{bin}, Start: began, Period: period,
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}}); err != nil {
		return 0, err
	}
	mappings := map[string]int32{}
	pids := map[int32]bool{}
	n := 0
	var cur *profile.Sample
	flush := func() error {
		if cur == nil {
			return nil
		}
		n++
		err := w.WriteSample(cur)
		cur = nil
		return err
	}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := headerLine.FindStringSubmatch(line); m != nil {
			if err := flush(); err != nil {
				return 0, err
			}
			pid, _ := strconv.Atoi(m[1])
			tid, _ := strconv.Atoi(m[2])
			sec, _ := strconv.ParseInt(m[3], 10, 64)
			usec, _ := strconv.ParseInt(m[4], 10, 64)
			if !pids[int32(pid)] {
				pids[int32(pid)] = true
				if err := w.WriteProcess(profile.Process{PID: int32(pid), Comm: filepath.Base(bin), Exe: bin}); err != nil {
					return 0, err
				}
			}
			cur = &profile.Sample{Values: []int64{1, period}, PID: int32(pid), TID: int32(tid), Time: wallOffset + sec*1e9 + usec*1e3}
			continue
		}
		m := frameLine.FindStringSubmatch(line)
		if m == nil || cur == nil {
			continue
		}
		addr, err := strconv.ParseUint(m[1], 16, 64)
		if err != nil {
			return 0, fmt.Errorf("perf script line %q: %w", line, err)
		}
		path := m[2]
		if path == "[unknown]" {
			cur.Stack = append(cur.Stack, profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(addr)})
			continue
		}
		idx, ok := mappings[path]
		if !ok {
			idx = int32(len(mappings))
			mappings[path] = idx
			if err := w.WriteMapping(int(idx), &profile.Mapping{Path: path, BuildID: ids[path]}); err != nil {
				return 0, err
			}
		}
		cur.Stack = append(cur.Stack, profile.Location{Mapping: idx, Addr: profile.Addr(addr)})
	}
	if err := flush(); err != nil {
		return 0, err
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	if err := cmd.Wait(); err != nil {
		return 0, fmt.Errorf("perf script: %w", err)
	}
	if err := w.WriteRunEnd(ended); err != nil {
		return 0, err
	}
	return n, w.Close()
}

// timed runs args with its output discarded and returns its wall time and
// max RSS in KiB.
func timed(args []string) (time.Duration, int64, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout = io.Discard
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, 0, fmt.Errorf("%v: %s", err, stderr.String())
	}
	d := time.Since(start)
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if ru == nil {
		return d, 0, nil
	}
	return d, ru.Maxrss, nil
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func medianInt(d []int64) int64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// callerFile returns this source file's path, to find testdata/workload.c beside it.
func callerFile() (uintptr, string, int, bool) { return runtime.Caller(0) }

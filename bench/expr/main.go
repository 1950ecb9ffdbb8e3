// Command expr measures what one sample with one expression costs (issue 8:
// `sonde record --expr`), three ways, on PCT's hier-test (testdata/hier.c,
// gcc -O0 -g; Blake & Bauer 2002, section 3), the expression being n in
// worker:
//
//	(a) native: sonde record -q -F HZ --expr hier@worker@n -o FILE -- hier R
//	    sonde's own CPU time (its rusage minus the target's, less that of
//	    the same command on hier 0, its start-up and teardown) over the
//	    samples that carry a value of n, and the target's slowdown;
//	(b) --gdb:  gdbmi.Session (one gdb attached through its machine
//	    interface, as `sonde record --gdb` drives it) sampling hier R every
//	    1/HZ s until it exits: Session.Cost(), the mean wall time of one
//	    Sample (the target is stopped for almost all of it), gdb's CPU time
//	    per sample after its attach (Session.CPU), and the target's
//	    slowdown;
//	(c) gdb -batch -nx -p PID -ex 'frame function worker' -ex 'print n',
//	    one gdb started per sample, as a shell script would do it (and as
//	    DESIGN.md measured `thread apply all bt`): its wall and CPU time.
//
// Each round runs the baseline (hier alone) and (a), (b), (c), rotating the
// order round by round; the figures are medians over the rounds, and the
// ratios are taken within each round before the median. The target
// measures itself (elapsed_ns, cpu_ns on stderr), so no tool's start-up or
// teardown counts in the slowdown, given in wall time and in the target's
// own CPU time (where perf's per-sample kernel work lands; a gdb stop adds
// wall time, little CPU). The mean of n over each collector's
// samples is printed beside the truth (8.33e6, PCT printed 8.38e+06), so a
// collector that measures fast but reads wrong values shows.
//
// Usage (from the repository root):
//
//	go run ./bench/expr [-rounds 5] [-hz 99] [-hier-rounds 30] [-batch 5]
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
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

	"sonde/bench/internal/alternate"
	"sonde/internal/gdbmi"
	"sonde/profile"
	"sonde/profile/datafile"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "expr bench:", err)
		os.Exit(1)
	}
}

// truthMean is the time-weighted mean of n in hier.c: n is uniform on
// [0, 1e7) a third of the time and on [0, 2e7) two thirds of it.
const truthMean = 1.0/3*5e6 + 2.0/3*1e7

// result is one measured run of one way.
type result struct {
	elapsed   time.Duration // the target's own wall time of its work
	targetCPU time.Duration // the target's own CPU time (where perf's per-sample kernel work lands)
	perSample time.Duration // wall time per sample: (b) Cost(), (c) one gdb -batch
	cpu       time.Duration // the tool's CPU per sample: (a) sonde's, (b) gdb's after its attach, (c) gdb -batch's
	attachCPU time.Duration // (a) sonde's CPU with a target of no work, (b) gdb's CPU to attach
	tool      time.Duration // (a) sonde's CPU in all
	samples   int
	mean      float64 // of n over the samples
}

func run() error {
	rounds := flag.Int("rounds", 5, "alternated rounds")
	hz := flag.Int("hz", 99, "sampling rate of (a) and (b)")
	hierRounds := flag.Int("hier-rounds", 30, "hier.c's rounds of dispatch_1(1e7) + dispatch_2(2e7) (about 2 s of CPU here)")
	batch := flag.Int("batch", 5, "gdb -batch samples per round")
	flag.Parse()

	dir, err := os.MkdirTemp("", "sonde-bench-expr-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	_, file, _, _ := runtime.Caller(0)
	hier := filepath.Join(dir, "hier")
	if out, err := exec.Command("gcc", "-O0", "-g", "-o", hier, filepath.Join(filepath.Dir(file), "testdata", "hier.c")).CombinedOutput(); err != nil {
		return fmt.Errorf("gcc: %v\n%s", err, out)
	}
	sonde, err := alternate.BuildSonde(dir)
	if err != nil {
		return err
	}
	native := hasRecordExpr(sonde)
	target := []string{hier, strconv.Itoa(*hierRounds)}

	type way struct {
		name string
		run  func() (result, error)
	}
	ways := []way{
		{"baseline", func() (result, error) { return measureAlone(target) }},
		{"gdbmi", func() (result, error) { return measureSession(target, *hz) }},
		{"gdb-batch", func() (result, error) { return measureBatch(target, *batch) }},
	}
	if native {
		data := filepath.Join(dir, "expr.data")
		ways = append(ways, way{"native", func() (result, error) {
			// sonde's start-up and teardown: the same command on a target
			// with no work (0 rounds), whose CPU is taken off the run's.
			empty, err := nativeRun(sonde, []string{hier, "0"}, *hz, data)
			if err != nil {
				return result{}, err
			}
			r, err := nativeRun(sonde, target, *hz, data)
			if err != nil {
				return result{}, err
			}
			if r.samples == 0 {
				return r, fmt.Errorf("sonde record --expr: no sample carries a value of n")
			}
			r.attachCPU = empty.tool
			r.cpu = (r.tool - empty.tool) / time.Duration(r.samples)
			return r, nil
		}})
	}
	res := map[string][]result{}
	for r := 0; r < *rounds; r++ {
		for i := range ways {
			w := ways[(i+r)%len(ways)]
			x, err := w.run()
			if err != nil {
				return fmt.Errorf("round %d, %s: %w", r+1, w.name, err)
			}
			res[w.name] = append(res[w.name], x)
		}
		fmt.Fprintf(os.Stderr, "round %d of %d done\n", r+1, *rounds)
	}

	host, _ := os.Hostname()
	fmt.Printf("expr bench: hier.c (PCT's hier-test) gcc -O0 -g, expression n in worker, %d rounds alternated, %d Hz, %s, %d CPUs, load %s\n",
		*rounds, *hz, host, runtime.NumCPU(), loadavg())
	fmt.Printf("  truth: mean n = %.3g (time-weighted; PCT printed 8.38e+06)\n", truthMean)
	slow := func(name string) float64 {
		return medianRatio(res[name], res["baseline"], func(x result) float64 { return x.elapsed.Seconds() })
	}
	slowCPU := func(name string) float64 {
		return medianRatio(res[name], res["baseline"], func(x result) float64 { return x.targetCPU.Seconds() })
	}
	per := func(name string) float64 {
		return median(res[name], func(x result) float64 { return float64(x.perSample.Nanoseconds()) / 1e3 })
	}
	mean := func(name string) float64 { return median(res[name], func(x result) float64 { return x.mean }) }
	n := func(name string) float64 {
		return median(res[name], func(x result) float64 { return float64(x.samples) })
	}
	cpu := func(name string) float64 {
		return median(res[name], func(x result) float64 { return float64(x.cpu.Nanoseconds()) / 1e3 })
	}
	ratio := func(a, b string, f func(result) time.Duration) float64 {
		return medianRatio(res[a], res[b], func(x result) float64 { return float64(f(x)) })
	}
	wall := func(x result) time.Duration { return x.perSample }
	gdbCPU := func(x result) time.Duration { return x.cpu }
	fmt.Printf("  %-30s %12s %12s %10s %10s %8s %10s\n", "µs per sample (median)", "wall", "tool CPU", "slowdown", "(CPU)", "samples", "mean n")
	if native {
		fmt.Printf("  %-30s %12s %12.1f %9.3fx %9.3fx %8.0f %10.3g\n", "(a) native record --expr", "-", cpu("native"), slow("native"), slowCPU("native"), n("native"), mean("native"))
	} else {
		fmt.Printf("  (a) native record --expr: not built yet (sonde record has no --expr), no figure\n")
	}
	fmt.Printf("  %-30s %12.1f %12.1f %9.3fx %9.3fx %8.0f %10.3g\n", "(b) --gdb gdbmi.Session", per("gdbmi"), cpu("gdbmi"), slow("gdbmi"), slowCPU("gdbmi"), n("gdbmi"), mean("gdbmi"))
	fmt.Printf("  %-30s %12.1f %12.1f %10s %10s %8d %10.3g\n", "(c) gdb -batch per sample", per("gdb-batch"), cpu("gdb-batch"), "-", "-", *batch, mean("gdb-batch"))
	fixed := func(name string) float64 {
		return median(res[name], func(x result) float64 { return x.attachCPU.Seconds() * 1e3 })
	}
	fmt.Printf("  fixed costs, not in the per-sample CPU: (b) gdb's attach (reading symbols) %.0f ms CPU", fixed("gdbmi"))
	if native {
		fmt.Printf("; (a) sonde record --expr on a target that does no work %.0f ms CPU", fixed("native"))
	}
	fmt.Println()
	fmt.Printf("  ratios: wall (c)/(b) %.0f, CPU (c)/(b) %.0f", ratio("gdb-batch", "gdbmi", wall), ratio("gdb-batch", "gdbmi", gdbCPU))
	if native {
		fmt.Printf("; CPU (b)/(a) %.1f, CPU (c)/(a) %.0f", ratio("gdbmi", "native", gdbCPU), ratio("gdb-batch", "native", gdbCPU))
	}
	fmt.Printf("; (b) wall / PCT's 500-1000 µs %.2f-%.2f\n", per("gdbmi")/1000, per("gdbmi")/500)
	return nil
}

// hasRecordExpr says whether this sonde's record verb knows --expr: its
// flag parser names an unknown flag.
func hasRecordExpr(sonde string) bool {
	out, _ := exec.Command(sonde, "record", "-q", "--expr", "x@y@z", "-o", os.DevNull, "--", "true").CombinedOutput()
	return !bytes.Contains(out, []byte("flag provided but not defined"))
}

var selfRe = regexp.MustCompile(`elapsed_ns (\d+) cpu_ns (\d+)`)

// self reads the target's own measure from its stderr.
func self(stderr []byte) (elapsed, cpu time.Duration, err error) {
	m := selfRe.FindSubmatch(stderr)
	if m == nil {
		return 0, 0, fmt.Errorf("the target printed no elapsed_ns: %q", stderr)
	}
	e, _ := strconv.ParseInt(string(m[1]), 10, 64)
	c, _ := strconv.ParseInt(string(m[2]), 10, 64)
	return time.Duration(e), time.Duration(c), nil
}

func measureAlone(target []string) (result, error) {
	var stderr bytes.Buffer
	c := exec.Command(target[0], target[1:]...)
	c.Stderr = &stderr
	if err := c.Run(); err != nil {
		return result{}, fmt.Errorf("%v: %v", target, err)
	}
	e, cpu, err := self(stderr.Bytes())
	return result{elapsed: e, targetCPU: cpu}, err
}

// nativeRun runs sonde record --expr, whose data file gives the samples
// and their values of n; tool is sonde's CPU time without the target's.
func nativeRun(sonde string, target []string, hz int, data string) (result, error) {
	args := append([]string{"record", "-q", "-F", strconv.Itoa(hz), "--expr", "hier@worker@n", "-o", data, "--"}, target...)
	c := exec.Command(sonde, args...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	if err := c.Run(); err != nil {
		return result{}, fmt.Errorf("sonde %v: %v\n%s", args, err, stderr.String())
	}
	e, cpu, err := self(stderr.Bytes())
	if err != nil {
		return result{}, err
	}
	ru := c.ProcessState.SysUsage().(*syscall.Rusage)
	p, _, err := datafile.ReadFile(data)
	if err != nil {
		return result{}, err
	}
	r := result{elapsed: e, targetCPU: cpu, tool: time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) - cpu}
	var sum float64
	for _, s := range p.Samples {
		for _, v := range s.Exprs {
			if v.Status == profile.ExprOK && v.HasNum {
				sum += v.Num
				r.samples++
			}
		}
	}
	if r.samples > 0 {
		r.mean = sum / float64(r.samples)
	}
	return r, nil
}

// measureSession runs (b): the target under a gdbmi.Session that samples
// it every 1/hz s until it exits.
func measureSession(target []string, hz int) (result, error) {
	var stderr bytes.Buffer
	c := exec.Command(target[0], target[1:]...)
	c.Stderr = &stderr
	if err := c.Start(); err != nil {
		return result{}, err
	}
	defer func() {
		if c.ProcessState == nil {
			c.Process.Kill()
			c.Wait()
		}
	}()
	s, err := gdbmi.Attach(c.Process.Pid)
	if err != nil {
		return result{}, err
	}
	defer s.Close()
	attachCPU, err := s.CPU()
	if err != nil {
		return result{}, err
	}
	tick := time.NewTicker(time.Second / time.Duration(hz))
	defer tick.Stop()
	var sum float64
	n := 0
	for {
		ts, err := s.Sample("worker", []string{"n"})
		if errors.Is(err, gdbmi.ErrExited) {
			break
		}
		if err != nil {
			return result{}, err
		}
		for _, t := range ts {
			if !t.InFunc {
				continue
			}
			v, err := strconv.ParseFloat(t.Values[0].Text, 64)
			if t.Values[0].Err != nil || err != nil {
				return result{}, fmt.Errorf("gdb's n = %q, %v", t.Values[0].Text, t.Values[0].Err)
			}
			sum += v
			n++
		}
		<-tick.C
	}
	cost, samples := s.Cost()
	if err := s.Close(); err != nil {
		return result{}, err
	}
	// gdb's CPU after its attach (reading the symbols, which sonde's
	// figure includes: it is given apart).
	gcpu, err := s.CPU()
	if err != nil {
		return result{}, err
	}
	if err := c.Wait(); err != nil {
		return result{}, fmt.Errorf("%v under gdb: %v", target, err)
	}
	e, tcpu, err := self(stderr.Bytes())
	if err != nil {
		return result{}, err
	}
	if n == 0 {
		return result{}, errors.New("gdb: no sample in worker")
	}
	return result{elapsed: e, targetCPU: tcpu, perSample: cost, cpu: (gcpu - attachCPU) / time.Duration(samples), attachCPU: attachCPU,
		samples: samples, mean: sum / float64(n)}, nil
}

var printRe = regexp.MustCompile(`(?m)^\$1 = (\d+)$`)

// measureBatch runs (c): count gdb -batch samples of a running target, one
// after the other, and returns the median wall time of one.
func measureBatch(target []string, count int) (result, error) {
	c := exec.Command(target[0], target[1:]...)
	if err := c.Start(); err != nil {
		return result{}, err
	}
	defer func() {
		c.Process.Kill()
		c.Wait()
	}()
	// Past the loader, into worker: 50 ms of the target's CPU time.
	for cpuTicks(c.Process.Pid) < 5 {
		time.Sleep(10 * time.Millisecond)
	}
	var walls []time.Duration
	var sum float64
	var cpu time.Duration
	for range count {
		g := exec.Command("gdb", "-batch", "-nx", "-p", strconv.Itoa(c.Process.Pid), "-ex", "frame function worker", "-ex", "print n")
		g.Env = append(os.Environ(), "DEBUGINFOD_URLS=", "LC_ALL=C")
		t0 := time.Now()
		out, err := g.CombinedOutput()
		wall := time.Since(t0)
		if err != nil {
			return result{}, fmt.Errorf("gdb -batch: %v\n%s", err, out)
		}
		m := printRe.FindSubmatch(out)
		if m == nil {
			return result{}, fmt.Errorf("gdb -batch printed no $1 = N:\n%s", out)
		}
		v, _ := strconv.ParseFloat(string(m[1]), 64)
		sum += v
		walls = append(walls, wall)
		cpu += g.ProcessState.UserTime() + g.ProcessState.SystemTime()
	}
	slices.Sort(walls)
	return result{perSample: walls[len(walls)/2], cpu: cpu / time.Duration(count), samples: count, mean: sum / float64(count)}, nil
}

// cpuTicks is the CPU time of process pid in clock ticks (utime + stime
// of /proc/PID/stat), 0 when unknown.
func cpuTicks(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.Atoi(f[11])
	s, _ := strconv.Atoi(f[12])
	return u + s
}

func median(rs []result, f func(result) float64) float64 {
	v := make([]float64, 0, len(rs))
	for _, r := range rs {
		v = append(v, f(r))
	}
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v)
	return v[len(v)/2]
}

// medianRatio is the median over rounds of f(a[r]) / f(b[r]).
func medianRatio(a, b []result, f func(result) float64) float64 {
	var v []float64
	for r := range min(len(a), len(b)) {
		if d := f(b[r]); d != 0 {
			v = append(v, f(a[r])/d)
		}
	}
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v)
	return v[len(v)/2]
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

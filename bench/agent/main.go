// Command agent measures what "sonde agent" costs against "perf record -a"
// at the same rate, with DWARF stacks, alternated in the same run:
//
//	baseline:  N copies of TARGET (one per CPU)
//	sonde:     sonde agent -F HZ --interval D --otlp http://127.0.0.1:PORT (this program's sink)
//	           while N copies of TARGET run
//	perf:      perf record -a -B -c 1e9/HZ -e task-clock:u --call-graph dwarf,16384 -o FILE
//	           while N copies of TARGET run
//
// perf samples every 1e9/HZ ns of task-clock (-c), sonde's period, rather
// than at a frequency (-F HZ), which the kernel turns into a period of its
// own choosing per CPU; and user mode only (:u), as the agent's event
// (exclude_kernel): a machine-wide task-clock without :u also samples the
// idle task (swapper) and kernel mode, samples the agent never takes,
// which made perf's count 4.7 times the agent's on an idle machine and
// its CPU per sample look that much cheaper (runs 1-9 of bench/README.md).
//
// perf copies 16384 bytes of stack a sample, as the agent does (-perf-stack;
// perf's default is 8192: half the bytes to copy and write, which made perf's
// steady state 5.8 µs a sample against 9.4 with 16384 on work.c, runs 1-10
// of bench/README.md).
//
// perf runs with -B (no build-id collection when it stops): perf 6.1's
// build-id code aborted here ("assertion failed at util/build-id.c:1010",
// stack smashing) on this machine's objects; sonde reads every object's
// build ID.
//
// The target is bench/record's work.c (CPU-bound C, -O2), which measures
// itself (its own wall and CPU time of a fixed amount of work). Each tool
// samples the whole machine, other processes included. The tools' CPU is
// their threads' time on a CPU (/proc/PID/task/*/schedstat while they run,
// rusage at the end). It prints, medians over the rounds: the targets'
// slowdown under each tool; each tool's CPU per sample over the whole run
// (start, warm-up, targets, stop: its CPU over its own sample count); the
// steady state, its CPU while the targets ran over the samples taken of
// them (their CPU time / period, the same for both tools), over the
// targets' whole run (the agent opens and symbolizes their objects for the
// first time there) and once they have run -settle (the agent has sent two
// intervals of them: what an agent running for days costs); its CPU per
// second on the idle machine (the second half of the warm-up); max RSS;
// the ratios sonde/perf (goal: CPU per sample below perf's, slowdown at
// most perf's); and, for the fleet arithmetic, the bytes of OTLP the agent
// sent per interval. The agent's figures include what perf record does
// not do: unwinding, symbolizing with file:line and inline frames, and
// encoding the OTLP requests.
//
// The defaults are the agent's use, not a demonstration: the targets run
// about 52 s a round on a quiet 2-core machine, long enough for the
// agent's intervals (10 s, the low end of the 10-60 s an agent sends at;
// sonde agent's default is 30 s) to close during both windows, so that
// the steady state includes symbolizing and sending.
//
// Usage (from the repository root, as root):
//
//	go run ./bench/agent [-rounds 3] [-F 99] [-c-rounds 120000] [-interval 10s] [-warmup 16s] [-settle 25s] [-perf-stack 16384]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"sonde/bench/internal/alternate"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "agent bench:", err)
		os.Exit(1)
	}
}

// result is one measured round of one tool.
type result struct {
	elapsed, targetCPU time.Duration // medians over the target copies
	toolCPU            time.Duration
	samples            int
	lost               int   // records the agent counted lost (sonde only)
	maxRSS             int64 // KiB
	// windowCPU is the tool's CPU time while the targets ran, after its
	// warm-up (opening the machine's objects): its steady state.
	windowCPU time.Duration
	// windowTargetCPU is the targets' CPU time summed: divided by the
	// period, the samples both tools take of them in the window.
	windowTargetCPU time.Duration
	// settledCPU and settledTargetCPU are windowCPU and windowTargetCPU
	// from -settle after the targets started to their end.
	settledCPU, settledTargetCPU time.Duration
	// idleCPU is the tool's CPU time over idleFor, the second half of its
	// warm-up: nothing but the machine's own processes running.
	idleCPU, idleFor time.Duration
}

// procCPU returns process pid's CPU time: the sum of its threads' time on
// a CPU from /proc/PID/task/*/schedstat (nanoseconds; /proc/PID/stat's
// 10 ms ticks are too coarse for perf's few milliseconds a second), or,
// where schedstat is missing, user+system from /proc/PID/stat (fields 14
// and 15, in clock ticks of 1/100 s). Threads that have exited are not
// counted: both tools keep theirs for the run.
func procCPU(pid int) time.Duration {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	var sum time.Duration
	for _, t := range tasks {
		data, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		f := strings.Fields(string(data))
		if len(f) == 0 {
			continue
		}
		ns, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			continue
		}
		sum += time.Duration(ns)
	}
	if sum > 0 {
		return sum
	}
	return procStatCPU(pid)
}

// procStatCPU returns process pid's user+system time from /proc/PID/stat
// (fields 14 and 15, in clock ticks of 1/100 s).
func procStatCPU(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+st) * 10 * time.Millisecond
}

// sink counts the OTLP requests the agent sends.
type sink struct {
	mu    sync.Mutex
	sizes []int
}

func (s *sink) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n, _ := io.Copy(io.Discard, r.Body)
	s.mu.Lock()
	s.sizes = append(s.sizes, int(n))
	s.mu.Unlock()
}

func run() error {
	rounds := flag.Int("rounds", 3, "alternated rounds")
	hz := flag.Int("F", 99, "samples per second, both tools")
	cRounds := flag.Int("c-rounds", 120000, "work.c's rounds per copy")
	interval := flag.Duration("interval", 10*time.Second, "the agent's interval")
	warmup := flag.Duration("warmup", 16*time.Second, "how long each tool runs before the targets start")
	settle := flag.Duration("settle", 25*time.Second, "how long the targets run before the settled window")
	perfStack := flag.Int("perf-stack", 16384, "bytes of stack perf copies a sample (the agent copies 16384; perf's default is 8192)")
	flag.Parse()

	dir, err := os.MkdirTemp("", "sonde-bench-agent-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	_, file, _, _ := runtime.Caller(0)
	here := filepath.Dir(file)
	sonde, err := alternate.BuildSonde(dir)
	if err != nil {
		return err
	}
	work := filepath.Join(dir, "work")
	if out, err := exec.Command("gcc", "-O2", "-g", "-o", work, filepath.Join(here, "..", "record", "testdata", "work.c")).CombinedOutput(); err != nil {
		return fmt.Errorf("gcc: %v\n%s", err, out)
	}
	sk := &sink{}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go http.Serve(l, sk)
	endpoint := "http://" + l.Addr().String()
	ncpu := runtime.NumCPU()

	fmt.Printf("sonde agent vs perf record -a, -F %d, dwarf stacks (stack copied a sample: sonde 16384 bytes, perf %d), %d copies of work.c, %d alternated rounds, medians\n", *hz, *perfStack, ncpu, *rounds)
	var base, sn, pf []result
	for r := 0; r < *rounds; r++ {
		b, err := measure(work, *cRounds, ncpu, nil, nil, 0, 0)
		if err != nil {
			return err
		}
		base = append(base, b)
		spool := filepath.Join(dir, "agent.data")
		os.Remove(spool)
		s, err := measure(work, *cRounds, ncpu, []string{sonde, "agent", "-F", strconv.Itoa(*hz), "--interval", interval.String(), "--otlp", endpoint, "-o", spool}, agentSamples, *warmup, *settle)
		if err != nil {
			return err
		}
		sn = append(sn, s)
		p, err := measure(work, *cRounds, ncpu, []string{"perf", "record", "-a", "-q", "-B", "-c", strconv.Itoa(1000000000 / *hz), "-e", "task-clock:u", "--call-graph", "dwarf," + strconv.Itoa(*perfStack), "-o", filepath.Join(dir, "perf.data")}, perfSamples(filepath.Join(dir, "perf.data")), *warmup, *settle)
		if err != nil {
			return err
		}
		pf = append(pf, p)
	}
	med := func(rs []result, f func(result) float64) float64 {
		v := make([]float64, len(rs))
		for i, r := range rs {
			v[i] = f(r)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	mb := med(base, func(r result) float64 { return r.elapsed.Seconds() })
	ss := med(sn, func(r result) float64 { return r.elapsed.Seconds() }) / mb
	ps := med(pf, func(r result) float64 { return r.elapsed.Seconds() }) / mb
	fmt.Printf("target baseline %.3fs\n", mb)
	fmt.Printf("  target slowdown (wall)  sonde %.3fx   perf %.3fx   ratio sonde/perf %.3f\n", ss, ps, ss/ps)
	cb := med(base, func(r result) float64 { return r.targetCPU.Seconds() })
	cs := med(sn, func(r result) float64 { return r.targetCPU.Seconds() }) / cb
	cp := med(pf, func(r result) float64 { return r.targetCPU.Seconds() }) / cb
	fmt.Printf("  target slowdown (CPU)   sonde %.3fx   perf %.3fx   ratio sonde/perf %.3f\n", cs, cp, cs/cp)
	per := func(r result) float64 {
		if r.samples == 0 {
			return 0
		}
		return float64(r.toolCPU.Microseconds()) / float64(r.samples)
	}
	sp, pp := med(sn, per), med(pf, per)
	fmt.Printf("  tool CPU per sample     sonde %.1f µs   perf %.1f µs   ratio sonde/perf %.2f\n", sp, pp, sp/pp)
	fmt.Printf("  tool CPU per second     sonde %.1f ms   perf %.1f ms\n",
		med(sn, func(r result) float64 { return float64(r.toolCPU.Milliseconds()) / r.elapsed.Seconds() }),
		med(pf, func(r result) float64 { return float64(r.toolCPU.Milliseconds()) / r.elapsed.Seconds() }))
	period := time.Second / time.Duration(*hz)
	steady := func(r result) float64 {
		n := float64(r.windowTargetCPU) / float64(period)
		if n == 0 {
			return 0
		}
		return float64(r.windowCPU.Nanoseconds()) / 1e3 / n
	}
	sw, pw := med(sn, steady), med(pf, steady)
	fmt.Printf("  steady state: tool CPU while the targets ran (after %v of idle warm-up) per sample of them (their CPU time / period)\n", *warmup)
	fmt.Printf("    their whole run       sonde %.1f µs   perf %.1f µs   ratio sonde/perf %.2f\n", sw, pw, sw/pw)
	settled := func(r result) float64 {
		n := float64(r.settledTargetCPU) / float64(period)
		if n == 0 {
			return 0
		}
		return float64(r.settledCPU.Nanoseconds()) / 1e3 / n
	}
	if ss, ps := med(sn, settled), med(pf, settled); ss > 0 && ps > 0 {
		fmt.Printf("    after their first %v  sonde %.1f µs   perf %.1f µs   ratio sonde/perf %.2f\n", *settle, ss, ps, ss/ps)
	} else {
		fmt.Printf("    after their first %v: the targets ended before it (raise -c-rounds)\n", *settle)
	}
	idle := func(r result) float64 {
		if r.idleFor == 0 {
			return 0
		}
		return float64(r.idleCPU.Nanoseconds()) / 1e6 / r.idleFor.Seconds()
	}
	si, pi := med(sn, idle), med(pf, idle)
	fmt.Printf("  idle: tool CPU per second over the second half of the warm-up (no target)\n")
	fmt.Printf("                          sonde %.2f ms   perf %.2f ms\n", si, pi)
	fmt.Printf("  samples (median)        sonde %.0f (%.0f lost)   perf %.0f\n", med(sn, func(r result) float64 { return float64(r.samples) }), med(sn, func(r result) float64 { return float64(r.lost) }), med(pf, func(r result) float64 { return float64(r.samples) }))
	fmt.Printf("  max RSS                 sonde %.1f MiB   perf %.1f MiB\n", med(sn, func(r result) float64 { return float64(r.maxRSS) / 1024 }), med(pf, func(r result) float64 { return float64(r.maxRSS) / 1024 }))
	sk.mu.Lock()
	sizes := append([]int(nil), sk.sizes...)
	sk.mu.Unlock()
	if len(sizes) > 0 {
		slices.Sort(sizes)
		total := 0
		for _, n := range sizes {
			total += n
		}
		fmt.Printf("  OTLP requests           %d, median %d bytes, max %d, mean %d bytes per %v interval\n", len(sizes), sizes[len(sizes)/2], sizes[len(sizes)-1], total/len(sizes), *interval)
	}
	return nil
}

var selfRe = regexp.MustCompile(`elapsed_ns (\d+) cpu_ns (\d+)`)

// agentSamples reads the sample count from the agent's summary line.
func agentSamples(stderr string) int {
	m := regexp.MustCompile(`sonde agent: (\d+) samples`).FindStringSubmatch(stderr)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// perfSamples counts perf.data's samples with perf report --stats.
func perfSamples(data string) func(string) int {
	return func(string) int {
		out, err := exec.Command("perf", "report", "-i", data, "--stats").Output()
		if err != nil {
			return 0
		}
		m := regexp.MustCompile(`SAMPLE events:\s+(\d+)`).FindSubmatch(out)
		if m == nil {
			return 0
		}
		n, _ := strconv.Atoi(string(m[1]))
		return n
	}
}

// measure starts the tool (nil: none), lets it warm up, runs n
// copies of the target at once, then stops the tool with SIGINT and waits
// for it.
func measure(work string, rounds, n int, tool []string, samples func(string) int, warmup, settle time.Duration) (result, error) {
	var r result
	var tc *exec.Cmd
	var stderr bytes.Buffer
	if tool != nil {
		tc = exec.Command(tool[0], tool[1:]...)
		tc.Stderr = &stderr
		if err := tc.Start(); err != nil {
			return r, err
		}
		time.Sleep(warmup / 2)
		c := procCPU(tc.Process.Pid)
		time.Sleep(warmup / 2)
		r.idleCPU, r.idleFor = procCPU(tc.Process.Pid)-c, warmup/2
	}
	var cpu0 time.Duration
	if tc != nil {
		cpu0 = procCPU(tc.Process.Pid)
	}
	var el, cpu []time.Duration
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	pids := make(chan int, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := exec.Command(work, strconv.Itoa(rounds))
			var e bytes.Buffer
			c.Stderr = &e
			err := c.Start()
			if err == nil {
				pids <- c.Process.Pid
				err = c.Wait()
			} else {
				pids <- 0
			}
			m := selfRe.FindStringSubmatch(e.String())
			mu.Lock()
			defer mu.Unlock()
			if err != nil || m == nil {
				if firstErr == nil {
					firstErr = fmt.Errorf("work: %v %s", err, e.String())
				}
				return
			}
			a, _ := strconv.ParseInt(m[1], 10, 64)
			b, _ := strconv.ParseInt(m[2], 10, 64)
			el = append(el, time.Duration(a))
			cpu = append(cpu, time.Duration(b))
		}()
	}
	// The settled window: from settle after the targets started (their
	// CPU and the tool's then) to their end.
	var targets []int
	for i := 0; i < n; i++ {
		targets = append(targets, <-pids)
	}
	settled := make(chan struct{})
	var toolS, targetS time.Duration
	if tc != nil && settle > 0 {
		go func() {
			defer close(settled)
			time.Sleep(settle)
			toolS = procCPU(tc.Process.Pid)
			for _, pid := range targets {
				c := procCPU(pid)
				if pid == 0 || c == 0 {
					toolS = -1 // one had ended: no settled window
					return
				}
				targetS += c
			}
		}()
	} else {
		close(settled)
	}
	wg.Wait()
	if tc != nil {
		r.windowCPU = procCPU(tc.Process.Pid) - cpu0
		<-settled
		if toolS > 0 {
			r.settledCPU = procCPU(tc.Process.Pid) - toolS
		}
		tc.Process.Signal(os.Interrupt)
		if err := tc.Wait(); err != nil {
			// perf record ends by the SIGINT it was sent, after writing.
			ws, ok := tc.ProcessState.Sys().(syscall.WaitStatus)
			if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGINT {
				return r, fmt.Errorf("%v: %v\n%s", tool, err, stderr.String())
			}
		}
		ru := tc.ProcessState.SysUsage().(*syscall.Rusage)
		r.toolCPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		r.maxRSS = ru.Maxrss
		r.samples = samples(stderr.String())
		if m := regexp.MustCompile(`sonde agent: \d+ samples, (\d+) lost`).FindStringSubmatch(stderr.String()); m != nil {
			r.lost, _ = strconv.Atoi(m[1])
		}
	}
	if firstErr != nil {
		return r, firstErr
	}
	slices.Sort(el)
	slices.Sort(cpu)
	r.elapsed, r.targetCPU = el[len(el)/2], cpu[len(cpu)/2]
	for _, c := range cpu {
		r.windowTargetCPU += c
	}
	if toolS > 0 {
		r.settledTargetCPU = r.windowTargetCPU - targetS
	}
	return r, nil
}

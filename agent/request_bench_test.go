package agent

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/profile/datafile"
	"sonde/sample"
	"sonde/unwind"
)

// workPath is bench/record's CPU-bound workload (fib's recursion and a
// loop over an array): deep DWARF stacks, a few hundred distinct ones.
func workPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "bench", "record", "testdata", "work.c")
}

// refusingSender counts the samples (value / period) of the requests it
// is given, accepts those of fewer than want samples and refuses the
// others, so that the first interval of want samples and every one after
// it stay pending in the spool.
type refusingSender struct {
	want int64
	most atomic.Int64
}

func (s *refusingSender) Send(ctx context.Context, req *Request) error {
	rps := req.Profiles.ResourceProfiles()
	var n int64
	for i := 0; i < rps.Len(); i++ {
		sps := rps.At(i).ScopeProfiles()
		for j := 0; j < sps.Len(); j++ {
			ps := sps.At(j).Profiles()
			for k := 0; k < ps.Len(); k++ {
				p := ps.At(k)
				for l := 0; l < p.Samples().Len(); l++ {
					if p.Period() > 0 {
						n += p.Samples().At(l).Values().At(0) / p.Period()
					}
				}
			}
		}
	}
	if n > s.most.Load() {
		s.most.Store(n)
	}
	if n < s.want {
		return nil
	}
	return errors.New("refused (benchmark)")
}

// workSpool is the spool recordWorkSpool records once per test binary.
var workSpool = struct {
	once sync.Once
	path string
	dir  string // removed by removeWorkSpool; "" for SONDE_BENCH_SPOOL's
	err  error
}{}

// removeWorkSpool removes the spool recordWorkSpool made (TestMain).
func removeWorkSpool() {
	if workSpool.dir != "" {
		os.RemoveAll(workSpool.dir)
	}
}

// recordWorkSpool returns a spool of two copies of work.c (-O2 -g)
// sampled by the agent with 16 KiB DWARF stacks, as in the agent's
// steady-state measurement (bench/agent) but at 999 Hz with 3 s
// intervals, until one interval holds at least want samples; every
// interval from that one on is left pending.
func recordWorkSpool(tb testing.TB, want int64) string {
	tb.Helper()
	testprog.SkipShort(tb, "samples with perf events")
	testprog.RequireRoot(tb, "the agent's perf events")
	bin := testprog.Build(tb, workPath(), testprog.Opts{Flags: []string{"-O2", "-g"}})
	workSpool.once.Do(func() {
		// SONDE_BENCH_SPOOL keeps the spool, to compare two versions of
		// the code on the same samples: recorded there if missing.
		spool := os.Getenv("SONDE_BENCH_SPOOL")
		if spool != "" {
			if _, err := os.Stat(spool); err == nil {
				workSpool.path = spool
				return
			}
		} else {
			dir, err := os.MkdirTemp("", "sonde-bench-spool-")
			if err != nil {
				workSpool.err = err
				return
			}
			workSpool.dir = dir
			spool = filepath.Join(dir, "work.data")
		}
		var pids []int
		var cmds []*exec.Cmd
		for range 2 {
			cmd := exec.Command(bin, "100000000")
			cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
			if err := cmd.Start(); err != nil {
				workSpool.err = err
				return
			}
			cmds = append(cmds, cmd)
			pids = append(pids, cmd.Process.Pid)
		}
		defer func() {
			for _, c := range cmds {
				c.Process.Kill()
				c.Wait()
			}
		}()
		snd := &refusingSender{want: want}
		cfg := Config{
			Spool: spool, Sender: snd, Interval: 3 * time.Second, Host: "bench", Version: "test",
			Target:     sample.Target{PIDs: pids},
			Sampler:    sample.Options{Freq: 999, CallGraph: sample.CallGraphDWARF, Unwinder: unwind.NewDWARF(), StackSize: 16384},
			MaxBackoff: 100 * time.Millisecond,
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { _, err := Run(ctx, cfg); done <- err }()
		// A guard against hanging, not a timing: on a loaded machine the
		// samples come later.
		guard := time.After(2 * time.Minute)
	wait:
		for snd.most.Load() < want {
			select {
			case <-guard:
				break wait
			case <-time.After(100 * time.Millisecond):
			}
		}
		cancel()
		if err := <-done; err != nil {
			workSpool.err = err
			return
		}
		if snd.most.Load() < want {
			workSpool.err = errors.New("no interval with enough samples in 2 minutes")
			return
		}
		workSpool.path = spool
	})
	if workSpool.err != nil {
		tb.Fatal(workSpool.err)
	}
	return workSpool.path
}

// readerAgent is an agent that only reads spool and builds requests, as
// the sending side of Run does.
func readerAgent(spool string) *agent {
	a := &agent{cfg: Config{Spool: spool, Host: "bench", Version: "test"}, tail: datafile.NewTail(spool), done: make(map[[2]int64]bool)}
	a.newSymbolizer()
	return a
}

// biggest returns the pending interval with the most samples.
func (a *agent) biggest() (datafile.AgentMark, int) {
	var best datafile.AgentMark
	n := -1
	for _, m := range a.pend {
		if k := len(a.samples(m.From, m.To)); k > n {
			best, n = m, k
		}
	}
	return best, n
}

// BenchmarkRequest is what the agent spends per interval after the first
// (objects open, symbolizer warm) on a real interval of work.c's samples:
// read (the spool read back: here the whole spool, every interval, per
// sample read), build (otlp.Build of the interval), send (marshal and
// gzip of the request, as HTTPSender does, without the post). ns/sample
// is per sample of the interval (per sample read for read).
func BenchmarkRequest(b *testing.B) {
	spool := recordWorkSpool(b, 2000)
	a := readerAgent(spool)
	if err := a.read(); err != nil {
		b.Fatal(err)
	}
	m, n := a.biggest()
	read := 0
	for _, h := range a.held {
		read += len(h.samples)
	}
	b.Logf("%d intervals pending, the biggest of %d samples; %d samples in the spool", len(a.pend), n, read)
	if _, _, _, err := a.request(m); err != nil { // the first interval: objects opened
		b.Fatal(err)
	}
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r := readerAgent(spool)
			r.cache.Close()
			if err := r.read(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(read), "ns/sample")
	})
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, _, err := a.request(m); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/sample")
	})
	req, _, _, err := a.request(m)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("send", func(b *testing.B) {
		b.ReportAllocs()
		size := 0
		for b.Loop() {
			body, err := encodeRequest(req)
			if err != nil {
				b.Fatal(err)
			}
			size = body.Len()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/sample")
		b.ReportMetric(float64(size), "gzip-bytes")
	})
}

package agent

import (
	"context"
	"math"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"sonde/internal/otelcol"
	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/sample"
)

// TestAgentOffCPU: sonde agent --off-cpu on the whole machine while the
// spin/rest fixture runs (one thread alternating about 10 ms on the CPU
// and 10 ms in nanosleep for 3 s, over several intervals), through a real
// OpenTelemetry Collector. What arrives for the fixture's process must be
// what the spool holds for it, CPU and off-CPU time, nothing lost or
// counted twice; its off-CPU profile (off_cpu/nanoseconds, no period)
// must hold rest's time in clock_nanosleep within 5 points of the loop's
// wall time of what the fixture measured (CLOCK_MONOTONIC around each
// call), and the fixture's CPU and off-CPU time together its loop's wall
// time within 5%, as record --off-cpu's tests judge it; its CPU profile
// stays as without --off-cpu: period 1/F, no wait frame in it.
func TestAgentOffCPU(t *testing.T) {
	requirePerf(t)
	testprog.RequireRoot(t, "agent --off-cpu opens the sched:sched_switch trace event")
	bin := testprog.Build(t, "record/offcpu_spinrest.c", testprog.Opts{Flags: []string{"-O2", "-g", "-pthread"}})
	sk := newSink(t)
	port := otelcol.FreePort(t)
	col := otelcol.Start(t, collectorConfig(port, sk.srv.URL), port)
	ev := &events{}
	spool := filepath.Join(t.TempDir(), "agent.data")
	const freq = 999
	stopAgent := startAgent(t, col.Endpoint(), spool, sample.Target{All: true}, freq, time.Second, ev, func(c *Config) { c.Sampler.OffCPU = true })
	waitUntil(t, "an interval sent", 2*time.Minute, func() bool { return ev.count("sent") >= 1 })

	truthFile := filepath.Join(t.TempDir(), "truth")
	cmd := exec.Command(bin, truthFile, "3")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, msg)
	}
	pid := strconv.Itoa(cmd.Process.Pid)
	st, err := stopAgent()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("agent: %+v", st)

	// What the spool holds for the fixture, CPU and off-CPU time.
	p, _, err := datafile.ReadFile(spool)
	if err != nil {
		t.Fatal(err)
	}
	off := p.OffCPUColumn()
	if off < 0 {
		t.Fatalf("spool sample types %v: no off-cpu", p.SampleTypes)
	}
	var spoolCPU, spoolOff int64
	for _, s := range p.Samples {
		if strconv.Itoa(int(s.PID)) == pid {
			spoolCPU += s.Values[1]
			spoolOff += s.Values[off]
		}
	}
	var rs []sampleRow
	sums := func() (cpu, off int64) {
		rs = rows(t, sk.profiles())
		for _, r := range rs {
			if r.attr("process.pid") != pid {
				continue
			}
			if r.typ == "off_cpu" {
				off += r.value
			} else {
				cpu += r.value
			}
		}
		return cpu, off
	}
	waitUntil(t, "the fixture's time at the sink", time.Minute, func() bool {
		c, o := sums()
		return c >= spoolCPU && o >= spoolOff
	})
	if len(sk.bad) > 0 {
		t.Fatalf("the sink refused requests: %v", sk.bad)
	}
	gotCPU, gotOff := sums()
	if gotCPU != spoolCPU || gotOff != spoolOff {
		t.Errorf("at the sink %d ns CPU, %d ns off-CPU; the spool %d and %d", gotCPU, gotOff, spoolCPU, spoolOff)
	}

	truth := testprog.ReadTruth(t, truthFile)
	loop := float64(truth["loop"])
	var rest float64
	offIntervals := map[[2]uint64]bool{}
	for _, r := range rs {
		if r.attr("process.pid") != pid {
			continue
		}
		waitFrame := len(r.locations) > 0 && len(r.locations[0].lines) > 0 && strings.HasPrefix(r.locations[0].lines[0].fn, "off-cpu:")
		switch r.typ {
		case "off_cpu":
			offIntervals[r.profileKey] = true
			if r.period != 0 || !waitFrame {
				t.Errorf("off-CPU row of period %d, first frame %v: want no period and a wait frame", r.period, r.locations[:1])
			}
			if r.locations[0].lines[0].fn == "off-cpu:clock_nanosleep" && strings.Contains(restPath(r), "rest <- main") {
				rest += float64(r.value)
			}
		default:
			if r.period != int64(time.Second)/freq || waitFrame {
				t.Errorf("CPU row of period %d, wait frame %v: want period %d and none", r.period, waitFrame, int64(time.Second)/freq)
			}
		}
	}
	total := float64(gotCPU + gotOff)
	wantRest := 100 * float64(truth["rest"]) / loop
	t.Logf("fixture %s: %v; at the sink CPU %.3fs, off-CPU %.3fs in %d intervals, rest in clock_nanosleep %.3fs (%.1f%% of the loop, fixture %.1f%%)",
		pid, truth, float64(gotCPU)/1e9, float64(gotOff)/1e9, len(offIntervals), rest/1e9, 100*rest/loop, wantRest)
	if len(offIntervals) < 2 {
		t.Errorf("off-CPU time in %d intervals: the fixture ran over several", len(offIntervals))
	}
	if math.Abs(100*rest/loop-wantRest) > 5 {
		t.Errorf("rest in clock_nanosleep %.1f%% of the loop, the fixture's %.1f%%: want within 5 points", 100*rest/loop, wantRest)
	}
	if math.Abs(total-loop) > 0.05*loop {
		t.Errorf("CPU and off-CPU time %.3fs, the loop's %.3fs: want within 5%%", total/1e9, loop/1e9)
	}
}

// restPath is a row's call path of the spin/rest fixture's functions.
func restPath(r sampleRow) string {
	var names []string
	for _, l := range r.locations {
		for _, ln := range l.lines {
			switch ln.fn {
			case "spin", "rest", "main":
				names = append(names, ln.fn)
			}
		}
	}
	return strings.Join(names, " <- ")
}

// TestAgentSpoolTypes: an agent with --off-cpu on the spool of one
// without it (and the other way round) stops at once with a one-line
// error naming the spool: the runs of a data file must have the same
// sample types, and the agent could read none of it back.
func TestAgentSpoolTypes(t *testing.T) {
	for _, tt := range []struct {
		name   string
		types  []profile.ValueType
		offCPU bool
		want   string
	}{
		{"cpu spool, --off-cpu", sample.SampleTypes, true, "without --off-cpu"},
		{"off-cpu spool, no --off-cpu", profile.OffCPUSampleTypes, false, "with --off-cpu"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			spool := filepath.Join(t.TempDir(), "agent.data")
			w, err := datafile.Create(spool)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.WriteRun(datafile.RunHeader{Collector: "agent", Start: time.Unix(1, 0), SampleTypes: tt.types, Period: 1000}); err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			sender, err := NewSender("http://127.0.0.1:1")
			if err != nil {
				t.Fatal(err)
			}
			cfg := Config{Spool: spool, Sender: sender, Interval: time.Second, Sampler: sample.Options{Freq: 49, OffCPU: tt.offCPU}}
			_, err = Run(context.Background(), cfg)
			if err == nil || !strings.Contains(err.Error(), spool) || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("Run: %v; want one line naming %s and %q", err, spool, tt.want)
			}
		})
	}
}

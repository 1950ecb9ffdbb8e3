package agent

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"sonde/internal/otelcol"
	"sonde/profile/datafile"
	"sonde/sample"
	"sonde/unwind"
)

// killedAgent is the child of TestAgentKilled: an agent on spool that
// samples SONDE_TEST_AGENT_PID, sends to an endpoint where nothing
// listens, keeps 3 unsent intervals, and rotates its spool often, until
// it is killed.
func killedAgent(spool string) int {
	pid, _ := strconv.Atoi(os.Getenv("SONDE_TEST_AGENT_PID"))
	sender, err := NewSender(os.Getenv("SONDE_TEST_AGENT_OTLP"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	_, err = Run(context.Background(), Config{
		Spool: spool, Sender: sender, Interval: 100 * time.Millisecond, SpoolSize: 6 << 10, SpoolMax: 3, MaxBackoff: 100 * time.Millisecond,
		Target:  sample.Target{PIDs: []int{pid}},
		Sampler: sample.Options{Freq: 199, CallGraph: sample.CallGraphDWARF, Unwinder: unwind.NewDWARF(), StackSize: 16384},
	})
	fmt.Fprintln(os.Stderr, err)
	return 1
}

// TestAgentKilled kills (SIGKILL) an agent whose collector is down three
// times, each at a random instant after its spool was rotated at least
// once (so, some of the times, while it rotates), and restarts it on the
// same spool; the spool always decodes, and a last agent, with the
// collector up, sends exactly the intervals the killed ones left unsent,
// each with the CPU time spooled.
func TestAgentKilled(t *testing.T) {
	requirePerf(t)
	pid, stopBusy := busyShell(t)
	port, endpoint, spool := downCollector(t)
	for i := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "SONDE_TEST_AGENT_SPOOL="+spool, "SONDE_TEST_AGENT_PID="+strconv.Itoa(pid), "SONDE_TEST_AGENT_OTLP="+endpoint)
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// A rotation: the spool shrinks.
		var last int64
		waitUntil(t, "a rotation", 2*time.Minute, func() bool {
			fi, err := os.Stat(spool)
			if err != nil {
				return false
			}
			shrank := fi.Size() < last
			last = fi.Size()
			return shrank
		})
		time.Sleep(time.Duration(rand.IntN(400)) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		if _, _, err := datafile.ReadFile(spool); err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
	}
	// What the killed agents left unsent.
	_, _, left := spoolUnsent(t, spool, false)
	if len(left) == 0 {
		t.Fatal("the killed agents left nothing unsent")
	}

	sk := newSink(t)
	otelcol.Start(t, collectorConfig(port, sk.srv.URL), port)
	g := &generations{spool: spool, t: t}
	ev := &events{}
	start := time.Now().UnixNano()
	stop := startAgent(t, endpoint, spool, sample.Target{PIDs: []int{pid}}, 199, 250*time.Millisecond, ev, func(c *Config) {
		c.SpoolSize, c.KeepRotated = 6<<10, true
		c.Events = func(e Event) { ev.add(e); g.add(e) }
	})
	waitUntil(t, "the backlog sent", 3*time.Minute, func() bool { return ev.count("sent") >= len(left)+1 })
	stopBusy()
	st, err := stop()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d intervals left by three killed agents; the last agent sent %d, rotated %d times", len(left), st.Sent, st.Rotations)
	want := g.sentIntervals(t)
	checkLeftSent(t, want, left, start, "a killed agent")
	compareSink(t, sk, want)
}

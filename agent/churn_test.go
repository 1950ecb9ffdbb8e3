package agent

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"sonde/internal/otelcol"
	"sonde/internal/testprog"
	"sonde/profile/datafile"
	"sonde/sample"
)

// churnLoop runs a shell that starts short runs of hier-test (bin) one
// after the other, as a build machine starts compilers, counting them in
// a file; count reads the count.
func churnLoop(t *testing.T, bin string) (pid int, count func() int, stop func()) {
	t.Helper()
	dir := t.TempDir()
	flag, counter := filepath.Join(dir, "stop"), filepath.Join(dir, "count")
	pid, stop = shellLoop(t, flag, `i=0; while :; do "$1" 20000000 >/dev/null || exit; i=$((i+1)); echo $i >"$3"; [ -e "$2" ] && exit 0; done`, bin, flag, counter)
	count = func() int {
		data, _ := os.ReadFile(counter)
		n, _ := strconv.Atoi(strings.TrimSpace(string(data)))
		return n
	}
	return pid, count, stop
}

// metaFrames returns the bytes of the Process, ProcessEnd, Mapping and
// Object frames of a spool, the processes its Process frames name, and
// the bytes of those frames before the first Samples frame (written for
// the processes running at the agent's start, in the first spool).
func metaFrames(t *testing.T, name string, data []byte) (bytes int, pids map[int32]bool, start int) {
	t.Helper()
	pids = make(map[int32]bool)
	off := 0
	for off+datafile.HeaderSize <= len(data) {
		n := datafile.HeaderSize + int(uint32(data[off+16])|uint32(data[off+17])<<8|uint32(data[off+18])<<16|uint32(data[off+19])<<24)
		if datafile.Kind(data[off+5]) == datafile.KindSamples && start == 0 {
			start = bytes
		}
		switch datafile.Kind(data[off+5]) {
		case datafile.KindProcess:
			// uvarint pid first
			var pid, shift uint32
			for i := off + datafile.HeaderSize; i < off+n; i++ {
				pid |= uint32(data[i]&0x7f) << shift
				if data[i] < 0x80 {
					break
				}
				shift += 7
			}
			pids[int32(pid)] = true
			bytes += n
		case datafile.KindProcessEnd, datafile.KindMapping, datafile.KindObject:
			bytes += n
		}
		off += n
	}
	if off != len(data) {
		t.Fatalf("%s: %d bytes of frames, the file has %d", name, off, len(data))
	}
	return bytes, pids, start
}

// TestAgentSpoolChurn: a process tree that starts and ends hundreds of
// short processes (hier-test runs of about 20 ms, one after the other),
// sampled by the agent with a small SpoolSize (checkChurn).
func TestAgentSpoolChurn(t *testing.T) {
	testChurn(t, false, 48<<10, 600)
}

// TestAgentSpoolChurnMachine: the same on the whole machine (its other
// processes too, whatever they do meanwhile), with a spool the machine's
// live set and its samples fit in. Objects are kept in the spool only up
// to 64 KiB (the vDSO) here: on the shared test machine, the deleted test
// binaries and libraries of other tests' short processes (up to 8 MiB
// each by default) once added 88 MB in one interval, which no rotation
// can keep out (README, Not yet).
func TestAgentSpoolChurnMachine(t *testing.T) {
	testChurn(t, true, 256<<10, 1500)
}

// testChurn runs the agent (on the whole machine, or on the shell's
// tree) while a shell starts children runs of hier-test, with spool
// size size: every rotation keeps only the processes and mappings still
// running or named by the samples it keeps, so the spool stays under
// 3·(size + M0), M0 the bytes of the Process, Mapping and Object frames
// the agent wrote for the processes running at its start (the live set;
// the spool must also hold about two intervals' samples), while the
// spools together named every run; every interval arrives once with the
// CPU time its spool held; no spool has a sample whose process or
// mapping it lacks; and every location of the fixture that arrived has
// the frames addr2line gives for its address.
func testChurn(t *testing.T, machine bool, size int64, children int) {
	requirePerf(t)
	testprog.Require(t, "addr2line")
	bin := testprog.Build(t, hierPath(), testprog.Opts{Name: "hierchurn", Flags: []string{"-O2", "-g", "-fomit-frame-pointer", "-fno-optimize-sibling-calls"}})
	sk := newSink(t)
	port := otelcol.FreePort(t)
	col := otelcol.Start(t, collectorConfig(port, sk.srv.URL), port)
	pid, started, stopLoop := churnLoop(t, bin)
	target := sample.Target{PIDs: []int{pid}}
	if machine {
		target = sample.Target{All: true}
	}
	spool := filepath.Join(t.TempDir(), "agent.data")
	g := &generations{spool: spool, t: t}
	ev := &events{}
	stopAgent := startAgent(t, col.Endpoint(), spool, target, 199, 200*time.Millisecond, ev, func(c *Config) {
		c.SpoolSize, c.KeepRotated = size, true
		c.Events = func(e Event) { ev.add(e); g.add(e) }
		if machine {
			c.Sampler.MaxImage = 64 << 10
		}
	})
	waitUntil(t, fmt.Sprintf("%d runs of hier-test and 5 rotations", children), 5*time.Minute, func() bool {
		return started() >= children && ev.count("rotated") >= 5
	})
	stopLoop()
	st, err := stopAgent()
	if err != nil {
		t.Fatal(err)
	}
	if len(sk.bad) > 0 {
		t.Fatalf("the sink refused requests: %v", sk.bad)
	}

	// Bounded: what a rotation keeps does not grow with the processes
	// started, only with the live set and the unsent samples.
	var maxSize int64
	for _, s := range g.sizes {
		maxSize = max(maxSize, s)
	}
	last, err := os.ReadFile(spool)
	if err != nil {
		t.Fatal(err)
	}
	all := make(map[int32]bool)
	var metaMax int
	for i, data := range append(g.gens, last) {
		name := "generation " + strconv.Itoa(i)
		b, pids, _ := metaFrames(t, name, data)
		metaMax = max(metaMax, b)
		for p := range pids {
			all[p] = true
		}
		// Every sample's process and mapping are in the spool.
		p, warns, err := datafile.Decode(name, data)
		if err != nil || len(warns) > 0 {
			t.Fatalf("%s: %v %v", name, warns, err)
		}
		for _, m := range p.Mappings {
			if strings.HasPrefix(m.Path, "[missing mapping") {
				t.Errorf("%s: a sample refers to a mapping the spool lacks: %s", name, m.Path)
			}
		}
		named := make(map[int32]bool)
		for _, pr := range p.Processes {
			named[pr.PID] = true
		}
		for _, s := range p.Samples {
			if !named[s.PID] {
				t.Errorf("%s: a sample of process %d, which the spool does not name", name, s.PID)
				break
			}
		}
	}
	_, _, m0 := metaFrames(t, "generation 0", g.gens[0])
	n := started()
	t.Logf("%d runs of hier-test; agent: sent %d, rotations %d; the spool's largest size %d bytes (rotated at %d, the live set at the start %d bytes); at most %d bytes of process, mapping and object frames in a spool; %d processes named by the %d spools", n, st.Sent, st.Rotations, maxSize, size, m0, metaMax, len(all), len(g.gens)+1)
	if bound := 3 * (size + int64(m0)); maxSize > bound {
		t.Errorf("the spool reached %d bytes; bound 3·(%d + %d) = %d", maxSize, size, m0, bound)
	}
	// The agent's memory of processes is the last spool's, not all.
	_, lastPIDs, _ := metaFrames(t, "the last spool", last)
	t.Logf("the agent's reader knew %d processes and %d mappings at the end; the last spool names %d", st.ReaderProcesses, st.ReaderMappings, len(lastPIDs))
	if st.ReaderProcesses > len(lastPIDs)+len(lastPIDs)/2 || st.ReaderProcesses >= n/2 {
		t.Errorf("the agent's reader knew %d processes at the end, of %d runs; the last spool names %d", st.ReaderProcesses, n, len(lastPIDs))
	}
	if len(all) < n*9/10 {
		t.Errorf("the spools named %d processes of %d runs", len(all), n)
	}
	compareSinkLastTry(t, sk, last, g.sentIntervals(t))

	// Symbols: the fixture's locations against addr2line -f -i.
	rs := rows(t, sk.profiles())
	seen := make(map[uint64][]lineRow)
	for _, r := range rs {
		for _, l := range r.locations {
			if strings.HasPrefix(l.mapping, "[missing mapping") {
				t.Errorf("a location of process %s arrived in a missing mapping: %s", r.attr("process.pid"), l.mapping)
			}
			if l.mapping == bin {
				seen[l.addr] = l.lines
			}
		}
	}
	checked := checkAddr2line(t, bin, seen)
	hier := exeSamples(rs, bin)
	t.Logf("%.0f samples of hierchurn arrived; %d addresses checked against addr2line", hier, checked)
	if checked < 3 || hier < 100 {
		t.Errorf("only %.0f samples, %d addresses of the fixture arrived", hier, checked)
	}
}

// compareSinkLastTry is compareSink for a run whose last spool may hold
// intervals unsent: the agent's last try to send, bounded by an interval,
// may give up on a request the collector then takes (delivery is at least
// once; the next agent on the spool would send it again). Such an
// interval may arrive, once, with the CPU time the spool holds for it.
func compareSinkLastTry(t *testing.T, sk *sink, last []byte, want map[[2]uint64]int64) {
	t.Helper()
	_, pend := unsentCPU(t, "the last spool", last, false)
	compareSinkUnsent(t, sk, want, pend)
}

package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/profile"
)

// runNote returns the submatches of the first note of p's runs that re
// matches, nil if none does.
func runNote(p *profile.Profile, re *regexp.Regexp) []string {
	for _, r := range p.Runs {
		for _, n := range r.Notes {
			if m := re.FindStringSubmatch(n); m != nil {
				return m
			}
		}
	}
	return nil
}

// TestRecordFPMaxStack: --call-graph fp gets at most
// kernel.perf_event_max_stack frames a sample from the kernel (127 by
// default), and sonde used to stop there silently. As root it raises the
// limit to 1024 for the run (and puts it back), and the run's note says
// how many stacks the limit cut. Oracle: deep.c recurses a known depth
// and spins at the bottom, so each stack is that deep plus a few frames.
func TestRecordFPMaxStack(t *testing.T) {
	requirePerf(t)
	if os.Geteuid() != 0 {
		if os.Getenv("CI") == "true" {
			t.Fatal("not root: cannot raise kernel.perf_event_max_stack")
		}
		t.Skip("not root: cannot raise kernel.perf_event_max_stack")
	}
	bin := testprog.Build(t, "record/deep.c", testprog.Opts{Flags: []string{"-O0", "-g", "-fno-omit-frame-pointer"}})
	before, err := perfevent.MaxStack()
	if err != nil {
		t.Fatal(err)
	}
	note := regexp.MustCompile(`^call graph fp: (\d+) of (\d+) stacks \([0-9.]+%\) cut at the kernel's limit of (\d+) frames \((.*)\)$`)
	for _, tt := range []struct {
		depth int
		cut   bool // deeper than the raised limit
	}{
		{300, false},
		{1500, true},
	} {
		t.Run(strconv.Itoa(tt.depth), func(t *testing.T) {
			// The kernel refuses to change the limit while any perf event
			// with call chains is open: other test packages running beside
			// this one open them. sonde says so; the test waits them out.
			var p *profile.Profile
			var m []string
			for try := 0; ; try++ {
				out := filepath.Join(t.TempDir(), "deep.data")
				code, stderr := record(t, "--call-graph", "fp", "-o", out, "--", bin, strconv.Itoa(tt.depth), "400")
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				p = readProfile(t, out)
				m = runNote(p, note)
				if m == nil {
					t.Fatalf("no call graph note in %+v", p.Runs)
				}
				busy := strings.Contains(m[4], "other perf events with call chains were open")
				if strings.Contains(stderr, "could not put kernel.perf_event_max_stack back") {
					busy = true
					restoreMaxStack(t, before)
				}
				if !busy {
					break
				}
				if try == 60 {
					t.Fatalf("the kernel refused to change perf_event_max_stack for %d tries: %s", try+1, m[0])
				}
				t.Logf("try %d: %s; again", try, m[0])
				time.Sleep(2 * time.Second)
			}
			t.Logf("note: %s", m[0])
			cut, _ := strconv.Atoi(m[1])
			limit, _ := strconv.Atoi(m[3])
			if limit != 1024 || (before < 1024 && !strings.Contains(m[4], "raised")) {
				t.Errorf("limit %d (%s), want 1024, raised from %d", limit, m[4], before)
			}
			// Stacks at the bottom of the recursion: deep.c's depth of
			// deep frames below main, or the limit.
			deepest, atBottom := 0, 0
			for _, s := range p.Samples {
				deepest = max(deepest, len(s.Stack))
				if len(s.Stack) >= min(tt.depth+2, limit) {
					atBottom++
				}
			}
			t.Logf("%d samples, %d at the bottom, deepest stack %d frames", len(p.Samples), atBottom, deepest)
			if atBottom < len(p.Samples)*9/10 {
				t.Errorf("%d of %d stacks reach %d frames (deepest %d)", atBottom, len(p.Samples), min(tt.depth+2, limit), deepest)
			}
			if tt.cut && (deepest != limit || cut < atBottom) {
				t.Errorf("depth %d: deepest stack %d frames, %d cut; want %d frames and all %d bottom stacks cut", tt.depth, deepest, cut, limit, atBottom)
			}
			if !tt.cut && cut != 0 {
				t.Errorf("depth %d: %d stacks said cut at %d", tt.depth, cut, limit)
			}
			if now, err := perfevent.MaxStack(); err != nil || now != before {
				t.Errorf("perf_event_max_stack %d after the run (%v), was %d", now, err, before)
			}
		})
	}
}

// TestRecordGoStacksComplete: a Go binary without DWARF (-ldflags=-w) has
// no CFI; its stacks unwind by frame pointers to runtime.goexit (or
// runtime.mstart, runtime.rt0_go), where the walk stops without a zero
// return address. Such a stack is whole: the "not unwound to the end"
// note said 100%. Oracle: go tool addr2line names the outermost return
// address of each stack.
func TestRecordGoStacksComplete(t *testing.T) {
	requirePerf(t)
	bin := testprog.Build(t, "gospin", testprog.Opts{Compiler: "go", Flags: []string{"-ldflags=-w"}})
	out := filepath.Join(t.TempDir(), "go.data")
	code, stderr := record(t, "-g", "-o", out, "--", bin, "800")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	p := readProfile(t, out)
	m := runNote(p, regexp.MustCompile(`^unwinder: dwarf CFI; (\d+) of (\d+) stacks`))
	if m == nil {
		t.Fatalf("no unwinder note in %+v", p.Runs)
	}
	incomplete, _ := strconv.Atoi(m[1])
	// The outermost return address of each stack, named by go tool
	// addr2line.
	var addrs []uint64
	for _, s := range p.Samples {
		if len(s.Stack) < 2 {
			continue
		}
		last := s.Stack[len(s.Stack)-1]
		if last.Mapping != profile.NoMapping && p.Mappings[last.Mapping].Path == bin {
			addrs = append(addrs, uint64(last.Addr)-1) // a return address
		}
	}
	ans, err := oracle.GoAddr2line(t, bin, addrs)
	if err != nil {
		t.Fatal(err)
	}
	ending := 0
	for _, a := range ans {
		if len(a.Frames) == 0 {
			continue
		}
		switch a.Frames[len(a.Frames)-1].Func {
		case "runtime.goexit", "runtime.main", "runtime.mstart", "runtime.rt0_go":
			ending++
		}
	}
	t.Logf("%s; %d of %d stacks end in Go's outermost functions (nm)", m[0], ending, len(p.Samples))
	if len(p.Samples) < 600 || ending < len(p.Samples)*9/10 {
		t.Fatalf("%d of %d stacks end in runtime.goexit/main/mstart/rt0_go", ending, len(p.Samples))
	}
	if incomplete > len(p.Samples)-ending {
		t.Errorf("note: %d stacks not unwound to the end, but only %d of %d do not end in Go's outermost functions", incomplete, len(p.Samples)-ending, len(p.Samples))
	}
}

// restoreMaxStack puts perf_event_max_stack back to n, waiting while the
// kernel refuses the change (EBUSY: perf events with call chains are open).
func restoreMaxStack(t *testing.T, n int) {
	t.Helper()
	for try := 0; ; try++ {
		err := perfevent.SetMaxStack(n)
		if err == nil {
			return
		}
		if try == 150 {
			t.Fatalf("could not put perf_event_max_stack back to %d: %v", n, err)
		}
		time.Sleep(time.Second)
	}
}

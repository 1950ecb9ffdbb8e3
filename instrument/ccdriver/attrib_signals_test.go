package ccdriver

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// runOutput runs bin with args and env, returning its stdout and exit
// status (-1 when it did not exit normally).
func runOutput(t *testing.T, bin string, env []string, args ...string) (string, int) {
	t.Helper()
	out, code, _ := runInStderr(t, "", bin, env, args...)
	return out, code
}

var lateRE = regexp.MustCompile(`; (\d+) ms of CPU time arrived late`)

// TestAttribProgramSignals: sigown.c has signals of its own: a SIGPROF
// handler with a one-shot ITIMER_PROF (one call), a SIGRTMIN handler fed by
// sigqueue and a POSIX timer (six calls), a thread that blocks every
// signal, and, late, a handler on SIGRTMAX (three raises), where the
// runtime puts its timers. Built in attrib mode, it must print what the
// plain clang build prints (the handlers' counts: the runtime takes none of
// the program's signals and sends it none of its ticks), with both timers,
// and still charge its time: one and three split as the fixture's own
// per-thread CPU clocks around them say (by construction of the work 25%
// and 75%; the blocked thread included: the runtime keeps its signal out
// of sigfillset blocks), the total near the process's CPU time.
// With "raw" the thread blocks through the system call, which no wrapper
// sees: its time arrives when it ends, and the note says how much came
// late. (Before the runtime chose a real-time signal, the handler ran
// hundreds of times and attrib charged no time.)
func TestAttribProgramSignals(t *testing.T) {
	clang := testprog.Require(t, "clang")
	bin := buildAttrib(t, "clang", "sigown.c", &AttribMode{}, "-O2", "-pthread")
	plain := filepath.Join(t.TempDir(), "sigown-plain")
	if out, err := exec.Command(clang, "-O2", "-pthread", "-o", plain, testprog.Path("attrib/sigown.c")).CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		name, timer string
		raw         bool
	}{
		{"perf", "perf", false},
		{"posix", "posix", false},
		{"perf/raw-block", "perf", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{""}
			if tc.raw {
				args = append(args, "raw")
			}
			// Enough work for the split to rest on many ticks: doubled
			// until one and three hold 150 ms, whatever the machine's load.
			for units := 10000000; ; units *= 2 {
				args[0] = strconv.Itoa(units)
				want, wantCode := runOutput(t, plain, nil, args...)
				if !strings.HasPrefix(want, "prof 1 rtmin 6 (values 115) rtmax 3") {
					t.Fatalf("plain build printed %q, want the fixture's counts", want)
				}
				data := filepath.Join(t.TempDir(), "sonde.data")
				got, code, stderr := runInStderr(t, "", bin, []string{"SONDE_OUT=" + data, "SONDE_TIMER=" + tc.timer}, args...)
				if got != want || code != wantCode {
					t.Fatalf("attrib build printed %q (status %d), plain build %q (status %d)", got, code, want, wantCode)
				}
				// The oracle: each spinning function's CPU time by its
				// thread's clock, as the fixture measured it.
				var cpuOne, cpuThree float64
				if n, _ := fmt.Sscanf(stderr, "cpu one %g three %g", &cpuOne, &cpuThree); n != 2 {
					t.Fatalf("fixture stderr %q: want its CPU times", stderr)
				}
				p, units := attribUnits(t, data)
				var note string
				for _, r := range p.Runs {
					note += strings.Join(r.Notes, "\n")
				}
				t.Logf("note: %s", note)
				var sig, ms float64
				if k := strings.Index(note, "ns; "); k >= 0 {
					fmt.Sscanf(note[k+4:], "%g signals in %g ms", &sig, &ms)
				}
				if sig == 0 || ms == 0 {
					t.Fatalf("note %q: want the timer's signals and the process CPU time", note)
				}
				if strings.Contains(note, "timer signal 27") || !strings.Contains(note, "timer signal ") {
					t.Errorf("note %q: want a real-time timer signal, not SIGPROF", note)
				}
				one, three := float64(units["one"][1]), float64(units["three"][1])
				var all uint64
				for _, c := range units {
					all += c[1]
				}
				// Judged only on a run with enough work (below): a timer
				// signal stands for a tick's CPU time (4 ms at HZ=250), so
				// a 100 ms run can be off by 10% at its ends alone.
				spent := float64(units["blocked"][1]+units["three"][1]) / 1e6
				if tc.raw && one+spent*1e6 < 150e6 || !tc.raw && one+three < 150e6 {
					continue
				}
				if d := float64(all)/1e6 - ms; d > 0.1*ms || d < -0.1*ms {
					t.Errorf("charged %d ms, process CPU time %g ms: want them within 10%%", all/1e6, ms)
				}
				late := 0.0
				if m := lateRE.FindStringSubmatch(note); m != nil {
					late, _ = strconv.ParseFloat(m[1], 64)
				}
				if tc.raw {
					// The blocked thread's time arrives at its end, when
					// blocked (its caller) is current again.
					t.Logf("one %.0f ms; the blocked thread %.0f ms, %.0f ms of it late", one/1e6, spent, late)
					if late < 0.9*spent || late > 1.1*spent+25 {
						t.Errorf("note says %.0f ms arrived late, the blocked thread had %.0f ms: want them equal", late, spent)
					}
					return
				}
				s, truth := three/(one+three), cpuThree/(cpuOne+cpuThree)
				t.Logf("three %.1f%% of one+three; by its thread's clock %.1f%% (by construction of the work 75%%); %.0f ms; %g signals in %g ms; %.0f ms late",
					100*s, 100*truth, (one+three)/1e6, sig, ms, late)
				if s < truth-0.05 || s > truth+0.05 {
					t.Errorf("three has %.1f%% of one+three, its thread's clock %.1f%%: want them within 5 points", 100*s, 100*truth)
				}
				if late > 0.05*ms {
					t.Errorf("%.0f ms arrived late of %g ms: the blocked thread should not block the timer signal", late, ms)
				}
				return
			}
		})
	}
}

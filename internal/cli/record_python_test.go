package cli

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile"
)

// pyPerfReadable says whether sonde reads a running thread's Python frames
// with perf events after the sample (where BPF is refused: capturedNote)
// for a CPython release: in 3.13.0's -O3 build (gcc)
// the eval loop's next_instr has no location in the DWARF at all
// (llvm-dwarfdump: no DW_AT_location), so nothing checks the frame read
// against the sample: every such sample is marked, never guessed; the
// tests check that instead.
func pyPerfReadable(version string) bool { return !strings.HasPrefix(version, "3.13.") }

// forPython runs f as a subtest for each CPython release the frame reader
// is tested on (testprog.PythonVersions), with each sampler of samplers
// (perf first; perf needs requirePerf).
func forPython(t *testing.T, samplers []string, f func(t *testing.T, version, py, lib, sampler string)) {
	for _, v := range testprog.PythonVersions {
		for _, sampler := range samplers {
			t.Run(v+"/"+sampler, func(t *testing.T) {
				py, lib := testprog.Pyenv(t, v)
				if sampler == "perf" {
					requirePerf(t)
				}
				f(t, v, py, lib, sampler)
			})
		}
	}
}

// pySource is a Python fixture's source, the oracle of its frames' lines:
// the body of each top-level function, and the lines marked with a
// comment.
type pySource struct {
	path  string
	lines []string
	body  map[string][2]int // function -> [first, last] line of its body
}

func readPySource(t *testing.T, name string) *pySource {
	t.Helper()
	path := testprog.Path("python/" + name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := &pySource{path: path, lines: strings.Split(string(data), "\n"), body: map[string][2]int{}}
	def := regexp.MustCompile(`^def (\w+)\(`)
	cur := ""
	for i, l := range s.lines {
		n := i + 1
		if m := def.FindStringSubmatch(l); m != nil {
			cur = m[1]
			s.body[cur] = [2]int{n + 1, n + 1}
			continue
		}
		if cur != "" && strings.HasPrefix(l, " ") {
			s.body[cur] = [2]int{s.body[cur][0], n}
		} else if l != "" {
			cur = ""
		}
	}
	return s
}

// nmRange returns the link-time extent of function fn in lib, from nm -S.
func nmRange(t *testing.T, lib, fn string) (lo, hi uint64) {
	t.Helper()
	nm := testprog.Require(t, "nm")
	out, err := exec.Command(nm, "-S", "--defined-only", lib).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) == 4 && f[3] == fn {
			lo, _ = strconv.ParseUint(f[0], 16, 64)
			size, _ := strconv.ParseUint(f[1], 16, 64)
			return lo, lo + size
		}
	}
	t.Fatalf("nm: no %s in %s", fn, lib)
	return 0, 0
}

// inBody reports whether line n is in a function's body.
func (s *pySource) inBody(n int) bool {
	for _, b := range s.body {
		if n >= b[0] && n <= b[1] {
			return true
		}
	}
	return false
}

// inMain reports whether frames hold split.py's main.
func inMain(frames []profile.InterpFrame) bool {
	for _, f := range frames {
		if f.Func == "main" {
			return true
		}
	}
	return false
}

// marked returns the line number of the line holding mark.
func (s *pySource) marked(t *testing.T, mark string) int {
	t.Helper()
	for i, l := range s.lines {
		if strings.Contains(l, mark) {
			return i + 1
		}
	}
	t.Fatalf("%s: no line %q", s.path, mark)
	return 0
}

// pyFrames returns the Python frames of a sample, innermost first, and
// whether the sample's Python part is marked unreadable; eval says
// whether it has either. The profile.InterpUnverified frame is left out
// (pyUnverified finds it).
func pyFrames(p *profile.Profile, byID map[profile.Addr]profile.InterpFrame, s *profile.Sample) (frames []profile.InterpFrame, marked, eval bool) {
	for _, l := range s.Stack {
		if l.Mapping == profile.NoMapping || p.Mappings[l.Mapping].Path != profile.InterpPath {
			continue
		}
		eval = true
		f, ok := byID[profile.InterpKey(l.Addr)]
		if !ok {
			f = profile.InterpFrame{Func: fmt.Sprintf("[python]@%#x", uint64(l.Addr))}
		}
		if f.Func == profile.InterpUnreadable {
			marked = true
			continue
		}
		if f.Func == profile.InterpUnverified {
			continue
		}
		frames = append(frames, f)
	}
	return frames, marked, eval
}

// pyUnverified returns the index among the sample's Python frames (as
// pyFrames returns them) after which the profile.InterpUnverified frame
// stands, -1 when there is none.
func pyUnverified(p *profile.Profile, byID map[profile.Addr]profile.InterpFrame, s *profile.Sample) int {
	n := 0
	for _, l := range s.Stack {
		if l.Mapping == profile.NoMapping || p.Mappings[l.Mapping].Path != profile.InterpPath {
			continue
		}
		if byID[profile.InterpKey(l.Addr)].Func == profile.InterpUnverified {
			return n - 1
		}
		n++
	}
	return -1
}

func interpIndex(p *profile.Profile) map[profile.Addr]profile.InterpFrame {
	m := map[profile.Addr]profile.InterpFrame{}
	for _, f := range p.Interp {
		m[f.ID] = f
	}
	return m
}

// pyEvalCounts returns how many of p's samples are in the eval loop and
// how many are marked unreadable (pyFrames).
func pyEvalCounts(p *profile.Profile, byID map[profile.Addr]profile.InterpFrame) (eval, marked int) {
	for i := range p.Samples {
		_, mk, ev := pyFrames(p, byID, &p.Samples[i])
		if ev {
			eval++
		}
		if mk {
			marked++
		}
	}
	return eval, marked
}

// notedMarks returns the marked count the run note of record states.
func notedMarks(t *testing.T, p *profile.Profile) (spliced, eval, marked int) {
	t.Helper()
	re := regexp.MustCompile(`^python: (\d+) of (\d+) samples in the eval loop carry Python frames, (\d+) marked`)
	for _, r := range p.Runs {
		for _, n := range r.Notes {
			if m := re.FindStringSubmatch(n); m != nil {
				spliced, _ = strconv.Atoi(m[1])
				eval, _ = strconv.Atoi(m[2])
				marked, _ = strconv.Atoi(m[3])
				return
			}
		}
	}
	t.Fatalf("no python note in %v", p.Runs)
	return
}

// pyNote returns record's run note on Python frames, "" if none.
func pyNote(p *profile.Profile) string {
	for _, r := range p.Runs {
		for _, n := range r.Notes {
			if strings.HasPrefix(n, "python: ") {
				return n
			}
		}
	}
	return ""
}

// capturedNote reports whether record's run note says that the Python
// frames were copied at the sample by BPF (perf events), for all or some
// of the samples in the eval loop. Where BPF is refused the frames are
// read after the sample: a failure under CI=true, where the tests run as
// root, else logged.
func capturedNote(t *testing.T, p *profile.Profile) bool {
	t.Helper()
	for _, r := range p.Runs {
		for _, n := range r.Notes {
			if !strings.HasPrefix(n, "python: ") {
				continue
			}
			if capturedRe.MatchString(n) {
				return true
			}
			if os.Getenv("CI") == "true" {
				t.Fatalf("no BPF capture of the Python frames: %s", n)
			}
			t.Logf("no BPF capture: %s", n)
		}
	}
	return false
}

// capturedRe matches a run note of Python frames copied by BPF, all of
// them or a number that is not 0.
var capturedRe = regexp.MustCompile(`copied at the sample by a BPF program on the perf events (\(every one|for [1-9])`)

// skipUnread skips a test of perf events on a release whose running
// frames are not read after the sample (pyPerfReadable) where BPF did not
// copy them (capturedNote): every sample is then marked, which
// TestRecordPythonRecursion checks.
func skipUnread(t *testing.T, p *profile.Profile, version, sampler string) {
	t.Helper()
	if sampler == "perf" && !pyPerfReadable(version) && !capturedNote(t, p) {
		t.Skip("no BPF capture, and perf events do not read " + version + "'s running frames after the sample: TestRecordPythonRecursion checks that they are marked")
	}
}

// TestRecordPythonSplit profiles split.py, whose a() and b() share the CPU
// time about 1:2 as the program measures with time.thread_time(), each
// calling into json (Python and C) and a C loop. Oracles:
//   - the program's own measure of the CPU time inside a() and inside b():
//     with the ptrace sampler (the thread stopped while it is read) and
//     with perf events whose frames a BPF program copied at the sample,
//     the shares of the samples whose Python frames hold a or b must be
//     within 2 binomial standard errors of it (one rerun: a 2σ bound misses
//     5% of fair runs, two misses in a row are 0.25%); at least 99% of the
//     samples in the eval loop carry Python frames;
//   - the native stack, unwound from the sample's own stack copy: when it
//     runs builtin_sum (nm -S gives its extent), the innermost Python frame
//     is unit() at its sum line, with either sampler;
//   - the source: every frame in split.py names a line inside its
//     function's body, the outermost is <module> at main()'s call.
//
// With perf events the few samples without a copy (the program's first
// ms, before its interpreter is seen) are read after the sample: their
// stacks with callers have the profile.InterpUnverified frame after the
// innermost one. Where BPF is refused all are (a's share is then only
// logged: b, running twice as long, is likelier to have replaced a at the
// same place by the read; and 3.13's are all marked, pyPerfReadable: the
// test is skipped). The run note's counts match the stacks. For CPython
// 3.11, 3.12 and 3.13.
func TestRecordPythonSplit(t *testing.T) {
	src := readPySource(t, "split.py")
	top := src.marked(t, "# top")
	sumLine := src.marked(t, "return sum(range(30000))")
	forPython(t, []string{"perf", "ptrace"}, func(t *testing.T, version, py, lib, sampler string) {
		sumLo, sumHi := nmRange(t, lib, "builtin_sum")
		var share, truth, sigma float64
		exact := sampler == "ptrace"
		for attempt := 1; attempt <= 2; attempt++ {
			dir := t.TempDir()
			out, truthLog := filepath.Join(dir, "split.data"), filepath.Join(dir, "truth")
			code, stderr := record(t, "--sampler", sampler, "-g", "-q", "-o", out, "--", py, src.path, "3", truthLog)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var cpuA, cpuB float64
			data, err := os.ReadFile(truthLog)
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := fmt.Sscan(string(data), &cpuA, &cpuB); n != 2 || cpuA+cpuB == 0 {
				t.Fatalf("%s: %q", truthLog, data)
			}
			truth = cpuA / (cpuA + cpuB)
			p := readProfile(t, out)
			if sampler == "perf" {
				exact = capturedNote(t, p)
				if !exact && !pyPerfReadable(version) {
					t.Skip("no BPF capture, and perf events do not read " + version + "'s running frames after the sample: TestRecordPythonRecursion checks that they are marked")
				}
			}
			byID := interpIndex(p)
			var na, nb, eval, marked, late int
			var wa, wb int64 // the samples' CPU time, the report's weights
			for i := range p.Samples {
				s := &p.Samples[i]
				frames, mk, ev := pyFrames(p, byID, s)
				if !ev {
					continue
				}
				eval++
				if mk {
					marked++
					continue
				}
				if len(frames) == 0 {
					t.Fatalf("sample %d: an eval loop without Python frames", i)
				}
				if last := frames[len(frames)-1]; last.Func != "<module>" && !strings.HasPrefix(last.File, "<frozen") && !strings.Contains(last.File, "/lib/python3.1") {
					t.Errorf("sample %d: outermost Python frame %+v", i, last)
				}
				for _, f := range frames {
					if f.File != src.path {
						continue
					}
					if f.Func == "<module>" {
						// At main()'s call once main runs; before, at a
						// line outside every function.
						if inMain(frames) && f.Line != top || src.inBody(f.Line) {
							t.Errorf("sample %d: <module> at line %d (main() is at %d)", i, f.Line, top)
						}
						continue
					}
					// A frame just entered, at its RESUME, is at
					// its def line (CPython's co_firstlineno);
					// a stop lands there now and then.
					b, ok := src.body[f.Func]
					if !ok || f.Line < b[0]-1 || f.Line > b[1] {
						t.Errorf("sample %d: %s at %s:%d, outside its body %v in the source", i, f.Func, f.File, f.Line, b)
					}
				}
				// The native stack, unwound from the sample's own
				// copy, is the oracle of the innermost Python frame:
				// when sum() runs in builtin_sum, the innermost Python
				// frame is unit() at its sum line (the line runs
				// other instructions too: range(), the return).
				u := pyUnverified(p, byID, s)
				if sampler == "perf" && len(frames) > 1 && u != 0 && (!exact || u != -1) || sampler == "ptrace" && u != -1 {
					t.Errorf("sample %d (%s): %s after Python frame %d of %d", i, sampler, profile.InterpUnverified, u, len(frames))
				}
				if u == 0 {
					late++
				}
				inSum := false
				for _, l := range s.Stack {
					if l.Mapping != profile.NoMapping && p.Mappings[l.Mapping].Path == lib && uint64(l.Addr) >= sumLo && uint64(l.Addr) < sumHi {
						inSum = true
					}
				}
				atSum := frames[0].Func == "unit" && frames[0].File == src.path && frames[0].Line == sumLine
				if inSum && !atSum {
					t.Errorf("sample %d: builtin_sum on the native stack %v, innermost Python frame %+v", i, inSum, frames[0])
				}
				for _, f := range frames {
					if f.File == src.path && (f.Func == "a" || f.Func == "b") {
						// A ptrace sample that stands for k periods
						// of the thread's CPU time weighs k periods:
						// under load counts and weights differ.
						if f.Func == "a" {
							na++
							wa += s.Values[1]
						} else {
							nb++
							wb += s.Values[1]
						}
						break
					}
				}
			}
			spliced, noted, notedMarked := notedMarks(t, p)
			if noted != eval || notedMarked != marked || spliced != eval-marked {
				t.Errorf("note: %d of %d carry frames, %d marked; the stacks: %d of %d, %d marked", spliced, noted, notedMarked, eval-marked, eval, marked)
			}
			t.Logf("%s: %d samples in the eval loop, %d (%.2f%%) with Python frames, %d marked, %d read after the sample; a %d, b %d", sampler, eval, eval-marked, 100*float64(eval-marked)/float64(max(eval, 1)), marked, late, na, nb)
			if exact && float64(eval-marked) < 0.99*float64(eval) {
				t.Errorf("%s: %d of %d samples in the eval loop carry Python frames, want at least 99%%", sampler, eval-marked, eval)
			}
			n := na + nb
			if n < 1000 {
				t.Fatalf("%d samples in a or b for 3 s of CPU time", n)
			}
			share = float64(wa) / float64(max(wa+wb, 1))
			sigma = math.Sqrt(truth * (1 - truth) / float64(n))
			t.Logf("attempt %d: a's share %.2f%% of the CPU time of %d samples (%.2f%% of their count); its CPU time %.2f%% (a %.3fs, b %.3fs); 2σ = %.2f points", attempt, 100*share, n, 100*float64(na)/float64(n), 100*truth, cpuA, cpuB, 200*sigma)
			if !exact || math.Abs(share-truth) <= 2*sigma {
				return
			}
		}
		t.Errorf("a's share %.2f%%, its CPU time %.2f%%: more than 2σ (%.2f points) apart twice", 100*share, 100*truth, 200*sigma)
	})
}

// TestRecordPythonRecursion profiles recurse.py, whose rec() recurses to
// depth 40 and spins there. Oracle: the source. Every sample taken in the
// spin has 41 Python frames of rec (the innermost at the spin line, the
// others at the call line) and then <module> at the top line, in
// recurse.py; the report and the folded export name them (with the frames
// copied at the sample, as one path of 41 rec frames: no
// profile.InterpUnverified frame in it; and then at least 99% of the
// samples in the eval loop carry frames); and with --python=false the
// stacks are native only, through _PyEval_EvalFrameDefault. For CPython
// 3.11, 3.12 and 3.13, with perf events and with ptrace; with perf events
// without BPF on a release whose running frames are not read after the
// sample (pyPerfReadable), every sample in the eval loop is marked
// instead, with no Python frame.
func TestRecordPythonRecursion(t *testing.T) {
	src := readPySource(t, "recurse.py")
	spin, call, top := src.marked(t, "# spin"), src.marked(t, "# call"), src.marked(t, "# top")
	const depth = 40
	forPython(t, []string{"perf", "ptrace"}, func(t *testing.T, version, py, _, sampler string) {
		testRecordPythonRecursion(t, version, py, sampler, src, depth, spin, call, top)
	})
}

func testRecordPythonRecursion(t *testing.T, version, py, sampler string, src *pySource, depth, spin, call, top int) {
	dir := t.TempDir()
	out := filepath.Join(dir, "rec.data")
	// 3 s: a program's first samples, in its imports, are marked now and
	// then (a code object freed before the copy's is read, 0.3-1.3% of a
	// 1.5 s run's), and the 99% is the whole run's.
	code, stderr := record(t, "--sampler", sampler, "-g", "-q", "-o", out, "--", py, src.path, strconv.Itoa(depth), "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	p := readProfile(t, out)
	captured := sampler == "perf" && capturedNote(t, p)
	unreadable := sampler == "perf" && !captured && !pyPerfReadable(version)
	byID := interpIndex(p)
	eval, marked := pyEvalCounts(p, byID)
	inSpin := 0
	for i := range p.Samples {
		frames, _, _ := pyFrames(p, byID, &p.Samples[i])
		if unreadable {
			if len(frames) > 0 {
				t.Fatalf("sample %d: Python frames %+v read with perf events from %s", i, frames, version)
			}
			continue
		}
		if len(frames) == 0 || frames[0].Func != "rec" || frames[0].Line != spin {
			continue
		}
		inSpin++
		want := []profile.InterpFrame{{Func: "rec", File: src.path, Line: spin}}
		for range depth {
			want = append(want, profile.InterpFrame{Func: "rec", File: src.path, Line: call})
		}
		want = append(want, profile.InterpFrame{Func: "<module>", File: src.path, Line: top})
		if len(frames) != len(want) {
			t.Fatalf("sample %d: %d Python frames, want %d: %+v", i, len(frames), len(want), frames)
		}
		for k := range want {
			f := frames[k]
			f.ID = 0
			if f != want[k] {
				t.Fatalf("sample %d: frame %d is %+v, want %+v", i, k, f, want[k])
			}
		}
	}
	t.Logf("%d samples in the spin, %d marked, %d in the eval loop, of %d; %s", inSpin, marked, eval, len(p.Samples), pyNote(p))
	if unreadable {
		if spliced, noted, _ := notedMarks(t, p); spliced != 0 || noted != eval || marked != eval || eval < 500 {
			t.Errorf("%d of %d samples in the eval loop marked (the note: %d of %d carry frames); want all of at least 500", marked, eval, spliced, noted)
		}
		return
	}
	if inSpin < 500 {
		t.Fatalf("%d samples in the spin of 3 s of CPU time", inSpin)
	}
	if (captured || sampler == "ptrace") && float64(eval-marked) < 0.99*float64(eval) {
		t.Errorf("%s: %d of %d samples in the eval loop carry Python frames, want at least 99%%", sampler, eval-marked, eval)
	}
	rep, errs, code := repRun(t, "--functions", out)
	if code != 0 || !regexp.MustCompile(`(?m)\brec\b`).MatchString(rep) {
		t.Errorf("report --functions (exit %d) names no rec:\n%s\n%s", code, rep, errs)
	}
	chain := "<module>;" + strings.Repeat("rec;", depth) + "rec"
	if sampler == "perf" && !captured {
		chain = "<module>;" + strings.Repeat("rec;", depth) + profile.InterpUnverified + ";rec"
	}
	folded, errs, code := repRun(t, "--format", "folded", out)
	// The chain, then the native frames it called (sum) or the count;
	// never one rec more.
	has := strings.Contains(folded, chain+";") || strings.Contains(folded, chain+" ")
	if code != 0 || !has || strings.Contains(folded, chain+";rec;") || strings.Contains(folded, chain+";rec ") {
		t.Errorf("folded export (exit %d) has no %s, or one rec more:\n%.2000s\n%s", code, chain, folded, errs)
	}
	if sampler != "perf" || !strings.HasPrefix(version, "3.11.") {
		return
	}

	t.Run("python=false", func(t *testing.T) {
		out := filepath.Join(dir, "native.data")
		code, stderr := record(t, "-g", "-q", "--python=false", "-o", out, "--", py, src.path, "3", "0.3")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		p := readProfile(t, out)
		for _, m := range p.Mappings {
			if m.Path == profile.InterpPath {
				t.Fatalf("--python=false wrote a %s mapping", m.Path)
			}
		}
		if len(p.Interp) != 0 {
			t.Errorf("--python=false: %d Python locations", len(p.Interp))
		}
		rep, _, _ := repRun(t, "--functions", out)
		if !strings.Contains(rep, "_PyEval_EvalFrameDefault") {
			t.Errorf("--python=false: no _PyEval_EvalFrameDefault in\n%s", rep)
		}
	})
}

// TestRecordPythonThreads profiles threads.py, whose two threads run left()
// and right(). Oracle: the thread ids the program wrote: every sample of
// left's thread with frames of threads.py has left in them and not right, and
// the other way round (each thread's PyThreadState is found by its native
// id), with perf events and with ptrace, for CPython 3.11, 3.12 and 3.13
// (perf events where BPF copies them, or they are read after the sample,
// pyPerfReadable).
func TestRecordPythonThreads(t *testing.T) {
	src := readPySource(t, "threads.py")
	forPython(t, []string{"perf", "ptrace"}, func(t *testing.T, version, py, _, sampler string) {
		dir := t.TempDir()
		out, ids := filepath.Join(dir, "threads.data"), filepath.Join(dir, "ids")
		code, stderr := record(t, "--sampler", sampler, "-g", "-q", "-o", out, "--", py, src.path, "1.5", ids)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		skipUnread(t, readProfile(t, out), version, sampler)
		data, err := os.ReadFile(ids)
		if err != nil {
			t.Fatal(err)
		}
		var l, r int32
		if n, _ := fmt.Sscanf(string(data), "left %d\nright %d\n", &l, &r); n != 2 {
			t.Fatalf("%s: %q", ids, data)
		}
		want := map[int32]string{l: "left", r: "right"}
		p := readProfile(t, out)
		byID := interpIndex(p)
		seen := map[string]int{}
		for i := range p.Samples {
			s := &p.Samples[i]
			frames, _, _ := pyFrames(p, byID, s)
			fn, ok := want[s.TID]
			if !ok || len(frames) == 0 {
				continue
			}
			has := map[string]bool{}
			for _, f := range frames {
				if f.File == src.path {
					has[f.Func] = true
				}
			}
			if len(has) == 0 {
				// threading's own frames only: the thread starting (before
				// its target runs) or ending; nothing of threads.py to
				// hold to the thread.
				continue
			}
			other := map[string]string{"left": "right", "right": "left"}[fn]
			if has[other] || !has[fn] {
				t.Fatalf("sample %d of %s's thread %d: frames %+v", i, fn, s.TID, frames)
			}
			seen[fn]++
		}
		t.Logf("samples with Python frames: left %d, right %d", seen["left"], seen["right"])
		if seen["left"] < 100 || seen["right"] < 100 {
			t.Errorf("samples with Python frames: left %d, right %d; want 100 each", seen["left"], seen["right"])
		}
	})
}

// TestRecordPythonNoDWARF runs python on a copy of libpython without its
// DWARF (objcopy --strip-debug, found first through LD_LIBRARY_PATH): the
// structure offsets are then sample/python's documented 3.11 or 3.12
// ones, or the _Py_DebugOffsets 3.13 publishes in _PyRuntime, which the
// note says. With ptrace, and with perf events whose frames a BPF program
// copied at the sample, the recursion's frames are read right (the source
// is the oracle); with perf events read after the sample (BPF refused),
// whose check needs the DWARF (next_instr), every Python stack is marked,
// never guessed.
func TestRecordPythonNoDWARF(t *testing.T) {
	src := readPySource(t, "recurse.py")
	spin, call, top := src.marked(t, "# spin"), src.marked(t, "# call"), src.marked(t, "# top")
	forPython(t, []string{"perf", "ptrace"}, func(t *testing.T, version, py, lib, sampler string) {
		objcopy := testprog.Require(t, "objcopy")
		dir := t.TempDir()
		stripped := filepath.Join(dir, filepath.Base(lib))
		if msg, err := exec.Command(objcopy, "--strip-debug", lib, stripped).CombinedOutput(); err != nil {
			t.Fatalf("objcopy: %v\n%s", err, msg)
		}
		t.Setenv("LD_LIBRARY_PATH", dir)
		from := "documented"
		if strings.HasPrefix(version, "3.13.") {
			from = "_Py_DebugOffsets"
		}
		out := filepath.Join(dir, sampler+".data")
		code, stderr := record(t, "--sampler", sampler, "-g", "-q", "-o", out, "--", py, src.path, "3", "0.5")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		p := readProfile(t, out)
		found := false
		for _, r := range p.Runs {
			for _, n := range r.Notes {
				if strings.HasPrefix(n, "python: ") && strings.Contains(n, from) && strings.Contains(n, stripped) {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("no note of the %s offsets for %s: %v", from, stripped, p.Runs)
		}
		byID := interpIndex(p)
		exact := sampler == "ptrace" || capturedNote(t, p)
		inSpin := 0
		for i := range p.Samples {
			frames, _, _ := pyFrames(p, byID, &p.Samples[i])
			if !exact {
				if len(frames) > 0 {
					t.Fatalf("sample %d: Python frames %+v without next_instr", i, frames)
				}
				continue
			}
			if len(frames) == 0 || frames[0].Line != spin || frames[0].File != src.path {
				continue
			}
			inSpin++
			want := []int{spin, call, call, call, top}
			if len(frames) != len(want) {
				t.Fatalf("sample %d: frames %+v", i, frames)
			}
			for k, l := range want {
				if frames[k].Line != l || frames[k].File != src.path {
					t.Fatalf("sample %d: frame %d is %+v, want line %d", i, k, frames[k], l)
				}
			}
		}
		if exact && inSpin < 100 {
			t.Errorf("%d samples in the spin", inSpin)
		}
	})
}

// TestRecordPythonXPerf samples hot.py under CPython 3.12's and 3.13's
// -X perf, where both sonde's Python frames and the perf map apply: every
// Python call then goes through a trampoline in anonymous memory (named
// "py::hot_loop:/path/hot.py" in /tmp/perf-PID.map), where the dwarf
// unwinder stops. Both show: the trampoline, named through the perf map,
// is the caller of the Python frame read in place of the eval frame
// below it; the chain's outer frames are left out. Oracles: the source
// (hot_loop's frames at lines of its body); CPython's own perf map, which
// names the function each eval call runs: in every stack not marked the
// Python frame just inside a py::F trampoline is F, and a Python frame
// hot_loop is just inside py::hot_loop; with ptrace at least
// 99% of the samples in the eval loop read. (hot_loop's share of the CPU
// time is TestRecordPythonPerf's, with perf events: the ptrace sampler's
// stops are drawn to the code after hot.py's thread_time() calls.)
func TestRecordPythonXPerf(t *testing.T) {
	src, err := filepath.Abs("../testprog/testdata/jit/hot.py")
	if err != nil {
		t.Fatal(err)
	}
	s := &pySource{path: src, body: map[string][2]int{}}
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	first := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "def hot_loop(") }) + 2
	last := first
	for last < len(lines) && strings.HasPrefix(lines[last], " ") {
		last++
	}
	s.body["hot_loop"] = [2]int{first, last}
	forPython(t, []string{"perf", "ptrace"}, func(t *testing.T, version, py, _, sampler string) {
		if strings.HasPrefix(version, "3.11.") {
			t.Skip("3.11 has no -X perf")
		}
		dir := t.TempDir()
		out := filepath.Join(dir, "py.data")
		cleanPerfMaps(t, out)
		code, stderr := record(t, "--sampler", sampler, "-g", "-q", "-o", out, "--", py, "-X", "perf", src, "1.5", filepath.Join(dir, "truth.txt"))
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		p := readProfile(t, out)
		skipUnread(t, p, version, sampler)
		byID := interpIndex(p)
		eval, marked := pyEvalCounts(p, byID)
		hot := 0
		for i := range p.Samples {
			frames, _, _ := pyFrames(p, byID, &p.Samples[i])
			if len(frames) == 0 || frames[0].Func != "hot_loop" {
				continue
			}
			hot++
			if f := frames[0]; f.File != src || f.Line < first-1 || f.Line > last {
				t.Errorf("sample %d: %+v outside hot_loop's body, lines %d-%d", i, f, first, last)
			}
		}
		t.Logf("%d samples, %d in the eval loop, %d marked, %d in hot_loop", len(p.Samples), eval, marked, hot)
		if sampler == "ptrace" && float64(eval-marked) < 0.99*float64(eval) {
			t.Errorf("ptrace: %d of %d samples in the eval loop carry Python frames, want at least 99%%", eval-marked, eval)
		}
		folded, errs, code := repRun(t, "--format", "folded", out)
		if code != 0 {
			t.Fatalf("folded export: exit %d: %s", code, errs)
		}
		both := 0
		for _, line := range strings.Split(strings.TrimSpace(folded), "\n") {
			if strings.Contains(line, profile.InterpUnreadable) {
				continue // marked: its eval frames stay native
			}
			i := strings.LastIndexByte(line, ' ')
			fr := strings.Split(line[:max(i, 0)], ";")
			for k, name := range fr {
				if tramp, ok := strings.CutPrefix(name, "py::"); ok {
					fn, file, _ := strings.Cut(tramp, ":")
					if file != src || k+1 == len(fr) {
						continue
					}
					if in := fr[k+1]; in != fn {
						t.Errorf("%s is just inside the trampoline of %s: %s", in, fn, line)
					}
					both++
				}
				if name == "hot_loop" && (k == 0 || fr[k-1] != "py::hot_loop:"+src) {
					t.Errorf("the Python frame hot_loop is not just inside its trampoline: %s", line)
				}
			}
		}
		if both == 0 || !strings.Contains(folded, "py::hot_loop:"+src+";hot_loop") {
			t.Errorf("folded export has no py::hot_loop:%s;hot_loop:\n%.2000s", src, folded)
		}
	})
}

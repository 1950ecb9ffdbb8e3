package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sonde/internal/testprog"
	"sonde/profile"
	"sonde/profile/datafile"
)

// requireChromium returns Debian's chromium (test.sh installs it): a skip
// where it is missing, a failure under CI=true.
func requireChromium(t *testing.T) string {
	t.Helper()
	testprog.SkipShort(t, "drives a headless browser")
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no /usr/bin/chromium (apt-get install chromium)")
	}
	t.Skip("no /usr/bin/chromium (apt-get install chromium)")
	return ""
}

// browser starts headless chromium with a fresh profile directory. The
// networking flags keep it from reaching for Google's services, which on
// a closed network hangs it.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := requireChromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 900),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	// A guard against a hung browser, not a time the test asserts.
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// do runs the steps in the browser; an error fails the test.
func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression in the page; an error fails the
// test.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %.60q: %v", js, err)
	}
	return v
}

// artifacts is where the browser tests keep their screenshots:
// $SONDE_TEST_ARTIFACTS/TEST when set (kept after the test), else the
// test's temporary directory (removed with it).
func artifacts(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if a := os.Getenv("SONDE_TEST_ARTIFACTS"); a != "" {
		dir = filepath.Join(a, strings.ReplaceAll(t.Name(), "/", "_"))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// screenshot saves the whole page as NAME.png in the artifacts directory.
func screenshot(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	p := filepath.Join(dir, name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", p)
}

// serveReport starts "sonde report --http 127.0.0.1:0 --no-browser ARGS"
// as a process and returns the URL it printed; the server is stopped with
// SIGINT when the test ends.
func serveReport(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(buildSonde(t), append([]string{"report", "--http", "127.0.0.1:0", "--no-browser"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		if err := cmd.Wait(); err != nil {
			t.Errorf("sonde report --http after SIGINT: %v", err)
		}
	})
	sc := bufio.NewScanner(stderr)
	re := regexp.MustCompile(`serving (http://127\.0\.0\.1:\d+/)`)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			go io.Copy(io.Discard, stderr)
			return m[1]
		}
	}
	t.Fatalf("sonde report --http printed no URL:\n%s", strings.Join(lines, "\n"))
	return ""
}

// recordHier records hier-test (or the source src built as it is) with -g
// until samples samples are in out.
func recordHier(t *testing.T, src, out string, samples int64) {
	t.Helper()
	bin := testprog.Build(t, src, testprog.Opts{Flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}})
	stop, done := stopWhen(t, out, atLeastSamples(samples))
	code, stderr := record(t, append([]string{"-g", "-o", out, "--"}, loopUntil(t, stop, bin, "100000000")...)...)
	done()
	if code != 0 {
		t.Fatalf("record: exit %d: %s", code, stderr)
	}
}

// fgFrame is one frame of a flame graph page as its script drew it.
type fgFrame struct {
	Name  string  `json:"name"`
	Depth int     `json:"depth"`
	Left  float64 `json:"left"`
	Width float64 `json:"width"`
	Sig   string  `json:"sig"`
	Delta float64 `json:"delta"`
}

// framesJS reads the frames a flame graph page drew (export's and the
// diff page's: .frame elements with data-name and data-depth).
const framesJS = `[...document.querySelectorAll("#fg .frame:not(.ancestor)")].map(e => ({
	name: e.dataset.name, depth: +e.dataset.depth, left: parseFloat(e.style.left),
	width: parseFloat(e.style.width), sig: e.dataset.sig || "", delta: +(e.dataset.delta || 0)}))`

// under returns the width of the frames named child drawn inside a frame
// named parent, one level above.
func under(frames []fgFrame, parent, child string) float64 {
	w := 0.0
	for _, p := range frames {
		if p.Name != parent {
			continue
		}
		for _, c := range frames {
			if c.Name == child && c.Depth == p.Depth+1 && c.Left >= p.Left-0.5 && c.Left+c.Width <= p.Left+p.Width+0.5 {
				w += c.Width
			}
		}
	}
	return w
}

// TestReportHTTPFlame is the acceptance's (a): a record -g profile of
// hier-test in the browser. The known truth (PCT section 3) is that worker
// runs twice as long under dispatch_2 as under dispatch_1: with 1000
// samples, worker under dispatch_2 drawn wider is certain. Clicking
// dispatch_1 zooms: it then spans the graph. pprof's own pages (flame
// graph, top, source, disassembly) show worker; its graph view says that
// graphviz is missing where dot is.
func TestReportHTTPFlame(t *testing.T) {
	requirePerf(t)
	ctx := browser(t)
	shots := artifacts(t)
	data := filepath.Join(t.TempDir(), "hier.data")
	recordHier(t, examplePath("hier-test.c"), data, 1000)
	url := serveReport(t, data)

	do(t, ctx, chromedp.Navigate(url+"flame"), chromedp.WaitVisible(chromedp.CSS(`#fg .frame`)))
	frames := eval[[]fgFrame](t, ctx, framesJS)
	screenshot(t, ctx, shots, "flame")
	w1, w2 := under(frames, "dispatch_1", "worker"), under(frames, "dispatch_2", "worker")
	t.Logf("worker under dispatch_1: %.0f px, under dispatch_2: %.0f px", w1, w2)
	if w1 <= 0 || w2 <= w1 {
		t.Errorf("worker under dispatch_2 (%.0f px) is not wider than under dispatch_1 (%.0f px): %+v", w2, w1, frames)
	}
	full := eval[float64](t, ctx, `document.getElementById("fg").clientWidth`)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#fg .frame[data-name="dispatch_1"]`)))
	zoom := eval[string](t, ctx, `document.getElementById("fg").dataset.zoom`)
	after := eval[float64](t, ctx, `parseFloat(document.querySelector('#fg .frame:not(.ancestor)[data-name="dispatch_1"]').style.width)`)
	screenshot(t, ctx, shots, "flame-zoomed")
	if zoom != "dispatch_1" || after < 0.99*full {
		t.Errorf("after a click on dispatch_1: zoom %q, its width %.0f of %.0f px", zoom, after, full)
	}

	// pprof's web UI, mounted under /pprof/.
	for _, page := range []struct{ path, want string }{
		{"pprof/flamegraph", "worker"},
		{"pprof/top", "worker"},
		{"pprof/source?f=worker", "while (n--)"},
		{"pprof/disasm?f=worker", "worker"},
	} {
		do(t, ctx, chromedp.Navigate(url+page.path), chromedp.WaitReady(chromedp.CSS("body")))
		text := eval[string](t, ctx, `document.body.innerText`)
		name := strings.NewReplacer("/", "-", "?", "-", "=", "-").Replace(page.path)
		screenshot(t, ctx, shots, name)
		if !strings.Contains(text, page.want) {
			t.Errorf("%s shows no %q:\n%.2000s", page.path, page.want, text)
		}
	}
	// pprof's flame graph (its stacks view): boxes (.boxbg) with their
	// names (.boxtext), callees drawn one row below their caller.
	do(t, ctx, chromedp.Navigate(url+"pprof/flamegraph"), chromedp.WaitVisible(chromedp.CSS(`#stack-chart .boxtext`)))
	boxes := eval[[]pprofBox](t, ctx, `[...document.querySelectorAll("#stack-chart .boxbg")].map(e => ({
		name: (e.querySelector(".boxtext") || {}).textContent || "", left: parseFloat(e.style.left),
		top: parseFloat(e.style.top), width: parseFloat(e.style.width)}))`)
	p1, p2 := pprofUnder(boxes, "dispatch_1", "worker"), pprofUnder(boxes, "dispatch_2", "worker")
	t.Logf("pprof's flame graph: worker under dispatch_1 %.0f px, under dispatch_2 %.0f px", p1, p2)
	if p1 <= 0 || p2 <= p1 {
		t.Errorf("pprof's flame graph: worker under dispatch_2 (%.0f px) is not wider than under dispatch_1 (%.0f px): %+v", p2, p1, boxes)
	}
	resp, err := http.Get(url + "pprof/graph")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if _, err := exec.LookPath("dot"); err != nil {
		if resp.StatusCode == http.StatusOK || !strings.Contains(string(body), "graphviz") {
			t.Errorf("graph view without dot: %s %q, want it to say graphviz is missing", resp.Status, body)
		}
	} else if resp.StatusCode != http.StatusOK {
		t.Errorf("graph view with dot: %s", resp.Status)
	}
	checkForeignHost(t, url)
	checkTimeline(t, ctx, shots, url, readProfile(t, data))
}

// tlRow is one thread's row of the timeline page.
type tlRow struct {
	PID   int32 `json:"pid"`
	TID   int32 `json:"tid"`
	Total int64 `json:"total"`
}

const tlRowsJS = `[...document.querySelectorAll("#tl .row")].map(r => ({pid: +r.dataset.pid, tid: +r.dataset.tid, total: +r.dataset.total}))`

// checkTimeline reads the timeline page: each thread's samples must be
// those of the data file (read with datafile here). Then it opens the
// window between the samples' first and third quartile times typed in the
// page's form: the windowed timeline and flame graph must hold the
// samples whose time, counted from the earliest run's start, falls in it.
func checkTimeline(t *testing.T, ctx context.Context, shots, url string, p *profile.Profile) {
	t.Helper()
	want := map[[2]int32]int64{}
	origin := p.Origin().UnixNano()
	var offs []int64
	for _, s := range p.Samples {
		want[[2]int32{s.PID, s.TID}] += s.Values[0]
		offs = append(offs, s.Time-origin)
	}
	do(t, ctx, chromedp.Navigate(url+"timeline"), chromedp.WaitVisible(chromedp.CSS(`#tl .row`)))
	screenshot(t, ctx, shots, "timeline")
	rows := eval[[]tlRow](t, ctx, tlRowsJS)
	got := map[[2]int32]int64{}
	for _, r := range rows {
		got[[2]int32{r.PID, r.TID}] = r.Total
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("timeline's samples per thread %v, the data file's %v", got, want)
	}
	sort.Slice(offs, func(i, j int) bool { return offs[i] < offs[j] })
	from := fmt.Sprintf("%.3f", float64(offs[len(offs)/4])/1e9)
	to := fmt.Sprintf("%.3f", float64(offs[3*len(offs)/4])/1e9)
	f, _ := strconv.ParseFloat(from, 64)
	tt, _ := strconv.ParseFloat(to, 64)
	lo, hi := int64(math.Round(f*1e9)), int64(math.Round(tt*1e9))
	var in int64
	for _, s := range p.Samples {
		if d := s.Time - origin; d >= lo && d < hi {
			in += s.Values[0]
		}
	}
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`#from`), from), chromedp.SetValue(chromedp.CSS(`#to`), to),
		chromedp.Click(chromedp.CSS(`#apply`)), chromedp.WaitVisible(chromedp.CSS(`#window`)), chromedp.WaitVisible(chromedp.CSS(`#tl .row`)))
	screenshot(t, ctx, shots, "timeline-window")
	var sum int64
	for _, r := range eval[[]tlRow](t, ctx, tlRowsJS) {
		sum += r.Total
	}
	page := eval[string](t, ctx, `location.pathname`)
	if sum != in || page != "/w/"+from+"s:"+to+"s/timeline" {
		t.Errorf("window %ss:%ss: page %s shows %d samples, the data file has %d there", from, to, page, sum, in)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`nav a[href$="/flame"]`)), chromedp.WaitVisible(chromedp.CSS(`#fg .frame`)))
	all := eval[string](t, ctx, `document.querySelector('#fg .frame[data-name="all"]').dataset.value`)
	if all != strconv.FormatInt(in, 10) {
		t.Errorf("the window's flame graph holds %s samples, want %d", all, in)
	}
}

// pprofBox is one box of pprof's flame graph as its script drew it.
type pprofBox struct {
	Name  string  `json:"name"`
	Left  float64 `json:"left"`
	Top   float64 `json:"top"`
	Width float64 `json:"width"`
}

// pprofUnder returns the width of the boxes named child drawn in the row
// below a box named parent, within its extent.
func pprofUnder(boxes []pprofBox, parent, child string) float64 {
	row := math.Inf(1) // the height of a row: the smallest gap between tops
	for _, a := range boxes {
		for _, b := range boxes {
			if d := b.Top - a.Top; d > 0 && d < row {
				row = d
			}
		}
	}
	w := 0.0
	for _, p := range boxes {
		if p.Name != parent {
			continue
		}
		for _, c := range boxes {
			if c.Name == child && math.Abs(c.Top-p.Top-row) < 0.5 && c.Left >= p.Left-0.5 && c.Left+c.Width <= p.Left+p.Width+1.5 {
				w += c.Width
			}
		}
	}
	return w
}

// checkForeignHost sends requests naming other hosts (DNS rebinding) and
// its own: only its own are served.
func checkForeignHost(t *testing.T, url string) {
	t.Helper()
	port := regexp.MustCompile(`:(\d+)/$`).FindStringSubmatch(url)[1]
	for _, tt := range []struct {
		host string
		want int
	}{
		{"evil.example:" + port, http.StatusForbidden},
		{"evil.example", http.StatusForbidden},
		{"localhost:" + port, http.StatusOK},
		{"127.0.0.1:" + port, http.StatusOK},
	} {
		req, _ := http.NewRequest("GET", url, nil)
		req.Host = tt.host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("Host %s: %s, want %d", tt.host, resp.Status, tt.want)
		}
	}
}

// srcRow is one row of the annotated source page.
type srcRow struct {
	Line  int    `json:"line"`
	Count string `json:"count"`
	Shown string `json:"shown"`
	Self  string `json:"self"`
	Class string `json:"cls"`
}

const rowsJS = `[...document.querySelectorAll("#source tr[data-line]")].map(r => ({
	line: +r.dataset.line, count: r.dataset.count || "", shown: (r.querySelector("td.count") || {}).innerText || "",
	self: r.dataset.self || "", cls: r.className}))`

// TestReportHTTPSource is the acceptance's (b): max.c built by sonde cc as
// the demo builds it (-O0 -g), run once, and the same binary recorded by
// sonde record, both data files served together. The source page shows
// Weinberger's 99,999 comparisons on line 28 and, on every line, gcov's
// count of the same source run the same way (gcc --coverage, gcov
// --json-format), with the samples of the recording beside the counts.
func TestReportHTTPSource(t *testing.T) {
	requirePerf(t)
	for _, tool := range []string{"gcc", "gcov"} {
		testprog.Require(t, tool)
	}
	ctx := browser(t)
	shots := artifacts(t)
	dir := t.TempDir()
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	src := filepath.Join(dir, "max.c")
	text, err := os.ReadFile(examplePath("max.c"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(src, text, 0o644)
	bin := filepath.Join(dir, "max")
	t.Setenv("SONDE_CC", "gcc")
	ccRun(t, "cc", "-O0", "-g", "-o", bin, src)
	counts := filepath.Join(dir, "counts.data")
	if out, code := ccExec(t, dir, bin, []string{"SONDE_OUT=" + counts}); code != 0 {
		t.Fatalf("max: exit %d: %s", code, out)
	}
	// The recorded runs write their counts elsewhere.
	t.Setenv("SONDE_OUT", filepath.Join(dir, "ignored.data"))
	samples := filepath.Join(dir, "samples.data")
	stop, done := stopWhen(t, samples, atLeastSamples(300))
	code, stderr := record(t, append([]string{"-o", samples, "--"}, loopUntil(t, stop, bin)...)...)
	done()
	if code != 0 {
		t.Fatalf("record: exit %d: %s", code, stderr)
	}
	gcov := gcovLines(t, src, "1")
	url := serveReport(t, counts, samples)

	do(t, ctx, chromedp.Navigate(url+"source?file="+src), chromedp.WaitVisible(chromedp.CSS(`#source`)))
	rows := eval[[]srcRow](t, ctx, rowsJS)
	screenshot(t, ctx, shots, "source")
	byLine := map[int]srcRow{}
	var sampled int64
	for _, r := range rows {
		byLine[r.Line] = r
		if n, err := strconv.ParseInt(r.Self, 10, 64); err == nil {
			sampled += n
		}
	}
	if r := byLine[28]; r.Count != "99999" || r.Shown != "99,999" {
		t.Errorf("line 28 (if (v[i] > v[j])): count %q shown %q, want 99999 shown 99,999", r.Count, r.Shown)
	}
	compared := 0
	for l, want := range gcov {
		r, ok := byLine[l]
		if !ok || r.Count == "" {
			continue
		}
		compared++
		if r.Count != strconv.FormatInt(want, 10) {
			t.Errorf("line %d: page %s, gcov %d", l, r.Count, want)
		}
	}
	if compared < 6 {
		t.Errorf("only %d lines with counts compared with gcov", compared)
	}
	if sampled == 0 {
		t.Errorf("no samples beside the counts on the source page")
	}
	t.Logf("%d lines compared with gcov; %d samples in max.c's lines", compared, sampled)
}

// TestReportHTTPCoverage is the acceptance's (c): a count --coverage
// profile of cover.c, whose never-run lines gcov names (gcc --coverage of
// the same source, same argument): the source page marks exactly those of
// the lines it counts as never run, and the coverage page lists
// never_called as a function that never ran.
func TestReportHTTPCoverage(t *testing.T) {
	for _, tool := range []string{"gcc", "gcov"} {
		testprog.Require(t, tool)
	}
	ctx := browser(t)
	shots := artifacts(t)
	src := testprog.Path("web/cover.c")
	bin := testprog.Build(t, "web/cover.c", testprog.Opts{Flags: []string{"-O0", "-g"}})
	data := filepath.Join(t.TempDir(), "cover.data")
	if _, errOut, code := countRun(t, "--coverage", "--units", "lines", "-o", data, "--", bin); code != 0 {
		t.Fatalf("count: exit %d: %s", code, errOut)
	}
	gcov := gcovLines(t, src, "10")
	url := serveReport(t, data)

	do(t, ctx, chromedp.Navigate(url+"coverage"), chromedp.WaitVisible(chromedp.CSS(`#functions`)))
	never := eval[[]string](t, ctx, `[...document.querySelectorAll("#functions tr.never")].map(r => r.dataset.func)`)
	screenshot(t, ctx, shots, "coverage")
	if fmt.Sprint(never) != "[never_called]" {
		t.Errorf("functions that never ran: %v, want [never_called]", never)
	}
	do(t, ctx, chromedp.Navigate(url+"source?file="+src), chromedp.WaitVisible(chromedp.CSS(`#source`)))
	rows := eval[[]srcRow](t, ctx, rowsJS)
	screenshot(t, ctx, shots, "coverage-source")
	red, compared := 0, 0
	for _, r := range rows {
		if r.Count == "" {
			continue
		}
		want, ok := gcov[r.Line]
		if !ok {
			continue
		}
		compared++
		isRed := r.Class == "never"
		if isRed {
			red++
		}
		if isRed != (want == 0) {
			t.Errorf("line %d: marked never-run %v, gcov counts %d", r.Line, isRed, want)
		}
	}
	if red < 3 || compared < 8 {
		t.Errorf("%d never-run lines marked of %d compared with gcov", red, compared)
	}
}

// TestReportHTTPDiff is the acceptance's (d): hier-test against a copy
// whose dispatch_2 gives worker 5n instead of 2n. The truth: worker's share
// under dispatch_2 goes from 2/3 to 5/6 (+16.7 points) and under
// dispatch_1 from 1/3 to 1/6; main keeps nearly all (the loop's sh and
// each exec's start-up take the rest, a smaller part of the longer new
// runs). With 3000 samples a side two standard deviations of a change are
// about 2.2 points: dispatch_2 is drawn dearer (red), dispatch_1 cheaper
// (blue), all uncoloured, and main's change is under 2 points.
func TestReportHTTPDiff(t *testing.T) {
	requirePerf(t)
	ctx := browser(t)
	shots := artifacts(t)
	dir := t.TempDir()
	text, err := os.ReadFile(examplePath("hier-test.c"))
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(text), "dispatch_2(2 * n);", "dispatch_2(5 * n);", 1)
	if changed == string(text) {
		t.Fatal("hier-test.c has no dispatch_2(2 * n) call to change")
	}
	newSrc := filepath.Join(dir, "hier-test.c")
	os.WriteFile(newSrc, []byte(changed), 0o644)
	base, cur := filepath.Join(dir, "base.data"), filepath.Join(dir, "new.data")
	recordHier(t, examplePath("hier-test.c"), base, 3000)
	recordHier(t, newSrc, cur, 3000)
	url := serveReport(t, "--diff", base, cur)

	do(t, ctx, chromedp.Navigate(url+"diff"), chromedp.WaitVisible(chromedp.CSS(`#fg .frame`)))
	frames := eval[[]fgFrame](t, ctx, framesJS)
	screenshot(t, ctx, shots, "diff")
	sig, delta := map[string]string{}, map[string]float64{}
	for _, f := range frames {
		sig[f.Name], delta[f.Name] = f.Sig, f.Delta
	}
	for name, want := range map[string]string{"all": "0", "dispatch_2": "1", "dispatch_1": "-1"} {
		if sig[name] != want {
			t.Errorf("%s: significance %q, want %s (frames %+v)", name, sig[name], want, frames)
		}
	}
	// One standard error of the change is 1.1 points at 3000 samples a
	// side: 6 points are 5.4 of them.
	if d := delta["dispatch_2"]; d < 16.7-6 || d > 16.7+6 {
		t.Errorf("dispatch_2's share changed by %.1f points, truth +16.7", d)
	}
	if d := delta["main"]; d < -2 || d > 2 {
		t.Errorf("main's share changed by %.1f points", d)
	}
	changes := eval[string](t, ctx, `document.getElementById("changes").innerText`)
	if !strings.Contains(changes, "worker <- dispatch_2 <- main") {
		t.Errorf("significant changes do not list worker <- dispatch_2 <- main:\n%s", changes)
	}
	// The flat colouring: only the leaves' own samples change.
	do(t, ctx, chromedp.SetValue(chromedp.CSS(`#mode`), "flat"))
	eval[bool](t, ctx, `document.getElementById("mode").dispatchEvent(new Event("change"))`)
	frames = eval[[]fgFrame](t, ctx, framesJS)
	screenshot(t, ctx, shots, "diff-flat")
	for _, f := range frames {
		if f.Name == "dispatch_2" && f.Sig != "0" {
			t.Errorf("flat: dispatch_2 (no samples of its own) coloured %s", f.Sig)
		}
	}
}

// TestReportHTTPFlags: --http refuses what it cannot serve, in one line,
// with the usage status, before reading any file.
func TestReportHTTPFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--http", "0", "--format", "pprof"}, "not with --format or -o"},
		{[]string{"--http", "0", "-o", "x.html"}, "not with --format or -o"},
		{[]string{"--http", "0", "--functions"}, "give no view flag"},
		{[]string{"--http", "0", "--lines"}, "give no view flag"},
		{[]string{"--http", "localhost:http"}, "want [HOST:]PORT"},
		{[]string{"--http", "99999"}, "want [HOST:]PORT"},
		{[]string{"--no-browser"}, "--no-browser goes with --http"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, stderr, code := run(append([]string{"report"}, append(tt.args, "/nonexistent.data")...)...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, exitUsage, tt.want)
			}
		})
	}
	for _, tt := range []struct {
		addr, host string
		port       int
	}{
		{"8080", "127.0.0.1", 8080},
		{":8080", "127.0.0.1", 8080},
		{"0", "127.0.0.1", 0},
		{"0.0.0.0:80", "0.0.0.0", 80},
		{"[::1]:0", "::1", 0},
		{"box.lan:", "box.lan", 0},
	} {
		host, port, err := splitHTTPAddr(tt.addr)
		if err != nil || host != tt.host || port != tt.port {
			t.Errorf("splitHTTPAddr(%q) = %q, %d, %v; want %q, %d", tt.addr, host, port, err, tt.host, tt.port)
		}
	}
}

// TestReportHTTPLive serves a data file that sonde record is still
// writing: the flame graph open in the browser reloads itself as the file
// grows, until it shows more samples than the file held when the page was
// first drawn (the data file holds the truth: it is read again here).
func TestReportHTTPLive(t *testing.T) {
	requirePerf(t)
	ctx := browser(t)
	shots := artifacts(t)
	bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}})
	data := filepath.Join(t.TempDir(), "live.data")
	// The recording runs until the page has seen the file grow (or the
	// guard of stopWhen ends it).
	grown := make(chan struct{})
	stop, done := stopWhen(t, data, func(*profile.Profile) bool {
		select {
		case <-grown:
			return true
		default:
			return false
		}
	})
	recorded := make(chan string, 1)
	go func() {
		code, stderr := record(t, append([]string{"-g", "-o", data, "--"}, loopUntil(t, stop, bin, "100000000")...)...)
		recorded <- fmt.Sprintf("exit %d: %s", code, stderr)
	}()
	defer func() {
		select {
		case <-grown:
		default:
			close(grown)
		}
		done()
		if r := <-recorded; !strings.HasPrefix(r, "exit 0") {
			t.Errorf("record: %s", r)
		}
	}()
	for {
		if fi, err := os.Stat(data); err == nil && fi.Size() > 0 {
			if p, _, err := datafile.ReadFile(data); err == nil && len(p.Samples) >= 50 {
				break
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	url := serveReport(t, data)
	do(t, ctx, chromedp.Navigate(url+"flame"), chromedp.WaitVisible(chromedp.CSS(`#fg .frame`)))
	allJS := `+document.querySelector('#fg .frame[data-name="all"]').dataset.value`
	first := eval[int64](t, ctx, allJS)
	screenshot(t, ctx, shots, "live-first")
	// Poll the page (not the server): it must reload by itself. The
	// bound is stopWhen's guard, not a time the test asserts.
	deadline := time.Now().Add(stopCap)
	var later int64
	for time.Now().Before(deadline) {
		time.Sleep(500 * time.Millisecond)
		v, err := chromedp.Run(ctx, chromedp.Evaluate[int64](allJS))
		if err == nil && v > first {
			later = v
			break
		}
	}
	close(grown)
	screenshot(t, ctx, shots, "live-later")
	if later <= first {
		t.Fatalf("the flame graph still shows %d samples", first)
	}
	var held int64
	for _, s := range readProfile(t, data).Samples {
		held += s.Values[0]
	}
	if held < later {
		t.Errorf("the page shows %d samples, the file holds %d", later, held)
	}
	t.Logf("the page went from %d to %d samples by itself", first, later)
}

// TestReportHTTPExpr: PCT's question on hier-test (record --expr
// hier-test@worker@n) in the browser. The expressions page's int-avg is
// the mean of n over the samples, which must equal hierTruth (from the
// source) within zBound standard errors of the values in the data file;
// the split of worker's time by n is there too.
func TestReportHTTPExpr(t *testing.T) {
	requirePerf(t)
	ctx := browser(t)
	shots := artifacts(t)
	const q = 300000000
	bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}})
	data := filepath.Join(t.TempDir(), "expr.data")
	stop, done := stopWhen(t, data, exprsRead("hier-test@worker@n", 600))
	code, stderr := record(t, append([]string{"--expr", "hier-test@worker@n", "-o", data, "--"}, loopUntil(t, stop, bin, strconv.Itoa(q))...)...)
	done()
	if code != 0 {
		t.Fatalf("record: exit %d: %s", code, stderr)
	}
	nums, _ := exprValues(t, readProfile(t, data), "hier-test@worker@n")
	_, se := meanSE(nums)
	url := serveReport(t, data)
	do(t, ctx, chromedp.Navigate(url+"expr"), chromedp.WaitVisible(chromedp.CSS(`section.expr`)))
	screenshot(t, ctx, shots, "expr")
	avg := eval[string](t, ctx, `document.querySelector('section.expr[data-spec="hier-test@worker@n"] pre.int-avg').innerText`)
	m := regexp.MustCompile(`(?m)^(\S+) ±`).FindStringSubmatch(avg)
	if m == nil {
		t.Fatalf("no int-avg figure on the page: %q", avg)
	}
	mean, err := strconv.ParseFloat(m[1], 64)
	// %.3g on the page: its rounding is allowed on top of the error.
	if err != nil || math.Abs(mean-hierTruth(q)) > zBound*se+0.005*mean {
		t.Errorf("page's mean of n %q, truth %.4g ± %.2g (SE)", m[1], hierTruth(q), se)
	}
	split := eval[string](t, ctx, `document.querySelector('section.expr pre.split').innerText`)
	if !strings.Contains(split, "worker's samples by n") {
		t.Errorf("no split of worker's time by n:\n%s", split)
	}
}

// TestTopHTTP: sonde top -g --http on hier-test run in a loop. The flame
// graph open in the browser reloads itself as top records, until it holds
// 1000 samples; then worker is wider under dispatch_2 than under
// dispatch_1 (PCT's 2:1, certain at 1000 samples). When the loop ends the
// server goes on until SIGINT, and top's status is the command's.
func TestTopHTTP(t *testing.T) {
	requirePerf(t)
	ctx := browser(t)
	shots := artifacts(t)
	bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}})
	stop := filepath.Join(t.TempDir(), "stop")
	cmd := exec.Command(buildSonde(t), append([]string{"top", "-g", "--http", "127.0.0.1:0", "--no-browser", "--"}, loopUntil(t, stop, bin, "100000000")...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ended := make(chan bool, 1)
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`serving (http://127\.0\.0\.1:\d+/)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				lines <- m[1]
			}
			if strings.Contains(sc.Text(), "the recording ended") {
				ended <- true
			}
		}
	}()
	defer func() {
		os.WriteFile(stop, nil, 0o644)
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}()
	url := <-lines
	do(t, ctx, chromedp.Navigate(url+"flame"))
	allJS := `(e => e ? +e.dataset.value : 0)(document.querySelector('#fg .frame[data-name="all"]'))`
	var n int64
	deadline := time.Now().Add(stopCap) // a guard, not a time the test asserts
	for n < 1000 && time.Now().Before(deadline) {
		time.Sleep(500 * time.Millisecond)
		if v, err := chromedp.Run(ctx, chromedp.Evaluate[int64](allJS)); err == nil {
			n = v
		}
	}
	if n < 1000 {
		t.Fatalf("the live flame graph holds %d samples", n)
	}
	// End the loop: the recording ends and the server goes on (a page
	// loaded now holds at least the 1000 samples seen).
	os.WriteFile(stop, nil, 0o644)
	select {
	case <-ended:
	case <-time.After(stopCap): // a guard against hanging
		t.Fatal("sonde top did not say that the recording ended")
	}
	do(t, ctx, chromedp.Navigate(url+"flame"), chromedp.WaitVisible(chromedp.CSS(`#fg .frame`)))
	frames := eval[[]fgFrame](t, ctx, framesJS)
	screenshot(t, ctx, shots, "top-flame")
	w1, w2 := under(frames, "dispatch_1", "worker"), under(frames, "dispatch_2", "worker")
	if w1 <= 0 || w2 <= w1 {
		t.Errorf("worker under dispatch_2 (%.0f px) is not wider than under dispatch_1 (%.0f px)", w2, w1)
	}
	cmd.Process.Signal(os.Interrupt)
	if err := cmd.Wait(); err != nil {
		t.Errorf("sonde top after the loop and SIGINT: %v", err)
	}
}

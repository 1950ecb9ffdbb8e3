package export

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
	"sonde/report"
	"sonde/symbol"
)

// chromium runs headless Chromium on url with args and returns its
// standard output.
func chromium(t *testing.T, url string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--window-size=1200,800", "--virtual-time-budget=5000"}
	cmd := exec.CommandContext(ctx, "chromium", append(append(base, args...), url)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	return out
}

var (
	frameTag = regexp.MustCompile(`<div class="frame[^"]*"[^>]*>`)
	attr     = func(tag, name string) string {
		m := regexp.MustCompile(` ` + name + `="([^"]*)"`).FindStringSubmatch(tag)
		if m == nil {
			return ""
		}
		return strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`).Replace(m[1])
	}
)

// TestHTMLChromium writes the flame graph of a profile of the real
// inline.c binary, opens it in headless Chromium and checks the DOM the
// page's script built: every frame (name, depth, value) must be a node of
// the tree made from llvm-symbolizer --inlining's stacks for the same
// samples (fixtureProfile's samples with one leaf have one stack), and the
// widest frames must be there. A screenshot is kept in the
// test's temp directory (its path is logged).
func TestHTMLChromium(t *testing.T) {
	testprog.Require(t, "chromium")
	testprog.Require(t, "llvm-symbolizer")
	f := buildFixture(t, "-no-pie", "-fno-pie")
	p := fixtureProfile(f, 0)
	cache := symbol.NewCache(nil)
	defer cache.Close()
	var b bytes.Buffer
	if err := WriteHTML(&b, p, report.NewSymbolizer(cache, nil)); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte("http://")) || bytes.Contains(b.Bytes(), []byte("https://")) || bytes.Contains(b.Bytes(), []byte(" src=")) {
		t.Errorf("the page refers to something outside itself")
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "flame.html")
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	// the oracle's tree: "depth name" -> value, root "all" at depth 0
	want := map[string]int64{"0 all": int64(len(p.Samples))}
	asked := map[uint64]int{} // one llvm-symbolizer run per distinct stack
	for _, s := range p.Samples {
		if asked[uint64(s.Stack[0].Addr)]++; asked[uint64(s.Stack[0].Addr)] > 1 {
			continue
		}
		n := int64(0)
		for _, o := range p.Samples {
			if o.Stack[0].Addr == s.Stack[0].Addr {
				n++
			}
		}
		var addrs []uint64
		for j, l := range s.Stack {
			a := uint64(l.Addr)
			if j > 0 {
				a--
			}
			addrs = append(addrs, a)
		}
		ans, err := oracle.LLVMSymbolizer(t, f.path, addrs, oracle.LLVMOptions{Inlining: true})
		if err != nil {
			t.Fatal(err)
		}
		d := 0
		path := ""
		for i := len(ans) - 1; i >= 0; i-- {
			for k := len(ans[i].Frames) - 1; k >= 0; k-- {
				d++
				path += ";" + ans[i].Frames[k].Func
				want[strconv.Itoa(d)+" "+path] += n
			}
		}
	}

	dom := string(chromium(t, "file://"+page+"#search=^worker$", "--dump-dom"))
	tags := frameTag.FindAllString(dom, -1)
	if len(tags) == 0 {
		t.Fatalf("no frames in the DOM:\n%.2000s", dom)
	}
	// rebuild the paths from the DOM: frames are drawn parent before child
	got := map[string]int64{}
	stack := []string{}
	for _, tag := range tags {
		d, _ := strconv.Atoi(attr(tag, "data-depth"))
		v, _ := strconv.ParseInt(attr(tag, "data-value"), 10, 64)
		name := attr(tag, "data-name")
		if d == 0 {
			got["0 "+name] = v
			stack = stack[:0]
			continue
		}
		if d-1 > len(stack) {
			t.Fatalf("frame %q at depth %d drawn before its parent", name, d)
		}
		stack = append(stack[:d-1], name)
		got[strconv.Itoa(d)+" ;"+strings.Join(stack, ";")] = v
		if strings.Contains(tag, "match") != (name == "worker") {
			t.Errorf("frame %q: search ^worker$ colouring is wrong: %s", name, tag)
		}
	}
	t.Logf("frames in the DOM: %v", got)
	if len(got) != len(want) {
		t.Errorf("%d frames in the DOM, llvm-symbolizer's tree has %d: %v", len(got), len(want), want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("frame %q: value %d in the DOM, want %d (llvm-symbolizer)", k, got[k], v)
		}
	}
	// 45 of 50 samples end in worker (fixtureProfile's construction)
	if !strings.Contains(dom, "Matched: 90.00%") {
		t.Errorf("the search for ^worker$ does not say Matched: 90.00%%")
	}
	shot := filepath.Join(dir, "flame.png")
	chromium(t, "file://"+page, "--screenshot="+shot)
	png, err := os.ReadFile(shot)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("no screenshot: %v", err)
	}
	t.Logf("screenshot: %s (%d bytes)", shot, len(png))
}

// TestHTMLEscapes: names that hold markup stay data.
func TestHTMLEscapes(t *testing.T) {
	p := sampleProfile()
	p.Runs[0].Command = []string{"/bin/a&b<c>"}
	sym := tableSymbolizer{0x1150: {{Func: "</script><script>alert(1)</script>"}}}
	var b bytes.Buffer
	if err := WriteHTML(&b, p, sym); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	if strings.Contains(s, "</script><script>alert") || strings.Contains(s, "b<c>") {
		t.Errorf("markup in names reached the page unescaped")
	}
	if !strings.Contains(s, `\u003c/script\u003e`) || !strings.Contains(s, "a&amp;b&lt;c&gt;") {
		t.Errorf("escaped names missing:\n%s", s[strings.Index(s, `id="data"`):])
	}
}

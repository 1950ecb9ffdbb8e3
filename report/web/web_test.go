package web

import (
	"context"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"sonde/profile"
	"sonde/symbol"
)

func TestHostGuard(t *testing.T) {
	tests := []struct {
		bind, host string
		want       bool
	}{
		{"127.0.0.1", "127.0.0.1:8080", true},
		{"127.0.0.1", "localhost:8080", true},
		{"127.0.0.1", "LOCALHOST:8080", true},
		{"127.0.0.1", "[::1]:8080", true},
		{"127.0.0.1", "127.0.0.2:8080", true}, // loopback: no name to rebind
		{"127.0.0.1", "evil.example:8080", false},
		{"127.0.0.1", "localhost.evil.example:8080", false},
		{"127.0.0.1", "127.0.0.1:8081", false},
		{"127.0.0.1", "127.0.0.1", false}, // port 80
		{"127.0.0.1", "10.1.2.3:8080", false},
		{"", "10.1.2.3:8080", true}, // every interface: any address literal
		{"0.0.0.0", "10.1.2.3:8080", true},
		{"0.0.0.0", "myhost:8080", true},
		{"0.0.0.0", "evil.example:8080", false},
		{"::", "[fe80::1]:8080", true},
		{"10.1.2.3", "10.1.2.3:8080", true},
		{"10.1.2.3", "10.9.9.9:8080", false},
		{"box.lan", "box.lan:8080", true},
		{"box.lan", "evil.example:8080", false},
	}
	for _, tt := range tests {
		t.Run(tt.bind+"/"+tt.host, func(t *testing.T) {
			g := newHostGuard(http.NotFoundHandler(), tt.bind, 8080, "myhost")
			if got := g.allowed(tt.host); got != tt.want {
				t.Errorf("bound to %q, Host %q: allowed %v, want %v", tt.bind, tt.host, got, tt.want)
			}
		})
	}
}

// TestChange checks the diff's change and two standard deviations
// against the formula of the text --diff worked by hand:
// 2·sqrt(p1(1-p1)/N1 + p2(1-p2)/N2) in points.
func TestChange(t *testing.T) {
	tests := []struct {
		b, nb, c, nc int64
		d, e         float64
	}{
		{200, 300, 250, 300, 16.667, 6.939}, // 2/3 -> 5/6
		{100, 300, 50, 300, -16.667, 6.939},
		{300, 300, 300, 300, 0, 0},
		{0, 100, 10, 100, 10, 6},
		{5, 10, 0, 0, -50, 31.623}, // an empty side adds no variance
	}
	for _, tt := range tests {
		d, e := change(tt.b, tt.nb, tt.c, tt.nc)
		if math.Abs(d-tt.d) > 0.001 || math.Abs(e-tt.e) > 0.001 {
			t.Errorf("change(%d/%d -> %d/%d) = %.3f ±%.3f, want %.3f ±%.3f", tt.b, tt.nb, tt.c, tt.nc, d, e, tt.d, tt.e)
		}
	}
}

func TestDiffTreeFolded(t *testing.T) {
	root := &diffNode{N: "all"}
	if err := addFolded(root, []byte("main;d1;w 100\nmain;d2;w 200\n"), false); err != nil {
		t.Fatal(err)
	}
	if err := addFolded(root, []byte("main;d1;w 50\nmain;d2;w 250\nmain 0\n"), true); err != nil {
		t.Fatal(err)
	}
	judge(root, root.B, root.V)
	var got []string
	for _, c := range significant(root) {
		got = append(got, fmt.Sprintf("%s %s %+.1f", c.Path, map[bool]string{true: "flat", false: "cum"}[c.Flat], c.D))
	}
	want := "[d1 <- main cum -16.7 d2 <- main cum +16.7 w <- d1 <- main cum -16.7 w <- d2 <- main cum +16.7]"
	if s := fmt.Sprint(got); s != want {
		t.Errorf("significant changes:\n got %s\nwant %s", s, want)
	}
	if err := addFolded(root, []byte("main;x\n"), true); err == nil {
		t.Error("a folded line without a weight gave no error")
	}
}

// fakeSym names the synthetic app's addresses.
type fakeSym map[profile.Addr][]symbol.Frame

func (f fakeSym) Frames(_ *profile.Mapping, a profile.Addr) ([]symbol.Frame, error) {
	return f[a], nil
}

// TestServer serves a synthetic profile on a real listener: its pages,
// only the source files it names, 403 for a foreign Host.
func TestServer(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "app.c")
	os.WriteFile(src, []byte("int worker(void)\n{\n\treturn spin();\n}\nint main(void) { return worker(); }\n"), 0o644)
	sym := fakeSym{
		0x1150: {{Func: "worker", File: src, Line: 3}},
		0x1184: {{Func: "main", File: src, Line: 5}},
	}
	p := &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Period:      1000000,
		Mappings:    []*profile.Mapping{{Path: "/nonexistent/app", Start: 0x1000, Limit: 0x2000}},
		Runs:        []profile.Run{{ID: 1, Collector: "record", Command: []string{"app"}}},
	}
	for i := 0; i < 10; i++ {
		p.Samples = append(p.Samples, profile.Sample{
			Stack:  []profile.Location{{Mapping: 0, Addr: 0x1150}, {Mapping: 0, Addr: 0x1185}},
			Values: []int64{1, 1000000}, PID: 1, TID: 1,
		})
	}
	srv, err := New(Options{Profile: p, Title: "app.data", Sym: sym})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	addr, stop := serve(t, srv)
	defer stop()
	base := "http://" + addr.String()
	get := func(path, host string) (int, string) {
		req, _ := http.NewRequest("GET", base+path, nil)
		if host != "" {
			req.Host = host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	tests := []struct {
		path, host string
		code       int
		want       string
	}{
		{"/", "", 200, "10 samples"},
		{"/source", "", 200, src},
		{"/source?file=" + src, "", 200, `data-self="10"`},
		{"/source?file=/etc/passwd", "", 404, "no source file of this profile"},
		{"/etc/passwd", "", 404, ""},
		{"/../../etc/passwd", "", 404, ""},
		{"/flame", "", 200, "worker"},
		{"/pprof/top", "", 200, "worker"},
		{"/pprof/nothing", "", 404, ""},
		{"/coverage", "", 404, "needs counts"},
		{"/diff", "", 404, "no base profile"},
		{"/", "evil.example:" + fmt.Sprint(addr.Port), 403, "DNS rebinding"},
	}
	for _, tt := range tests {
		code, body := get(tt.path, tt.host)
		if code != tt.code || !strings.Contains(body, tt.want) {
			t.Errorf("GET %s (Host %q): %d, want %d with %q:\n%.400s", tt.path, tt.host, code, tt.code, tt.want, body)
		}
	}
}

// serve serves srv on a free port of 127.0.0.1 and returns its address
// and the function that stops it (and fails the test if Serve failed).
func serve(t *testing.T, srv *Server) (*net.TCPAddr, func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- srv.Serve(ctx, ln, "127.0.0.1") }()
	return ln.Addr().(*net.TCPAddr), func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	}
}

// TestServerLive: when the fingerprint changes, the server reloads the
// profile, /generation moves on, and the pages (pprof's included) show the
// new profile and carry the reloading script.
func TestServerLive(t *testing.T) {
	sym := fakeSym{0x1150: {{Func: "worker", File: "/src/app.c", Line: 3}}}
	mk := func(n int) *profile.Profile {
		p := &profile.Profile{
			SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}},
			Mappings:    []*profile.Mapping{{Path: "/nonexistent/app"}},
		}
		for i := 0; i < n; i++ {
			p.Samples = append(p.Samples, profile.Sample{Stack: []profile.Location{{Addr: 0x1150}}, Values: []int64{1}})
		}
		return p
	}
	var mu sync.Mutex
	fp, n := "a", 10
	srv, err := New(Options{Profile: mk(10), Sym: sym,
		Fingerprint: func() string { mu.Lock(); defer mu.Unlock(); return fp },
		Reload: func() (*profile.Profile, *profile.Profile, error) {
			mu.Lock()
			defer mu.Unlock()
			return mk(n), nil, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	addr, stop := serve(t, srv)
	defer stop()
	get := func(path string) string {
		resp, err := http.Get("http://" + addr.String() + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	if g := get("/generation"); g != "0" {
		t.Fatalf("generation %q at start", g)
	}
	for _, page := range []string{"/", "/flame", "/pprof/top"} {
		if !strings.Contains(get(page), `location.reload()`) {
			t.Errorf("%s has no reloading script", page)
		}
	}
	mu.Lock()
	fp, n = "b", 25
	mu.Unlock()
	for i := 0; get("/generation") == "0"; i++ {
		if i == 600 { // a guard against hanging: the server polls every second
			t.Fatal("no reload after the fingerprint changed")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if body := get("/"); !strings.Contains(body, "25 samples") {
		t.Errorf("after the reload the index does not show 25 samples:\n%.300s", body)
	}
}

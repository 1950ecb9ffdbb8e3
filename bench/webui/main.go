// Command webui measures the time to first render of a flame graph in a
// browser: sonde report --http on a sonde data file against go tool pprof
// -http on the pprof export of the same profile (sonde report --format
// pprof), in the same run, and prints sonde's times as ratios to pprof's.
//
// The profile is bench/report's (about 1,000,000 samples of a 64-function
// workload, recorded by perf and converted): made by go run ./bench/report
// -keep unless -data names one. Each measurement starts the server
// process and times from its start until headless chromium (one browser,
// a fresh tab each time) shows the flame graph's first boxes: pprof's
// flame graph (/ui/flamegraph of go tool pprof, /pprof/flamegraph of
// sonde, the same page) and sonde's own (/flame). Rounds alternate the
// order; medians are printed.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"sonde/bench/internal/alternate"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench/webui:", err)
		os.Exit(1)
	}
}

func run() error {
	data := flag.String("data", "", "sonde data file (default: made by go run ./bench/report -n N -keep)")
	n := flag.Int("n", 1000000, "samples wanted when the profile is made")
	rounds := flag.Int("rounds", 5, "timed rounds of each server")
	sonde := flag.String("sonde", "", "sonde binary (default: go build ./cmd/sonde)")
	chromium := flag.String("chromium", "/usr/bin/chromium", "the browser")
	window := flag.String("window", "", "FROM:TO: serve only the samples of this window of the profile (both servers)")
	flag.Parse()
	dir, err := os.MkdirTemp("", "bench-webui-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if *sonde == "" {
		if *sonde, err = alternate.BuildSonde(dir); err != nil {
			return err
		}
	}
	if *data == "" {
		keep := filepath.Join(dir, "profile")
		cmd := exec.Command("go", "run", "./bench/report", "-n", strconv.Itoa(*n), "-rounds", "1", "-keep", keep)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go run ./bench/report: %w", err)
		}
		*data = filepath.Join(keep, "sonde.data")
	}
	pb := filepath.Join(dir, "profile.pb.gz")
	var extra []string
	if *window != "" {
		extra = []string{"--window", *window}
	}
	if out, err := exec.Command(*sonde, append([]string{"report", "--format", "pprof", "-o", pb, *data}, extra...)...).CombinedOutput(); err != nil {
		return fmt.Errorf("sonde report --format pprof: %v\n%s", err, out)
	}
	ds, _ := os.Stat(*data)
	ps, _ := os.Stat(pb)
	fmt.Printf("profile: sonde.data %.1f MiB, its pprof export %.1f MiB (window %q)\n", mib(ds.Size()), mib(ps.Size()), *window)

	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(*chromium), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(filepath.Join(dir, "chromium")),
		chromedp.WindowSize(1200, 900),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))
	defer cancelAlloc()
	browser, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	if err := chromedp.Do(browser); err != nil {
		return fmt.Errorf("start chromium: %w", err)
	}

	// pprof itself, not the go command in front of it.
	out, err := exec.Command("go", "tool", "-n", "pprof").Output()
	if err != nil {
		return fmt.Errorf("go tool -n pprof: %w", err)
	}
	pprofBin := strings.TrimSpace(string(out))
	pprofTmp := filepath.Join(dir, "pprof-tmp")
	os.MkdirAll(pprofTmp, 0o755)
	servers := []server{
		{name: "go tool pprof -http, /ui/flamegraph", start: func() (*exec.Cmd, string, error) {
			port, err := freePort()
			if err != nil {
				return nil, "", err
			}
			cmd := exec.Command(pprofBin, "-http=127.0.0.1:"+port, "-no_browser", pb)
			cmd.Env = append(os.Environ(), "PPROF_TMPDIR="+pprofTmp)
			if err := cmd.Start(); err != nil {
				return nil, "", err
			}
			base := "http://127.0.0.1:" + port
			return cmd, base + "/ui/flamegraph", waitListening("127.0.0.1:" + port)
		}, ready: `#stack-chart .boxtext`},
		{name: "sonde report --http, /pprof/flamegraph", start: sondeServer(*sonde, *data, extra, "pprof/flamegraph"), ready: `#stack-chart .boxtext`},
		{name: "sonde report --http, /flame", start: sondeServer(*sonde, *data, extra, "flame"), ready: `#fg .frame`},
	}
	times := make([][]time.Duration, len(servers))
	for r := 0; r < *rounds; r++ {
		for k := range servers {
			i := (k + r) % len(servers) // alternate who goes first
			d, err := servers[i].measure(browser)
			if err != nil {
				return fmt.Errorf("%s: %w", servers[i].name, err)
			}
			times[i] = append(times[i], d)
		}
	}
	anchor := median(times[0])
	fmt.Printf("%d rounds, medians of the time from the server's start to the flame graph's first boxes:\n", *rounds)
	fmt.Printf("%-40s %9s %9s %9s %8s\n", "server, page", "median", "min", "max", "ratio")
	for i, s := range servers {
		m := median(times[i])
		fmt.Printf("%-40s %8.2fs %8.2fs %8.2fs %8.3f\n", s.name, m.Seconds(), minD(times[i]).Seconds(), maxD(times[i]).Seconds(), m.Seconds()/anchor.Seconds())
	}
	return nil
}

// server is one way of serving the flame graph.
type server struct {
	name  string
	start func() (cmd *exec.Cmd, url string, err error) // returns once it can be asked
	ready string                                        // CSS selector of a drawn box
}

// measure starts the server and times until the page shows ready.
func (s server) measure(browser context.Context) (time.Duration, error) {
	t0 := time.Now()
	cmd, url, err := s.start()
	if cmd != nil {
		defer func() {
			cmd.Process.Signal(os.Interrupt)
			cmd.Wait()
		}()
	}
	if err != nil {
		return 0, err
	}
	tab, cancel := chromedp.NewContext(browser)
	defer cancel()
	tab, cancelT := context.WithTimeout(tab, 10*time.Minute)
	defer cancelT()
	if err := chromedp.Do(tab, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(s.ready))); err != nil {
		return 0, err
	}
	return time.Since(t0), nil
}

// sondeServer starts sonde report --http and returns page's URL once the
// server printed it.
func sondeServer(sonde, data string, extra []string, page string) func() (*exec.Cmd, string, error) {
	return func() (*exec.Cmd, string, error) {
		cmd := exec.Command(sonde, append([]string{"report", "--http", "127.0.0.1:0", "--no-browser", data}, extra...)...)
		stderr, err := cmd.StderrPipe()
		if err != nil {
			return nil, "", err
		}
		if err := cmd.Start(); err != nil {
			return nil, "", err
		}
		re := regexp.MustCompile(`serving (http://\S+/)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				go io.Copy(io.Discard, stderr)
				return cmd, m[1] + page, nil
			}
		}
		return cmd, "", errors.New("sonde report --http printed no URL")
	}
}

func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port), nil
}

// waitListening polls until addr accepts connections.
func waitListening(addr string) error {
	for deadline := time.Now().Add(5 * time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return nil
		}
	}
	return fmt.Errorf("%s: nobody listens", addr)
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func minD(d []time.Duration) time.Duration {
	m := d[0]
	for _, x := range d {
		m = min(m, x)
	}
	return m
}

func maxD(d []time.Duration) time.Duration {
	m := d[0]
	for _, x := range d {
		m = max(m, x)
	}
	return m
}

func mib(n int64) float64 { return float64(n) / (1 << 20) }

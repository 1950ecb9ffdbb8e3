package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/report/web"
	"sonde/symbol"
)

// reportHTTP holds sonde report's --http and --no-browser: serve the
// report's profile through report/web instead of printing a view.
type reportHTTP struct {
	addr      string
	noBrowser bool
}

func newReportHTTP(fs *flag.FlagSet) *reportHTTP {
	h := &reportHTTP{}
	fs.StringVar(&h.addr, "http", "", "[HOST:]PORT: serve the interactive report there (PORT 0: a free port; HOST defaults to 127.0.0.1)")
	fs.BoolVar(&h.noBrowser, "no-browser", false, "with --http: do not open a browser")
	return h
}

// on reports whether --http was given.
func (h *reportHTTP) on() bool { return h.addr != "" }

// check refuses what --http cannot do with the other flags: it serves the
// whole profile, not one text view or export.
func (h *reportHTTP) check(f *reportFlags) error {
	if !h.on() {
		if h.noBrowser {
			return errors.New("--no-browser goes with --http")
		}
		return nil
	}
	if f.format != "text" || f.out != "" {
		return errors.New("--http serves the report: not with --format or -o")
	}
	if f.flat || f.functions || f.hier || f.by != "" || f.top != 0 || f.expr.wanted() {
		return errors.New("--http serves every view: give no view flag (--flat, --functions, --hier, --by, --top, --expr) with it")
	}
	for _, on := range f.more {
		if *on {
			return errors.New("--http serves every view: give no view flag with it")
		}
	}
	_, _, err := splitHTTPAddr(h.addr)
	return err
}

// splitHTTPAddr reads [HOST:]PORT: HOST defaults to 127.0.0.1 (nothing
// leaks to the network unless asked), PORT 0 or none picks a free port.
func splitHTTPAddr(addr string) (host string, port int, err error) {
	host, ps := "127.0.0.1", addr
	if i := strings.LastIndexByte(addr, ':'); i >= 0 {
		host, ps = addr[:i], addr[i+1:]
		if host == "" {
			host = "127.0.0.1"
		}
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	}
	if ps == "" {
		ps = "0"
	}
	port, err = strconv.Atoi(ps)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("--http %q: want [HOST:]PORT (PORT 0 for a free port)", addr)
	}
	return host, port, nil
}

// serve serves p (and the --diff base) until SIGINT or SIGTERM, printing
// the URL on stderr and, where a desktop exists, opening a browser on it.
func (h *reportHTTP) serve(e *env, p *profile.Profile, files []string, x *reportExtras, f *reportFlags, sym *report.ObjectSymbolizer, cache *symbol.Cache) int {
	o := web.Options{Profile: p, Title: strings.Join(files, " "), Sym: sym, Cache: cache, Messages: e.stderr}
	if f.live != 0 {
		o.Title = fmt.Sprintf("process %d", f.live)
	}
	if x.diff != "" {
		base, err := x.base(e, sym, f)
		if err != nil {
			return fail(e, "report", err)
		}
		o.Base, o.BaseName = base, x.diff
	}
	if f.live == 0 {
		// Live: a data file still being written (record, count, an
		// instrumented program) is read again when it changes.
		o.Fingerprint = func() string { return filesFingerprint(files) }
		o.Reload = h.reloader(e, files, x, f, sym, cache)
	}
	srv, err := web.New(o)
	if err != nil {
		return fail(e, "report", err)
	}
	defer srv.Close()
	ln, host, err := h.listen(e, "report")
	if err != nil {
		return fail(e, "report", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.Serve(ctx, ln, host); err != nil {
		return fail(e, "report", fmt.Errorf("--http: %w", err))
	}
	return exitOK
}

// listen opens the --http address, prints the URL on stderr and, where a
// desktop exists and --no-browser is not given, opens a browser on it.
// host is the address's host part, for the server's Host check.
func (h *reportHTTP) listen(e *env, verb string) (ln net.Listener, host string, err error) {
	host, port, err := splitHTTPAddr(h.addr)
	if err != nil {
		return nil, "", err
	}
	ln, err = net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err != nil {
		return nil, "", fmt.Errorf("--http: %w", err)
	}
	urlHost := host
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		urlHost = "127.0.0.1"
	}
	url := "http://" + net.JoinHostPort(urlHost, strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)) + "/"
	fmt.Fprintf(e.stderr, "sonde %s: serving %s (Ctrl-C stops)\n", verb, url)
	if !h.noBrowser {
		if msg := openBrowser(e, url); msg != "" {
			fmt.Fprintf(e.stderr, "sonde %s: %s\n", verb, msg)
		}
	}
	return ln, host, nil
}

// filesFingerprint names the data files matching the patterns with their
// sizes and modification times: it changes when one grows or appears.
func filesFingerprint(patterns []string) string {
	var b strings.Builder
	for _, p := range patterns {
		names := []string{p}
		if strings.ContainsAny(p, "*?[") {
			names, _ = filepath.Glob(p)
		}
		for _, n := range names {
			if fi, err := os.Stat(n); err == nil {
				fmt.Fprintf(&b, "%s %d %d\n", n, fi.Size(), fi.ModTime().UnixNano())
			}
		}
	}
	return b.String()
}

// reloader reads the files again and windows and filters them as
// runReport did the first time; the --diff base too. Each warning is
// printed once: a frame being written is read whole on a later reload.
func (h *reportHTTP) reloader(e *env, files []string, x *reportExtras, f *reportFlags, sym *report.ObjectSymbolizer, cache *symbol.Cache) func() (*profile.Profile, *profile.Profile, error) {
	said := make(map[string]bool)
	quiet := &env{stdin: e.stdin, stdout: e.stdout, stderr: io.Discard, getenv: e.getenv}
	return func() (*profile.Profile, *profile.Profile, error) {
		p, warnings, err := datafile.ReadFiles(files)
		for _, w := range warnings {
			if k := w.File + "\x00" + w.Msg; !said[k] {
				said[k] = true
				fmt.Fprintf(e.stderr, "sonde: %s\n", w)
			}
		}
		if err != nil {
			return nil, nil, err
		}
		if f.window != "" {
			from, to, err := profile.ParseWindow(f.window)
			if err != nil {
				return nil, nil, err
			}
			p = p.Window(from, to)
		}
		if f.pids != "" {
			keep, err := parsePIDs(f.pids)
			if err != nil {
				return nil, nil, err
			}
			p = selectPIDs(p, keep)
		}
		addImages(cache, p)
		if p, err = x.apply(p, sym); err != nil {
			return nil, nil, err
		}
		var base *profile.Profile
		if x.diff != "" {
			if base, err = x.base(quiet, sym, f); err != nil {
				return nil, nil, err
			}
		}
		return p, base, nil
	}
}

// openBrowser opens url with xdg-open where a desktop session exists
// ($DISPLAY or $WAYLAND_DISPLAY); elsewhere (a server, ssh, a container)
// it opens nothing and says why. It never waits for the browser.
func openBrowser(e *env, url string) string {
	if e.getenv("DISPLAY") == "" && e.getenv("WAYLAND_DISPLAY") == "" {
		return "no desktop ($DISPLAY and $WAYLAND_DISPLAY unset): open the URL in a browser"
	}
	path, err := exec.LookPath("xdg-open")
	if err != nil {
		return "no xdg-open: open the URL in a browser"
	}
	cmd := exec.Command(path, url)
	if err := cmd.Start(); err != nil {
		return fmt.Sprintf("xdg-open: %v: open the URL in a browser", err)
	}
	go cmd.Wait()
	return ""
}

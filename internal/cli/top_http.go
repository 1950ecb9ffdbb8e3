package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/report/web"
	"sonde/symbol"
)

// checkTop validates sonde top's --http and --no-browser.
func (h *reportHTTP) checkTop() error {
	if !h.on() {
		if h.noBrowser {
			return errors.New("--no-browser goes with --http")
		}
		return nil
	}
	_, _, err := splitHTTPAddr(h.addr)
	return err
}

// serveTop serves the data file sonde top records into, live (report/web
// reads it again as it grows and the pages reload themselves), from before
// the recording starts. finish is called when the recording has ended: the
// server goes on with the complete profile until SIGINT or SIGTERM.
func (h *reportHTTP) serveTop(e *env, out string, cmd []string, sym *report.ObjectSymbolizer, cache *symbol.Cache) (finish func(), err error) {
	title := "sonde top"
	if len(cmd) > 0 {
		title += ": " + strings.Join(cmd, " ")
	}
	srv, err := web.New(web.Options{
		Profile: &profile.Profile{}, Title: title, Sym: sym, Cache: cache, Messages: e.stderr,
		Fingerprint: func() string { return filesFingerprint([]string{out}) },
		Reload: func() (*profile.Profile, *profile.Profile, error) {
			p, _, err := datafile.ReadFile(out)
			if err != nil {
				return nil, nil, err
			}
			addImages(cache, p)
			return p, nil, nil
		},
	})
	if err != nil {
		return nil, err
	}
	ln, host, err := h.listen(e, "top")
	if err != nil {
		srv.Close()
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln, host) }()
	return func() {
		defer srv.Close()
		sig, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		fmt.Fprintf(e.stderr, "sonde top: the recording ended; serving its profile until Ctrl-C\n")
		select {
		case <-sig.Done():
		case err := <-done:
			if err != nil {
				fmt.Fprintf(e.stderr, "sonde top: --http: %v\n", err)
			}
			cancel()
			return
		}
		cancel()
		<-done
	}, nil
}

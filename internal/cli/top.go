package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"time"

	"sonde/internal/linux/unix"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/sample"
	"sonde/symbol"
)

func topVerb() *verb {
	return &verb{
		name:    "top",
		summary: "sample like record and show the profile live",
		run:     runTop,
		usage: `
Usage: sonde top [-F HZ] [-g | --call-graph fp|dwarf] [--rows N] [-o FILE]
                 [--http [HOST:]PORT [--no-browser]] (-p PID[,PID...] | -- CMD ARGS...)

Collects like 'sonde record' and shows the hottest functions every second,
with their self (flat) and total (cum) shares, the samples, processes and
lost records so far. q (or Ctrl-C) quits: with -p sonde detaches and the
processes run on; a command is sent SIGTERM and its exit status is sonde's.
The samples are kept in FILE (default: a temporary file, removed at the end).

--http [HOST:]PORT serves the profile as it grows on http://HOST:PORT/ too
(sonde report --http's pages, which reload themselves; HOST defaults to
127.0.0.1, PORT 0 picks a free one, the URL is printed on stderr); when the
recording has ended the server goes on until Ctrl-C.

Examples:
  sonde top -p $(pidof postgres)
  sonde top -g -- ./simulation --steps 100000
  sonde top -g --http 0 -p $(pidof postgres)
`,
	}
}

func runTop(e *env, args []string) int {
	fs := newFlagSet(e, "top")
	f := &recordFlags{}
	f.register(fs)
	rows := fs.Int("rows", 20, "functions shown")
	h := newReportHTTP(fs) // top_http.go: --http, --no-browser
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	opts, pids, err := f.options()
	if err == nil {
		err = h.checkTop()
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "sonde top: %v\n", err)
		return exitUsage
	}
	cmdArgs := fs.Args()
	if (len(pids) == 0) == (len(cmdArgs) == 0) {
		fmt.Fprintln(e.stderr, "sonde top: give either -p PID or -- CMD ARGS... (see 'sonde help top')")
		return exitUsage
	}
	out := f.out
	explicit := false
	fs.Visit(func(fl *flagT) {
		if fl.Name == "o" {
			explicit = true
		}
	})
	if !explicit {
		tmp, err := os.CreateTemp("", "sonde-top-*.data")
		if err != nil {
			return fail(e, "top", err)
		}
		tmp.Close()
		out = tmp.Name()
		defer os.Remove(out)
	}
	quit := make(chan struct{})
	tty := false
	if in, ok := e.stdin.(*os.File); ok && unix.IsTerminal(int(in.Fd())) {
		tty = true
		if restore, err := unix.Cbreak(int(in.Fd())); err == nil {
			defer restore()
		}
	}
	if len(cmdArgs) == 0 || tty {
		// The command (if any) does not share a terminal's input with
		// sonde top: keys are sonde's. A piped stdin is the command's.
		go watchQuit(e.stdin, quit)
	}
	cache := symbol.NewCache(nil)
	defer cache.Close()
	sym := report.NewSymbolizer(cache, io.Discard)
	clear := ""
	if o, ok := e.stdout.(*os.File); ok && unix.IsTerminal(int(o.Fd())) {
		clear = "\x1b[H\x1b[2J"
	}
	start := time.Now()
	sampler, err := chooseTimeSampler(e, "top", f.sampler, &opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "sonde top: %v\n", err)
		return exitUsage
	}
	if h.on() {
		finish, err := h.serveTop(e, out, cmdArgs, sym, cache)
		if err != nil {
			return fail(e, "top", err)
		}
		defer finish()
	}
	rec := &recording{e: e, opts: opts, out: out, pids: pids, cmd: cmdArgs, duration: f.duration, quiet: true, quit: quit, verb: "top", sampler: sampler}
	if len(cmdArgs) > 0 && tty {
		rec.cmdStdin = nullReader{}
	}
	rec.live = func(s *sample.Sampler) {
		p, _, err := datafile.ReadFile(out)
		if err == nil {
			addImages(cache, p)
		}
		if err != nil {
			return
		}
		var b bytes.Buffer
		st := s.Stats()
		fmt.Fprintf(&b, "%ssonde top: %.0fs, %d samples, %d processes, %d lost; q quits\n", clear, time.Since(start).Seconds(), st.Samples, st.Processes, st.Lost)
		if len(p.Samples) > 0 {
			report.Write(&b, p, sym, &report.Options{View: report.ViewFunctions, Top: *rows})
		}
		e.stdout.Write(b.Bytes())
	}
	code := rec.run()
	// The last picture, complete.
	if p, _, err := datafile.ReadFile(out); err == nil && len(p.Samples) > 0 {
		addImages(cache, p)
		var b bytes.Buffer
		fmt.Fprintf(&b, "%ssonde top: %.1fs, final\n", clear, time.Since(start).Seconds())
		report.Write(&b, p, sym, &report.Options{View: report.ViewFunctions, Top: *rows})
		e.stdout.Write(b.Bytes())
	}
	return code
}

// watchQuit closes quit when 'q' is read from r.
func watchQuit(r io.Reader, quit chan struct{}) {
	br := bufio.NewReader(r)
	for {
		c, err := br.ReadByte()
		if err != nil {
			return
		}
		if c == 'q' || c == 'Q' {
			close(quit)
			return
		}
	}
}

// nullReader is an empty standard input.
type nullReader struct{}

func (nullReader) Read([]byte) (int, error) { return 0, io.EOF }

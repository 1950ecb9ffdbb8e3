// Package web serves sonde's interactive report (sonde report --http): one
// HTTP handler over the merged, filtered profile of a report. For sampled
// profiles it mounts pprof's own web UI under /pprof/ (through
// github.com/google/pprof/driver, with sonde's symbolizer and disassembler,
// so no pprof, objdump or addr2line binary); beside it sonde's own pages:
// a flame graph (/flame, export's page), annotated source with exact counts
// and sampled time side by side (/source), coverage per file and function
// (/coverage) and, given a base profile, a diff flame graph (/diff).
//
// Nothing leaks: the handler serves only these pages of the profiles it
// was given (a source file only when the profile names it), and refuses
// with 403 a request whose Host header is not the server's own (DNS
// rebinding). Binding to 127.0.0.1 is the caller's default.
package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"sonde/export"
	"sonde/export/pprofweb"
	"sonde/profile"
	"sonde/symbol"
)

//go:embed pages/*.html
var pageFiles embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"sub": func(a, b int) int { return a - b },
	"pct": func(a, b int) string {
		if b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
	},
	"barWidth": func(ran, total int) int {
		if total == 0 {
			return 0
		}
		return 100 * (total - ran) / total
	},
}).ParseFS(pageFiles, "pages/*.html"))

// Options are what a Server serves.
type Options struct {
	// Profile is the merged and filtered profile of the report.
	Profile *profile.Profile
	// Base is the profile to compare with (--diff), or nil.
	Base *profile.Profile
	// Title names the profile on the pages (the data files).
	Title string
	// BaseName names Base.
	BaseName string
	// Sym symbolizes for the pages and exports (report.ObjectSymbolizer).
	Sym export.Symbolizer
	// Cache opens object files for pprof's source and disassembly views.
	Cache *symbol.Cache
	// Messages gets pprof's and the pages' warnings, one line each.
	Messages io.Writer
	// Fingerprint, when set, makes the server live: it is called every
	// second (while Serve runs), and when its answer changes (a data file
	// grew), Reload gives the profiles anew and every page open in a
	// browser reloads itself.
	Fingerprint func() string
	// Reload reads the profile and base again, filtered as the first
	// time; nil base when there is none.
	Reload func() (p, base *profile.Profile, err error)
}

// Server holds the pages of one report. Each page is built on its first
// request and kept until the data files change (Options.Fingerprint). A
// Server is safe for concurrent use.
type Server struct {
	o   Options
	obj *objTool
	mux *http.ServeMux // the pages, under / and under /w/FROM:TO/

	mu      sync.Mutex
	gen     int              // bumped at each reload
	root    *view            // the whole profile
	windows map[string]*view // by window, for the current generation
}

// view is the profiles of one generation, whole or in a window, and the
// pages built from them.
type view struct {
	p, base *profile.Profile
	gen     int
	window  string // "" or FROM:TO
	prefix  string // "" or /w/FROM:TO, before every link

	pprofOnce sync.Once
	pprof     http.Handler
	pprofErr  error

	flameOnce sync.Once
	flame     []byte
	flameErr  error

	modelOnce sync.Once
	model     *sourceModel
	modelErr  error

	diffOnce sync.Once
	diff     *diffNode
	diffErr  error

	timelineOnce sync.Once
	timeline     *timeline
}

type viewKey struct{}

// viewOf is the view a request was routed to.
func viewOf(r *http.Request) *view { return r.Context().Value(viewKey{}).(*view) }

// New returns the server of o's profiles.
func New(o Options) (*Server, error) {
	if o.Profile == nil {
		return nil, errors.New("web: no profile")
	}
	if o.Messages == nil {
		o.Messages = io.Discard
	}
	if o.Cache == nil {
		o.Cache = symbol.NewCache(nil)
	}
	s := &Server{o: o, obj: newObjTool(o.Cache), mux: http.NewServeMux()}
	s.root = &view{p: o.Profile, base: o.Base}
	s.windows = make(map[string]*view)
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /flame", s.flamePage)
	s.mux.HandleFunc("GET /source", s.source)
	s.mux.HandleFunc("GET /coverage", s.coverage)
	s.mux.HandleFunc("GET /diff", s.diffPage)
	s.mux.HandleFunc("GET /timeline", s.timelinePage)
	s.mux.HandleFunc("GET /expr", s.exprPage)
	s.mux.Handle("/pprof/", http.StripPrefix("/pprof", http.HandlerFunc(s.pprofUI)))
	return s, nil
}

// errNoSamples is the answer of the pages that show samples only.
var errNoSamples = errors.New("this profile has no samples (see source and coverage)")

// errNoExprs is the expressions page's answer for a profile without them.
var errNoExprs = errors.New("this profile has no expression values (sonde record --expr PROG@FUNC@EXPR)")

// maxWindows bounds the windowed views kept at once (each may hold a
// pprof UI of its own); the oldest goes first.
const maxWindows = 8

// route serves a request on the whole profile, or, under /w/FROM:TO/, on
// its samples in that window (profile.ParseWindow's syntax, relative to
// the profile's origin); /generation answers the live pages' poll.
func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/generation" {
		s.mu.Lock()
		g := s.gen
		s.mu.Unlock()
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprint(w, g)
		return
	}
	s.mu.Lock()
	v := s.root
	s.mu.Unlock()
	if rest, ok := strings.CutPrefix(r.URL.Path, "/w/"); ok {
		win, path, _ := strings.Cut(rest, "/")
		from, to, err := profile.ParseWindow(win)
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		v = s.windowed(win, from, to)
		r2 := new(http.Request)
		*r2 = *r
		u := *r.URL
		u.Path, u.RawPath = "/"+path, ""
		r2.URL = &u
		r = r2
	}
	s.mux.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), viewKey{}, v)))
}

// windowed returns the view of the window win, making it on first use.
func (s *Server) windowed(win string, from, to time.Duration) *view {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v := s.windows[win]; v != nil {
		return v
	}
	if len(s.windows) >= maxWindows {
		clear(s.windows)
	}
	v := &view{p: s.root.p.Window(from, to), gen: s.gen, window: win, prefix: "/w/" + win}
	if s.root.base != nil {
		v.base = s.root.base.Window(from, to)
	}
	s.windows[win] = v
	return v
}

// watch polls o.Fingerprint every second until ctx ends, reloading the
// profiles when it changes.
func (s *Server) watch(ctx context.Context) {
	last, lastErr := s.o.Fingerprint(), ""
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		fp := s.o.Fingerprint()
		if fp == last {
			continue
		}
		p, base, err := s.o.Reload()
		if err != nil {
			// Said once: a file not written yet, or a frame being
			// written, is read whole on a later tick.
			if msg := err.Error(); msg != lastErr {
				lastErr = msg
				fmt.Fprintf(s.o.Messages, "sonde: reload: %v\n", err)
			}
			continue
		}
		last, lastErr = fp, ""
		s.mu.Lock()
		s.gen++
		s.root = &view{p: p, base: base, gen: s.gen}
		s.windows = make(map[string]*view)
		s.mu.Unlock()
	}
}

// Close releases the object files pprof's views opened.
func (s *Server) Close() { s.obj.close() }

// Handler returns the server's handler for a listener bound to bindHost
// ("" or an address or name) on port: requests naming another host are
// refused.
func (s *Server) Handler(bindHost string, port int) http.Handler {
	name, _ := os.Hostname()
	return newHostGuard(http.HandlerFunc(s.route), bindHost, port, name)
}

// Serve serves on ln until ctx ends, then shuts down within a second.
// bindHost is the host part of the address ln was asked for.
func (s *Server) Serve(ctx context.Context, ln net.Listener, bindHost string) error {
	port := ln.Addr().(*net.TCPAddr).Port
	hs := &http.Server{Handler: s.Handler(bindHost, port), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	if s.o.Fingerprint != nil && s.o.Reload != nil {
		wctx, stop := context.WithCancel(ctx)
		defer stop()
		go s.watch(wctx)
	}
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		hs.Shutdown(sctx)
		return nil
	}
}

// pageData is what every page's template reads.
type pageData struct {
	Title, Page, BaseName string
	HasSamples, HasCounts bool
	HasDiff, HasTime      bool
	HasExprs              bool
	// Base goes before every link: "" or /w/FROM:TO.
	Base, Window string
	// Live is the script that reloads the page when the data changes,
	// "" when the server is not live.
	Live template.HTML
}

func (s *Server) data(v *view, page string) pageData {
	return pageData{
		Title: s.o.Title, Page: page, BaseName: s.o.BaseName,
		HasSamples: len(v.p.Samples) > 0,
		HasCounts:  len(v.p.Units) > 0,
		HasDiff:    v.base != nil,
		HasExprs:   len(v.p.Exprs) > 0,
		Base:       v.prefix, Window: v.window,
		Live: template.HTML(s.liveScript(v)),
	}
}

// liveScript polls /generation every second and reloads the page when
// the server has read the data files again.
func (s *Server) liveScript(v *view) string {
	if s.o.Fingerprint == nil {
		return ""
	}
	return fmt.Sprintf(`<script>
"use strict";
setInterval(() => fetch("/generation", {cache: "no-store"}).then(r => r.text()).then(g => {
  if (g !== "%d") location.reload();
}).catch(() => {}), 1000);
</script>`, v.gen)
}

// withLive inserts the live script before a page's </body>.
func (s *Server) withLive(v *view, page []byte) []byte {
	js := s.liveScript(v)
	i := bytes.LastIndex(page, []byte("</body>"))
	if js == "" || i < 0 {
		return page
	}
	out := make([]byte, 0, len(page)+len(js))
	out = append(append(append(out, page[:i]...), js...), page[i:]...)
	return out
}

// render executes a page into a buffer first, so that a failure is an
// error page and not half a page.
func (s *Server) render(w http.ResponseWriter, name string, data any) {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, "render "+name+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
}

// fail shows err on a page of its own, with status code.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, code int, err error) {
	w.WriteHeader(code)
	s.render(w, "message", struct {
		pageData
		Message string
	}{s.data(viewOf(r), "message"), err.Error()})
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	v := viewOf(r)
	type run struct {
		ID        uint64
		Collector string
		Command   string
		Lost      uint64
	}
	var runs []run
	for _, r := range v.p.Runs {
		runs = append(runs, run{r.ID, r.Collector, strings.Join(r.Command, " "), r.Lost})
	}
	s.render(w, "index", struct {
		pageData
		Runs           []run
		Samples, Units int
	}{s.data(v, "index"), runs, len(v.p.Samples), len(v.p.Units)})
}

// flamePage serves export's self-contained flame graph page of the
// profile (samples, or counts for a counting profile).
func (s *Server) flamePage(w http.ResponseWriter, r *http.Request) {
	v := viewOf(r)
	v.flameOnce.Do(func() {
		var b bytes.Buffer
		v.flameErr = export.WriteHTML(&b, v.p, s.o.Sym)
		v.flame = s.withLive(v, b.Bytes())
	})
	if v.flameErr != nil {
		s.fail(w, r, http.StatusInternalServerError, v.flameErr)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(v.flame)
}

// pprofUI serves pprof's web UI of the samples.
func (s *Server) pprofUI(w http.ResponseWriter, r *http.Request) {
	v := viewOf(r)
	v.pprofOnce.Do(func() { v.pprof, v.pprofErr = s.newPprof(v) })
	if v.pprofErr != nil {
		s.fail(w, r, http.StatusNotFound, v.pprofErr)
		return
	}
	v.pprof.ServeHTTP(w, r)
}

func (s *Server) newPprof(v *view) (http.Handler, error) {
	if len(v.p.Samples) == 0 {
		return nil, errNoSamples
	}
	// Only the samples: a profile merged from record and count files
	// holds both, and a pprof profile has one set of value types.
	samples := *v.p
	samples.Units, samples.CountTypes, samples.Listings = nil, nil, nil
	handlers, err := pprofweb.Handlers(&samples, pprofweb.Options{Sym: s.o.Sym, Obj: s.obj, Messages: s.o.Messages})
	if err != nil {
		return nil, err
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := handlers[r.URL.Path]
		if h == nil {
			http.NotFound(w, r)
			return
		}
		if s.o.Fingerprint == nil {
			h.ServeHTTP(w, r)
			return
		}
		// Live: pprof's HTML pages get the reloading script too.
		rec := &recorder{header: make(http.Header), code: http.StatusOK}
		h.ServeHTTP(rec, r)
		body := rec.body.Bytes()
		if strings.HasPrefix(rec.header.Get("Content-Type"), "text/html") {
			body = s.withLive(v, body)
		}
		for k, vs := range rec.header {
			w.Header()[k] = vs
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(rec.code)
		w.Write(body)
	}), nil
}

// recorder keeps a response to change it before it is sent.
type recorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *recorder) WriteHeader(code int)        { r.code = code }

func (s *Server) sourceModel(v *view) (*sourceModel, error) {
	v.modelOnce.Do(func() { v.model, v.modelErr = newSourceModel(v.p, s.o.Sym) })
	return v.model, v.modelErr
}

// source lists the source files, or annotates the one named by ?file=,
// which must be a file the profile names.
func (s *Server) source(w http.ResponseWriter, r *http.Request) {
	v := viewOf(r)
	m, err := s.sourceModel(v)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	d := s.data(v, "source")
	d.HasTime = m.hasTime
	name := r.URL.Query().Get("file")
	if name == "" {
		s.render(w, "files", struct {
			pageData
			Files []*fileStat
		}{d, m.sortedFiles()})
		return
	}
	f := m.files[name]
	if f == nil {
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("%q is no source file of this profile", name))
		return
	}
	rows, readErr := annotate(f, m)
	var errText string
	if readErr != nil {
		errText = readErr.Error()
	}
	s.render(w, "source", struct {
		pageData
		File    *fileStat
		Rows    []sourceRow
		ReadErr string
	}{d, f, rows, errText})
}

// sourceRow is one line of the annotated source.
type sourceRow struct {
	N             int
	Text          string
	Counted       bool
	Count         uint64
	CountText     string
	Self, Cum     int64
	SelfPct, Time string
	Hot           bool
}

// annotate reads the file and puts each line beside its numbers; where the
// file cannot be read, only the lines with numbers are listed.
func annotate(f *fileStat, m *sourceModel) ([]sourceRow, error) {
	text, err := os.ReadFile(f.Name)
	var lines []string
	if err == nil {
		lines = strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	} else {
		err = fmt.Errorf("read %s: %w", filepath.Base(f.Name), errors.Unwrap(err))
	}
	maxSelf := int64(0)
	last := len(lines)
	for n, l := range f.Lines {
		if n > last {
			last = n
		}
		maxSelf = max(maxSelf, l.Self)
	}
	var rows []sourceRow
	for n := 1; n <= last; n++ {
		row := sourceRow{N: n}
		if n <= len(lines) {
			row.Text = strings.ReplaceAll(lines[n-1], "\t", "        ")
		}
		l := f.Lines[n]
		if l == nil && n > len(lines) {
			continue
		}
		if l != nil {
			row.Counted, row.Count, row.Self, row.Cum = l.Counted, l.Count, l.Self, l.Cum
			if l.Counted {
				row.CountText = thousands(l.Count)
			}
			if l.Self > 0 && m.samples > 0 {
				row.SelfPct = fmt.Sprintf("%.1f%%", 100*float64(l.Self)/float64(m.samples))
				row.Hot = l.Self*2 >= maxSelf
			}
			if l.SelfNS > 0 {
				row.Time = time.Duration(l.SelfNS).Round(time.Millisecond).String()
			}
		}
		rows = append(rows, row)
	}
	return rows, err
}

// thousands writes n with comma separators, as the listings print counts.
func thousands(n uint64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// coverage shows what ran per file and function, what never ran in red.
func (s *Server) coverage(w http.ResponseWriter, r *http.Request) {
	v := viewOf(r)
	m, err := s.sourceModel(v)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	if !m.hasCounts {
		s.fail(w, r, http.StatusNotFound, errors.New("coverage needs counts (sonde count, sonde cc): this profile has samples only"))
		return
	}
	var files []*fileStat
	code, ran := 0, 0
	for _, f := range m.sortedFiles() {
		if f.CodeLines > 0 {
			files = append(files, f)
			code += f.CodeLines
			ran += f.RunLines
		}
	}
	linePct := "-"
	if code > 0 {
		linePct = fmt.Sprintf("%.1f%%", 100*float64(ran)/float64(code))
	}
	runFuncs := 0
	for _, f := range m.funcs {
		if f.Ran > 0 {
			runFuncs++
		}
	}
	s.render(w, "coverage", struct {
		pageData
		Files               []*fileStat
		Funcs               []*funcStat
		CodeLines, RunLines int
		NFuncs, RunFuncs    int
		LinePct             string
	}{s.data(v, "coverage"), files, m.funcs, code, ran, len(m.funcs), runFuncs, linePct})
}

// diffPage serves the diff flame graph.
func (s *Server) diffPage(w http.ResponseWriter, r *http.Request) {
	v := viewOf(r)
	if v.base == nil {
		s.fail(w, r, http.StatusNotFound, errors.New("no base profile: start sonde report --http with --diff BASE.data"))
		return
	}
	v.diffOnce.Do(func() { v.diff, v.diffErr = diffTree(v.base, v.p, s.o.Sym) })
	if v.diffErr != nil {
		s.fail(w, r, http.StatusInternalServerError, v.diffErr)
		return
	}
	data, err := jsonJS(v.diff)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	s.render(w, "diff", struct {
		pageData
		Data                    template.JS
		Changes                 []diffChange
		NewSamples, BaseSamples int64
	}{s.data(v, "diff"), data, significant(v.diff), v.diff.V, v.diff.B})
}

// jsonJS encodes v for a script element: json.Marshal escapes <, > and &,
// so the data cannot end the element.
func jsonJS(v any) (template.JS, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return template.JS(b), nil
}

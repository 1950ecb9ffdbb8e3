// Package pprofweb serves pprof's own web UI (through
// github.com/google/pprof/driver) on a sonde profile, converted by package
// export: report/web mounts its handlers. With package export it is the
// only importer of github.com/google/pprof/profile, whose types pprof's
// driver takes.
package pprofweb

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/google/pprof/driver"
	pp "github.com/google/pprof/profile"

	"sonde/export"
	"sonde/profile"
)

// Options are what Handlers needs besides the profile.
type Options struct {
	// Sym names the profile's locations (see export.Pprof); nil leaves
	// them unnamed.
	Sym export.Symbolizer
	// Obj opens object files for pprof's source and disassembly views.
	Obj driver.ObjTool
	// Messages gets what pprof prints, one line each.
	Messages io.Writer
}

// Handlers converts the samples of p to a pprof profile (export.Pprof),
// runs pprof's driver on it in its web mode and returns the handlers of its
// web UI (top, graph, flame graph, peek, source, disassembly, download) by
// path, to be mounted in the caller's mux: driver.Options.HTTPServer
// receives them instead of starting a server. The profile comes from a
// Fetcher (no file, no URL); names come from o.Sym, already in the profile
// (pprof's Sym changes nothing); object files are read by o.Obj (no
// objdump, no addr2line).
func Handlers(p *profile.Profile, o Options) (map[string]http.Handler, error) {
	prof, err := export.Pprof(p, o.Sym)
	if err != nil {
		return nil, err
	}
	// The export merges samples with the same stack and labels (pid,
	// tid, comm); Compact merges what is left the same (locations,
	// functions), as pprof merges profiles, so that its views (the flame
	// graph lists each sample it is given) grow with the distinct stacks,
	// not the samples.
	prof = prof.Compact()
	return driverHandlers(prof, o.Obj, o.Messages)
}

// driverHandlers runs pprof's driver on prof and keeps its handlers.
func driverHandlers(prof *pp.Profile, obj driver.ObjTool, messages io.Writer) (map[string]http.Handler, error) {
	var handlers map[string]http.Handler
	opts := &driver.Options{
		Flagset: &pprofFlags{FlagSet: flag.NewFlagSet("pprof", flag.ContinueOnError),
			// The address is pprof's to print, never to listen on:
			// HTTPServer below only keeps the handlers.
			// -source_path=/: sonde's file names are absolute (the
			// compilation directory joined); pprof's default, the
			// working directory, would trim any path holding the
			// directory's base name and then miss the file.
			args: []string{"-http=127.0.0.1:1", "-no_browser", "-source_path=/", "sonde"}},
		Fetch: fetcher{prof},
		Sym:   keepNames{},
		Obj:   obj,
		UI:    &pprofUI{w: messages},
		HTTPServer: func(a *driver.HTTPServerArgs) error {
			handlers = a.Handlers
			return nil
		},
	}
	if err := driver.PProf(opts); err != nil {
		return nil, fmt.Errorf("pprof web UI: %w", err)
	}
	if handlers == nil {
		return nil, errors.New("pprof web UI: the driver gave no handlers")
	}
	return handlers, nil
}

// fetcher hands pprof the converted profile.
type fetcher struct{ p *pp.Profile }

func (f fetcher) Fetch(string, time.Duration, time.Duration) (*pp.Profile, string, error) {
	return f.p, "", nil
}

// keepNames is the pprof Symbolizer: sonde's own symbolizer named every
// location when the profile was converted (export.Pprof), inline frames
// included, so nothing is left for pprof to look up, and pprof must not
// run addr2line or fetch symbols from anywhere.
type keepNames struct{}

func (keepNames) Symbolize(string, driver.MappingSources, *pp.Profile) error { return nil }

// pprofFlags is the driver's FlagSet over a fixed command line.
type pprofFlags struct {
	*flag.FlagSet
	args  []string
	extra []string
}

func (f *pprofFlags) StringList(name, def, usage string) *[]*string {
	return &[]*string{f.String(name, def, usage)}
}

func (f *pprofFlags) ExtraUsage() string { return strings.Join(f.extra, "\n") }

func (f *pprofFlags) AddExtraUsage(eu string) { f.extra = append(f.extra, eu) }

func (f *pprofFlags) Parse(usage func()) []string {
	f.FlagSet.Usage = usage
	f.FlagSet.SetOutput(io.Discard)
	if err := f.FlagSet.Parse(f.args); err != nil {
		return nil
	}
	return f.FlagSet.Args()
}

// pprofUI passes pprof's messages on (its "Serving web UI on" line
// included, which names the dummy address: it is dropped) and never reads
// a command.
type pprofUI struct{ w io.Writer }

func (u *pprofUI) ReadLine(string) (string, error) { return "", io.EOF }

func (u *pprofUI) Print(args ...any) {
	msg := fmt.Sprint(args...)
	if strings.HasPrefix(msg, "Serving web UI on") {
		return
	}
	u.PrintErr(msg)
}

func (u *pprofUI) PrintErr(args ...any) {
	msg := strings.ReplaceAll(strings.TrimSpace(fmt.Sprint(args...)), "\n", "; ")
	fmt.Fprintf(u.w, "sonde: pprof: %s\n", msg)
}

func (u *pprofUI) IsTerminal() bool                    { return false }
func (u *pprofUI) WantBrowser() bool                   { return false }
func (u *pprofUI) SetAutoComplete(func(string) string) {}

package cli

import (
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
)

// reportExtras are the report flags that select part of the profile or
// compare two: --focus, --ignore, --comm, --object and --diff.
type reportExtras struct {
	focus, ignore string
	comms         string
	objects       string
	diff          string
	editor        bool
	sort          string
	col           report.SortColumn
	filter        report.Filter
	fs            *flag.FlagSet
}

// newReportExtras defines the extras' flags on fs.
func newReportExtras(fs *flag.FlagSet) *reportExtras {
	x := &reportExtras{fs: fs}
	fs.StringVar(&x.focus, "focus", "", "REGEXP: keep samples with a matching function on the stack (units: of their function)")
	fs.StringVar(&x.ignore, "ignore", "", "REGEXP: drop samples with a matching function on the stack")
	fs.StringVar(&x.comms, "comm", "", "NAME[,NAME...]: keep the samples of processes with these command names")
	fs.StringVar(&x.objects, "object", "", "OBJ[,OBJ...]: keep samples whose leaf is in these objects (path or base name)")
	fs.StringVar(&x.diff, "diff", "", "BASE.data: show what got dearer or cheaper against BASE")
	fs.StringVar(&x.sort, "sort", "", "sort listings by flat, cum, name (diff: delta, base, new)")
	fs.BoolVar(&x.editor, "editor", false, "with --flat --by line or --coverage: file:line: lines for editors' jump lists")
	return x
}

// check validates the extras' flags for the output format.
func (x *reportExtras) check(format string) error {
	var err error
	if x.focus != "" {
		if x.filter.Focus, err = regexp.Compile(x.focus); err != nil {
			return fmt.Errorf("--focus: %w", err)
		}
	}
	if x.ignore != "" {
		if x.filter.Ignore, err = regexp.Compile(x.ignore); err != nil {
			return fmt.Errorf("--ignore: %w", err)
		}
	}
	if x.comms != "" {
		x.filter.Comms = strings.Split(x.comms, ",")
	}
	if x.objects != "" {
		x.filter.Objects = strings.Split(x.objects, ",")
	}
	if x.sort != "" {
		if x.col, err = report.ParseSort(x.sort); err != nil {
			return err
		}
		if format != "text" {
			return fmt.Errorf("--sort orders a text view: not with --format %s", format)
		}
	}
	if x.diff != "" && format != "text" {
		return fmt.Errorf("--diff prints a text view: not with --format %s", format)
	}
	if x.editor && (format != "text" || x.diff != "") {
		return fmt.Errorf("--editor prints a text view: not with --format %s or --diff", format)
	}
	return nil
}

// flagSet reports whether the boolean flag name was given.
func (x *reportExtras) flagSet(name string) bool {
	fl := x.fs.Lookup(name)
	return fl != nil && fl.Value.String() == "true"
}

// apply returns the part of p the filters keep.
func (x *reportExtras) apply(p *profile.Profile, sym report.Symbolizer) (*profile.Profile, error) {
	return x.filter.Apply(p, sym)
}

// write prints the text view of p, or with --diff the diff of p against
// the base file, read and then windowed and filtered as p was.
func (x *reportExtras) write(e *env, w io.Writer, p *profile.Profile, sym report.Symbolizer, opts *report.Options, f *reportFlags) error {
	if opts != nil {
		opts.Sort = x.col
	}
	if x.editor {
		coverage := x.flagSet("coverage")
		if !coverage && (opts.View != report.ViewDefault && opts.View != report.ViewFlat || opts.By != 0 && opts.By != report.ByLine) {
			return fmt.Errorf("--editor prints --flat --by line or --coverage, not --%v", opts.View)
		}
		return report.WriteEditor(w, p, sym, coverage, opts.Top)
	}
	if x.diff == "" {
		return report.Write(w, p, sym, opts)
	}
	base, err := x.base(e, sym, f)
	if err != nil {
		return err
	}
	if opts != nil && opts.View != report.ViewDefault && opts.View != report.ViewFlat {
		return fmt.Errorf("--diff compares flat profiles (--by line|function|file|object), not --%v", opts.View)
	}
	return report.WriteDiff(w, base, p, sym, opts)
}

// base reads the --diff base file and windows and filters it as the
// profile it is compared with.
func (x *reportExtras) base(e *env, sym report.Symbolizer, f *reportFlags) (*profile.Profile, error) {
	base, warnings, err := datafile.ReadFiles([]string{x.diff})
	for _, wn := range warnings {
		fmt.Fprintf(e.stderr, "sonde: %s\n", wn)
	}
	if err != nil {
		return nil, fmt.Errorf("--diff: %w", err)
	}
	if f.window != "" {
		from, to, err := profile.ParseWindow(f.window)
		if err != nil {
			return nil, err
		}
		base = base.Window(from, to)
	}
	if f.pids != "" {
		keep, err := parsePIDs(f.pids)
		if err != nil {
			return nil, err
		}
		base = selectPIDs(base, keep)
	}
	return x.apply(base, sym)
}

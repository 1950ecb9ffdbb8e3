package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"sonde/export"
	ccruntime "sonde/instrument/runtime"
	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/symbol"
)

const reportUsage = `
Usage: sonde report [VIEW] [-p PID] [--top N] [--http [HOST:]PORT [--no-browser]] [--format text|pprof|folded|speedscope|lcov|cobertura|gcov-json|json|html] [--window FROM:TO] [-o OUT] [FILE...]

Report reads data files of any collector (record, count, cc), merges them,
symbolizes each distinct address once and prints a view, or exports the
profile. FILE defaults to sonde.data; glob patterns are expanded ("runs/*.data")
and several files (runs, processes, machines) are merged. Flags may come
before or after the files.

Symbolization degrades object by object, as PCT's reports did: file:line where
DWARF exists, object:function where only a symbol table does ("libc.so.6:getc"),
object+offset where nothing does ("libfoo.so+0x1a2b"). Each object that lacks
something is named once on stderr.

Views (one at a time; the default is --flat for samples, --functions for counts):
  --flat [--by line|function|file|object|process|comm|cgroup|container]
        one line a location with its share of the total, largest first
        ("13.9% ±0.4  /src/binPoly64.C:101", the ± two binomial standard
        deviations of a sampled share); counts print the exact count and
        then the share. Inline frames: the innermost inlined function and line.
  --functions
        one line a function: for samples pprof -top's flat, flat%, ± (two
        standard deviations of flat%), sum%, cum, cum%; for counts the entry count (or the sum of its lines or blocks),
        never-executed functions included with 0.
  --hier [--depth N]
        one line a call path, leaf first, up to main or N functions, with its
        share and two binomial standard deviations of it (PCT 6.2):
        " 67.6% ±1.3  worker <- dispatch_2 <- main"
  --lines[=FILE|FUNC]
        every line of every source file with counted code, with its count
        (Weinberger's lprint listing; the default for sonde cc profiles;
        Bishop's FILE LINE COUNT listing for sonde count profiles). A line
        without code of its own shows the count of the next line that has
        some. --lines=FILE lists only the source files whose path ends in
        FILE (shell.c, src/shell.c); --lines=FUNC only the lines of function
        FUNC (its name as compiled or demangled). The argument needs the
        "=": a bare word after --lines is a data file.
  --files
        for block counts (sonde cc): per compilation unit, instructions
        executed, instructions, never executed, basic-block executions,
        blocks, blocks never entered (lprint's summary by file). With block
        counts, --functions prints lprint's table: instructions executed,
        calls (entry-block count), instructions, never executed, function.
        For samples: per source file (of the innermost frame) the share of
        leaf samples with two standard deviations, and the share of stacks
        through it; for other counts: count, share, units, units executed.
  --objects
        the same per object file (executable, library, [kernel.kallsyms]).
  --coverage
        for counts: what ran and what never ran (see --editor).
  --branches
        for sonde cc profiles: every conditional jump with how often it was
        taken and not taken, by file and line (gcov -b's branches); counts
        the block counts leave open print as ranges ("0..176976"). --lines
        marks a line whose branch never went one way: "[1/2 branches taken]".
  --instructions[=FUNC]
        for sonde cc profiles: every assembly instruction with its count, the
        block number on each block's first instruction, and its source line.
        The instructions come from the data file: the program's runtime
        writes each unit's listing there with its counts.
        --instructions=FUNC lists only function FUNC (as --lines=FUNC; a bare
        word after --instructions is a data file). A FILE or FUNC that
        matches nothing is an error.
  --expr [int-avg|hist|min-max|quantiles|raw] [--expr-only SPEC] [--bins N]
        the values that sonde record --expr PROG@FUNC@EXPR read at the
        samples, per expression: int-avg, PCT's mean ("8.38e+06") with two
        standard errors; hist, value (or one of --bins ranges past 20
        distinct values) -> samples, share, bar; min-max; quantiles (min p10
        p25 p50 p75 p90 max); raw, one line a sample (time pid tid value).
        Values not read (optimized out, unavailable) are counted apart.
  --by FUNC@EXPR
        the samples of FUNC split by EXPR's value (FUNC@EXPR or the whole
        PROG@FUNC@EXPR as recorded): value (or range), samples, CPU time,
        share of FUNC's time ± two standard deviations.

Flags:
  --top N           print only the first N rows of the view
  --format F        text (default); pprof (gzipped protobuf for go tool pprof,
                    with inline frames, mappings and build-ids); folded
                    (collapsed stacks for flamegraph.pl); speedscope (its JSON
                    file format, one profile per thread); lcov (a tracefile for
                    genhtml, from counts, with BRDA branches); cobertura
                    (Cobertura XML as gcovr writes it); gcov-json (gcov's JSON
                    intermediate format, version 2); json (the model, docs/json-schema.md);
                    html (one self-contained flame graph page: zoom, search,
                    tooltips, no network)
  -p PID            read the counters of a running program built by sonde cc
                    from its memory (/proc/PID/mem, the permission of ptrace),
                    without its help; no data file is read
  --window FROM:TO  keep the samples taken in [FROM, TO) after the start of the
                    earliest run ("2s:5.5s", ":3s", "1s:"); counts are kept whole
  --pid PID[,PID]   keep the samples of these processes only
  --cpu, --off-cpu  of a record --off-cpu profile, keep only the CPU time or
                    only the time off the CPU (default both: each off-CPU row's
                    stack ends in "off-cpu:CALL" or "off-cpu:preempted", and a
                    thread's rows add up to its wall-clock time)
  --focus REGEXP    keep the samples with a matching function on the stack
                    (inline frames included); counts: units of matching functions
  --ignore REGEXP   drop the samples with a matching function on the stack
  --comm NAME[,..]  keep the samples of processes with these command names
  --object OBJ[,..] keep the samples whose leaf is in these objects (path or
                    base name: --object libc.so.6)
  --sort COLUMN     sort listings by flat (the default), cum or name; the
                    diff by delta (the default), base, new or name
  --editor          with --flat --by line or --coverage: "file:line: text"
                    lines that editors' jump lists understand (PCT's Emacs mode)
  --diff BASE.data  compare with BASE: per function (or --by level) the share
                    in BASE, in FILE, the difference and two standard
                    deviations of it, dearest first; exact counts for counts
  -o OUT            write to OUT instead of standard output
  --fail-under-line N, --fail-under-branch N, --fail-under-function N
                    after the output, exit 2 with one line naming what fell
                    short when line, branch (each way of a conditional jump)
                    or function coverage is below N percent (gcovr's gates)
  --include GLOB, --exclude GLOB
                    (repeatable) keep only, or leave out, the matching source
                    files in the lcov, cobertura and gcov-json exports and the
                    gates: "*" within a path element, "**" across them, a
                    pattern without a leading "/" matches a trailing part
                    ("gen/*.c", "*.h", "/usr/**")
  --http [HOST:]PORT
                    serve the report on http://HOST:PORT/ instead of printing
                    a view (HOST defaults to 127.0.0.1, PORT 0 picks a free
                    one; the URL is printed on stderr): pprof's web UI for
                    samples (top, graph, flame graph, peek, source,
                    disassembly), and sonde's pages: flame graph, annotated
                    source with counts and sampled time side by side,
                    coverage, and with --diff BASE a diff flame graph. The
                    filters above apply. Requests naming another host are
                    refused (403). Ctrl-C stops it.
  --no-browser      with --http: open no browser (one is opened with
                    xdg-open only where $DISPLAY or $WAYLAND_DISPLAY is set)

Examples:
  sonde report                          flat profile of ./sonde.data
  sonde report run1.data run2.data --functions --top 20
  sonde report --flat --by object 'runs/*.data'
  sonde report --window 2s:4s sonde.data
  sonde report --lines=shell count.data only the lines of function shell
  sonde report --expr int-avg           PCT's mean of each recorded --expr
  sonde report --by 'handle@req->size'  a function's time by a parameter's value
  sonde report --format pprof -o cpu.pb.gz && go tool pprof -top cpu.pb.gz
  sonde report --format cobertura -o coverage.xml --exclude '/usr/**' --fail-under-line 80
  sonde report --http 0 count.data rec.data   counts and time side by side
  sonde report --http :8080 --diff base.data new.data
`

func reportVerb() *verb {
	return &verb{
		name:    "report",
		summary: "read data files and print views or exports",
		usage:   reportUsage,
		run:     runReport,
	}
}

// viewsNotBuilt are the views of the command-line contract that a later
// piece of work builds; asking for one is a usage error, never ignored.
var viewsNotBuilt = []string{}

// moreViews are the views that take no options of their own, by flag name.
var moreViews = []struct {
	name string
	view report.View
}{
	{"lines", report.ViewLines},
	{"files", report.ViewFiles},
	{"instructions", report.ViewInstructions},
	{"coverage", report.ViewCoverage},
	{"objects", report.ViewObjects},
	{"branches", report.ViewBranches},
}

// reportFlags holds one invocation's parsed flags.
type reportFlags struct {
	flat, functions bool
	hier            bool
	depth           int
	by              string
	top             int
	format          string
	window          string
	pids            string
	live            int // -p: read the counters of this running sonde cc program
	out             string
	notBuilt        map[string]*bool
	more            map[string]*bool   // moreViews
	only            map[string]*string // --lines=FILE|FUNC, --instructions=FUNC
	histogram       histogramFlag      // report_histogram.go
	expr            exprReport         // report_expr.go: --expr, --by EXPR
	cov             coverageFlags      // report_coverage.go: --fail-under-*, --include, --exclude
	cpu, offCPU     bool               // --cpu, --off-cpu
}

func runReport(e *env, args []string) int {
	fs := newFlagSet(e, "report")
	f := &reportFlags{notBuilt: make(map[string]*bool), more: make(map[string]*bool), only: make(map[string]*string)}
	fs.BoolVar(&f.flat, "flat", false, "flat view")
	fs.BoolVar(&f.functions, "functions", false, "functions view")
	fs.BoolVar(&f.hier, "hier", false, "call paths view")
	fs.IntVar(&f.depth, "depth", 0, "hier view: functions per path")
	fs.StringVar(&f.by, "by", "", "flat view's level: line, function, file, object, process, comm or cgroup")
	fs.IntVar(&f.top, "top", 0, "print only the first N rows")
	fs.StringVar(&f.format, "format", "text", "text or pprof")
	fs.StringVar(&f.window, "window", "", "FROM:TO")
	fs.StringVar(&f.pids, "pid", "", "PID[,PID...]: keep these processes' samples")
	fs.IntVar(&f.live, "p", 0, "read the counters of the running sonde cc program PID from its memory")
	fs.StringVar(&f.out, "o", "", "output file")
	fs.BoolVar(&f.cpu, "cpu", false, "keep CPU time only")
	fs.BoolVar(&f.offCPU, "off-cpu", false, "keep off-CPU time only")
	x := newReportExtras(fs) // report_extras.go: --focus, --ignore, --comm, --object, --diff
	h := newReportHTTP(fs)   // report_http.go: --http, --no-browser
	for _, v := range viewsNotBuilt {
		f.notBuilt[v] = fs.Bool(v, false, "not built yet")
	}
	for _, v := range moreViews {
		if restrictable[v.name] {
			a := &argFlag{on: new(bool), arg: new(string)}
			f.more[v.name], f.only[v.name] = a.on, a.arg
			fs.Var(a, v.name, v.name+" view; --"+v.name+"=NAME restricts it")
			continue
		}
		f.more[v.name] = fs.Bool(v.name, false, v.name+" view")
	}
	fs.Var(&f.histogram, "histogram", "histogram view of count profiles; --histogram=scaled")
	f.expr.register(fs)
	f.cov.register(fs)
	files, code, ok := parseInterleaved(e, fs, joinExprFormat(args))
	if !ok {
		return code
	}
	f.expr.takeBy(&f.by)
	opts, err := f.options()
	if err == nil {
		err = x.check(f.format)
	}
	if err == nil {
		err = f.expr.check(f)
	}
	if err == nil {
		err = f.cov.check()
	}
	if err == nil {
		err = h.check(f)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "sonde report: %v\n", err)
		return exitUsage
	}
	from, to := time.Duration(0), profile.Forever
	if f.window != "" {
		if from, to, err = profile.ParseWindow(f.window); err != nil {
			fmt.Fprintf(e.stderr, "sonde report: --window: %v\n", err)
			return exitUsage
		}
	}
	if len(files) == 0 && f.live == 0 {
		files = []string{"sonde.data"}
	}

	var (
		p        *profile.Profile
		warnings []datafile.Warning
	)
	if f.live != 0 {
		if len(files) > 0 {
			fmt.Fprintf(e.stderr, "sonde report: -p reads a running process: give no data file with it\n")
			return exitUsage
		}
		var data []byte
		if data, err = ccruntime.ReadLive(f.live); err == nil {
			p, warnings, err = datafile.Decode(fmt.Sprintf("process %d", f.live), data)
		}
	} else {
		p, warnings, err = datafile.ReadFiles(files)
	}
	for _, w := range warnings {
		fmt.Fprintf(e.stderr, "sonde: %s\n", w)
	}
	if err != nil {
		return fail(e, "report", err)
	}
	if f.window != "" {
		p = p.Window(from, to)
	}
	if f.pids != "" {
		keep, err := parsePIDs(f.pids)
		if err != nil {
			fmt.Fprintf(e.stderr, "sonde report: --pid: %v\n", err)
			return exitUsage
		}
		p = selectPIDs(p, keep)
	}
	if f.cpu != f.offCPU {
		if err := p.KeepTime(f.cpu, f.offCPU); err != nil {
			return fail(e, "report", err)
		}
	}

	cache := symbol.NewCache(nil)
	defer cache.Close()
	addImages(cache, p)
	sym := report.NewSymbolizer(cache, e.stderr)
	if p, err = x.apply(p, sym); err != nil {
		return fail(e, "report", err)
	}
	if h.on() {
		return h.serve(e, p, files, x, f, sym, cache)
	}
	// Everything is built in memory first, so that a failure leaves no
	// half-written OUT behind.
	var buf bytes.Buffer
	switch f.format {
	case "text":
		if f.expr.wanted() {
			err = f.expr.write(&buf, p)
			break
		}
		err = x.write(e, &buf, p, sym, opts, f)
	case "pprof":
		err = export.WritePprof(&buf, p, sym)
	default:
		err = f.cov.writeExport(e, &buf, f.format, p, sym) // report_coverage.go
	}
	if err != nil {
		return fail(e, "report", err)
	}
	if f.out == "" {
		if _, err := e.stdout.Write(buf.Bytes()); err != nil {
			return fail(e, "report", fmt.Errorf("write output: %w", err))
		}
		return f.cov.judge(e, p, sym)
	}
	if err := os.WriteFile(f.out, buf.Bytes(), 0o644); err != nil {
		return fail(e, "report", fmt.Errorf("write output: %w", err))
	}
	return f.cov.judge(e, p, sym)
}

// options checks the flags' combination and returns the view options.
func (f *reportFlags) options() (*report.Options, error) {
	for _, v := range viewsNotBuilt {
		if *f.notBuilt[v] {
			return nil, fmt.Errorf("--%s: not built yet (the next piece of work builds it)", v)
		}
	}
	switch f.format {
	case "text", "pprof":
	default:
		if _, ok := exporters[f.format]; !ok {
			return nil, fmt.Errorf("--format %q: unknown format (want text, pprof, %s)", f.format, exporterNames())
		}
	}
	if f.flat && f.functions || f.hier && (f.flat || f.functions) {
		return nil, errors.New("--flat, --functions and --hier: choose one view")
	}
	if f.depth < 0 || f.depth > 0 && !f.hier {
		return nil, fmt.Errorf("--depth %d: want a positive number of functions, with --hier", f.depth)
	}
	if f.top < 0 {
		return nil, fmt.Errorf("--top %d: want a positive number of rows", f.top)
	}
	opts := &report.Options{Top: f.top}
	for _, v := range moreViews {
		if !*f.more[v.name] {
			continue
		}
		if f.flat || f.functions || f.hier || f.by != "" || opts.View != report.ViewDefault {
			return nil, fmt.Errorf("--%s and another view: choose one view", v.name)
		}
		if f.format != "text" {
			return nil, fmt.Errorf("--format %s exports the whole profile: views and --top apply to --format text", f.format)
		}
		opts.View = v.view
		if a := f.only[v.name]; a != nil {
			opts.Only = *a
		}
	}
	if err := f.histogram.apply(opts, f); err != nil {
		return nil, err
	}
	switch {
	case f.flat:
		opts.View = report.ViewFlat
	case f.functions:
		opts.View = report.ViewFunctions
	case f.hier:
		opts.View, opts.Depth = report.ViewHier, f.depth
	}
	if f.by != "" {
		if f.functions || f.hier {
			return nil, errors.New("--by applies to --flat, not to --functions or --hier")
		}
		by, err := report.ParseBy(f.by)
		if err != nil {
			return nil, err
		}
		opts.View, opts.By = report.ViewFlat, by
	}
	if f.format != "text" && (f.flat || f.functions || f.hier || f.by != "" || f.top != 0) {
		return nil, fmt.Errorf("--format %s exports the whole profile: views and --top apply to --format text", f.format)
	}
	return opts, nil
}

// restrictable are the views that take an optional restricting argument:
// --lines=FILE|FUNC, --instructions=FUNC (report.Options.Only).
var restrictable = map[string]bool{"lines": true, "instructions": true}

// argFlag is a view flag that stands alone (--lines) or takes an argument
// after "=" (--lines=shell.c). Go's flag package gives a boolean flag no
// separate argument, so a bare word after it stays a data file.
type argFlag struct {
	on  *bool
	arg *string
}

func (a *argFlag) String() string {
	if a == nil || a.arg == nil {
		return ""
	}
	return *a.arg
}

// Set takes "true" (the bare flag), "false", or the restricting argument.
func (a *argFlag) Set(v string) error {
	switch v {
	case "true":
		*a.on, *a.arg = true, ""
	case "false":
		*a.on, *a.arg = false, ""
	case "":
		return errors.New("empty argument: give a file or function name after the =, or none")
	default:
		*a.on, *a.arg = true, v
	}
	return nil
}

// IsBoolFlag lets the flag stand alone.
func (a *argFlag) IsBoolFlag() bool { return true }

// parseInterleaved parses flags that may come before, between and after
// the file arguments ("sonde report sonde.data --functions"), which Go's
// flag package alone does not: it stops at the first non-flag. Everything
// after "--" is a file.
func parseInterleaved(e *env, fs *flag.FlagSet, args []string) (files []string, code int, ok bool) {
	rest, tail := args, []string(nil)
	for i, a := range args {
		if a == "--" {
			rest, tail = args[:i], args[i+1:]
			break
		}
	}
	for {
		if code, ok := parseFlags(e, fs, rest); !ok {
			return nil, code, false
		}
		rest = fs.Args()
		if len(rest) == 0 {
			break
		}
		files = append(files, rest[0])
		rest = rest[1:]
	}
	return append(files, tail...), exitOK, true
}

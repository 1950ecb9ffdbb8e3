package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"sonde/profile"
)

// View names one text view of a profile.
type View uint8

// The views built so far. ViewDefault picks the view that suits the
// profile: flat by line for samples, functions for counts (PCT's and
// prof's defaults).
const (
	ViewDefault View = iota
	ViewFlat
	ViewFunctions
	ViewHier         // call paths, "67.6% ±1.3  worker <- dispatch_2 <- main" (hier.go)
	ViewLines        // annotated source listing of counts, lprint's default (lines.go)
	ViewFiles        // per compilation unit or file: instructions and blocks (blocks.go)
	ViewInstructions // every instruction with its count (instructions.go)
	ViewHistogram    // Bishop's listing with a bar per line (histogram.go); Options.Scaled
	ViewCoverage     // what ran and what never ran (coverage.go)
	ViewObjects      // per object file: shares or counts (objects.go)
	ViewBranches     // every conditional jump, taken and not taken (branches.go)
)

var viewNames = [...]string{ViewDefault: "default", ViewFlat: "flat", ViewFunctions: "functions", ViewHier: "hier", ViewLines: "lines", ViewFiles: "files", ViewInstructions: "instructions", ViewHistogram: "histogram", ViewCoverage: "coverage", ViewObjects: "objects", ViewBranches: "branches"}

// String returns the view's name as the command line spells it (without
// the dashes).
func (v View) String() string {
	if int(v) < len(viewNames) {
		return viewNames[v]
	}
	return fmt.Sprintf("View(%d)", uint8(v))
}

// By says what the flat view aggregates by.
type By uint8

// The flat view's aggregation levels; the zero value means ByLine.
const (
	ByLine By = iota + 1
	ByFunction
	ByFile
	ByObject
	ByProcess // the sampled process: "pid 1234 (comm)" (procs.go)
	ByComm    // the process's command name
	ByCgroup  // the process's cgroup (record -a)
	// ByContainer is the container whose cgroup the process is in
	// (profile.ContainerID), "no container" for the others.
	ByContainer
)

var byNames = [...]string{ByLine: "line", ByFunction: "function", ByFile: "file", ByObject: "object", ByProcess: "process", ByComm: "comm", ByCgroup: "cgroup", ByContainer: "container"}

// String returns the level's name as --by spells it.
func (b By) String() string {
	if int(b) < len(byNames) && byNames[b] != "" {
		return byNames[b]
	}
	return fmt.Sprintf("By(%d)", uint8(b))
}

// ParseBy parses --by's argument: line, function, file, object, process,
// comm, cgroup or container (plurals accepted).
func ParseBy(s string) (By, error) {
	for b, name := range byNames {
		if name != "" && (s == name || s == name+"s") {
			return By(b), nil
		}
	}
	return 0, fmt.Errorf("unknown --by %q (want line, function, file, object, process, comm, cgroup or container)", s)
}

// Options selects a view and how much of it to print. The zero value (or a
// nil *Options) prints the default view in full.
type Options struct {
	// View is the view to print.
	View View
	// By is the flat view's aggregation level; 0 means ByLine. Other views
	// ignore it.
	By By
	// Top cuts each listing to its first Top rows; 0 means all rows.
	Top int
	// Depth cuts the hier view's call paths to Depth functions; 0 means
	// up to main.
	Depth int
	// Scaled draws the histogram view's bars in proportion to the largest
	// count instead of one star per execution.
	Scaled bool
	// Sort is the column listings are sorted by (sort.go); SortDefault
	// keeps each view's own order.
	Sort SortColumn
	// Only restricts the lines view to a source file (matched by path
	// suffix) or a function (by name, mangled or demangled), and the
	// instructions view to a function; "" lists everything. A name that
	// matches nothing is an error.
	Only string
}

func (o *Options) only() string {
	if o == nil {
		return ""
	}
	return o.Only
}

func (o *Options) view() View {
	if o == nil {
		return ViewDefault
	}
	return o.View
}

func (o *Options) by() By {
	if o == nil || o.By == 0 {
		return ByLine
	}
	return o.By
}

func (o *Options) top() int {
	if o == nil {
		return 0
	}
	return o.Top
}

// Write prints the header line of p and then the view opts selects, for the
// samples of p and for its counts (each part that p has). sym symbolizes
// each distinct location once; a nil sym prints object+offset everywhere.
func Write(w io.Writer, p *profile.Profile, sym Symbolizer, opts *Options) error {
	if opts != nil && opts.Top < 0 {
		return fmt.Errorf("report: --top %d is negative", opts.Top)
	}
	r := newResolver(p, sym)
	if opts != nil {
		r.sort = opts.Sort
	}
	var b strings.Builder
	writeHeader(&b, p)
	if len(p.Samples) == 0 && len(p.Units) == 0 {
		b.WriteString("no samples and no counts\n")
	}
	if len(p.Samples) > 0 {
		var err error
		switch v := opts.view(); v {
		case ViewDefault, ViewFlat:
			err = flatSamples(&b, r, opts.by(), opts.top())
		case ViewFunctions:
			err = functionsSamples(&b, r, opts.top())
		case ViewHier:
			err = hierSamples(&b, r, opts.Depth, opts.top())
		case ViewObjects:
			err = objectsView(&b, r, true, opts.top())
		case ViewFiles:
			err = filesView(&b, r, true, opts.top()) // objects.go
		case ViewLines, ViewInstructions, ViewHistogram, ViewCoverage, ViewBranches:
			err = fmt.Errorf("report: --%v lists counts; this profile's samples have none (use --flat)", v)
		default:
			err = fmt.Errorf("report: view %v not built", v)
		}
		if err != nil {
			return err
		}
	}
	if isAttrib(p) && len(p.Samples) == 0 && (opts.view() == ViewDefault || opts.view() == ViewFunctions) {
		// sonde cc --sonde-mode=attrib: the paper's prof layout (attrib.go).
		if err := attribFunctions(&b, p, opts.top()); err != nil {
			return err
		}
		_, err := io.WriteString(w, b.String())
		return err
	}
	if len(p.Units) > 0 {
		if len(p.Samples) > 0 {
			b.WriteString("\n")
		}
		var err error
		switch v := opts.view(); v {
		case ViewFlat:
			err = flatCounts(&b, r, opts.by(), opts.top())
		case ViewLines:
			if isCountProfile(r.p) {
				err = ctraceCounts(&b, r, opts.only()) // Bishop's listing (ctrace.go)
			} else {
				err = linesCounts(&b, r, opts.only())
			}
		case ViewHistogram:
			err = histogramCounts(&b, r, opts.Scaled)
		case ViewCoverage:
			err = coverageCounts(&b, r, opts.top())
		case ViewBranches:
			err = branchesCounts(&b, r, opts.top())
		case ViewDefault:
			if hasSourceUnits(r) {
				err = linesCounts(&b, r, "")
			} else {
				err = functionsCounts(&b, r, opts.top())
			}
		case ViewFunctions:
			if hasBlockInstrs(r) {
				err = blockFunctions(&b, r, opts.top())
			} else {
				err = functionsCounts(&b, r, opts.top())
			}
		case ViewInstructions:
			err = instructionsCounts(&b, r.p, opts.only())
		case ViewFiles:
			if !hasBlockInstrs(r) {
				err = filesView(&b, r, false, opts.top()) // objects.go
			} else {
				err = blockFiles(&b, r, opts.top())
			}
		case ViewObjects:
			err = objectsView(&b, r, false, opts.top())
		default:
			err = fmt.Errorf("report: view %v not built", v)
		}
		if err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// sampleValue returns the value of s that views add up: the last sample
// type (cpu nanoseconds for record), or 1 when the profile names no types.
func sampleValue(p *profile.Profile, i int) (int64, error) {
	if len(p.SampleTypes) == 0 {
		return 1, nil
	}
	s := &p.Samples[i]
	if len(s.Values) != len(p.SampleTypes) {
		return 0, fmt.Errorf("report: sample %d has %d values for %d sample types", i, len(s.Values), len(p.SampleTypes))
	}
	return s.Values[len(s.Values)-1], nil
}

// sampleType is the type of the values sampleValue returns.
func sampleType(p *profile.Profile) profile.ValueType {
	if len(p.SampleTypes) == 0 {
		return profile.ValueType{Type: "samples", Unit: "count"}
	}
	return p.SampleTypes[len(p.SampleTypes)-1]
}

// unitCount returns the number views add up for a unit: its first count
// column (executions for count, cc and the call counts of attrib).
func unitCount(p *profile.Profile, i int) (uint64, error) {
	u := &p.Units[i]
	if len(u.Counts) == 0 {
		if len(p.CountTypes) == 0 {
			return 0, nil
		}
		return 0, fmt.Errorf("report: unit %d has no counts for %d count types", i, len(p.CountTypes))
	}
	return u.Counts[0], nil
}

// row is one line of a listing before it is printed.
type row struct {
	key  rowKey
	name string
	flat int64 // the value of the row (samples' value or a count)
	cum  int64 // functions view of samples: value of stacks holding the row
}

// rowKey keeps apart rows whose names are equal but whose objects differ
// (two static "init" functions in two libraries).
type rowKey struct {
	obj  profile.MappingKey
	name string
}

// table accumulates rows by key, remembering first-seen order for stable
// output.
type table struct {
	rows  []*row
	index map[rowKey]*row
	col   SortColumn // --sort (sort.go); SortDefault: flat, cum, name
}

func newTable() *table { return &table{index: make(map[rowKey]*row)} }

func (t *table) get(k rowKey) *row {
	if r, ok := t.index[k]; ok {
		return r
	}
	r := &row{key: k, name: k.name}
	t.index[k] = r
	t.rows = append(t.rows, r)
	return r
}

// sorted returns the rows by flat value, then cum, descending, then by name;
// rows of equal name from different objects get the object appended.
func (t *table) sorted() []*row {
	count := make(map[string]int)
	for _, r := range t.rows {
		count[r.key.name]++
	}
	for _, r := range t.rows {
		r.name = r.key.name
		if count[r.key.name] > 1 && r.key.obj.Path != "" {
			r.name += " (" + r.key.obj.Path + ")"
		}
	}
	rows := append([]*row(nil), t.rows...)
	if t.col != SortDefault {
		sortRows(rows, t.col)
		return rows
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.flat != b.flat {
			return a.flat > b.flat
		}
		if a.cum != b.cum {
			return a.cum > b.cum
		}
		return a.name < b.name
	})
	return rows
}

// cut returns the first top rows (all when top is 0) and a note saying how
// many were left out, "" when none were.
func cut(rows []*row, top int) ([]*row, string) {
	if top <= 0 || top >= len(rows) {
		return rows, ""
	}
	return rows[:top], fmt.Sprintf("(%d of %d rows shown)\n", top, len(rows))
}

// percent returns 100*v/total, 0 for an empty total.
func percent(v, total int64) float64 {
	if total == 0 {
		return 0
	}
	return 100 * float64(v) / float64(total)
}

package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"sonde/export"
	"sonde/profile"
)

// exitBelow is report's exit status when coverage falls short of a
// --fail-under threshold, as gcovr's --fail-under-line.
const exitBelow = 2

// coverageFlags are report's coverage gates and file filters:
// --fail-under-line N, --fail-under-branch N, --fail-under-function N
// (percentages), --include GLOB and --exclude GLOB (repeatable, as gcovr's
// filters), which restrict the coverage exports and the gates.
type coverageFlags struct {
	line, branch, function float64
	include, exclude       globList
}

// globList is a repeatable glob flag.
type globList []string

func (g *globList) String() string { return strings.Join(*g, ",") }

func (g *globList) Set(v string) error {
	if v == "" {
		return fmt.Errorf("empty pattern")
	}
	*g = append(*g, v)
	return nil
}

// register adds the flags to fs.
func (c *coverageFlags) register(fs *flag.FlagSet) {
	fs.Float64Var(&c.line, "fail-under-line", 0, "exit 2 when line coverage is below this percentage")
	fs.Float64Var(&c.branch, "fail-under-branch", 0, "exit 2 when branch coverage is below this percentage")
	fs.Float64Var(&c.function, "fail-under-function", 0, "exit 2 when function coverage is below this percentage")
	fs.Var(&c.include, "include", "GLOB: keep only the matching source files in coverage (repeatable)")
	fs.Var(&c.exclude, "exclude", "GLOB: leave the matching source files out of coverage (repeatable)")
}

// check validates the flags.
func (c *coverageFlags) check() error {
	for _, t := range []struct {
		name string
		v    float64
	}{{"line", c.line}, {"branch", c.branch}, {"function", c.function}} {
		if t.v < 0 {
			return fmt.Errorf("--fail-under-%s %g: want a percentage, 0 or more", t.name, t.v)
		}
	}
	if err := c.options().Check(); err != nil {
		return fmt.Errorf("--include/--exclude: %w", err)
	}
	return nil
}

func (c *coverageFlags) options() *export.CoverageOptions {
	return &export.CoverageOptions{Include: c.include, Exclude: c.exclude}
}

func (c *coverageFlags) gated() bool { return c.line > 0 || c.branch > 0 || c.function > 0 }

// coverageFormats are the exports made from export.Coverage, which the
// file filters restrict.
var coverageFormats = map[string]func(*export.Coverage, io.Writer) error{
	"lcov":      (*export.Coverage).WriteLcov,
	"cobertura": (*export.Coverage).WriteCobertura,
	"gcov-json": func(c *export.Coverage, w io.Writer) error {
		cwd, _ := os.Getwd() // gcovr resolves relative names against it; sonde's are absolute
		return c.WriteGcovJSON(w, cwd)
	},
}

// writeExport writes a --format export, the coverage ones restricted by
// the file filters.
func (c *coverageFlags) writeExport(e *env, w io.Writer, format string, p *profile.Profile, sym export.Symbolizer) error {
	write, ok := coverageFormats[format]
	if !ok {
		return exporters[format](w, p, sym)
	}
	cov, err := export.CoverageOf(p, sym, c.options())
	if err != nil {
		return fmt.Errorf("%s export: %w", format, err)
	}
	c.notes(e, cov)
	return write(cov, w)
}

// notes says on stderr what the coverage leaves out.
func (c *coverageFlags) notes(e *env, cov *export.Coverage) {
	if cov.Unsolved > 0 {
		fmt.Fprintf(e.stderr, "sonde report: %d conditional jumps left out of branch coverage: the block counts do not determine how often (or, for a coverage run, whether) each way was taken\n", cov.Unsolved)
	}
	if cov.Unplaced > 0 {
		fmt.Fprintf(e.stderr, "sonde report: %d conditional jumps left out of branch coverage: their lines have no count of their own\n", cov.Unplaced)
	}
	for _, u := range cov.Unread {
		fmt.Fprintf(e.stderr, "sonde report: no branches: %s\n", u)
	}
	if cov.NoFlow > 0 {
		fmt.Fprintf(e.stderr, "sonde report: %d compilation units have no branches: built by a sonde cc that did not record their control flow\n", cov.NoFlow)
	}
	if (len(c.include) > 0 || len(c.exclude) > 0) && len(cov.Files) == 0 {
		fmt.Fprintf(e.stderr, "sonde report: --include/--exclude left no source file\n")
	}
}

// judge checks the thresholds: exitOK, or exitBelow after one line naming
// every measure that fell short (or has nothing to measure).
func (c *coverageFlags) judge(e *env, p *profile.Profile, sym export.Symbolizer) int {
	if !c.gated() {
		return exitOK
	}
	cov, err := export.CoverageOf(p, sym, c.options())
	if err != nil {
		return fail(e, "report", fmt.Errorf("coverage: %w", err))
	}
	t := cov.Totals()
	var short []string
	for _, m := range []struct {
		name      string
		min       float64
		got, of   int
		nothingIs string
	}{
		{"line", c.line, t.LinesCovered, t.Lines, "no lines"},
		{"branch", c.branch, t.BranchesCovered, t.Branches, "no branches (sonde cc profiles have them)"},
		{"function", c.function, t.FunctionsCovered, t.Functions, "no functions"},
	} {
		if m.min <= 0 {
			continue
		}
		if m.of == 0 {
			short = append(short, fmt.Sprintf("%s coverage: %s to measure", m.name, m.nothingIs))
			continue
		}
		pct := 100 * float64(m.got) / float64(m.of)
		if pct < m.min {
			short = append(short, fmt.Sprintf("%s coverage %.1f%% (%d of %d) is below %g%%", m.name, pct, m.got, m.of, m.min))
		}
	}
	if len(short) == 0 {
		return exitOK
	}
	fmt.Fprintf(e.stderr, "sonde report: %s\n", strings.Join(short, "; "))
	return exitBelow
}

package export

import (
	"fmt"
	"io"
	"strings"

	"sonde/profile"
)

// WriteLcov writes the counts of p as an lcov tracefile (geninfo(1)'s
// format: TN, SF, FN, FNDA, FNF, FNH, BRDA, BRF, BRH, DA, LF, LH,
// end_of_record), which genhtml turns into an HTML coverage report
// (--branch-coverage shows the branches).
//
// The lines, functions and branches are CoverageOf's. A branch is two BRDA
// records, the conditional jump taken (branch 0) and not taken (branch 1),
// numbered by the jump's block in its compilation unit.
func WriteLcov(w io.Writer, p *profile.Profile, sym Symbolizer) error {
	c, err := CoverageOf(p, sym, nil)
	if err != nil {
		return fmt.Errorf("lcov export: %w", err)
	}
	return c.WriteLcov(w)
}

// WriteLcov writes c as an lcov tracefile (see the function WriteLcov).
func (c *Coverage) WriteLcov(w io.Writer) error {
	var b strings.Builder
	for _, f := range c.Files {
		b.WriteString("TN:\nSF:" + f.Name + "\n")
		hit := 0
		for _, fn := range f.Funcs {
			fmt.Fprintf(&b, "FN:%d,%s\n", fn.Line, lcovName(fn.Name))
		}
		for _, fn := range f.Funcs {
			fmt.Fprintf(&b, "FNDA:%d,%s\n", fn.Count, lcovName(fn.Name))
			if fn.Count > 0 {
				hit++
			}
		}
		fmt.Fprintf(&b, "FNF:%d\nFNH:%d\n", len(f.Funcs), hit)
		brf, brh := 0, 0
		for _, l := range f.Lines {
			for _, br := range l.Branches {
				for way, n := range [2]uint64{br.Taken, br.Fall} {
					// "-" is lcov's mark of a branch whose block never ran
					taken := "-"
					if br.Count > 0 {
						taken = fmt.Sprint(n)
					}
					fmt.Fprintf(&b, "BRDA:%d,%d,%d,%s\n", l.Line, br.Block, way, taken)
					brf++
					if n > 0 {
						brh++
					}
				}
			}
		}
		if brf > 0 {
			fmt.Fprintf(&b, "BRF:%d\nBRH:%d\n", brf, brh)
		}
		lh := 0
		for _, l := range f.Lines {
			fmt.Fprintf(&b, "DA:%d,%d\n", l.Line, l.Count)
			if l.Count > 0 {
				lh++
			}
		}
		fmt.Fprintf(&b, "LF:%d\nLH:%d\nend_of_record\n", len(f.Lines), lh)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("lcov export: %w", err)
	}
	return nil
}

// lcovName makes a function name safe for an FN line, whose fields are
// separated by commas: demangled C++ names hold commas and spaces
// ("f(int, char)"), which lcov's own tools would split.
func lcovName(s string) string {
	return strings.NewReplacer(",", ";", "\n", " ").Replace(s)
}

// finestLineKind returns the finest kind of unit p holds that can stand
// for lines (lines, then blocks, then addresses), or 0: the units lcov's DA
// lines and json's lines are made of.
func finestLineKind(p *profile.Profile) profile.UnitKind {
	have := make(map[profile.UnitKind]bool)
	for i := range p.Units {
		have[p.Units[i].Kind] = true
	}
	for _, k := range []profile.UnitKind{profile.UnitLine, profile.UnitBlock, profile.UnitAddress} {
		if have[k] {
			return k
		}
	}
	return 0
}

package report

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"

	"sonde/profile"
)

// The editor layout (PCT's Emacs mode, Blake & Bauer 2002 section 3): one
// "file:line: text" line per source line, which compilers use for their
// messages and so every editor's jump list (Emacs compile-mode and
// next-error, Vim's quickfix, VS Code's problem matcher) understands:
//
//	/src/binPoly64.C:101: 13.9% ±0.7  h = (h << 8) ^ tab[c];
//	/src/inline.c:40: never executed  return 0;
//	/src/inline.c:21: partly executed (1 of 4 units never ran)  n = argc > 1 ? ...
//
// For samples: the flat-by-line rows, largest first, with their share and
// two binomial standard deviations. For counts: every counted line,
// largest count first, and with coverage the lines with a unit that never
// ran, in file order (a line whose code the compiler split, such as a
// conditional expression, may have run in part). The source line's text
// follows when the file can be read.

// WriteEditor prints p's lines in the editor layout. With coverage it
// prints only the never-executed lines of a counting profile. Locations
// with no file:line are left out (an editor cannot jump to them).
func WriteEditor(w io.Writer, p *profile.Profile, sym Symbolizer, coverage bool, top int) error {
	r := newResolver(p, sym)
	src := newSourceCache()
	type line struct {
		file        string
		line        int
		v, n        int64
		count       bool
		units, zero int // coverage: units on the line, and those never run
	}
	rows := make(map[[2]any]*line)
	var order []*line
	get := func(file string, l int) *line {
		k := [2]any{file, l}
		if x := rows[k]; x != nil {
			return x
		}
		x := &line{file: file, line: l}
		rows[k] = x
		order = append(order, x)
		return x
	}
	var total, n int64
	if coverage && len(p.Units) == 0 {
		return fmt.Errorf("report: --coverage needs counts (sonde count, sonde cc), this profile has samples only")
	}
	if !coverage {
		for i := range p.Samples {
			v, err := sampleValue(p, i)
			if err != nil {
				return err
			}
			c := sampleCount(p, i)
			total += v
			n += c
			st := p.Samples[i].Stack
			if len(st) == 0 {
				continue
			}
			s, err := r.resolve(st[0], false)
			if err != nil {
				return err
			}
			if len(s.frames) == 0 || s.frames[0].File == "" || s.frames[0].Line <= 0 {
				continue
			}
			x := get(s.frames[0].File, s.frames[0].Line)
			x.v += v
			x.n += c
		}
	}
	if len(p.Samples) == 0 || coverage {
		kind := flatKind(p.Units, ByLine)
		tally := profile.NewLineTally()
		for i := range p.Units {
			u := &p.Units[i]
			if u.Kind != kind {
				continue
			}
			c, err := unitCount(p, i)
			if err != nil {
				return err
			}
			s, err := r.unitSite(u)
			if err != nil {
				return err
			}
			if len(s.frames) == 0 || s.frames[0].File == "" || s.frames[0].Line <= 0 {
				total += int64(c) // shares are of all counts, placed or not
				continue
			}
			cp, _ := lineCopy(u, s)
			tally.Add(cp, c)
			x := get(s.frames[0].File, s.frames[0].Line)
			x.count = true
			x.units++
			if c == 0 {
				x.zero++
			}
		}
		// a line's count is profile.LineTally's, as in every view
		for k, c := range tally.Lines() {
			get(k.File, k.Line).v = int64(c)
		}
	}
	if len(p.Samples) == 0 || coverage {
		for _, x := range order {
			total += x.v
		}
	}
	list := order[:0:0]
	for _, x := range order {
		if coverage && x.zero == 0 || !coverage && x.v == 0 {
			continue
		}
		list = append(list, x)
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if !coverage && a.v != b.v {
			return a.v > b.v
		}
		if a.file != b.file {
			return a.file < b.file
		}
		return a.line < b.line
	})
	if top > 0 && len(list) > top {
		list = list[:top]
	}
	var b strings.Builder
	for _, x := range list {
		var what string
		switch {
		case coverage && x.zero == x.units:
			what = "never executed"
		case coverage:
			what = fmt.Sprintf("partly executed (%d of %d units never ran)", x.zero, x.units)
		case x.count:
			what = fmt.Sprintf("%d (%.1f%%)", x.v, percent(x.v, total))
		default:
			pp := frac(x.n, n)
			what = fmt.Sprintf("%.1f%% ±%.1f", percent(x.v, total), 200*math.Sqrt(pp*(1-pp)/float64(max(n, 1))))
		}
		fmt.Fprintf(&b, "%s:%d: %s", x.file, x.line, what)
		if text, ok := src.line(x.file, x.line); ok {
			b.WriteString("  " + strings.TrimSpace(text))
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// sourceCache reads each source file once, remembering files that cannot
// be read.
type sourceCache struct {
	files map[string][]string
}

func newSourceCache() *sourceCache { return &sourceCache{files: make(map[string][]string)} }

// line returns line n (1-based) of file, false when the file cannot be
// read or is shorter.
func (c *sourceCache) line(file string, n int) (string, bool) {
	lines, ok := c.files[file]
	if !ok {
		if f, err := os.Open(file); err == nil {
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 64*1024), 1<<20)
			for sc.Scan() {
				lines = append(lines, sc.Text())
			}
			f.Close()
		}
		c.files[file] = lines
	}
	if n < 1 || n > len(lines) {
		return "", false
	}
	return lines[n-1], true
}

package export

import (
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"

	"sonde/profile"
)

// WriteCobertura writes p's coverage (CoverageOf's) as Cobertura XML, the
// shape gcovr writes (gcovr/formats/cobertura/write.py) and the Cobertura
// DTD coverage-04 declares: one package per directory, one class per
// source file, its methods (the functions, each with its lines) and its
// lines with "hits"; a line with branches has branch="true" and
// condition-coverage "P% (covered/total)", where each conditional jump is
// two branches (taken, not taken) and a branch is covered when it ran.
// Rates are covered/total, 1.0 where there is nothing to cover (gcovr
// 5.2 wrote 0.0 there). The sources element names the files' common
// directory, and class file names are relative to it.
func WriteCobertura(w io.Writer, p *profile.Profile, sym Symbolizer) error {
	c, err := CoverageOf(p, sym, nil)
	if err != nil {
		return fmt.Errorf("cobertura export: %w", err)
	}
	return c.WriteCobertura(w)
}

// stat is a covered-of-total pair.
type stat struct{ covered, total int }

func (s *stat) add(o stat) { s.covered += o.covered; s.total += o.total }

func (s stat) rate() string {
	if s.total == 0 {
		return "1.0"
	}
	return pyFloat(float64(s.covered) / float64(s.total))
}

// pyFloat formats v as Python's str(float) does, as gcovr writes rates:
// the shortest representation, with ".0" on whole numbers.
func pyFloat(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// lineStats returns the line and branch stats of lines.
func lineStats(lines []LineCoverage) (ls, bs stat) {
	for _, l := range lines {
		ls.total++
		if l.Count > 0 {
			ls.covered++
		}
		bs.add(branchStat(l))
	}
	return ls, bs
}

// branchStat counts a line's branches: two per conditional jump.
func branchStat(l LineCoverage) stat {
	var s stat
	for _, b := range l.Branches {
		s.total += 2
		if b.Taken > 0 {
			s.covered++
		}
		if b.Fall > 0 {
			s.covered++
		}
	}
	return s
}

// commonDir returns the longest directory that holds every name.
func commonDir(names []string) string {
	if len(names) == 0 {
		return ""
	}
	dir := path.Dir(names[0])
	for _, n := range names[1:] {
		for dir != "/" && dir != "." && !strings.HasPrefix(n, dir+"/") {
			dir = path.Dir(dir)
		}
	}
	return dir
}

// WriteCobertura writes c as Cobertura XML (see the function).
func (c *Coverage) WriteCobertura(w io.Writer) error {
	var names []string
	for _, f := range c.Files {
		names = append(names, f.Name)
	}
	root := commonDir(names)
	type pkg struct {
		classes    []string
		lines, brs stat
		classXML   map[string]string
		name       string
	}
	pkgs := make(map[string]*pkg)
	var all, allBr stat
	for _, f := range c.Files {
		rel := f.Name
		if root != "" && root != "." && strings.HasPrefix(rel, root+"/") {
			rel = strings.TrimPrefix(rel, root+"/")
		} else if root == "/" {
			rel = strings.TrimPrefix(rel, "/")
		}
		dir, base := "", rel
		if i := strings.LastIndex(rel, "/"); i >= 0 {
			dir, base = rel[:i], rel[i+1:]
		}
		pk := pkgs[dir]
		if pk == nil {
			pk = &pkg{classXML: make(map[string]string), name: strings.ReplaceAll(dir, "/", ".")}
			pkgs[dir] = pk
		}
		ls, bs := lineStats(f.Lines)
		pk.lines.add(ls)
		pk.brs.add(bs)
		all.add(ls)
		allBr.add(bs)
		var b strings.Builder
		className := strings.ReplaceAll(base, ".", "_")
		fmt.Fprintf(&b, "\t\t\t\t<class name=%s filename=%s line-rate=%q branch-rate=%q complexity=\"0.0\">\n",
			xmlAttr(className), xmlAttr(rel), ls.rate(), bs.rate())
		b.WriteString("\t\t\t\t\t<methods>\n")
		for _, fn := range f.Funcs {
			var mine []LineCoverage
			for _, l := range f.Lines {
				if l.Line >= fn.Line && l.Line <= max(fn.Line, fn.LastLine) {
					mine = append(mine, l)
				}
			}
			mls, mbs := lineStats(mine)
			name, sig := fn.Name, ""
			if i := strings.IndexByte(name, '('); i > 0 {
				name, sig = name[:i], name[i:]
			}
			fmt.Fprintf(&b, "\t\t\t\t\t\t<method name=%s signature=%s line-rate=%q branch-rate=%q complexity=\"0.0\">\n",
				xmlAttr(name), xmlAttr(sig), mls.rate(), mbs.rate())
			b.WriteString("\t\t\t\t\t\t\t<lines>\n")
			for _, l := range mine {
				writeCoberturaLine(&b, "\t\t\t\t\t\t\t\t", l)
			}
			b.WriteString("\t\t\t\t\t\t\t</lines>\n\t\t\t\t\t\t</method>\n")
		}
		b.WriteString("\t\t\t\t\t</methods>\n\t\t\t\t\t<lines>\n")
		for _, l := range f.Lines {
			writeCoberturaLine(&b, "\t\t\t\t\t\t", l)
		}
		b.WriteString("\t\t\t\t\t</lines>\n\t\t\t\t</class>\n")
		pk.classXML[className+"\x00"+rel] = b.String()
		pk.classes = append(pk.classes, className+"\x00"+rel)
	}
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	b.WriteString("<!DOCTYPE coverage SYSTEM 'http://cobertura.sourceforge.net/xml/coverage-04.dtd'>\n")
	fmt.Fprintf(&b, "<coverage line-rate=%q branch-rate=%q lines-covered=\"%d\" lines-valid=\"%d\" branches-covered=\"%d\" branches-valid=\"%d\" complexity=\"0.0\" timestamp=\"%d\" version=\"sonde\">\n",
		all.rate(), allBr.rate(), all.covered, all.total, allBr.covered, allBr.total, c.Time)
	b.WriteString("\t<sources>\n")
	if root != "" {
		fmt.Fprintf(&b, "\t\t<source>%s</source>\n", xmlText(root))
	}
	b.WriteString("\t</sources>\n\t<packages>\n")
	dirs := make([]string, 0, len(pkgs))
	for d := range pkgs {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		pk := pkgs[d]
		fmt.Fprintf(&b, "\t\t<package name=%s line-rate=%q branch-rate=%q complexity=\"0.0\">\n\t\t\t<classes>\n",
			xmlAttr(pk.name), pk.lines.rate(), pk.brs.rate())
		sort.Strings(pk.classes)
		for _, k := range pk.classes {
			b.WriteString(pk.classXML[k])
		}
		b.WriteString("\t\t\t</classes>\n\t\t</package>\n")
	}
	b.WriteString("\t</packages>\n</coverage>\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("cobertura export: %w", err)
	}
	return nil
}

// writeCoberturaLine writes one line element, with its branches'
// condition coverage as gcovr writes it.
func writeCoberturaLine(b *strings.Builder, indent string, l LineCoverage) {
	s := branchStat(l)
	if s.total == 0 {
		fmt.Fprintf(b, "%s<line number=\"%d\" hits=\"%d\" branch=\"false\"/>\n", indent, l.Line, l.Count)
		return
	}
	pct := 100 * s.covered / s.total
	fmt.Fprintf(b, "%s<line number=\"%d\" hits=\"%d\" branch=\"true\" condition-coverage=\"%d%% (%d/%d)\">\n", indent, l.Line, l.Count, pct, s.covered, s.total)
	fmt.Fprintf(b, "%s\t<conditions>\n%s\t\t<condition number=\"0\" type=\"jump\" coverage=\"%d%%\"/>\n%s\t</conditions>\n%s</line>\n",
		indent, indent, pct, indent, indent)
}

// xmlAttr quotes s as an XML attribute value.
func xmlAttr(s string) string { return `"` + xmlText(s) + `"` }

// xmlText escapes s for XML character data and attribute values.
func xmlText(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s)) // a strings.Builder does not fail
	return b.String()
}

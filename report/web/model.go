package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"sonde/export"
	"sonde/profile"
)

// sourceModel is what the source and coverage pages show: per source file
// and line, the exact count (the line's count by the rule of every view,
// profile.LineTally's, as the JSON export's "lines" give it) and the
// samples taken there; per function, its units and those that ran. It is
// read from the JSON export (docs/json-schema.md), so the web pages show
// the numbers the other views and exports show.
type sourceModel struct {
	files     map[string]*fileStat
	funcs     []*funcStat
	samples   int64 // samples in the profile (their "samples" column)
	timeUnit  string
	hasCounts bool
	hasTime   bool
}

// fileStat is one source file's lines.
type fileStat struct {
	Name      string
	Lines     map[int]*lineStat
	CodeLines int // lines with counted code
	RunLines  int // those with a count above 0
	Samples   int64
}

// lineStat is one source line.
type lineStat struct {
	Counted bool   // the line has counted code
	Count   uint64 // its count (0: never ran)
	Self    int64  // samples whose innermost frame is this line
	Cum     int64  // samples with this line in any frame, once a sample
	SelfNS  int64  // the CPU time of Self, when the profile has it
}

// funcStat is one function's units.
type funcStat struct {
	Name, File  string
	Line        int // the line of its first unit
	Units, Ran  int
	Entries     uint64
	hasEntryCnt bool
}

// jsonModel is the part of the JSON export the pages read.
type jsonModel struct {
	SampleTypes []struct{ Type, Unit string } `json:"sample_types"`
	Locations   []struct {
		Frames []struct {
			Name string `json:"name"`
			File string `json:"file"`
			Line int    `json:"line"`
		} `json:"frames"`
	} `json:"locations"`
	Samples []struct {
		Stack  []int   `json:"stack"`
		Values []int64 `json:"values"`
	} `json:"samples"`
	Units []struct {
		Kind     string   `json:"kind"`
		Location int      `json:"location"`
		Func     string   `json:"func"`
		File     string   `json:"file"`
		Line     int      `json:"line"`
		Counts   []uint64 `json:"counts"`
	} `json:"units"`
	Lines []struct {
		File  string `json:"file"`
		Line  int    `json:"line"`
		Count uint64 `json:"count"`
	} `json:"lines"`
}

// newSourceModel symbolizes p through the JSON export and adds it up.
func newSourceModel(p *profile.Profile, sym export.Symbolizer) (*sourceModel, error) {
	var buf bytes.Buffer
	if err := export.WriteJSON(&buf, p, sym); err != nil {
		return nil, err
	}
	var j jsonModel
	if err := json.Unmarshal(buf.Bytes(), &j); err != nil {
		return nil, fmt.Errorf("read the JSON export: %w", err)
	}
	m := &sourceModel{files: make(map[string]*fileStat)}
	file := func(name string) *fileStat {
		f := m.files[name]
		if f == nil {
			f = &fileStat{Name: name, Lines: make(map[int]*lineStat)}
			m.files[name] = f
		}
		return f
	}
	line := func(f *fileStat, n int) *lineStat {
		l := f.Lines[n]
		if l == nil {
			l = &lineStat{}
			f.Lines[n] = l
		}
		return l
	}
	for _, l := range j.Lines {
		f := file(l.File)
		s := line(f, l.Line)
		s.Counted, s.Count = true, l.Count
		f.CodeLines++
		if l.Count > 0 {
			f.RunLines++
		}
		m.hasCounts = true
	}
	wcol, tcol := -1, -1
	for i, t := range j.SampleTypes {
		switch {
		case t.Type == "samples" || t.Type == "count":
			wcol = i
		case t.Unit == "nanoseconds" && tcol < 0:
			tcol = i
		}
	}
	m.hasTime = tcol >= 0
	type pos struct {
		file string
		line int
	}
	seen := make(map[pos]bool)
	for _, s := range j.Samples {
		w := int64(1)
		if wcol >= 0 && wcol < len(s.Values) {
			w = s.Values[wcol]
		}
		m.samples += w
		clear(seen)
		for i, li := range s.Stack {
			if li < 0 || li >= len(j.Locations) {
				continue
			}
			for k, fr := range j.Locations[li].Frames {
				if fr.File == "" || fr.Line == 0 {
					continue
				}
				f := file(fr.File)
				ls := line(f, fr.Line)
				if i == 0 && k == 0 {
					ls.Self += w
					f.Samples += w
					if tcol >= 0 && tcol < len(s.Values) {
						ls.SelfNS += s.Values[tcol]
					}
				}
				if p := (pos{fr.File, fr.Line}); !seen[p] {
					seen[p] = true
					ls.Cum += w
				}
			}
		}
	}
	funcs := make(map[string]*funcStat)
	for _, u := range j.Units {
		name, fileName, ln := u.Func, u.File, u.Line
		if u.Location >= 0 && u.Location < len(j.Locations) {
			if fr := j.Locations[u.Location].Frames; len(fr) > 0 {
				// The innermost frame's function, as the text
				// coverage view lists what never ran.
				if name == "" {
					name = fr[0].Name
				}
				if fileName == "" {
					fileName, ln = fr[0].File, fr[0].Line
				}
			}
		}
		if name == "" {
			continue
		}
		fs := funcs[name]
		if fs == nil {
			fs = &funcStat{Name: name, File: fileName, Line: ln}
			funcs[name] = fs
		}
		if fs.Line == 0 || ln != 0 && ln < fs.Line && fileName == fs.File {
			fs.Line = ln
		}
		var c uint64
		if len(u.Counts) > 0 {
			c = u.Counts[0]
		}
		fs.Units++
		if c > 0 {
			fs.Ran++
		}
		if u.Kind == "function" {
			fs.Entries += c
			fs.hasEntryCnt = true
		}
	}
	for _, f := range funcs {
		m.funcs = append(m.funcs, f)
	}
	sort.Slice(m.funcs, func(a, b int) bool {
		x, y := m.funcs[a], m.funcs[b]
		if x.File != y.File {
			return x.File < y.File
		}
		if x.Line != y.Line {
			return x.Line < y.Line
		}
		return x.Name < y.Name
	})
	return m, nil
}

// sortedFiles lists the files with counts or samples, by name.
func (m *sourceModel) sortedFiles() []*fileStat {
	var out []*fileStat
	for _, f := range m.files {
		if f.CodeLines > 0 || f.Samples > 0 || hasCum(f) {
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func hasCum(f *fileStat) bool {
	for _, l := range f.Lines {
		if l.Cum > 0 {
			return true
		}
	}
	return false
}

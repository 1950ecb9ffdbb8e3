package export

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"

	"sonde/profile"
	"sonde/symbol"
)

// JSONVersion is the version of the JSON layout WriteJSON writes
// (docs/json-schema.md); it changes when a field changes meaning.
const JSONVersion = 1

// The JSON layout of a profile (docs/json-schema.md documents each field).
type (
	jsonProfile struct {
		Format      string          `json:"format"`
		Version     int             `json:"version"`
		SampleTypes []jsonValueType `json:"sample_types"`
		Period      int64           `json:"period"`
		CountTypes  []jsonValueType `json:"count_types"`
		Mappings    []jsonMapping   `json:"mappings"`
		Locations   []jsonLocation  `json:"locations"`
		Samples     []jsonSample    `json:"samples"`
		Units       []jsonUnit      `json:"units"`
		Processes   []jsonProcess   `json:"processes"`
		Runs        []jsonRun       `json:"runs"`
		// Exprs is nil, and left out, when the profile has no
		// expressions, so that profiles without them read as before.
		Exprs []jsonExprDef `json:"exprs,omitzero"`
		// Lines are the source lines of the counted units with their
		// count by profile.LineTally's rule; nil, and left out, when the
		// profile has no units.
		Lines []jsonLine `json:"lines,omitzero"`
	}
	jsonLine struct {
		File  string `json:"file"`
		Line  int    `json:"line"`
		Count uint64 `json:"count"`
	}
	jsonValueType struct {
		Type string `json:"type"`
		Unit string `json:"unit"`
	}
	jsonMapping struct {
		Path    string `json:"path"`
		BuildID string `json:"build_id"`
		Start   string `json:"start"`
		Limit   string `json:"limit"`
		Offset  string `json:"offset"`
		Bias    string `json:"bias"`
	}
	jsonLocation struct {
		Mapping int32       `json:"mapping"`
		Addr    string      `json:"addr"`
		Lookup  string      `json:"lookup"`
		Frames  []jsonFrame `json:"frames"`
	}
	jsonFrame struct {
		Func    string `json:"func"`
		Name    string `json:"name"`
		File    string `json:"file"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		Inlined bool   `json:"inlined"`
	}
	jsonSample struct {
		Stack  []int   `json:"stack"`
		Values []int64 `json:"values"`
		PID    int32   `json:"pid"`
		TID    int32   `json:"tid"`
		Time   int64   `json:"time_ns"`
		// Exprs is non-nil (possibly empty) exactly when the profile
		// has expressions.
		Exprs []jsonExprValue `json:"exprs,omitzero"`
	}
	jsonExprDef struct {
		Spec string `json:"spec"`
		Prog string `json:"prog"`
		Func string `json:"func"`
		Expr string `json:"expr"`
	}
	jsonExprValue struct {
		Expr   int32  `json:"expr"`
		Status string `json:"status"`
		Text   string `json:"text"`
		// Number is nil when the value is not a finite number:
		// encoding/json cannot write NaN or infinities.
		Number *float64 `json:"number,omitempty"`
	}
	jsonUnit struct {
		Kind     string   `json:"kind"`
		Location int      `json:"location"`
		Scope    string   `json:"scope,omitempty"`
		Index    int      `json:"index"`
		Func     string   `json:"func,omitempty"`
		File     string   `json:"file,omitempty"`
		Line     int      `json:"line,omitempty"`
		Instrs   int      `json:"instrs,omitempty"`
		Counts   []uint64 `json:"counts"`
	}
	jsonProcess struct {
		Run   uint64 `json:"run"`
		PID   int32  `json:"pid"`
		PPID  int32  `json:"ppid"`
		Comm  string `json:"comm"`
		Exe   string `json:"exe"`
		Ended string `json:"ended"`
	}
	jsonRun struct {
		ID        uint64   `json:"id"`
		Collector string   `json:"collector"`
		Command   []string `json:"command"`
		Start     string   `json:"start,omitempty"`
		End       string   `json:"end,omitempty"`
		Lost      uint64   `json:"lost"`
		Notes     []string `json:"notes"`
	}
)

// jsonExprValues returns sample i's expression values (record --expr),
// never nil.
func jsonExprValues(p *profile.Profile, i int) ([]jsonExprValue, error) {
	vs := []jsonExprValue{}
	for _, v := range p.Samples[i].Exprs {
		if v.Expr < 0 || int(v.Expr) >= len(p.Exprs) {
			return nil, fmt.Errorf("json export: sample %d: value of expression %d of %d", i, v.Expr, len(p.Exprs))
		}
		jv := jsonExprValue{Expr: v.Expr, Status: v.Status.String(), Text: v.Text}
		if v.Status == profile.ExprOK && v.HasNum && !math.IsNaN(v.Num) && !math.IsInf(v.Num, 0) {
			jv.Number = &v.Num
		}
		vs = append(vs, jv)
	}
	return vs, nil
}

func hex(v uint64) string { return fmt.Sprintf("%#x", v) }

// WriteJSON writes p as one JSON object: the model of package profile with
// each distinct location symbolized once through sym (nil: no frames), as
// documented in docs/json-schema.md. Addresses are hex strings ("0x1150")
// so that readers with 53-bit numbers keep them exact.
func WriteJSON(w io.Writer, p *profile.Profile, sym Symbolizer) error {
	out := jsonProfile{
		Format: "sonde-profile", Version: JSONVersion, Period: p.Period,
		SampleTypes: []jsonValueType{}, CountTypes: []jsonValueType{}, Mappings: []jsonMapping{},
		Locations: []jsonLocation{}, Samples: []jsonSample{}, Units: []jsonUnit{},
		Processes: []jsonProcess{}, Runs: []jsonRun{},
	}
	for _, t := range p.SampleTypes {
		out.SampleTypes = append(out.SampleTypes, jsonValueType(t))
	}
	for _, t := range p.CountTypes {
		out.CountTypes = append(out.CountTypes, jsonValueType(t))
	}
	for i, m := range p.Mappings {
		if m == nil {
			return fmt.Errorf("json export: mapping %d is nil", i)
		}
		out.Mappings = append(out.Mappings, jsonMapping{Path: m.Path, BuildID: m.BuildID,
			Start: hex(m.Start), Limit: hex(m.Limit), Offset: hex(m.Offset), Bias: hex(m.Bias)})
	}
	type key struct {
		loc    profile.Location
		caller bool
	}
	index := make(map[key]int)
	locFrames := make(map[key][]symbol.Frame)
	location := func(l profile.Location, caller bool) (int, error) {
		k := key{l, caller}
		if i, ok := index[k]; ok {
			return i, nil
		}
		lookup := l.Addr
		if caller && lookup > 0 {
			lookup--
		}
		jl := jsonLocation{Mapping: l.Mapping, Addr: hex(uint64(l.Addr)), Lookup: hex(uint64(lookup)), Frames: []jsonFrame{}}
		if l.Mapping != profile.NoMapping {
			if l.Mapping < 0 || int(l.Mapping) >= len(p.Mappings) {
				return 0, fmt.Errorf("json export: location %#x refers to mapping %d of %d", uint64(l.Addr), l.Mapping, len(p.Mappings))
			}
			if sym != nil {
				m := p.Mappings[l.Mapping]
				fs, err := sym.Frames(m, lookup)
				if err != nil {
					return 0, fmt.Errorf("json export: symbolize %s %#x: %w", m.Path, uint64(lookup), err)
				}
				for _, f := range fs {
					jl.Frames = append(jl.Frames, jsonFrame{Func: f.Func, Name: symbol.Demangle(f.Func), File: f.File,
						Line: f.Line, Column: f.Column, Inlined: f.Inlined})
				}
				locFrames[k] = fs
			}
		}
		index[k] = len(out.Locations)
		out.Locations = append(out.Locations, jl)
		return len(out.Locations) - 1, nil
	}
	for _, d := range p.Exprs {
		out.Exprs = append(out.Exprs, jsonExprDef(d))
	}
	for i := range p.Samples {
		s := &p.Samples[i]
		js := jsonSample{Stack: []int{}, Values: append([]int64{}, s.Values...), PID: s.PID, TID: s.TID, Time: s.Time}
		if len(p.Exprs) > 0 {
			vs, err := jsonExprValues(p, i)
			if err != nil {
				return err
			}
			js.Exprs = vs
		}
		for j, l := range s.Stack {
			li, err := location(l, j > 0)
			if err != nil {
				return err
			}
			js.Stack = append(js.Stack, li)
		}
		out.Samples = append(out.Samples, js)
	}
	// lines: one kind of unit, the finest, as lcov's DA lines
	lineKind := finestLineKind(p)
	tally := profile.NewLineTally()
	for i := range p.Units {
		u := &p.Units[i]
		ju := jsonUnit{Kind: u.Kind.String(), Location: -1, Scope: u.Scope, Index: u.Index, Func: u.Func, File: u.File,
			Line: u.Line, Instrs: u.Instrs, Counts: append([]uint64{}, u.Counts...)}
		if u.Loc.Mapping != profile.NoMapping {
			li, err := location(u.Loc, false)
			if err != nil {
				return err
			}
			ju.Location = li
		}
		out.Units = append(out.Units, ju)
		if u.Kind != lineKind {
			continue
		}
		var pos []profile.SourcePos
		object := ""
		if u.Func != "" || u.File != "" {
			pos = []profile.SourcePos{{Func: u.Func, File: u.File, Line: u.Line}}
		} else if u.Loc.Mapping != profile.NoMapping {
			for _, f := range locFrames[key{u.Loc, false}] {
				pos = append(pos, profile.SourcePos{Func: f.Func, File: f.File, Line: f.Line})
			}
		}
		if u.Loc.Mapping != profile.NoMapping {
			object = p.Mappings[u.Loc.Mapping].Path
		}
		if len(pos) > 0 && pos[0].File != "" && pos[0].Line > 0 {
			var c uint64
			if len(u.Counts) > 0 {
				c = u.Counts[0]
			}
			tally.Add(profile.LineCopyOf(u, object, pos), c)
		}
	}
	if len(p.Units) > 0 {
		counts := tally.Lines()
		out.Lines = make([]jsonLine, 0, len(counts))
		for k, c := range counts {
			out.Lines = append(out.Lines, jsonLine{File: k.File, Line: k.Line, Count: c})
		}
		sort.Slice(out.Lines, func(i, j int) bool {
			a, b := out.Lines[i], out.Lines[j]
			return a.File < b.File || a.File == b.File && a.Line < b.Line
		})
	}
	for _, pr := range p.Processes {
		out.Processes = append(out.Processes, jsonProcess{Run: pr.RunID, PID: pr.PID, PPID: pr.PPID, Comm: pr.Comm, Exe: pr.Exe, Ended: pr.Ended})
	}
	for _, r := range p.Runs {
		jr := jsonRun{ID: r.ID, Collector: r.Collector, Command: append([]string{}, r.Command...), Lost: r.Lost, Notes: append([]string{}, r.Notes...)}
		if !r.Start.IsZero() {
			jr.Start = r.Start.UTC().Format("2006-01-02T15:04:05.999999999Z")
		}
		if !r.End.IsZero() {
			jr.End = r.End.UTC().Format("2006-01-02T15:04:05.999999999Z")
		}
		out.Runs = append(out.Runs, jr)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(&out); err != nil {
		return fmt.Errorf("json export: %w", err)
	}
	return nil
}

// Package export writes profiles in other tools' formats: pprof's gzipped
// protocol buffers (pprof.go), which go tool pprof, Pyroscope, Parca and
// speedscope read; Brendan Gregg's folded stacks (folded.go); speedscope's
// JSON (speedscope.go); lcov's tracefile (lcov.go); sonde's own JSON
// (json.go, schema in docs/json-schema.md); and a self-contained HTML page
// (html.go). pprof.go and pprof_profile.go, with package pprofweb below
// (pprof's web UI, whose driver takes that package's types), are the only
// files in sonde that import github.com/google/pprof/profile.
package export

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	pp "github.com/google/pprof/profile"

	"sonde/profile"
	"sonde/symbol"
)

// Symbolizer finds the source frames of a link-time address in a mapped
// object, innermost first; nil, nil when nothing is known. It has the method
// set of report.Symbolizer, so one implementation serves both.
type Symbolizer interface {
	Frames(m *profile.Mapping, addr profile.Addr) ([]symbol.Frame, error)
}

// ErrMixed is returned for a profile holding both samples and counts: a
// pprof profile has one set of value types.
var ErrMixed = errors.New("profile holds both samples and counts")

// WritePprof converts p to a pprof profile, symbolizing each distinct
// location once through sym (nil: no symbolization), checks it with pprof's
// CheckValid, and writes it to w gzipped.
//
// Sample profiles keep their sample types, period and stacks; each sample
// carries pid and tid numeric labels and a comm label when the process's
// command name is known. Samples with the same stack (the same exported
// locations) and the same labels are written as one sample whose values
// are their sums, as pprof -proto writes them. Counting profiles become one pprof sample per unit
// with its counts as values (zero counts included, so that the universe
// survives) and a "unit" label naming its kind.
//
// Addresses. A pprof Location's Address is the link-time address that was
// symbolized: the recorded address for a leaf, the return address minus one
// for a caller (the call instruction), so that a tool that symbolizes again
// gets the same answer. Each pprof Mapping gets Start, Limit and Offset
// shifted from the runtime placement back to link time (Start-Bias,
// Limit-Bias, Offset): pprof's base computation, Start - Offset +
// seg.Off - seg.Vaddr, is then 0 and its object addresses equal ours. When
// the placement is unknown or does not hold every address, the page-aligned
// executable PT_LOAD segment of the object file is used instead, and when
// the file cannot be read either, Start=0, Limit=2^64-1, Offset=0, the range
// pprof takes for "addresses are already object addresses".
func WritePprof(w io.Writer, p *profile.Profile, sym Symbolizer) error {
	out, err := toPprof(p, sym)
	if err != nil {
		return err
	}
	if err := out.CheckValid(); err != nil {
		return fmt.Errorf("pprof export: invalid profile: %w", err)
	}
	if err := out.Write(w); err != nil {
		return fmt.Errorf("pprof export: %w", err)
	}
	return nil
}

// builder accumulates the pprof tables of one conversion.
type builder struct {
	p         *profile.Profile
	sym       Symbolizer
	out       *pp.Profile
	mappings  []*pp.Mapping // by profile mapping index
	stats     []mappingStats
	locations map[locKey]*pp.Location
	functions map[pp.Function]*pp.Function // keyed by value with ID 0
}

// locKey identifies an exported location: the symbolized address in a
// mapping, plus the static position of compiler-numbered units.
type locKey struct {
	mapping int32
	addr    profile.Addr
	fn      string
	file    string
	line    int
}

// mappingStats records what symbolization found for a mapping's locations.
type mappingStats struct {
	locs, funcs, files, lines int
	minAddr, maxAddr          profile.Addr
}

func toPprof(p *profile.Profile, sym Symbolizer) (*pp.Profile, error) {
	if len(p.Samples) > 0 && len(p.Units) > 0 {
		return nil, fmt.Errorf("pprof export: %w: export the files of one collector at a time", ErrMixed)
	}
	b := &builder{
		p:         p,
		sym:       sym,
		out:       &pp.Profile{},
		locations: make(map[locKey]*pp.Location),
		functions: make(map[pp.Function]*pp.Function),
		stats:     make([]mappingStats, len(p.Mappings)),
	}
	for i, m := range p.Mappings {
		if m == nil {
			return nil, fmt.Errorf("pprof export: mapping %d is nil", i)
		}
		pm := &pp.Mapping{ID: uint64(i + 1), File: m.Path, BuildID: m.BuildID}
		b.mappings = append(b.mappings, pm)
		b.out.Mapping = append(b.out.Mapping, pm)
	}
	b.times()
	for _, r := range p.Runs {
		b.out.Comments = append(b.out.Comments, r.Notes...)
	}
	var err error
	if len(p.Units) > 0 {
		err = b.units()
	} else {
		err = b.samples()
	}
	if err != nil {
		return nil, err
	}
	b.finishMappings()
	return b.out, nil
}

// times sets the profile's start and duration from its runs.
func (b *builder) times() {
	var start, end int64
	for _, r := range b.p.Runs {
		if !r.Start.IsZero() && (start == 0 || r.Start.UnixNano() < start) {
			start = r.Start.UnixNano()
		}
		if !r.End.IsZero() && r.End.UnixNano() > end {
			end = r.End.UnixNano()
		}
	}
	b.out.TimeNanos = start
	if start != 0 && end > start {
		b.out.DurationNanos = end - start
	}
}

func (b *builder) samples() error {
	p := b.p
	for _, t := range p.SampleTypes {
		b.out.SampleType = append(b.out.SampleType, &pp.ValueType{Type: t.Type, Unit: t.Unit})
	}
	if len(p.SampleTypes) == 0 {
		b.out.SampleType = []*pp.ValueType{{Type: "samples", Unit: "count"}}
	}
	last := b.out.SampleType[len(b.out.SampleType)-1]
	b.out.DefaultSampleType = last.Type
	if p.Period != 0 {
		b.out.PeriodType = &pp.ValueType{Type: last.Type, Unit: last.Unit}
		b.out.Period = p.Period
	}
	comms := b.comms()
	// Samples with the same stack and labels become one, with summed
	// values, as pprof's Compact does: the file grows with the distinct
	// stacks, not with the samples.
	same := make(map[string]*pp.Sample)
	var key []byte
	var locs []*pp.Location
	for i := range p.Samples {
		s := &p.Samples[i]
		values := s.Values
		if len(p.SampleTypes) == 0 {
			values = []int64{1}
		}
		if len(values) != len(b.out.SampleType) {
			return fmt.Errorf("pprof export: sample %d has %d values for %d sample types", i, len(values), len(b.out.SampleType))
		}
		locs = locs[:0]
		for j, l := range s.Stack {
			loc, err := b.location(l, j > 0)
			if err != nil {
				return err
			}
			locs = append(locs, loc)
		}
		key = sampleKey(key[:0], locs, s)
		if prev, ok := same[string(key)]; ok {
			for j, v := range values {
				prev.Value[j] += v
			}
			continue
		}
		ps := &pp.Sample{
			Location: slices.Clone(locs),
			Value:    slices.Clone(values),
			NumLabel: map[string][]int64{"pid": {int64(s.PID)}, "tid": {int64(s.TID)}},
		}
		if c := comms[s.PID]; c != "" {
			ps.Label = map[string][]string{"comm": {c}}
		}
		addExprLabels(ps, p, s)
		same[string(key)] = ps
		b.out.Sample = append(b.out.Sample, ps)
	}
	return nil
}

// sampleKey appends to buf what a pprof sample's identity apart from its
// values is made of: its locations, and what its labels are made of (pid,
// tid, and the comm a pid has; the expression values). Samples with the
// same key have the same locations and labels. Numbers and lengths are
// varints, so that no two different samples share a key.
func sampleKey(buf []byte, locs []*pp.Location, s *profile.Sample) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(locs)))
	for _, l := range locs {
		buf = binary.AppendUvarint(buf, l.ID)
	}
	buf = binary.AppendVarint(buf, int64(s.PID))
	buf = binary.AppendVarint(buf, int64(s.TID))
	buf = binary.AppendUvarint(buf, uint64(len(s.Exprs)))
	for _, v := range s.Exprs {
		buf = binary.AppendVarint(buf, int64(v.Expr))
		buf = binary.AppendUvarint(buf, uint64(v.Status))
		if v.HasNum {
			buf = append(buf, 1)
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(v.Num))
		} else {
			buf = append(buf, 0)
		}
		buf = binary.AppendUvarint(buf, uint64(len(v.Text)))
		buf = append(buf, v.Text...)
	}
	return buf
}

// comms maps each pid to its command name, leaving out pids whose processes
// (in different runs) had different names: a sample does not say its run.
func (b *builder) comms() map[int32]string {
	comms := make(map[int32]string)
	bad := make(map[int32]bool)
	for _, pr := range b.p.Processes {
		if pr.Comm == "" {
			continue
		}
		if c, ok := comms[pr.PID]; ok && c != pr.Comm {
			bad[pr.PID] = true
		}
		comms[pr.PID] = pr.Comm
	}
	for pid := range bad {
		delete(comms, pid)
	}
	return comms
}

func (b *builder) units() error {
	p := b.p
	for _, t := range p.CountTypes {
		b.out.SampleType = append(b.out.SampleType, &pp.ValueType{Type: t.Type, Unit: t.Unit})
	}
	if len(p.CountTypes) == 0 {
		return fmt.Errorf("pprof export: counting profile names no count types")
	}
	b.out.DefaultSampleType = b.out.SampleType[0].Type
	for i := range p.Units {
		u := &p.Units[i]
		if len(u.Counts) != len(p.CountTypes) {
			return fmt.Errorf("pprof export: unit %d has %d counts for %d count types", i, len(u.Counts), len(p.CountTypes))
		}
		ps := &pp.Sample{Label: map[string][]string{"unit": {u.Kind.String()}}}
		for _, c := range u.Counts {
			ps.Value = append(ps.Value, int64(c))
		}
		var loc *pp.Location
		var err error
		if u.Func != "" || u.File != "" {
			loc, err = b.staticLocation(u)
		} else {
			loc, err = b.location(u.Loc, false)
		}
		if err != nil {
			return err
		}
		ps.Location = []*pp.Location{loc}
		b.out.Sample = append(b.out.Sample, ps)
	}
	return nil
}

// mapping checks a location's mapping index; -1 is NoMapping.
func (b *builder) mapping(l profile.Location) error {
	if l.Mapping != profile.NoMapping && (l.Mapping < 0 || int(l.Mapping) >= len(b.p.Mappings)) {
		return fmt.Errorf("pprof export: location %#x refers to mapping %d of %d", uint64(l.Addr), l.Mapping, len(b.p.Mappings))
	}
	return nil
}

// location returns the pprof location of l, symbolizing it the first time.
// caller says l is a return address: the call's address, one byte earlier,
// is what gets symbolized and exported.
func (b *builder) location(l profile.Location, caller bool) (*pp.Location, error) {
	if err := b.mapping(l); err != nil {
		return nil, err
	}
	addr := l.Addr
	if caller && addr > 0 {
		addr--
	}
	k := locKey{mapping: l.Mapping, addr: addr}
	if loc, ok := b.locations[k]; ok {
		return loc, nil
	}
	var frames []symbol.Frame
	if l.Mapping != profile.NoMapping && b.sym != nil {
		m := b.p.Mappings[l.Mapping]
		var err error
		frames, err = b.sym.Frames(m, addr)
		if err != nil {
			return nil, fmt.Errorf("pprof export: symbolize %s %#x: %w", m.Path, uint64(addr), err)
		}
	}
	return b.newLocation(k, frames), nil
}

// staticLocation returns the location of a unit whose position the
// collector recorded (compiler instrumentation), without symbolizing.
func (b *builder) staticLocation(u *profile.Unit) (*pp.Location, error) {
	if err := b.mapping(u.Loc); err != nil {
		return nil, err
	}
	k := locKey{mapping: u.Loc.Mapping, addr: u.Loc.Addr, fn: u.Func, file: u.File, line: u.Line}
	if loc, ok := b.locations[k]; ok {
		return loc, nil
	}
	return b.newLocation(k, []symbol.Frame{{Func: u.Func, File: u.File, Line: u.Line}}), nil
}

// newLocation adds the location k with one Line per frame, innermost first
// (pprof's order for inline frames), and records what was found.
func (b *builder) newLocation(k locKey, frames []symbol.Frame) *pp.Location {
	loc := &pp.Location{ID: uint64(len(b.out.Location) + 1), Address: uint64(k.addr)}
	interp := k.mapping != profile.NoMapping && b.p.Mappings[k.mapping].Path == profile.InterpPath
	for _, f := range frames {
		loc.Line = append(loc.Line, pp.Line{Function: b.function(f, interp), Line: int64(f.Line), Column: int64(f.Column)})
	}
	if k.mapping != profile.NoMapping {
		loc.Mapping = b.mappings[k.mapping]
		st := &b.stats[k.mapping]
		if st.locs == 0 || k.addr < st.minAddr {
			st.minAddr = k.addr
		}
		if st.locs == 0 || k.addr > st.maxAddr {
			st.maxAddr = k.addr
		}
		st.locs++
		if len(frames) > 0 {
			inner := frames[0]
			if inner.Func != "" {
				st.funcs++
			}
			if inner.File != "" {
				st.files++
			}
			if inner.Line > 0 {
				st.lines++
			}
		}
	}
	b.locations[k] = loc
	b.out.Location = append(b.out.Location, loc)
	return loc
}

// function returns the deduplicated pprof function of frame f: Name
// demangled, SystemName as the object spells it. A Python function
// (interp) has no system name: pprof demangles a function whose Name is
// its SystemName, and takes a name with "<" for demangled C++ whose
// template arguments it cuts, so "<module>" would become "".
func (b *builder) function(f symbol.Frame, interp bool) *pp.Function {
	k := pp.Function{Name: symbol.Demangle(f.Func), SystemName: f.Func, Filename: f.File}
	if interp {
		k.SystemName = ""
	}
	if fn, ok := b.functions[k]; ok {
		return fn
	}
	fn := &pp.Function{ID: uint64(len(b.out.Function) + 1), Name: k.Name, SystemName: k.SystemName, Filename: k.Filename}
	b.functions[k] = fn
	b.out.Function = append(b.out.Function, fn)
	return fn
}

// finishMappings sets each mapping's placement and its Has* flags. A flag
// is set when some location of the mapping got that much from the
// symbolizer, as pprof's own symbolizer sets them (symbolizeOneMapping):
// pprof takes a mapping with none of HasFunctions, HasFilenames and
// HasLineNumbers for one nobody symbolized, and symbolizes all its
// locations again with its own tools, replacing sonde's frames (inline
// frames, Python frames spliced in) with what it finds, often nothing. A
// mapping of an -O3 library is never all symbolized: its PLT stubs have
// no symbol. HasInlineFrames goes with HasLineNumbers, since line numbers
// come from DWARF and the symbolizer expands inline frames wherever DWARF
// has them.
func (b *builder) finishMappings() {
	for i, pm := range b.mappings {
		m := b.p.Mappings[i]
		st := b.stats[i]
		pm.Start, pm.Limit, pm.Offset = placement(m, st)
		pm.HasFunctions = st.funcs > 0
		pm.HasFilenames = st.files > 0
		pm.HasLineNumbers = st.lines > 0
		pm.HasInlineFrames = pm.HasLineNumbers
	}
}

// placement chooses a mapping's Start, Limit and Offset in link-time terms
// (see WritePprof).
func placement(m *profile.Mapping, st mappingStats) (start, limit, offset uint64) {
	holds := func(start, limit uint64) bool {
		return st.locs == 0 || (uint64(st.minAddr) >= start && uint64(st.maxAddr) < limit)
	}
	if m.Limit > m.Start {
		start, limit, offset = m.Start-m.Bias, m.Limit-m.Bias, m.Offset
		if len(m.Path) > 0 && m.Path[0] == '[' {
			// memory with no file: addresses are runtime addresses
			start, limit = m.Start, m.Limit
		}
		if holds(start, limit) {
			return start, limit, offset
		}
	}
	if start, limit, offset, ok := textSegment(m.Path); ok && holds(start, limit) {
		return start, limit, offset
	}
	return 0, ^uint64(0), 0
}

// textSegment returns the page-aligned placement the kernel would give the
// executable PT_LOAD segment of the ELF file at path, at link-time
// addresses.
func textSegment(path string) (start, limit, offset uint64, ok bool) {
	if path == "" || path[0] == '[' {
		return 0, 0, 0, false
	}
	f, err := elf.Open(path)
	if err != nil {
		return 0, 0, 0, false
	}
	defer f.Close()
	const page = 4096
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && p.Flags&elf.PF_X != 0 {
			return p.Vaddr &^ (page - 1), p.Vaddr + p.Memsz, p.Off &^ (page - 1), true
		}
	}
	return 0, 0, 0, false
}

// addExprLabels carries the sample's expression values (record --expr) as
// labels keyed by the expression's spec ("hier-test@worker@n"): integers
// as numeric labels, other values (enum names, fractions) and values not
// read ("<optimized out>", "<unavailable>") as string labels, so that
// pprof's -tagfocus and -tagshow see them.
func addExprLabels(ps *pp.Sample, p *profile.Profile, s *profile.Sample) {
	for _, v := range s.Exprs {
		if v.Expr < 0 || int(v.Expr) >= len(p.Exprs) {
			continue
		}
		key := p.Exprs[v.Expr].Spec
		text := v.Text
		switch v.Status {
		case profile.ExprOK:
			if v.HasNum && v.Num == math.Trunc(v.Num) && math.Abs(v.Num) < 1<<63 {
				ps.NumLabel[key] = []int64{int64(v.Num)}
				continue
			}
		case profile.ExprOptimizedOut:
			text = "<optimized out>"
		default:
			text = "<unavailable>"
		}
		if ps.Label == nil {
			ps.Label = map[string][]string{}
		}
		ps.Label[key] = []string{text}
	}
}

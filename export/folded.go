package export

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"sonde/profile"
	"sonde/symbol"
)

// WriteFolded writes p as collapsed stacks, one line per distinct stack,
// root first, frames separated by ';' and followed by a space and the
// stack's weight:
//
//	main;dispatch_2;worker 6789
//
// which is what Brendan Gregg's flamegraph.pl, inferno and speedscope read.
// Inline frames are expanded (the inlined callee after its caller), frames
// are named by their demangled function, else "object+0xoffset". The weight
// is the number of samples (the "samples"/"count" column when the profile
// has one, else the last value column), or, for a profile with off-CPU
// time (record --off-cpu), its wall-clock nanoseconds: an off-CPU sample
// is one episode of any length. A counting profile becomes one
// stack per unit that ran, weighted by its first count. Lines are sorted
// by stack so that the output is deterministic.
func WriteFolded(w io.Writer, p *profile.Profile, sym Symbolizer) error {
	st, err := collectStacks(p, sym)
	if err != nil {
		return fmt.Errorf("folded export: %w", err)
	}
	agg := make(map[string]int64)
	for _, s := range st.stacks {
		if s.weight == 0 {
			continue
		}
		names := make([]string, len(s.frames))
		for i, f := range s.frames {
			// ';' separates frames and a trailing " N" is the weight:
			// neither may appear inside a name.
			names[i] = strings.NewReplacer(";", ":", "\n", " ").Replace(st.frames[f].Name)
		}
		agg[strings.Join(names, ";")] += s.weight
	}
	keys := make([]string, 0, len(agg))
	for k := range agg {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s %d\n", k, agg[k])
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("folded export: %w", err)
	}
	return nil
}

// frame is one distinct symbolized frame of an export.
type frame struct {
	Name string // demangled function, else object+offset
	// File is the function's source file; lines are left out so that a
	// function is one frame however many of its lines were sampled.
	File string
	// Object is the mapping's path, "" for unmapped addresses.
	Object string
	// Inlined says the frame was inlined into the one before it (its
	// caller, root first).
	Inlined bool
}

// stack is one sample or unit as exports see it.
type stack struct {
	frames   []int // indexes into stacks.frames, root first
	weight   int64 // samples (or the unit's count)
	value    int64 // the sample's last value (cpu nanoseconds), = weight for units
	pid, tid int32
	time     int64
}

// stacks is a profile's samples (or units) symbolized, with frames
// deduplicated.
type stacks struct {
	frames []frame
	stacks []stack
	// weightType and valueType name stack.weight and stack.value.
	weightType, valueType profile.ValueType
}

// weightColumn returns the index of the column that counts samples: the
// "samples" column when there is one, else the last; -1 when the profile
// names no sample types (each sample counts 1). A profile with off-CPU
// time is weighted by its last column, wall time.
func weightColumn(p *profile.Profile) int {
	if p.OffCPUColumn() >= 0 {
		return len(p.SampleTypes) - 1 // "wall"
	}
	for i, t := range p.SampleTypes {
		if t.Type == "samples" {
			return i
		}
	}
	return len(p.SampleTypes) - 1
}

// collectStacks symbolizes every sample of p (or every unit, for a counting
// profile), each distinct location once.
func collectStacks(p *profile.Profile, sym Symbolizer) (*stacks, error) {
	st := &stacks{}
	frameIndex := make(map[frame]int)
	type locKey struct {
		loc    profile.Location
		caller bool
	}
	memo := make(map[locKey][]int)
	add := func(f frame) int {
		if i, ok := frameIndex[f]; ok {
			return i
		}
		frameIndex[f] = len(st.frames)
		st.frames = append(st.frames, f)
		return len(st.frames) - 1
	}
	// resolve returns the frames of l root first (outermost inline frame
	// first).
	resolve := func(l profile.Location, caller bool) ([]int, error) {
		k := locKey{l, caller}
		if fs, ok := memo[k]; ok {
			return fs, nil
		}
		var m *profile.Mapping
		if l.Mapping != profile.NoMapping {
			if l.Mapping < 0 || int(l.Mapping) >= len(p.Mappings) || p.Mappings[l.Mapping] == nil {
				return nil, fmt.Errorf("location %#x refers to mapping %d of %d", uint64(l.Addr), l.Mapping, len(p.Mappings))
			}
			m = p.Mappings[l.Mapping]
		}
		addr := l.Addr
		if caller && addr > 0 {
			addr--
		}
		var sf []symbol.Frame
		if m != nil && sym != nil {
			var err error
			if sf, err = sym.Frames(m, addr); err != nil {
				return nil, fmt.Errorf("symbolize %s %#x: %w", m.Path, uint64(addr), err)
			}
		}
		fs := framesOf(m, l.Addr, sf, add)
		memo[k] = fs
		return fs, nil
	}
	if len(p.Samples) > 0 || len(p.Units) == 0 {
		wc := weightColumn(p)
		st.weightType = profile.ValueType{Type: "samples", Unit: "count"}
		st.valueType = st.weightType
		if wc >= 0 {
			st.weightType = p.SampleTypes[wc]
			st.valueType = p.SampleTypes[len(p.SampleTypes)-1]
		}
		for i := range p.Samples {
			s := &p.Samples[i]
			out := stack{weight: 1, value: 1, pid: s.PID, tid: s.TID, time: s.Time}
			if wc >= 0 {
				if len(s.Values) != len(p.SampleTypes) {
					return nil, fmt.Errorf("sample %d has %d values for %d sample types", i, len(s.Values), len(p.SampleTypes))
				}
				out.weight, out.value = s.Values[wc], s.Values[len(s.Values)-1]
			}
			for j := len(s.Stack) - 1; j >= 0; j-- {
				fs, err := resolve(s.Stack[j], j > 0)
				if err != nil {
					return nil, err
				}
				out.frames = append(out.frames, fs...)
			}
			if len(out.frames) == 0 {
				out.frames = []int{add(frame{Name: "[no stack]"})}
			}
			st.stacks = append(st.stacks, out)
		}
		return st, nil
	}
	st.weightType = profile.ValueType{Type: "count", Unit: "count"}
	if len(p.CountTypes) > 0 {
		st.weightType = p.CountTypes[0]
	}
	st.valueType = st.weightType
	for i := range p.Units {
		u := &p.Units[i]
		var c uint64
		if len(u.Counts) > 0 {
			c = u.Counts[0]
		}
		var fs []int
		if u.Func != "" || u.File != "" {
			var m *profile.Mapping
			if u.Loc.Mapping >= 0 && int(u.Loc.Mapping) < len(p.Mappings) {
				m = p.Mappings[u.Loc.Mapping]
			}
			fs = framesOf(m, u.Loc.Addr, []symbol.Frame{{Func: u.Func, File: u.File, Line: u.Line}}, add)
		} else {
			var err error
			if fs, err = resolve(u.Loc, false); err != nil {
				return nil, err
			}
		}
		st.stacks = append(st.stacks, stack{frames: fs, weight: int64(c), value: int64(c)})
	}
	return st, nil
}

// framesOf turns the symbolizer's frames of addr in m (innermost first)
// into frame indexes, root first.
func framesOf(m *profile.Mapping, addr profile.Addr, sf []symbol.Frame, add func(frame) int) []int {
	obj := ""
	if m != nil {
		obj = m.Path
	}
	if len(sf) == 0 || sf[len(sf)-1].Func == "" {
		return []int{add(frame{Name: objectOffset(m, addr), Object: obj})}
	}
	out := make([]int, 0, len(sf))
	for i := len(sf) - 1; i >= 0; i-- {
		f := sf[i]
		name := symbol.Demangle(f.Func)
		if name == "" {
			name = objectOffset(m, addr)
		}
		out = append(out, add(frame{Name: name, File: f.File, Object: obj, Inlined: i < len(sf)-1}))
	}
	return out
}

// objectOffset names an address nothing is known about as the report views
// do: "libfoo.so+0x1a2b", or "[vdso]@0x7ffd..." for memory with no file.
func objectOffset(m *profile.Mapping, addr profile.Addr) string {
	if m == nil {
		return fmt.Sprintf("[unmapped]@%#x", uint64(addr))
	}
	if strings.HasPrefix(m.Path, "[") {
		return fmt.Sprintf("%s@%#x", m.Path, uint64(addr))
	}
	return fmt.Sprintf("%s+%#x", filepath.Base(m.Path), uint64(addr))
}

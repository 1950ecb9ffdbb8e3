package profile

import (
	"fmt"
	"slices"
)

// Merge combines profiles into a new one, as pprof's profile.Merge does for
// its model: mappings are merged by MappingKey (the first placement seen is
// kept), locations are remapped to the merged mapping table, samples are
// concatenated in argument order, units with the same UnitKey add their
// counts, processes are deduplicated by (RunID, PID) and runs by ID, and
// expressions are deduplicated by their whole ExprDef (samples' values are
// renumbered accordingly).
//
// Addresses are link-time addresses already, so profiles of different
// processes or machines merge regardless of where ASLR put each object.
//
// Profiles that have samples (or sample types) must have identical
// SampleTypes, and profiles that have units (or count types) identical
// CountTypes; a profile with neither is compatible with anything, so a
// counting profile merges with a sampling one. Period becomes the largest
// period seen: sample values already carry their weight. Merging a profile
// with itself doubles its samples and counts (Merge cannot tell a duplicate
// from a repeated run) but lists its runs and processes once. Nil profiles are
// ignored. The inputs are not modified and the result shares no slices with
// them.
func Merge(ps ...*Profile) (*Profile, error) {
	out := &Profile{}
	var sampleFrom, countFrom = -1, -1
	nsamples, nlocs, nvals, nexprs := 0, 0, 0, 0
	for i, p := range ps {
		if p == nil {
			continue
		}
		if len(p.SampleTypes) > 0 || len(p.Samples) > 0 {
			if sampleFrom < 0 {
				sampleFrom = i
				out.SampleTypes = slices.Clone(p.SampleTypes)
			} else if !slices.Equal(out.SampleTypes, p.SampleTypes) {
				return nil, fmt.Errorf("merge profiles: sample types differ: profile %d has %s, profile %d has %s",
					sampleFrom, typesString(out.SampleTypes), i, typesString(p.SampleTypes))
			}
		}
		if len(p.CountTypes) > 0 || len(p.Units) > 0 {
			if countFrom < 0 {
				countFrom = i
				out.CountTypes = slices.Clone(p.CountTypes)
			} else if !slices.Equal(out.CountTypes, p.CountTypes) {
				return nil, fmt.Errorf("merge profiles: count types differ: profile %d has %s, profile %d has %s",
					countFrom, typesString(out.CountTypes), i, typesString(p.CountTypes))
			}
		}
		out.Period = max(out.Period, p.Period)
		nsamples += len(p.Samples)
		for j := range p.Samples {
			nlocs += len(p.Samples[j].Stack)
			nvals += len(p.Samples[j].Values)
			nexprs += len(p.Samples[j].Exprs)
		}
	}

	mappingIndex := map[MappingKey]int32{}
	// One backing array for all stacks and one for all values: a million
	// samples must not mean two million allocations.
	locs := make([]Location, 0, nlocs)
	vals := make([]int64, 0, nvals)
	evals := make([]ExprValue, 0, nexprs)
	exprIndex := map[ExprDef]int32{}
	out.Samples = make([]Sample, 0, nsamples)
	unitIndex := map[UnitKey]int{}
	edgeIndex := map[UnitKey]int{}
	procIndex := map[[2]uint64]int{}
	runIndex := map[uint64]int{}
	interpSeen := map[Addr]bool{}

	for i, p := range ps {
		if p == nil {
			continue
		}
		remap := make([]int32, len(p.Mappings))
		for j, m := range p.Mappings {
			if m == nil {
				return nil, fmt.Errorf("merge profiles: profile %d: mapping %d is nil", i, j)
			}
			k := m.Key()
			idx, ok := mappingIndex[k]
			if !ok {
				idx = int32(len(out.Mappings))
				mappingIndex[k] = idx
				c := *m
				out.Mappings = append(out.Mappings, &c)
			}
			remap[j] = idx
		}
		mapLoc := func(l Location) (Location, error) {
			if l.Mapping == NoMapping {
				return l, nil
			}
			if l.Mapping < 0 || int(l.Mapping) >= len(remap) {
				return l, fmt.Errorf("merge profiles: profile %d: mapping index %d out of range [0,%d)", i, l.Mapping, len(remap))
			}
			l.Mapping = remap[l.Mapping]
			return l, nil
		}

		for _, o := range p.Objects {
			if out.ObjectImage(o.Path, o.BuildID) == nil {
				out.Objects = append(out.Objects, o)
			}
		}
		for _, l := range p.Listings {
			if out.Listing(l.Hash) == nil {
				out.Listings = append(out.Listings, l)
			}
		}
		for _, f := range p.Interp {
			if !interpSeen[f.ID] {
				interpSeen[f.ID] = true
				out.Interp = append(out.Interp, f)
			}
		}
		exprRemap := make([]int32, len(p.Exprs))
		for j, e := range p.Exprs {
			idx, ok := exprIndex[e]
			if !ok {
				idx = int32(len(out.Exprs))
				exprIndex[e] = idx
				out.Exprs = append(out.Exprs, e)
			}
			exprRemap[j] = idx
		}

		for _, s := range p.Samples {
			if len(s.Exprs) > 0 {
				estart := len(evals)
				for _, v := range s.Exprs {
					if v.Expr < 0 || int(v.Expr) >= len(exprRemap) {
						return nil, fmt.Errorf("merge profiles: profile %d: expression index %d out of range [0,%d)", i, v.Expr, len(exprRemap))
					}
					v.Expr = exprRemap[v.Expr]
					evals = append(evals, v)
				}
				s.Exprs = evals[estart:len(evals):len(evals)]
			}
			start := len(locs)
			for _, l := range s.Stack {
				nl, err := mapLoc(l)
				if err != nil {
					return nil, err
				}
				locs = append(locs, nl)
			}
			vstart := len(vals)
			vals = append(vals, s.Values...)
			s.Stack = locs[start:len(locs):len(locs)]
			s.Values = vals[vstart:len(vals):len(vals)]
			out.Samples = append(out.Samples, s)
		}

		for _, u := range p.Units {
			nl, err := mapLoc(u.Loc)
			if err != nil {
				return nil, err
			}
			u.Loc = nl
			k := out.UnitKey(&u)
			if idx, ok := unitIndex[k]; ok {
				if err := out.Units[idx].addCounts(u.Counts); err != nil {
					return nil, fmt.Errorf("merge profiles: profile %d: %w", i, err)
				}
				if out.Units[idx].Instrs == 0 {
					out.Units[idx].Instrs = u.Instrs
				}
				continue
			}
			u.Counts = slices.Clone(u.Counts)
			unitIndex[k] = len(out.Units)
			out.Units = append(out.Units, u)
		}

		for _, u := range p.Edges { // sonde cc's edges have no location
			k := out.UnitKey(&u)
			if idx, ok := edgeIndex[k]; ok {
				if err := out.Edges[idx].addCounts(u.Counts); err != nil {
					return nil, fmt.Errorf("merge profiles: profile %d: %w", i, err)
				}
				continue
			}
			u.Counts = slices.Clone(u.Counts)
			edgeIndex[k] = len(out.Edges)
			out.Edges = append(out.Edges, u)
		}

		for _, pr := range p.Processes {
			k := [2]uint64{pr.RunID, uint64(uint32(pr.PID))}
			if idx, ok := procIndex[k]; ok {
				out.Processes[idx].fillFrom(&pr)
				continue
			}
			procIndex[k] = len(out.Processes)
			out.Processes = append(out.Processes, pr)
		}

		for _, r := range p.Runs {
			if idx, ok := runIndex[r.ID]; ok {
				out.Runs[idx].fillFrom(&r)
				continue
			}
			r.Command = slices.Clone(r.Command)
			r.Notes = slices.Clone(r.Notes)
			runIndex[r.ID] = len(out.Runs)
			out.Runs = append(out.Runs, r)
		}
	}
	return out, nil
}

// UnitKey returns the identity of u, a unit of p, across profiles: its
// location is named by the mapping's key rather than by its index in p.
func (p *Profile) UnitKey(u *Unit) UnitKey {
	k := UnitKey{
		Kind:  u.Kind,
		Addr:  u.Loc.Addr,
		Scope: u.Scope,
		Index: u.Index,
		Func:  u.Func,
		File:  u.File,
		Line:  u.Line,
	}
	if u.Loc.Mapping >= 0 && int(u.Loc.Mapping) < len(p.Mappings) && p.Mappings[u.Loc.Mapping] != nil {
		k.Mapping = p.Mappings[u.Loc.Mapping].Key()
	}
	return k
}

// addCounts adds c to u.Counts element by element.
func (u *Unit) addCounts(c []uint64) error {
	if len(c) != len(u.Counts) {
		return fmt.Errorf("unit %s: %d counts, want %d", u.Kind, len(c), len(u.Counts))
	}
	for i, v := range c {
		u.Counts[i] += v
	}
	return nil
}

// fillFrom completes p with what o knows and p does not.
func (p *Process) fillFrom(o *Process) {
	if p.PPID == 0 {
		p.PPID = o.PPID
	}
	if p.Comm == "" {
		p.Comm = o.Comm
	}
	if p.Exe == "" {
		p.Exe = o.Exe
	}
	if p.Cgroup == "" {
		p.Cgroup = o.Cgroup
	}
	if p.Ended == "" {
		p.Ended = o.Ended
	}
}

// fillFrom completes r with what o, the same run seen in another profile,
// knows and r does not. Lost is the larger of the two: the same run read
// twice did not lose twice.
func (r *Run) fillFrom(o *Run) {
	if r.Collector == "" {
		r.Collector = o.Collector
	}
	if len(r.Command) == 0 {
		r.Command = slices.Clone(o.Command)
	}
	if r.Start.IsZero() {
		r.Start = o.Start
	}
	if r.End.IsZero() {
		r.End = o.End
	}
	r.Lost = max(r.Lost, o.Lost)
	for _, n := range o.Notes {
		if !slices.Contains(r.Notes, n) {
			r.Notes = append(r.Notes, n)
		}
	}
}

func typesString(ts []ValueType) string {
	if len(ts) == 0 {
		return "[]"
	}
	s := "["
	for i, t := range ts {
		if i > 0 {
			s += " "
		}
		s += t.Type + "/" + t.Unit
	}
	return s + "]"
}

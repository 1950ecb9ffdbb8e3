package datafile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"time"

	"sonde/internal/binread"
	"sonde/profile"
)

// runState is what the decoder knows about one run of the file.
type runState struct {
	index       int // in Profile.Runs
	sampleTypes []profile.ValueType
	countTypes  []profile.ValueType
	period      int64
	// mappings maps run-local mapping indices to Profile.Mappings.
	mappings map[uint64]int32
	dense    []int32 // mappings as a slice when indices are small; -2 = none
	missing  map[uint64]int32
	procs    map[int32]int // pid -> index in Profile.Processes
	units    map[uint64]*universe
	// exprs maps run-local expression indices to Profile.Exprs.
	exprs map[uint64]int32
	// batches finds the samples of each Samples frame read, by the
	// frame's CRC, for the frame's ExprValues frame.
	batches map[uint32]batch
	// totals is the last CountsTotal frame's counts of each universe,
	// which the next one replaces.
	totals map[*universe][]uint64
	// jit holds the JIT frames of each process (jit.go).
	jit map[int32][]jitFrame
}

// batch is where the samples of one Samples frame are in Profile.Samples.
type batch struct{ start, n int }

// universe is a decoded Units frame.
type universe struct {
	run     *runState
	payload []byte
	mapped  bool           // some unit refers to a mapping of run
	units   []profile.Unit // Loc.Mapping run-local
	counts  []uint64       // summed Counts, nil until counted
}

// assemble builds the profile from the frames that scan found. Every frame
// needs its run's description, and samples and counts need the run's
// mappings and universes: Run frames are read first, then the rest but
// Samples and Counts, then those, each group in file order.
func (d *decoder) assemble() (*profile.Profile, error) {
	d.p = &profile.Profile{}
	d.runs = map[uint64]*runState{}
	d.mappingIndex = map[profile.MappingKey]int32{}
	d.firstUniverse = map[uint64]*universe{}
	if err := d.readRuns(); err != nil {
		return nil, err
	}
	d.exprIndex = map[profile.ExprDef]int32{}
	d.readFrames()
	d.readSamples()
	d.applyJIT()
	d.readExprValues()
	for i := range d.frames {
		f := &d.frames[i]
		if f.version != Version || (f.kind != KindCounts && f.kind != KindCountsTotal) || d.runs[f.run] == nil {
			continue
		}
		if err := d.addCounts(f, d.runs[f.run]); err != nil {
			d.warn(f.off, "Counts frame at offset %d: %v; frame skipped", f.off, err)
		}
	}
	d.materializeUnits()
	if err := d.p.CheckValid(); err != nil {
		// The decoder builds a valid profile from any input; this is a bug.
		return nil, &DecodeError{File: d.name, Msg: "internal error: " + err.Error(), Err: err}
	}
	return d.p, nil
}

// readRuns reads the Run frames. Runs whose sample or count types differ
// cannot share one profile: that is an error.
func (d *decoder) readRuns() error {
	p := d.p
	for i := range d.frames {
		f := &d.frames[i]
		if f.version != Version || f.kind != KindRun {
			continue
		}
		b := &buf{binread.New(f.payload)}
		r := profile.Run{ID: f.run, Collector: b.str()}
		argc := b.count(1)
		for range argc {
			r.Command = append(r.Command, b.str())
		}
		r.Start = timeOf(b.Varint())
		st := &runState{procs: map[int32]int{}, units: map[uint64]*universe{}, mappings: map[uint64]int32{},
			exprs: map[uint64]int32{}, batches: map[uint32]batch{}}
		st.sampleTypes = b.types()
		st.period = b.Varint()
		st.countTypes = b.types()
		if b.Failed() {
			d.warn(f.off, "Run frame at offset %d: %v; frame skipped", f.off, b.err())
			continue
		}
		if _, dup := d.runs[f.run]; dup {
			d.warn(f.off, "Run frame at offset %d repeats run %016x; frame skipped", f.off, f.run)
			continue
		}
		if st.period < 0 {
			d.warn(f.off, "Run frame at offset %d: negative period %d; frame skipped", f.off, st.period)
			continue
		}
		if len(st.sampleTypes) > 0 {
			// p's types are those of the first run that has some (of
			// this call or, for a Tail, of an earlier one).
			if len(p.SampleTypes) == 0 {
				p.SampleTypes = st.sampleTypes
			} else if !slices.Equal(st.sampleTypes, p.SampleTypes) {
				return &DecodeError{File: d.name, Off: f.off, Msg: fmt.Sprintf(
					"run %016x at offset %d has sample types %s, other runs %s: cannot merge",
					f.run, f.off, typesString(st.sampleTypes), typesString(p.SampleTypes))}
			}
		}
		if len(st.countTypes) > 0 {
			if len(p.CountTypes) == 0 {
				p.CountTypes = st.countTypes
			} else if !slices.Equal(st.countTypes, p.CountTypes) {
				return &DecodeError{File: d.name, Off: f.off, Msg: fmt.Sprintf(
					"run %016x at offset %d has count types %s, other runs %s: cannot merge",
					f.run, f.off, typesString(st.countTypes), typesString(p.CountTypes))}
			}
		}
		p.Period = max(p.Period, st.period)
		st.index = len(p.Runs)
		d.runs[f.run] = st
		p.Runs = append(p.Runs, r)
	}
	return nil
}

// readFrames reads every frame but Run, Samples and Counts, and sizes the
// sample arrays. It warns, once per kind, about frames it cannot read.
func (d *decoder) readFrames() {
	p := d.p
	skipped := map[[2]int]int{} // (version, kind) -> frames skipped
	firstSkipped := map[[2]int]int64{}
	interpSeen := map[profile.Addr]bool{}
	orphans := 0
	var orphanOff int64
	for i := range d.frames {
		f := &d.frames[i]
		if f.version != Version || !f.kind.known() {
			k := [2]int{int(f.version), int(f.kind)}
			if skipped[k] == 0 {
				firstSkipped[k] = f.off
			}
			skipped[k]++
			continue
		}
		if f.kind == KindRun {
			continue
		}
		st := d.runs[f.run]
		if st == nil {
			if orphans == 0 {
				orphanOff = f.off
			}
			orphans++
			continue
		}
		r := &p.Runs[st.index]
		b := &buf{binread.New(f.payload)}
		switch f.kind {
		case KindMapping:
			idx := b.Uvarint()
			m := &profile.Mapping{Path: b.str(), BuildID: b.str()}
			m.Start, m.Limit, m.Offset, m.Bias = b.Uvarint(), b.Uvarint(), b.Uvarint(), b.Uvarint()
			if !b.Failed() && idx > math.MaxInt32-1 {
				b.Failf("mapping index %d out of range", idx)
			}
			if b.Failed() {
				break
			}
			k := m.Key()
			g, ok := d.mappingIndex[k]
			if !ok {
				g = int32(len(p.Mappings))
				d.mappingIndex[k] = g
				p.Mappings = append(p.Mappings, m)
			}
			st.mappings[idx] = g
		case KindProcess:
			pid, ppid := b.uint32(), b.uint32()
			comm, exe := b.str(), b.str()
			var cgroup string
			if b.Len() > 0 {
				cgroup = b.str()
			}
			if b.Failed() {
				break
			}
			pr := st.process(p, int32(pid))
			pr.PPID = int32(ppid)
			pr.Comm, pr.Exe = comm, exe // the later frame wins: exec changes both
			if cgroup != "" {
				pr.Cgroup = cgroup
			}
		case KindProcessEnd:
			pid := b.uint32()
			how := b.str()
			if !b.Failed() {
				st.process(p, int32(pid)).Ended = how
			}
		case KindLost:
			if n := b.Uvarint(); !b.Failed() {
				r.Lost += n
			}
		case KindRunEnd:
			if t := b.Varint(); !b.Failed() {
				r.End = timeOf(t)
			}
		case KindNote:
			if s := b.str(); !b.Failed() {
				r.Notes = append(r.Notes, s)
			}
		case KindObject:
			path, id, data := b.str(), b.str(), b.str()
			if !b.Failed() && p.ObjectImage(path, id) == nil {
				p.Objects = append(p.Objects, profile.ObjectImage{Path: path, BuildID: id, Data: []byte(data)})
			}
		case KindListing:
			if len(f.payload) >= 8 && p.Listing(binary.LittleEndian.Uint64(f.payload)) != nil {
				break // another run's copy: inflate it once
			}
			l, err := decodeListing(b)
			if err != nil {
				b.Fail(err.Error())
				break
			}
			if p.Listing(l.Hash) == nil {
				p.Listings = append(p.Listings, l)
			}
		case KindInterp:
			decodeInterp(b, p, interpSeen)
		case KindUnits:
			d.readUnits(f, b, st)
		case KindJIT:
			d.readJIT(f, b, st)
		case KindExprDef:
			idx := b.Uvarint()
			e := profile.ExprDef{Spec: b.str(), Prog: b.str(), Func: b.str(), Expr: b.str()}
			if !b.Failed() && idx > math.MaxInt32 {
				b.Failf("expression index %d out of range", idx)
			}
			if b.Failed() {
				break
			}
			g, ok := d.exprIndex[e]
			if !ok {
				g = int32(len(p.Exprs))
				d.exprIndex[e] = g
				p.Exprs = append(p.Exprs, e)
			}
			st.exprs[idx] = g
		case KindSamples:
			// Size the backing arrays from what the frames hold, so that a
			// million samples do not mean a million appends' worth of
			// copying. Malformed frames fail again, with a warning, later.
			ns, nv, nl := countSamples(f.payload)
			d.nsamples += ns
			d.nvalues += nv
			d.nlocs += nl
		}
		if b.Failed() {
			d.warn(f.off, "%s frame at offset %d: %v; frame skipped", f.kind, f.off, b.err())
		}
	}
	if orphans > 0 {
		d.warn(orphanOff, "%d frames of runs without a Run frame skipped (first at offset %d)", orphans, orphanOff)
	}
	for _, k := range sortedKeys(skipped) {
		if k[0] != Version {
			d.warn(firstSkipped[k], "%d frames of unknown version %d skipped (first at offset %d)", skipped[k], k[0], firstSkipped[k])
		} else {
			d.warn(firstSkipped[k], "%d frames of unknown kind %d skipped (first at offset %d)", skipped[k], k[1], firstSkipped[k])
		}
	}
	for _, st := range d.runs {
		st.makeDense()
	}
}

// readUnits reads the Units frame f of run st.
func (d *decoder) readUnits(f *rawFrame, b *buf, st *runState) {
	if len(f.payload) >= 8 {
		hash := binary.LittleEndian.Uint64(f.payload)
		if _, dup := st.units[hash]; dup {
			return // the same universe again: identical by hash
		}
		// Every run of an instrumented program writes its universe: decode
		// it once when it does not depend on the run's mappings.
		if fu := d.firstUniverse[hash]; fu != nil && !fu.mapped && bytes.Equal(fu.payload, f.payload) {
			st.units[hash] = fu
			return
		}
	}
	u := d.decodeUnits(f, b, st)
	if u == nil {
		return // warned
	}
	hash := binary.LittleEndian.Uint64(f.payload)
	st.units[hash] = u
	d.universes = append(d.universes, u)
	if d.firstUniverse[hash] == nil {
		d.firstUniverse[hash] = u
	}
}

// readSamples decodes the Samples frames into one backing array for stacks
// and one for values.
func (d *decoder) readSamples() {
	p := d.p
	p.Samples = make([]profile.Sample, 0, d.nsamples)
	vals := make([]int64, 0, d.nvalues)
	locs := make([]profile.Location, 0, d.nlocs)
	starts := make([]int, 0, d.nsamples) // start of each sample's stack in locs
	for i := range d.frames {
		f := &d.frames[i]
		if f.version != Version || f.kind != KindSamples || d.runs[f.run] == nil {
			continue
		}
		var err error
		n0 := len(p.Samples)
		vals, locs, starts, err = d.decodeSamples(f, d.runs[f.run], vals, locs, starts)
		if err != nil {
			d.warn(f.off, "Samples frame at offset %d: %v; frame skipped", f.off, err)
			continue
		}
		d.runs[f.run].batches[f.crc] = batch{start: n0, n: len(p.Samples) - n0}
	}
	// Only now is locs final: slice the stacks out of it.
	for i := range p.Samples {
		end := len(locs)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		p.Samples[i].Stack = locs[starts[i]:end:end]
	}
}

// readExprValues attaches the values of the ExprValues frames to the
// samples of their Samples frames.
func (d *decoder) readExprValues() {
	p := d.p
	var vals []profile.ExprValue
	type exprBatch struct {
		batch
		v0   int   // first value in vals
		ends []int // end of each sample's values in vals
	}
	var batches []exprBatch
	for i := range d.frames {
		f := &d.frames[i]
		if f.version != Version || f.kind != KindExprValues || d.runs[f.run] == nil {
			continue
		}
		st := d.runs[f.run]
		b := &buf{binread.New(f.payload)}
		crc := b.U32()
		n := b.Uvarint()
		if b.Failed() {
			d.warn(f.off, "ExprValues frame at offset %d: %v; frame skipped", f.off, b.err())
			continue
		}
		bt, ok := st.batches[crc]
		if !ok {
			d.warn(f.off, "ExprValues frame at offset %d: no Samples frame with CRC %08x in run %016x; frame skipped", f.off, crc, f.run)
			continue
		}
		if n != uint64(bt.n) {
			d.warn(f.off, "ExprValues frame at offset %d: %d samples, its Samples frame has %d; frame skipped", f.off, n, bt.n)
			continue
		}
		v0 := len(vals)
		ends := make([]int, 0, bt.n)
		for range bt.n {
			nv := b.count(4) // a value takes at least 4 bytes
			for k := range nv {
				local := b.Uvarint()
				v := profile.ExprValue{Status: profile.ExprStatus(b.Uvarint()), Text: b.str()}
				if has := b.U8(); has == 1 {
					v.HasNum = true
					v.Num = math.Float64frombits(b.U64())
				} else if has != 0 && !b.Failed() {
					b.Failf("bad number flag %d", has)
				}
				if b.Failed() {
					break
				}
				g, ok := st.exprs[local]
				switch {
				case !ok:
					b.Failf("expression %d has no ExprDef frame in run %016x", local, f.run)
				case v.Status < profile.ExprOK || v.Status > profile.ExprUnavailable:
					b.Failf("unknown status %d", v.Status)
				}
				v.Expr = g
				for _, w := range vals[len(vals)-k:] {
					if w.Expr == g {
						b.Failf("two values of expression %d in one sample", local)
					}
				}
				if b.Failed() {
					break
				}
				vals = append(vals, v)
			}
			if b.Failed() {
				break
			}
			ends = append(ends, len(vals))
		}
		if b.Failed() {
			vals = vals[:v0]
			d.warn(f.off, "ExprValues frame at offset %d: %v; frame skipped", f.off, b.err())
			continue
		}
		batches = append(batches, exprBatch{batch: bt, v0: v0, ends: ends})
	}
	// Only now is vals final: slice each sample's values out of it.
	for _, eb := range batches {
		start := eb.v0
		for j, end := range eb.ends {
			if end > start {
				p.Samples[eb.start+j].Exprs = vals[start:end:end]
			} else {
				p.Samples[eb.start+j].Exprs = nil
			}
			start = end
		}
	}
}

// process returns the process pid of the run, adding it if new.
func (st *runState) process(p *profile.Profile, pid int32) *profile.Process {
	i, ok := st.procs[pid]
	if !ok {
		i = len(p.Processes)
		st.procs[pid] = i
		p.Processes = append(p.Processes, profile.Process{RunID: p.Runs[st.index].ID, PID: pid})
	}
	return &p.Processes[i]
}

// makeDense turns small run-local mapping indices into a slice lookup, for
// the per-frame hot path of the sample decoder.
func (st *runState) makeDense() {
	var top uint64
	for k := range st.mappings {
		top = max(top, k+1)
	}
	if top > 1<<16 {
		return
	}
	st.dense = make([]int32, top)
	for i := range st.dense {
		st.dense[i] = -2
	}
	for k, v := range st.mappings {
		st.dense[k] = v
	}
}

// mapping returns the Profile.Mappings index of run-local mapping index
// local, adding a placeholder mapping when the run's Mapping frame is
// missing (lost to damage), so that its addresses stay apart from others.
func (st *runState) mapping(p *profile.Profile, run uint64, local uint64) int32 {
	if local < uint64(len(st.dense)) && st.dense[local] >= 0 {
		return st.dense[local]
	}
	if g, ok := st.mappings[local]; ok {
		return g
	}
	if g, ok := st.missing[local]; ok {
		return g
	}
	if st.missing == nil {
		st.missing = map[uint64]int32{}
	}
	g := int32(len(p.Mappings))
	p.Mappings = append(p.Mappings, &profile.Mapping{Path: fmt.Sprintf("[missing mapping %d of run %016x]", local, run)})
	st.missing[local] = g
	return g
}

// countSamples returns the number of samples, values and stack frames of
// the Samples frame payload, walking its varints without decoding them;
// zeros if the frame is malformed.
func countSamples(payload []byte) (samples, values, frames int) {
	b := &buf{binread.New(payload)}
	nv := b.Uvarint()
	ns := b.count(5) // a sample takes at least 5 bytes
	if b.Failed() || nv > MaxStackDepth {
		return 0, 0, 0
	}
	prevDepth := uint64(0)
	for range ns {
		b.skipVarints(3 + int(nv)) // time, pid, tid, values
		depth, shared := b.Uvarint(), b.Uvarint()
		if b.Failed() || depth > MaxStackDepth || shared > depth || shared > prevDepth {
			return 0, 0, 0
		}
		b.skipVarints(2 * int(depth-shared))
		frames += int(depth)
		prevDepth = depth
	}
	if b.Failed() {
		return 0, 0, 0
	}
	return ns, ns * int(nv), frames
}

// decodeSamples appends the samples of Samples frame f of run st to
// d.p.Samples, their values to vals and their stacks to locs (recording
// where each starts in starts). A malformed frame adds nothing.
func (d *decoder) decodeSamples(f *rawFrame, st *runState, vals []int64, locs []profile.Location, starts []int) ([]int64, []profile.Location, []int, error) {
	p := d.p
	n0, v0, l0, s0 := len(p.Samples), len(vals), len(locs), len(starts)
	fail := func(err error) ([]int64, []profile.Location, []int, error) {
		// Drop the frame's samples: a half-decoded frame would mislead.
		p.Samples = p.Samples[:n0]
		return vals[:v0], locs[:l0], starts[:s0], err
	}
	b := &buf{binread.New(f.payload)}
	nv := b.Uvarint()
	ns := b.count(5) // a sample takes at least 5 bytes
	if b.Failed() {
		return fail(b.err())
	}
	if len(st.sampleTypes) == 0 {
		return fail(fmt.Errorf("run %016x has no sample types", f.run))
	}
	if nv != uint64(len(st.sampleTypes)) {
		return fail(fmt.Errorf("%d values per sample, run %016x has %d sample types", nv, f.run, len(st.sampleTypes)))
	}
	run := p.Runs[st.index].ID
	var t int64
	var addr uint64
	prevStart, prevDepth := 0, 0
	for i := range ns {
		t += b.Varint()
		s := profile.Sample{Time: t, PID: int32(b.uint32()), TID: int32(b.uint32())}
		vs := len(vals)
		for range nv {
			vals = append(vals, b.Varint())
		}
		s.Values = vals[vs:len(vals):len(vals)]
		depth, shared := b.Uvarint(), b.Uvarint()
		if b.Failed() {
			return fail(b.err())
		}
		if shared > depth || int(shared) > prevDepth || (i == 0 && shared != 0) {
			return fail(fmt.Errorf("sample %d shares %d frames of a stack of %d after one of %d", i, shared, depth, prevDepth))
		}
		fresh := depth - shared
		if depth > MaxStackDepth || fresh > uint64(b.Len()/2) { // a frame takes at least 2 bytes
			return fail(fmt.Errorf("sample %d: stack of %d frames exceeds the frame's bytes or MaxStackDepth", i, depth))
		}
		start := len(locs)
		for range fresh {
			m := b.Uvarint()
			addr += uint64(b.Varint())
			l := profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(addr)}
			if m > 0 {
				l.Mapping = st.mapping(p, run, m-1)
			}
			locs = append(locs, l)
		}
		if b.Failed() {
			return fail(b.err())
		}
		locs = append(locs, locs[prevStart+prevDepth-int(shared):prevStart+prevDepth]...)
		prevStart, prevDepth = start, int(depth)
		starts = append(starts, start)
		p.Samples = append(p.Samples, s)
	}
	return vals, locs, starts, nil
}

// decodeUnits decodes the Units frame f of run st; nil (after a warning)
// when it is malformed.
func (d *decoder) decodeUnits(f *rawFrame, b *buf, st *runState) *universe {
	hash := b.U64()
	if !b.Failed() && fnv1a64(f.payload[8:]) != hash {
		d.warn(f.off, "Units frame at offset %d: hash %016x does not match its content; frame skipped", f.off, hash)
		return nil
	}
	units, err := parseUnits(b)
	if err != nil {
		d.warn(f.off, "Units frame at offset %d: %v; frame skipped", f.off, err)
		return nil
	}
	u := &universe{run: st, payload: f.payload, units: units}
	for i := range units {
		u.mapped = u.mapped || units[i].Loc.Mapping != profile.NoMapping
	}
	return u
}

// addCounts adds the Counts frame f of run st to the universe it names.
func (d *decoder) addCounts(f *rawFrame, st *runState) error {
	b := &buf{binread.New(f.payload)}
	hash := b.U64()
	n := b.Uvarint()
	nt := b.Uvarint()
	if b.Failed() {
		return b.err()
	}
	u := st.units[hash]
	if u == nil {
		u = d.firstUniverse[hash]
	}
	if u == nil {
		return fmt.Errorf("no Units frame with hash %016x in the file", hash)
	}
	if n != uint64(len(u.units)) {
		return fmt.Errorf("%d units, the universe %016x has %d", n, hash, len(u.units))
	}
	if nt != uint64(len(st.countTypes)) {
		return fmt.Errorf("%d count types, run %016x has %d", nt, f.run, len(st.countTypes))
	}
	total := n * nt
	if total > uint64(b.Len()) { // a count takes at least 1 byte
		return fmt.Errorf("%d counts exceed the frame's bytes", total)
	}
	add := make([]uint64, total)
	for i := range add {
		add[i] = b.Uvarint()
	}
	if b.Failed() {
		return b.err()
	}
	if u.counts == nil {
		u.counts = make([]uint64, total)
	}
	if f.kind == KindCountsTotal {
		// Replaces the run's previous total for the universe: take
		// what that one added back out (exact in uint64 arithmetic).
		if st.totals == nil {
			st.totals = map[*universe][]uint64{}
		}
		for i, c := range st.totals[u] {
			u.counts[i] -= c
		}
		st.totals[u] = add
	}
	for i, c := range add {
		u.counts[i] += c
	}
	return nil
}

// materializeUnits adds the units of every universe to p with their summed
// counts, merging units with the same identity.
func (d *decoder) materializeUnits() {
	p, universes := d.p, d.universes
	nt := len(p.CountTypes)
	total := 0
	for _, u := range universes {
		total += len(u.units)
	}
	backing := make([]uint64, total*nt)
	index := map[profile.UnitKey]int{}
	edges := map[profile.UnitKey]int{}
	for _, u := range universes {
		run := p.Runs[u.run.index].ID
		for j, unit := range u.units {
			if unit.Loc.Mapping != profile.NoMapping {
				unit.Loc.Mapping = u.run.mapping(p, run, uint64(unit.Loc.Mapping))
			}
			var counts []uint64
			if u.counts != nil && len(u.counts) == len(u.units)*nt {
				counts = u.counts[j*nt : (j+1)*nt]
			}
			k := p.UnitKey(&unit)
			dst, at := &p.Units, index
			if unit.Kind == profile.UnitEdge {
				dst, at = &p.Edges, edges // edges go apart (profile.Profile.Edges)
			}
			if i, ok := at[k]; ok {
				for c := range counts {
					(*dst)[i].Counts[c] += counts[c]
				}
				continue
			}
			unit.Counts = backing[:nt:nt]
			backing = backing[nt:]
			copy(unit.Counts, counts)
			at[k] = len(*dst)
			*dst = append(*dst, unit)
		}
	}
}

func timeOf(ns int64) time.Time {
	if ns == 0 {
		return time.Time{}
	}
	return time.Unix(0, ns)
}

func typesString(ts []profile.ValueType) string {
	s := "["
	for i, t := range ts {
		if i > 0 {
			s += " "
		}
		s += t.Type + "/" + t.Unit
	}
	return s + "]"
}

func sortedKeys(m map[[2]int]int) [][2]int {
	keys := make([][2]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return keys
}

// DecodeUnits decodes body, made by EncodeUnits: the units, their mapping
// indices as written (NoMapping for none).
func DecodeUnits(body []byte) ([]profile.Unit, error) {
	return parseUnits(&buf{binread.New(body)})
}

// parseUnits reads the string table and the units of a Units frame.
func parseUnits(b *buf) ([]profile.Unit, error) {
	nstr := b.count(1)
	strs := make([]string, 0, nstr+1)
	strs = append(strs, "")
	for range nstr {
		strs = append(strs, b.str())
	}
	ref := func() string {
		i := b.Uvarint()
		if i >= uint64(len(strs)) {
			b.Failf("string reference %d out of range [0,%d]", i, len(strs)-1)
			return ""
		}
		return strs[i]
	}
	n := b.count(9) // a unit takes at least 9 bytes
	units := make([]profile.Unit, 0, n)
	for range n {
		u := profile.Unit{Kind: profile.UnitKind(b.Uvarint())}
		m := b.Uvarint()
		u.Loc = profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(b.Uvarint())}
		if m > math.MaxInt32 {
			b.Failf("mapping reference %d out of range", m)
		} else if m > 0 {
			u.Loc.Mapping = int32(m - 1) // run-local until materializeUnits
		}
		u.Scope = ref()
		u.Index = b.int31()
		u.Func, u.File = ref(), ref()
		u.Line, u.Instrs = b.int31(), b.int31()
		if !b.Failed() && (u.Kind < profile.UnitAddress || u.Kind > profile.UnitEdge) {
			b.Failf("unit %d has unknown kind %d", len(units), u.Kind)
		}
		if b.Failed() {
			return nil, b.err()
		}
		units = append(units, u)
	}
	if b.Failed() {
		return nil, b.err()
	}
	return units, nil
}

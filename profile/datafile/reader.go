package datafile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"time"

	"sonde/profile"
)

// ErrNotDataFile is wrapped by the DecodeError for a file that holds no
// sonde frame at all.
var ErrNotDataFile = errors.New("not a sonde data file")

// DecodeError is an error in the bytes of a data file: File names it and Off
// is the byte offset of the offending frame (0 for the whole file).
type DecodeError struct {
	File string
	Off  int64
	Msg  string
	Err  error // an underlying sentinel such as ErrNotDataFile, or nil
}

// Error returns "file: message".
func (e *DecodeError) Error() string { return e.File + ": " + e.Msg }

// Unwrap returns the underlying sentinel.
func (e *DecodeError) Unwrap() error { return e.Err }

// Warning is a problem the reader recovered from: a truncated last frame, a
// damaged frame it skipped, a frame of a kind it does not know. File and Off
// say where; Msg says what and what was lost, including the offset.
type Warning struct {
	File string
	Off  int64
	Msg  string
}

// String returns "file: message", one line.
func (w Warning) String() string { return w.File + ": " + w.Msg }

// ReadFiles reads every data file that paths name, expanding glob patterns
// ("runs/*.data"), and merges them into one profile with profile.Merge. A
// pattern that matches nothing is an error, as is any file that cannot be
// read or whose types differ from the others'. Warnings of all files are
// returned together.
func ReadFiles(paths []string) (*profile.Profile, []Warning, error) {
	var files []string
	for _, p := range paths {
		if !hasMeta(p) {
			files = append(files, p)
			continue
		}
		m, err := filepath.Glob(p)
		if err != nil {
			return nil, nil, fmt.Errorf("expand %q: %w", p, err)
		}
		if len(m) == 0 {
			return nil, nil, fmt.Errorf("expand %q: no file matches", p)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		return nil, nil, errors.New("read data files: no file given")
	}
	var (
		ps       []*profile.Profile
		warnings []Warning
	)
	sampleFrom, countFrom := -1, -1
	for i, f := range files {
		p, ws, err := ReadFile(f)
		warnings = append(warnings, ws...)
		if err != nil {
			return nil, warnings, err
		}
		// Check compatibility here, where the files have names.
		if len(p.SampleTypes) > 0 {
			if sampleFrom < 0 {
				sampleFrom = i
			} else if !slices.Equal(p.SampleTypes, ps[sampleFrom].SampleTypes) {
				return nil, warnings, fmt.Errorf("merge %s and %s: sample types differ: %s vs %s",
					files[sampleFrom], f, typesString(ps[sampleFrom].SampleTypes), typesString(p.SampleTypes))
			}
		}
		if len(p.CountTypes) > 0 {
			if countFrom < 0 {
				countFrom = i
			} else if !slices.Equal(p.CountTypes, ps[countFrom].CountTypes) {
				return nil, warnings, fmt.Errorf("merge %s and %s: count types differ: %s vs %s",
					files[countFrom], f, typesString(ps[countFrom].CountTypes), typesString(p.CountTypes))
			}
		}
		ps = append(ps, p)
	}
	if len(ps) == 1 {
		return ps[0], warnings, nil
	}
	p, err := profile.Merge(ps...)
	if err != nil {
		return nil, warnings, err
	}
	return p, warnings, nil
}

func hasMeta(p string) bool { return bytes.ContainsAny([]byte(p), `*?[\`) }

// ReadFile reads the data file path. It reads a file that is still being
// written up to its last complete frame. Damage is reported as warnings and
// costs only the damaged frames; the error is non-nil only when the file
// cannot be read, holds no sonde frame at all ("x.data: not a sonde data
// file"), or holds runs whose sample or count types differ.
func ReadFile(path string) (*profile.Profile, []Warning, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("read data file: %w", err)
	}
	return Decode(path, data)
}

// Decode decodes the bytes of a data file; name is used in warnings and
// errors. The profile does not refer to data after Decode returns.
func Decode(name string, data []byte) (*profile.Profile, []Warning, error) {
	d := &decoder{name: name}
	if err := d.scan(data); err != nil {
		return nil, d.warnings, err
	}
	p, err := d.assemble()
	if err != nil {
		return nil, d.warnings, err
	}
	return p, d.warnings, nil
}

// rawFrame is a frame whose header and CRC checked out.
type rawFrame struct {
	off     int64
	version uint8
	kind    Kind
	run     uint64
	payload []byte
}

type decoder struct {
	name     string
	frames   []rawFrame
	warnings []Warning
}

func (d *decoder) warn(off int64, format string, args ...any) {
	d.warnings = append(d.warnings, Warning{File: d.name, Off: off, Msg: fmt.Sprintf(format, args...)})
}

// frameStatus is the verdict of checkFrame on the bytes at an offset.
type frameStatus int

const (
	frameOK        frameStatus = iota
	frameTruncated             // a plausible frame that the end of the data cuts short
	frameBad                   // not a frame: wrong magic, bad length or CRC
)

// checkFrame looks at the frame at data[off:]. For frameOK it returns the
// frame's total size; for frameBad, why.
func checkFrame(data []byte, off int) (frameStatus, int, string) {
	rest := data[off:]
	if len(rest) < HeaderSize {
		if bytes.HasPrefix(rest, []byte(Magic)) || bytes.HasPrefix([]byte(Magic), rest) {
			return frameTruncated, 0, ""
		}
		return frameBad, 0, "bad magic"
	}
	if string(rest[:4]) != Magic {
		return frameBad, 0, "bad magic"
	}
	n := binary.LittleEndian.Uint32(rest[16:])
	if n > MaxPayload {
		return frameBad, 0, fmt.Sprintf("payload length %d exceeds %d", n, MaxPayload)
	}
	size := HeaderSize + int(n)
	if size > len(rest) {
		return frameTruncated, 0, ""
	}
	if frameCRC(rest[:size]) != binary.LittleEndian.Uint32(rest[20:]) {
		return frameBad, 0, "CRC mismatch"
	}
	return frameOK, size, ""
}

// resync returns the offset of the first frame at or after from that is
// whole and intact, or cut short by the end of the data; -1 if none.
func resync(data []byte, from int) int {
	for from < len(data) {
		i := bytes.Index(data[from:], []byte(Magic))
		if i < 0 {
			// A frame whose magic itself is cut short by the end.
			for c := max(from, len(data)-len(Magic)+1); c < len(data); c++ {
				if bytes.HasPrefix([]byte(Magic), data[c:]) {
					return c
				}
			}
			return -1
		}
		c := from + i
		if st, _, _ := checkFrame(data, c); st != frameBad {
			return c
		}
		from = c + 1
	}
	return -1
}

// scan splits data into intact frames, warning about what it skips.
func (d *decoder) scan(data []byte) error {
	off := 0
	for off < len(data) {
		st, size, why := checkFrame(data, off)
		switch st {
		case frameOK:
			h := data[off:]
			d.frames = append(d.frames, rawFrame{
				off:     int64(off),
				version: h[4],
				kind:    Kind(h[5]),
				run:     binary.LittleEndian.Uint64(h[8:]),
				payload: h[HeaderSize:size:size],
			})
			off += size
			continue
		case frameTruncated:
			next := resync(data, off+1)
			if next < 0 {
				d.warn(int64(off), "truncated frame at offset %d ignored (%d bytes)", off, len(data)-off)
				return nil
			}
			d.warn(int64(off), "corrupt frame at offset %d: length runs past a later frame; skipped %d bytes to the frame at offset %d", off, next-off, next)
			off = next
		case frameBad:
			next := resync(data, off+1)
			if off == 0 && len(d.frames) == 0 && next < 0 {
				return &DecodeError{File: d.name, Off: 0, Msg: ErrNotDataFile.Error(), Err: ErrNotDataFile}
			}
			if next < 0 {
				d.warn(int64(off), "corrupt frame at offset %d (%s): last %d bytes ignored", off, why, len(data)-off)
				return nil
			}
			d.warn(int64(off), "corrupt frame at offset %d (%s): skipped %d bytes to the frame at offset %d", off, why, next-off, next)
			off = next
		}
	}
	return nil
}

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
}

// universe is a decoded Units frame.
type universe struct {
	run     *runState
	payload []byte
	mapped  bool           // some unit refers to a mapping of run
	units   []profile.Unit // Loc.Mapping run-local
	counts  []uint64       // summed Counts, nil until counted
}

func (d *decoder) assemble() (*profile.Profile, error) {
	p := &profile.Profile{}
	runs := map[uint64]*runState{}
	var sampleRun, countRun *runState
	mappingIndex := map[profile.MappingKey]int32{}
	skippedKinds := map[[2]int]int{} // (version, kind) -> frames skipped
	firstSkipped := map[[2]int]int64{}
	orphans := 0
	var orphanOff int64

	// Run frames first: every other frame needs its run's description.
	for i := range d.frames {
		f := &d.frames[i]
		if f.version != Version || f.kind != KindRun {
			continue
		}
		b := &buf{data: f.payload}
		r := profile.Run{ID: f.run, Collector: b.str()}
		argc := b.count(1)
		for range argc {
			r.Command = append(r.Command, b.str())
		}
		r.Start = timeOf(b.svarint())
		st := &runState{procs: map[int32]int{}, units: map[uint64]*universe{}, mappings: map[uint64]int32{}}
		st.sampleTypes = b.types()
		st.period = b.svarint()
		st.countTypes = b.types()
		if b.err != nil {
			d.warn(f.off, "Run frame at offset %d: %v; frame skipped", f.off, b.err)
			continue
		}
		if _, dup := runs[f.run]; dup {
			d.warn(f.off, "Run frame at offset %d repeats run %016x; frame skipped", f.off, f.run)
			continue
		}
		if st.period < 0 {
			d.warn(f.off, "Run frame at offset %d: negative period %d; frame skipped", f.off, st.period)
			continue
		}
		if len(st.sampleTypes) > 0 {
			if sampleRun == nil {
				sampleRun = st
				p.SampleTypes = st.sampleTypes
			} else if !slices.Equal(st.sampleTypes, p.SampleTypes) {
				return nil, &DecodeError{File: d.name, Off: f.off, Msg: fmt.Sprintf(
					"run %016x at offset %d has sample types %s, other runs %s: cannot merge",
					f.run, f.off, typesString(st.sampleTypes), typesString(p.SampleTypes))}
			}
		}
		if len(st.countTypes) > 0 {
			if countRun == nil {
				countRun = st
				p.CountTypes = st.countTypes
			} else if !slices.Equal(st.countTypes, p.CountTypes) {
				return nil, &DecodeError{File: d.name, Off: f.off, Msg: fmt.Sprintf(
					"run %016x at offset %d has count types %s, other runs %s: cannot merge",
					f.run, f.off, typesString(st.countTypes), typesString(p.CountTypes))}
			}
		}
		p.Period = max(p.Period, st.period)
		st.index = len(p.Runs)
		runs[f.run] = st
		p.Runs = append(p.Runs, r)
	}

	// Then everything but Samples and Counts, in file order.
	var universes []*universe
	firstUniverse := map[uint64]*universe{}
	nsamples, nvalues, nlocs := 0, 0, 0
	for i := range d.frames {
		f := &d.frames[i]
		if f.version != Version || !f.kind.known() {
			k := [2]int{int(f.version), int(f.kind)}
			if skippedKinds[k] == 0 {
				firstSkipped[k] = f.off
			}
			skippedKinds[k]++
			continue
		}
		if f.kind == KindRun {
			continue
		}
		st := runs[f.run]
		if st == nil {
			if orphans == 0 {
				orphanOff = f.off
			}
			orphans++
			continue
		}
		r := &p.Runs[st.index]
		b := &buf{data: f.payload}
		switch f.kind {
		case KindMapping:
			idx := b.uvarint()
			m := &profile.Mapping{Path: b.str(), BuildID: b.str()}
			m.Start, m.Limit, m.Offset, m.Bias = b.uvarint(), b.uvarint(), b.uvarint(), b.uvarint()
			if b.err == nil && idx > math.MaxInt32-1 {
				b.fail(fmt.Errorf("mapping index %d out of range", idx))
			}
			if b.err != nil {
				break
			}
			k := m.Key()
			g, ok := mappingIndex[k]
			if !ok {
				g = int32(len(p.Mappings))
				mappingIndex[k] = g
				p.Mappings = append(p.Mappings, m)
			}
			st.mappings[idx] = g
		case KindProcess:
			pid, ppid := b.uint32(), b.uint32()
			comm, exe := b.str(), b.str()
			if b.err != nil {
				break
			}
			pr := st.process(p, int32(pid))
			pr.PPID = int32(ppid)
			pr.Comm, pr.Exe = comm, exe // the later frame wins: exec changes both
		case KindProcessEnd:
			pid := b.uint32()
			how := b.str()
			if b.err == nil {
				st.process(p, int32(pid)).Ended = how
			}
		case KindLost:
			if n := b.uvarint(); b.err == nil {
				r.Lost += n
			}
		case KindRunEnd:
			if t := b.svarint(); b.err == nil {
				r.End = timeOf(t)
			}
		case KindNote:
			if s := b.str(); b.err == nil {
				r.Notes = append(r.Notes, s)
			}
		case KindUnits:
			if len(f.payload) >= 8 {
				hash := binary.LittleEndian.Uint64(f.payload)
				if _, dup := st.units[hash]; dup {
					continue // the same universe again: identical by hash
				}
				// Every run of an instrumented program writes its universe:
				// decode it once when it does not depend on the run's
				// mappings.
				if fu := firstUniverse[hash]; fu != nil && !fu.mapped && bytes.Equal(fu.payload, f.payload) {
					st.units[hash] = fu
					continue
				}
			}
			u := d.decodeUnits(f, b, st)
			if u == nil {
				continue // warned
			}
			hash := binary.LittleEndian.Uint64(f.payload)
			st.units[hash] = u
			universes = append(universes, u)
			if firstUniverse[hash] == nil {
				firstUniverse[hash] = u
			}
		case KindSamples:
			// Size the backing arrays from what the frames hold, so that a
			// million samples do not mean a million appends' worth of
			// copying. Malformed frames fail again, with a warning, below.
			ns, nv, nl := countSamples(f.payload)
			nsamples += ns
			nvalues += nv
			nlocs += nl
		}
		if b.err != nil {
			d.warn(f.off, "%s frame at offset %d: %v; frame skipped", f.kind, f.off, b.err)
		}
	}
	if orphans > 0 {
		d.warn(orphanOff, "%d frames of runs without a Run frame skipped (first at offset %d)", orphans, orphanOff)
	}
	for _, k := range sortedKeys(skippedKinds) {
		if k[0] != Version {
			d.warn(firstSkipped[k], "%d frames of unknown version %d skipped (first at offset %d)", skippedKinds[k], k[0], firstSkipped[k])
		} else {
			d.warn(firstSkipped[k], "%d frames of unknown kind %d skipped (first at offset %d)", skippedKinds[k], k[1], firstSkipped[k])
		}
	}
	for _, st := range runs {
		st.makeDense()
	}

	// Samples, into one backing array for stacks and one for values.
	p.Samples = make([]profile.Sample, 0, nsamples)
	vals := make([]int64, 0, nvalues)
	locs := make([]profile.Location, 0, nlocs)
	starts := make([]int, 0, nsamples) // start of each sample's stack in locs
	for i := range d.frames {
		f := &d.frames[i]
		if f.version != Version || f.kind != KindSamples || runs[f.run] == nil {
			continue
		}
		var err error
		vals, locs, starts, err = d.decodeSamples(p, f, runs[f.run], vals, locs, starts)
		if err != nil {
			d.warn(f.off, "Samples frame at offset %d: %v; frame skipped", f.off, err)
		}
	}
	for i := range p.Samples {
		end := len(locs)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		p.Samples[i].Stack = locs[starts[i]:end:end]
	}

	// Counts, summed per universe.
	for i := range d.frames {
		f := &d.frames[i]
		if f.version != Version || f.kind != KindCounts || runs[f.run] == nil {
			continue
		}
		if err := d.addCounts(f, runs[f.run], firstUniverse); err != nil {
			d.warn(f.off, "Counts frame at offset %d: %v; frame skipped", f.off, err)
		}
	}
	d.materializeUnits(p, universes)

	if err := p.CheckValid(); err != nil {
		// The decoder builds a valid profile from any input; this is a bug.
		return nil, &DecodeError{File: d.name, Msg: "internal error: " + err.Error(), Err: err}
	}
	return p, nil
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
	b := &buf{data: payload}
	nv := b.uvarint()
	ns := b.count(5) // a sample takes at least 5 bytes
	if b.err != nil || nv > MaxStackDepth {
		return 0, 0, 0
	}
	prevDepth := uint64(0)
	for range ns {
		b.skipVarints(3 + int(nv)) // time, pid, tid, values
		depth, shared := b.uvarint(), b.uvarint()
		if b.err != nil || depth > MaxStackDepth || shared > depth || shared > prevDepth {
			return 0, 0, 0
		}
		b.skipVarints(2 * int(depth-shared))
		frames += int(depth)
		prevDepth = depth
	}
	if b.err != nil {
		return 0, 0, 0
	}
	return ns, ns * int(nv), frames
}

func (d *decoder) decodeSamples(p *profile.Profile, f *rawFrame, st *runState, vals []int64, locs []profile.Location, starts []int) ([]int64, []profile.Location, []int, error) {
	n0, v0, l0, s0 := len(p.Samples), len(vals), len(locs), len(starts)
	fail := func(err error) ([]int64, []profile.Location, []int, error) {
		// Drop the frame's samples: a half-decoded frame would mislead.
		p.Samples = p.Samples[:n0]
		return vals[:v0], locs[:l0], starts[:s0], err
	}
	b := &buf{data: f.payload}
	nv := b.uvarint()
	ns := b.count(5) // a sample takes at least 5 bytes
	if b.err != nil {
		return fail(b.err)
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
		t += b.svarint()
		s := profile.Sample{Time: t, PID: int32(b.uint32()), TID: int32(b.uint32())}
		vs := len(vals)
		for range nv {
			vals = append(vals, b.svarint())
		}
		s.Values = vals[vs:len(vals):len(vals)]
		depth, shared := b.uvarint(), b.uvarint()
		if b.err != nil {
			return fail(b.err)
		}
		if shared > depth || int(shared) > prevDepth || (i == 0 && shared != 0) {
			return fail(fmt.Errorf("sample %d shares %d frames of a stack of %d after one of %d", i, shared, depth, prevDepth))
		}
		fresh := depth - shared
		if depth > MaxStackDepth || fresh > uint64(b.remaining()/2) { // a frame takes at least 2 bytes
			return fail(fmt.Errorf("sample %d: stack of %d frames exceeds the frame's bytes or MaxStackDepth", i, depth))
		}
		start := len(locs)
		for range fresh {
			m := b.uvarint()
			addr += uint64(b.svarint())
			l := profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(addr)}
			if m > 0 {
				l.Mapping = st.mapping(p, run, m-1)
			}
			locs = append(locs, l)
		}
		if b.err != nil {
			return fail(b.err)
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
	hash := b.u64()
	if b.err == nil && fnv1a64(f.payload[8:]) != hash {
		d.warn(f.off, "Units frame at offset %d: hash %016x does not match its content; frame skipped", f.off, hash)
		return nil
	}
	nstr := b.count(1)
	strs := make([]string, 0, nstr+1)
	strs = append(strs, "")
	for range nstr {
		strs = append(strs, b.str())
	}
	ref := func() string {
		i := b.uvarint()
		if i >= uint64(len(strs)) {
			b.fail(fmt.Errorf("string reference %d out of range [0,%d]", i, len(strs)-1))
			return ""
		}
		return strs[i]
	}
	n := b.count(9) // a unit takes at least 9 bytes
	units := make([]profile.Unit, 0, n)
	for range n {
		u := profile.Unit{Kind: profile.UnitKind(b.uvarint())}
		m := b.uvarint()
		u.Loc = profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(b.uvarint())}
		if m > math.MaxInt32 {
			b.fail(fmt.Errorf("mapping reference %d out of range", m))
		} else if m > 0 {
			u.Loc.Mapping = int32(m - 1) // run-local until materializeUnits
		}
		u.Scope = ref()
		u.Index = b.int31()
		u.Func, u.File = ref(), ref()
		u.Line, u.Instrs = b.int31(), b.int31()
		if b.err == nil && (u.Kind < profile.UnitAddress || u.Kind > profile.UnitBlock) {
			b.fail(fmt.Errorf("unit %d has unknown kind %d", len(units), u.Kind))
		}
		if b.err != nil {
			d.warn(f.off, "Units frame at offset %d: %v; frame skipped", f.off, b.err)
			return nil
		}
		units = append(units, u)
	}
	if b.err != nil {
		d.warn(f.off, "Units frame at offset %d: %v; frame skipped", f.off, b.err)
		return nil
	}
	u := &universe{run: st, payload: f.payload, units: units}
	for i := range units {
		u.mapped = u.mapped || units[i].Loc.Mapping != profile.NoMapping
	}
	return u
}

// addCounts adds the Counts frame f of run st to the universe it names.
func (d *decoder) addCounts(f *rawFrame, st *runState, first map[uint64]*universe) error {
	b := &buf{data: f.payload}
	hash := b.u64()
	n := b.uvarint()
	nt := b.uvarint()
	if b.err != nil {
		return b.err
	}
	u := st.units[hash]
	if u == nil {
		u = first[hash]
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
	if total > uint64(b.remaining()) { // a count takes at least 1 byte
		return fmt.Errorf("%d counts exceed the frame's bytes", total)
	}
	add := make([]uint64, total)
	for i := range add {
		add[i] = b.uvarint()
	}
	if b.err != nil {
		return b.err
	}
	if u.counts == nil {
		u.counts = make([]uint64, total)
	}
	for i, c := range add {
		u.counts[i] += c
	}
	return nil
}

// materializeUnits adds the units of every universe to p with their summed
// counts, merging units with the same identity.
func (d *decoder) materializeUnits(p *profile.Profile, universes []*universe) {
	nt := len(p.CountTypes)
	total := 0
	for _, u := range universes {
		total += len(u.units)
	}
	backing := make([]uint64, total*nt)
	index := map[profile.UnitKey]int{}
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
			if i, ok := index[k]; ok {
				for c := range counts {
					p.Units[i].Counts[c] += counts[c]
				}
				continue
			}
			unit.Counts = backing[:nt:nt]
			backing = backing[nt:]
			copy(unit.Counts, counts)
			index[k] = len(p.Units)
			p.Units = append(p.Units, unit)
		}
	}
}

// buf is a bounds-checked reader of a frame's payload with a sticky error,
// in the manner of debug/dwarf's buf.
type buf struct {
	data []byte
	off  int
	err  error
}

func (b *buf) fail(err error) {
	if b.err == nil {
		b.err = fmt.Errorf("payload offset %d: %w", b.off, err)
	}
}

func (b *buf) remaining() int { return len(b.data) - b.off }

func (b *buf) uvarint() uint64 {
	if b.err != nil {
		return 0
	}
	v, n := binary.Uvarint(b.data[b.off:])
	if n <= 0 {
		if n == 0 {
			b.fail(errors.New("truncated uvarint"))
		} else {
			b.fail(errors.New("uvarint overflows 64 bits"))
		}
		return 0
	}
	b.off += n
	return v
}

// skipVarints skips n varints.
func (b *buf) skipVarints(n int) {
	for ; n > 0 && b.err == nil; n-- {
		i := b.off
		for i < len(b.data) && b.data[i] >= 0x80 {
			i++
		}
		if i >= len(b.data) {
			b.fail(errors.New("truncated varint"))
			return
		}
		b.off = i + 1
	}
}

func (b *buf) svarint() int64 {
	u := b.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

func (b *buf) u64() uint64 {
	if b.err != nil {
		return 0
	}
	if b.remaining() < 8 {
		b.fail(errors.New("truncated u64"))
		return 0
	}
	v := binary.LittleEndian.Uint64(b.data[b.off:])
	b.off += 8
	return v
}

func (b *buf) uint32() uint32 {
	v := b.uvarint()
	if v > math.MaxUint32 {
		b.fail(fmt.Errorf("value %d exceeds 32 bits", v))
		return 0
	}
	return uint32(v)
}

func (b *buf) int31() int {
	v := b.uvarint()
	if v > math.MaxInt32 {
		b.fail(fmt.Errorf("value %d exceeds 31 bits", v))
		return 0
	}
	return int(v)
}

// count reads a number of elements that each take at least min bytes, and
// checks that the rest of the payload can hold them: no length in the file
// makes the reader allocate more than the file's size.
func (b *buf) count(min int) int {
	v := b.uvarint()
	if v > uint64(b.remaining()/min) {
		b.fail(fmt.Errorf("count %d exceeds the %d bytes left", v, b.remaining()))
		return 0
	}
	return int(v)
}

func (b *buf) str() string {
	n := b.uvarint()
	if b.err != nil {
		return ""
	}
	if n > uint64(b.remaining()) {
		b.fail(fmt.Errorf("string of %d bytes exceeds the %d bytes left", n, b.remaining()))
		return ""
	}
	s := string(b.data[b.off : b.off+int(n)])
	b.off += int(n)
	return s
}

func (b *buf) types() []profile.ValueType {
	n := b.count(2)
	var ts []profile.ValueType
	for range n {
		ts = append(ts, profile.ValueType{Type: b.str(), Unit: b.str()})
	}
	return ts
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

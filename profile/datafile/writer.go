package datafile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"sonde/profile"
)

// Batching limits of the Writer's Samples frames: a frame is written when
// MaxBatchSamples samples or MaxBatchBytes bytes are buffered, and at the
// latest FlushInterval after the first buffered sample, so that a crash of
// the collector loses at most a fraction of a second.
const (
	MaxBatchSamples = 8192
	MaxBatchBytes   = 1 << 20
	FlushInterval   = 100 * time.Millisecond
)

// ErrNoRun is returned by Writer methods called before WriteRun.
var ErrNoRun = errors.New("no run started: call WriteRun first")

// ErrClosed is returned by Writer methods called after Close.
var ErrClosed = errors.New("data file writer closed")

// RunHeader describes a run; it is the content of a Run frame.
type RunHeader struct {
	// ID is the run ID; 0 asks WriteRun to draw a random one.
	ID uint64
	// Collector names the collector ("record", "count", "cc", "attrib").
	Collector string
	// Command is the profiled command line.
	Command []string
	// Start is when the run started.
	Start time.Time
	// SampleTypes name the values of each sample; WriteSample checks them.
	SampleTypes []profile.ValueType
	// Period is the sampling period, in units of the last sample type.
	Period int64
	// CountTypes name the values of each unit's counts.
	CountTypes []profile.ValueType
}

// A Writer appends frames to a data file. All methods are safe for
// concurrent use by several goroutines; each frame is one Write call on the
// underlying writer, and frames of one Writer never interleave. Several
// Writers, in this or other processes, may append to the same file at the
// same time when each opened it with O_APPEND (Create, OpenAppend): Linux
// makes every write(2) to a regular local file under O_APPEND atomic with
// respect to other appenders, and every frame is small enough (at most about
// MaxBatchBytes, except for very large Units frames) to be one write(2).
//
// Samples are buffered and written as Samples frames (see MaxBatchSamples,
// FlushInterval); every other frame is written at once, after any buffered
// samples. A Writer never calls fsync: the file survives a crash of the
// writer, not of the machine, unless the caller uses Sync.
//
// One Writer writes one run at a time: WriteRun starts it, and later
// frames carry its ID until the next WriteRun.
type Writer struct {
	mu   sync.Mutex
	w    io.Writer
	file *os.File // non-nil when the Writer opened the file and owns it
	err  error    // sticky: the first write error

	run         uint64
	nvalues     int
	ncountTypes int

	// Pending Samples frame: encoded samples after the frame's header.
	sbuf      []byte
	nsamples  int
	prevTime  int64
	prevAddr  uint64
	prevStack []profile.Location
	timer     *time.Timer
	// Pending ExprValues frame of the pending Samples frame: the encoded
	// values of each buffered sample; hasExprs says whether any sample has
	// one (else no ExprValues frame is written).
	ebuf     []byte
	hasExprs bool

	frame []byte // scratch for assembling one frame
	gen   int    // how many times Rewrite replaced the file (rewrite.go)
}

// Create creates (or truncates) the data file path and returns a Writer
// that appends to it.
func Create(path string) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o666)
	if err != nil {
		return nil, fmt.Errorf("create data file: %w", err)
	}
	w := NewWriter(f)
	w.file = f
	return w, nil
}

// OpenAppend opens the data file path for appending, creating it if it does
// not exist; the frames already there are kept.
func OpenAppend(path string) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666)
	if err != nil {
		return nil, fmt.Errorf("open data file: %w", err)
	}
	w := NewWriter(f)
	w.file = f
	return w, nil
}

// NewWriter returns a Writer that writes frames to w. Close does not close
// w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w}
}

// RunID returns the ID of the current run, 0 before WriteRun.
func (w *Writer) RunID() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.run
}

// WriteRun starts a run and writes its Run frame. It returns the run ID:
// h.ID, or a random non-zero ID when h.ID is 0.
func (w *Writer) WriteRun(h RunHeader) (uint64, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.flushSamplesLocked(); err != nil {
		return 0, err
	}
	id := h.ID
	for id == 0 {
		id = rand.Uint64()
	}
	p := w.begin()
	p = appendString(p, h.Collector)
	p = binary.AppendUvarint(p, uint64(len(h.Command)))
	for _, a := range h.Command {
		p = appendString(p, a)
	}
	p = binary.AppendVarint(p, unixNano(h.Start))
	p = appendTypes(p, h.SampleTypes)
	p = binary.AppendVarint(p, h.Period)
	p = appendTypes(p, h.CountTypes)
	w.run = id
	w.nvalues = len(h.SampleTypes)
	w.ncountTypes = len(h.CountTypes)
	return id, w.emitLocked(KindRun, p)
}

// WriteMapping writes a Mapping frame: index is the run-local number that
// samples and units of this run use in Location.Mapping.
func (w *Writer) WriteMapping(index int, m *profile.Mapping) error {
	if index < 0 || index > 1<<31-2 {
		return fmt.Errorf("write mapping: index %d out of range", index)
	}
	return w.frameFunc(KindMapping, func(p []byte) []byte {
		p = binary.AppendUvarint(p, uint64(index))
		p = appendString(p, m.Path)
		p = appendString(p, m.BuildID)
		p = binary.AppendUvarint(p, m.Start)
		p = binary.AppendUvarint(p, m.Limit)
		p = binary.AppendUvarint(p, m.Offset)
		return binary.AppendUvarint(p, m.Bias)
	})
}

// WriteProcess writes a Process frame; p.RunID and p.Ended are not written
// (the frame carries the run ID; see WriteProcessEnd).
func (w *Writer) WriteProcess(p profile.Process) error {
	return w.frameFunc(KindProcess, func(b []byte) []byte {
		b = binary.AppendUvarint(b, uint64(uint32(p.PID)))
		b = binary.AppendUvarint(b, uint64(uint32(p.PPID)))
		b = appendString(b, p.Comm)
		b = appendString(b, p.Exe)
		if p.Cgroup != "" {
			b = appendString(b, p.Cgroup) // a trailing field: older readers ignore it
		}
		return b
	})
}

// WriteProcessEnd writes a ProcessEnd frame: how process pid ended.
func (w *Writer) WriteProcessEnd(pid int32, how string) error {
	return w.frameFunc(KindProcessEnd, func(b []byte) []byte {
		b = binary.AppendUvarint(b, uint64(uint32(pid)))
		return appendString(b, how)
	})
}

// WriteLost writes a Lost frame: n more samples or records were lost.
func (w *Writer) WriteLost(n uint64) error {
	return w.frameFunc(KindLost, func(b []byte) []byte { return binary.AppendUvarint(b, n) })
}

// WriteObject writes an Object frame: the bytes of the object that the
// run's mappings with this path and build ID name (the vDSO, a deleted
// file).
func (w *Writer) WriteObject(path, buildID string, data []byte) error {
	if len(data)+len(path)+len(buildID)+30 > MaxPayload {
		return fmt.Errorf("write object %s: %d bytes, more than a frame holds", path, len(data))
	}
	return w.frameFunc(KindObject, func(b []byte) []byte {
		b = appendString(b, path)
		b = appendString(b, buildID)
		return appendString(b, string(data))
	})
}

// WriteNote writes a Note frame, a one-line remark for the report.
func (w *Writer) WriteNote(note string) error {
	return w.frameFunc(KindNote, func(b []byte) []byte { return appendString(b, note) })
}

// WriteExprDef writes an ExprDef frame: index is the run-local number that
// samples of this run use in ExprValue.Expr.
func (w *Writer) WriteExprDef(index int, d profile.ExprDef) error {
	if index < 0 || index > 1<<31-1 {
		return fmt.Errorf("write expression: index %d out of range", index)
	}
	return w.frameFunc(KindExprDef, func(b []byte) []byte {
		b = binary.AppendUvarint(b, uint64(index))
		b = appendString(b, d.Spec)
		b = appendString(b, d.Prog)
		b = appendString(b, d.Func)
		return appendString(b, d.Expr)
	})
}

// WriteRunEnd writes a RunEnd frame after any buffered samples.
func (w *Writer) WriteRunEnd(end time.Time) error {
	return w.frameFunc(KindRunEnd, func(b []byte) []byte { return binary.AppendVarint(b, unixNano(end)) })
}

// WriteUnits writes a Units frame holding the static universe units (their
// Counts are ignored) and returns its hash, which Counts frames use to refer
// to it. Location.Mapping is a run-local mapping index or NoMapping.
func (w *Writer) WriteUnits(units []profile.Unit) (uint64, error) {
	body := EncodeUnits(nil, units)
	hash := fnv1a64(body)
	err := w.frameFunc(KindUnits, func(b []byte) []byte {
		b = binary.LittleEndian.AppendUint64(b, hash)
		return append(b, body...)
	})
	return hash, err
}

// WriteEncodedUnits writes a Units frame of body, which EncodeUnits made,
// whose UnitsHash is hash: units encoded once (sonde count's plan cache)
// are written without encoding them again.
func (w *Writer) WriteEncodedUnits(body []byte, hash uint64) error {
	return w.frameFunc(KindUnits, func(b []byte) []byte {
		b = binary.LittleEndian.AppendUint64(b, hash)
		return append(b, body...)
	})
}

// BodyHash returns the hash of a body EncodeUnits made, as UnitsHash.
func BodyHash(body []byte) uint64 { return fnv1a64(body) }

// WriteCounts writes a Counts frame for the universe with the given hash
// and nunits units: counts holds one value per count type of the run for
// each unit, unit by unit.
func (w *Writer) WriteCounts(hash uint64, nunits int, counts []uint64) error {
	return w.writeCounts(KindCounts, hash, nunits, counts)
}

// WriteCountsTotal writes a CountsTotal frame: the run's counts of the
// universe so far, which replace those of its previous CountsTotal frame
// for the universe (a checkpoint; see the format).
func (w *Writer) WriteCountsTotal(hash uint64, nunits int, counts []uint64) error {
	return w.writeCounts(KindCountsTotal, hash, nunits, counts)
}

func (w *Writer) writeCounts(kind Kind, hash uint64, nunits int, counts []uint64) error {
	w.mu.Lock()
	ntypes := w.ncountTypes
	w.mu.Unlock()
	if nunits < 0 || len(counts) != nunits*ntypes {
		return fmt.Errorf("write counts: %d values for %d units of %d count types", len(counts), nunits, ntypes)
	}
	return w.frameFunc(kind, func(b []byte) []byte {
		b = binary.LittleEndian.AppendUint64(b, hash)
		b = binary.AppendUvarint(b, uint64(nunits))
		b = binary.AppendUvarint(b, uint64(ntypes))
		for _, c := range counts {
			b = binary.AppendUvarint(b, c)
		}
		return b
	})
}

// WriteUnitCounts writes the Units frame of units and a Counts frame with
// their Counts, which must have one value per count type of the run.
func (w *Writer) WriteUnitCounts(units []profile.Unit) error {
	w.mu.Lock()
	ntypes := w.ncountTypes
	w.mu.Unlock()
	counts := make([]uint64, 0, len(units)*ntypes)
	for i, u := range units {
		if len(u.Counts) != ntypes {
			return fmt.Errorf("write counts: unit %d has %d counts, want %d", i, len(u.Counts), ntypes)
		}
		counts = append(counts, u.Counts...)
	}
	hash, err := w.WriteUnits(units)
	if err != nil {
		return err
	}
	return w.WriteCounts(hash, len(units), counts)
}

// EncodeUnits appends the body of a Units frame (everything after the hash)
// for units to b. It is exported for the compiler driver, which computes a
// program's universe once at build time.
func EncodeUnits(b []byte, units []profile.Unit) []byte {
	return encodeUnits(b, units, false, 0)
}

// EncodeUnitsMapped is EncodeUnits with every unit's mapping index written
// as mapping, whatever its Loc.Mapping: a caller's units need no copy to be
// written for the mapping they belong to in a run.
func EncodeUnitsMapped(b []byte, units []profile.Unit, mapping int32) []byte {
	return encodeUnits(b, units, true, mapping)
}

// stringTable numbers the strings of a Units or Listing payload: reference
// 0 is "", i the table's string i-1, in order of first use.
type stringTable struct {
	index map[string]uint64
	table []string
}

func (t *stringTable) ref(s string) uint64 {
	if s == "" {
		return 0
	}
	i, ok := t.index[s]
	if !ok {
		if t.index == nil {
			t.index = map[string]uint64{}
		}
		t.table = append(t.table, s)
		i = uint64(len(t.table))
		t.index[s] = i
	}
	return i
}

// append appends the table as the payload has it: its length, then each
// string.
func (t *stringTable) append(b []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(t.table)))
	for _, s := range t.table {
		b = appendString(b, s)
	}
	return b
}

func encodeUnits(b []byte, units []profile.Unit, override bool, mapping int32) []byte {
	var st stringTable
	type refs struct{ scope, fn, file uint64 }
	rs := make([]refs, len(units))
	for i := range units {
		rs[i] = refs{st.ref(units[i].Scope), st.ref(units[i].Func), st.ref(units[i].File)}
	}
	b = st.append(b)
	b = binary.AppendUvarint(b, uint64(len(units)))
	for i, u := range units {
		b = binary.AppendUvarint(b, uint64(u.Kind))
		m := u.Loc.Mapping
		if override {
			m = mapping
		}
		b = binary.AppendUvarint(b, uint64(int64(m)+1))
		b = binary.AppendUvarint(b, uint64(u.Loc.Addr))
		b = binary.AppendUvarint(b, rs[i].scope)
		b = binary.AppendUvarint(b, uint64(u.Index))
		b = binary.AppendUvarint(b, rs[i].fn)
		b = binary.AppendUvarint(b, rs[i].file)
		b = binary.AppendUvarint(b, uint64(u.Line))
		b = binary.AppendUvarint(b, uint64(u.Instrs))
	}
	return b
}

// UnitsHash returns the hash that identifies the universe units, as
// WriteUnits computes it.
func UnitsHash(units []profile.Unit) uint64 { return fnv1a64(EncodeUnits(nil, units)) }

// WriteSample buffers one sample of the current run. s.Stack holds run-local
// mapping indices (or NoMapping) and link-time addresses; s.Values must
// have one value per sample type of the run. The Writer copies what it
// needs: the caller may reuse s's slices.
func (w *Writer) WriteSample(s *profile.Sample) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.checkLocked(); err != nil {
		return err
	}
	if w.nvalues == 0 {
		return errors.New("write sample: the run has no sample types")
	}
	if len(s.Values) != w.nvalues {
		return fmt.Errorf("write sample: %d values, want %d (one per sample type)", len(s.Values), w.nvalues)
	}
	if len(s.Stack) > MaxStackDepth {
		return fmt.Errorf("write sample: stack of %d frames exceeds %d", len(s.Stack), MaxStackDepth)
	}
	for _, l := range s.Stack {
		if l.Mapping < profile.NoMapping {
			return fmt.Errorf("write sample: bad mapping index %d", l.Mapping)
		}
	}
	for _, v := range s.Exprs {
		if v.Expr < 0 || v.Status < profile.ExprOK || v.Status > profile.ExprUnavailable {
			return fmt.Errorf("write sample: bad expression value (index %d, status %d)", v.Expr, v.Status)
		}
	}
	shared := 0
	if w.nsamples > 0 {
		for shared < len(s.Stack) && shared < len(w.prevStack) &&
			s.Stack[len(s.Stack)-1-shared] == w.prevStack[len(w.prevStack)-1-shared] {
			shared++
		}
	}
	b := w.sbuf
	b = binary.AppendVarint(b, s.Time-w.prevTime)
	b = binary.AppendUvarint(b, uint64(uint32(s.PID)))
	b = binary.AppendUvarint(b, uint64(uint32(s.TID)))
	for _, v := range s.Values {
		b = binary.AppendVarint(b, v)
	}
	b = binary.AppendUvarint(b, uint64(len(s.Stack)))
	b = binary.AppendUvarint(b, uint64(shared))
	for _, l := range s.Stack[:len(s.Stack)-shared] {
		b = binary.AppendUvarint(b, uint64(int64(l.Mapping)+1))
		b = binary.AppendVarint(b, int64(uint64(l.Addr)-w.prevAddr))
		w.prevAddr = uint64(l.Addr)
	}
	w.sbuf = b
	w.ebuf = appendExprValues(w.ebuf, s.Exprs)
	w.hasExprs = w.hasExprs || len(s.Exprs) > 0
	w.prevTime = s.Time
	w.prevStack = append(w.prevStack[:0], s.Stack...)
	w.nsamples++
	if w.nsamples >= MaxBatchSamples || len(w.sbuf) >= MaxBatchBytes || len(w.ebuf) >= MaxBatchBytes {
		return w.flushSamplesLocked()
	}
	if w.nsamples == 1 {
		if w.timer == nil {
			w.timer = time.AfterFunc(FlushInterval, w.timedFlush)
		} else {
			w.timer.Reset(FlushInterval)
		}
	}
	return nil
}

// timedFlush writes the pending Samples frame FlushInterval after its first
// sample. A write error is kept and returned by the next call.
func (w *Writer) timedFlush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		w.flushSamplesLocked()
	}
}

// Flush writes buffered samples as a Samples frame.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	return w.flushSamplesLocked()
}

// Sync flushes buffered samples and, when the Writer owns a file, commits
// it to stable storage with fsync.
func (w *Writer) Sync() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.flushSamplesLocked(); err != nil {
		return err
	}
	if w.file != nil {
		if err := w.file.Sync(); err != nil {
			return fmt.Errorf("sync data file: %w", err)
		}
	}
	return nil
}

// Close flushes buffered samples and closes the file the Writer opened. It
// does not write a RunEnd frame: call WriteRunEnd first.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == ErrClosed {
		return ErrClosed
	}
	if w.timer != nil {
		w.timer.Stop()
	}
	err := w.err
	if err == nil {
		err = w.flushSamplesLocked()
	}
	if w.file != nil {
		if cerr := w.file.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("close data file: %w", cerr)
		}
	}
	w.err = ErrClosed
	return err
}

// frameFunc writes one frame of the current run after buffered samples,
// with the payload that fill appends.
func (w *Writer) frameFunc(kind Kind, fill func([]byte) []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.flushSamplesLocked(); err != nil {
		return err
	}
	return w.emitLocked(kind, fill(w.begin()))
}

func (w *Writer) checkLocked() error {
	if w.err != nil {
		return w.err
	}
	if w.run == 0 {
		return ErrNoRun
	}
	return nil
}

func (w *Writer) flushSamplesLocked() error {
	if err := w.checkLocked(); err != nil {
		if err == ErrNoRun {
			return nil // nothing can be buffered before a run
		}
		return err
	}
	if w.nsamples == 0 {
		return nil
	}
	if w.timer != nil {
		// Flushed before the timer: its wake-up would find nothing (a
		// caller that flushes at each of its own wake-ups, such as the
		// agent's drains, never has the timer fire).
		w.timer.Stop()
	}
	p := w.begin()
	p = binary.AppendUvarint(p, uint64(w.nvalues))
	p = binary.AppendUvarint(p, uint64(w.nsamples))
	p = append(p, w.sbuf...)
	nsamples := w.nsamples
	w.sbuf = w.sbuf[:0]
	w.nsamples = 0
	w.prevTime = 0
	w.prevAddr = 0
	w.prevStack = w.prevStack[:0]
	if !w.hasExprs {
		w.ebuf = w.ebuf[:0]
		return w.emitLocked(KindSamples, p)
	}
	// The Samples frame and its ExprValues frame go out in one Write, so
	// that both are appended or neither (see format.go).
	if err := w.checkLocked(); err != nil {
		return err
	}
	if n := len(p) - HeaderSize; n > MaxPayload {
		return fmt.Errorf("write %s frame: payload of %d bytes exceeds %d", KindSamples, n, MaxPayload)
	}
	putHeader(p, KindSamples, w.run)
	crc := binary.LittleEndian.Uint32(p[20:])
	start := len(p)
	var zero [HeaderSize]byte
	p = append(p, zero[:]...)
	p = binary.LittleEndian.AppendUint32(p, crc)
	p = binary.AppendUvarint(p, uint64(nsamples))
	p = append(p, w.ebuf...)
	w.ebuf = w.ebuf[:0]
	w.hasExprs = false
	w.frame = p[:0]
	if n := len(p) - start - HeaderSize; n > MaxPayload {
		return fmt.Errorf("write %s frame: payload of %d bytes exceeds %d", KindExprValues, n, MaxPayload)
	}
	putHeader(p[start:], KindExprValues, w.run)
	if _, err := w.w.Write(p); err != nil {
		w.err = fmt.Errorf("write %s frame: %w", KindSamples, err)
		return w.err
	}
	return nil
}

// appendExprValues appends one sample's entry of an ExprValues frame.
func appendExprValues(b []byte, vs []profile.ExprValue) []byte {
	b = binary.AppendUvarint(b, uint64(len(vs)))
	for _, v := range vs {
		b = binary.AppendUvarint(b, uint64(v.Expr))
		b = binary.AppendUvarint(b, uint64(v.Status))
		b = appendString(b, v.Text)
		if v.HasNum {
			b = append(b, 1)
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v.Num))
		} else {
			b = append(b, 0)
		}
	}
	return b
}

// begin returns the scratch buffer with room for the header.
func (w *Writer) begin() []byte {
	var zero [HeaderSize]byte
	return append(w.frame[:0], zero[:]...)
}

// emitLocked fills in the header of frame (header room plus payload) and
// writes it with one Write call.
func (w *Writer) emitLocked(kind Kind, frame []byte) error {
	if err := w.checkLocked(); err != nil {
		return err
	}
	w.frame = frame[:0] // keep the grown buffer for the next frame
	n := len(frame) - HeaderSize
	if n > MaxPayload {
		return fmt.Errorf("write %s frame: payload of %d bytes exceeds %d", kind, n, MaxPayload)
	}
	putHeader(frame, kind, w.run)
	if _, err := w.w.Write(frame); err != nil {
		w.err = fmt.Errorf("write %s frame: %w", kind, err)
		return w.err
	}
	return nil
}

// putHeader fills in frame[:HeaderSize] for the payload that follows it.
func putHeader(frame []byte, kind Kind, run uint64) {
	copy(frame, Magic)
	frame[4] = Version
	frame[5] = byte(kind)
	frame[6], frame[7] = 0, 0
	binary.LittleEndian.PutUint64(frame[8:], run)
	binary.LittleEndian.PutUint32(frame[16:], uint32(len(frame)-HeaderSize))
	binary.LittleEndian.PutUint32(frame[20:], frameCRC(frame))
}

// frameCRC returns the CRC of a whole frame: header bytes 0..19, then the
// payload.
func frameCRC(frame []byte) uint32 {
	crc := crc32.ChecksumIEEE(frame[:20])
	return crc32.Update(crc, crc32.IEEETable, frame[HeaderSize:])
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendTypes(b []byte, ts []profile.ValueType) []byte {
	b = binary.AppendUvarint(b, uint64(len(ts)))
	for _, t := range ts {
		b = appendString(b, t.Type)
		b = appendString(b, t.Unit)
	}
	return b
}

func unixNano(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fnv1a64(b []byte) uint64 {
	h := uint64(fnvOffset64)
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime64
	}
	return h
}

package datafile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"sonde/profile"
)

// Tail reads a data file that is being appended to (the agent's spool), a
// piece at a time: each Next reads only the bytes written since the
// previous one, up to the end of the last whole frame, and decodes them
// with what the earlier pieces said (runs, mappings, processes, objects).
// Reading a file that grows for a day thus costs what it appends, not its
// whole size at every read.
//
// A piece's samples are decoded as Decode decodes them, but for two things
// that need the whole file: Counts and Units frames are not added up
// (they are a run's totals), and JIT code is named from the JIT frames of
// the first piece that has any.
type Tail struct {
	name string
	off  int64
	d    *decoder
	// BytesRead and Frames count the bytes Next read from the file and the
	// whole frames it decoded, over all calls: the cost of reading.
	BytesRead int64
	Frames    int
	// Skipped counts the Samples and ExprValues frames Next did not
	// decode (SkipSamplesBefore).
	Skipped int
	// samplesFrom is the offset before which samples are not decoded.
	samplesFrom int64
}

// SkipSamplesBefore makes Next leave out the samples (Samples frames and
// their ExprValues) of the frames before offset off, and decode all the
// other frames: a reader that needs only the file's latest samples (an
// agent started again on its spool) reads the rest at the cost of a scan.
func (t *Tail) SkipSamplesBefore(off int64) { t.samplesFrom = off }

// Piece is what one Tail.Next read.
type Piece struct {
	// Profile holds the samples of the piece's frames only, and the runs,
	// mappings, processes and objects of every piece read so far (their
	// indices do not change from piece to piece). It is valid until the
	// next call of Next, which reuses it; its samples stay valid.
	Profile *profile.Profile
	// Marks are the piece's Agent frames, in file order, with their
	// offsets and runs.
	Marks []AgentMark
	// Warnings are the piece's damaged or unknown frames.
	Warnings []Warning
	// Start and End are the file offsets of the bytes decoded.
	Start, End int64
}

// NewTail returns a Tail that reads the data file path from its start.
func NewTail(path string) *Tail {
	return &Tail{name: path, d: &decoder{name: path}}
}

// Offset returns the offset where the next read starts: the end of the
// last whole frame read.
func (t *Tail) Offset() int64 { return t.off }

// SetOffset moves the offset where the next read starts, for a file its writer
// rewrote (Writer.Rewrite): off must be the start of a frame in the new
// file, with the frames before it ones the Tail has read.
// It ends SkipSamplesBefore, whose offset was one of the old file.
func (t *Tail) SetOffset(off int64) { t.off, t.samplesFrom = off, 0 }

// Next reads and decodes the whole frames written since the last call. A
// frame still being written (cut short by the end of the file) is left for
// the next call. The error is non-nil when the file cannot be read, is
// shorter than what was read already, or its first piece holds no frame.
func (t *Tail) Next() (*Piece, error) {
	f, err := os.Open(t.name)
	if err != nil {
		return nil, fmt.Errorf("read data file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read data file: %w", err)
	}
	if fi.Size() < t.off {
		return nil, fmt.Errorf("%s: %d bytes, fewer than the %d already read: replaced by another writer", t.name, fi.Size(), t.off)
	}
	data := make([]byte, fi.Size()-t.off)
	n, err := f.ReadAt(data, t.off)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("read data file: %w", err)
	}
	data = data[:n]
	t.BytesRead += int64(n)
	end := wholeFrames(data)
	d := t.d
	d.base, d.frames, d.warnings = t.off, d.frames[:0], nil
	if err := d.scan(data[:end]); err != nil {
		if t.off == 0 || !errors.Is(err, ErrNotDataFile) {
			return nil, err
		}
		d.warn(t.off, "%d bytes without a frame at offset %d skipped", end, t.off)
	}
	if t.samplesFrom > t.off {
		n := len(d.frames)
		d.frames = slices.DeleteFunc(d.frames, func(f rawFrame) bool {
			return f.off < t.samplesFrom && (f.kind == KindSamples || f.kind == KindExprValues)
		})
		t.Skipped += n - len(d.frames)
	}
	t.Frames += len(d.frames)
	pc := &Piece{Marks: d.agentMarks(), Start: t.off, End: t.off + int64(end)}
	p, err := d.step()
	if err != nil {
		return nil, err
	}
	pc.Profile, pc.Warnings = p, d.warnings
	t.off += int64(end)
	return pc, nil
}

// wholeFrames returns the length of the prefix of data that a reader can
// take now: up to a frame still being written at the end (cut short, with
// no intact frame after it). Damaged bytes in between are taken, for scan
// to skip with a warning.
func wholeFrames(data []byte) int {
	off := 0
	for off < len(data) {
		st, size, _ := checkFrame(data, off)
		switch st {
		case frameOK:
			off += size
			continue
		case frameTruncated:
			// Cut short by a crash only if an intact frame follows;
			// else still being written.
			next := off + 1
			for {
				next = resync(data, next)
				if next < 0 {
					return off
				}
				if st, _, _ := checkFrame(data, next); st == frameOK {
					break
				}
				next++
			}
			off = next
		case frameBad:
			next := resync(data, off+1)
			if next < 0 {
				return len(data)
			}
			off = next
		}
	}
	return off
}

// step adds the frames scanned to what the decoder knows and returns the
// profile with only their samples.
func (d *decoder) step() (*profile.Profile, error) {
	if d.p == nil {
		d.p = &profile.Profile{}
		d.runs = map[uint64]*runState{}
		d.mappingIndex = map[profile.MappingKey]int32{}
		d.firstUniverse = map[uint64]*universe{}
		d.exprIndex = map[profile.ExprDef]int32{}
	}
	for _, st := range d.runs {
		clear(st.batches) // they index the previous piece's samples
	}
	d.nsamples, d.nvalues, d.nlocs = 0, 0, 0
	if err := d.readRuns(); err != nil {
		return nil, err
	}
	d.readFrames()
	d.readSamples()
	d.applyJIT()
	d.readExprValues()
	if err := d.p.CheckValid(); err != nil {
		return nil, &DecodeError{File: d.name, Msg: "internal error: " + err.Error(), Err: err}
	}
	return d.p, nil
}

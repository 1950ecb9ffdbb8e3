package datafile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"sonde/profile"
)

// ErrNotDataFile is wrapped by the DecodeError for a file that holds no
// sonde frame at all.
var ErrNotDataFile = errors.New("not a sonde data file")

// DecodeError is an error in the bytes of a data file: File names it and Off
// is the byte offset of the offending frame (0 for the whole file).
type DecodeError struct {
	// File is the data file's name as the caller gave it.
	File string
	// Off is the byte offset of the offending frame.
	Off int64
	// Msg says what is wrong, including the offset where it helps.
	Msg string
	// Err is an underlying sentinel such as ErrNotDataFile, or nil.
	Err error
}

// Error returns "file: message".
func (e *DecodeError) Error() string { return e.File + ": " + e.Msg }

// Unwrap returns the underlying sentinel.
func (e *DecodeError) Unwrap() error { return e.Err }

// Warning is a problem the reader recovered from: a truncated last frame, a
// damaged frame it skipped, a frame of a kind it does not know. File and Off
// say where; Msg says what and what was lost, including the offset.
type Warning struct {
	// File is the data file's name as the caller gave it.
	File string
	// Off is the byte offset of the frame concerned (the first one, for a
	// warning that counts several).
	Off int64
	// Msg is the one-line warning without the file name.
	Msg string
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
// errors. The profile does not refer to data after Decode returns. Decode,
// ReadFile and ReadFiles keep no state between calls and may run
// concurrently.
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
	crc     uint32
	payload []byte
}

// decoder holds the state of one Decode call.
type decoder struct {
	name     string
	base     int64 // the file offset of the data scanned (Tail)
	frames   []rawFrame
	warnings []Warning

	// Built by assemble (decode.go).
	p                        *profile.Profile
	runs                     map[uint64]*runState
	mappingIndex             map[profile.MappingKey]int32
	universes                []*universe          // in file order
	firstUniverse            map[uint64]*universe // by hash, the first of any run
	nsamples, nvalues, nlocs int                  // sizes of the sample arrays
	exprIndex                map[profile.ExprDef]int32
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
				off:     d.base + int64(off),
				version: h[4],
				kind:    Kind(h[5]),
				run:     binary.LittleEndian.Uint64(h[8:]),
				crc:     binary.LittleEndian.Uint32(h[20:]),
				payload: h[HeaderSize:size:size],
			})
			off += size
			continue
		case frameTruncated:
			next := resync(data, off+1)
			if next < 0 {
				d.warn(d.base+int64(off), "truncated frame at offset %d ignored (%d bytes)", d.base+int64(off), len(data)-off)
				return nil
			}
			d.warn(d.base+int64(off), "corrupt frame at offset %d: length runs past a later frame; skipped %d bytes to the frame at offset %d", d.base+int64(off), next-off, d.base+int64(next))
			off = next
		case frameBad:
			next := resync(data, off+1)
			if off == 0 && len(d.frames) == 0 && next < 0 {
				return &DecodeError{File: d.name, Off: 0, Msg: ErrNotDataFile.Error(), Err: ErrNotDataFile}
			}
			if next < 0 {
				d.warn(d.base+int64(off), "corrupt frame at offset %d (%s): last %d bytes ignored", d.base+int64(off), why, len(data)-off)
				return nil
			}
			d.warn(d.base+int64(off), "corrupt frame at offset %d (%s): skipped %d bytes to the frame at offset %d", d.base+int64(off), why, next-off, d.base+int64(next))
			off = next
		}
	}
	return nil
}

package jitmap

import (
	"errors"
	"fmt"
	"io"
	"os"
	"unicode"
	"unicode/utf8"
)

// SourceKind says which format a Source reads.
type SourceKind uint8

// The formats.
const (
	PerfMap SourceKind = iota + 1 // /tmp/perf-PID.map
	JitDump                       // jit-PID.dump
)

// Source follows one perf map or jitdump file of a process while the
// process writes it, and turns what is new at each Poll into Events. It is
// not safe for concurrent use.
type Source struct {
	// Path is the file read.
	Path string
	Kind SourceKind
	// ClockOffset is added to a jitdump's CLOCK_MONOTONIC timestamps to
	// make them times since the Unix epoch (wall clock minus monotonic
	// clock when the profile started).
	ClockOffset int64
	// Since is the time (ns since the Unix epoch) of a perf map's events,
	// which have none of their own: when the process (or the program it
	// exec'd) started; 0 for always.
	Since int64

	off     int64 // bytes of the file consumed
	header  bool  // jitdump header read
	arch    bool  // jitdump timestamps are the CPU's counter: unusable
	lines   map[uint64][]DebugEntry
	ids     map[uint64]uint64 // jitdump code index -> event ID
	done    bool              // closed, or damaged: nothing more is read
	bad     int               // perf map lines not understood
	err     error
	records int
}

// NewSource returns a Source of the file at path.
func NewSource(path string, kind SourceKind, clockOffset int64) *Source {
	return &Source{Path: path, Kind: kind, ClockOffset: clockOffset}
}

// Err returns why the file could not be read to its end, nil if it could:
// a damaged jitdump, a file that is not one. Bad lines of a perf map are
// counted in Bad instead.
func (s *Source) Err() error { return s.err }

// Bad returns the number of perf map lines that could not be read.
func (s *Source) Bad() int { return s.bad }

// Poll reads what the file holds beyond what earlier calls read, and
// returns it as events; newID gives each new piece of code its ID (IDs
// must be unique within the process across its sources). final says the
// writer is done (the process has exited, or the profile ends): a last
// perf map line without its newline is read too. A file that does not
// exist (yet) gives no events and no error.
func (s *Source) Poll(final bool, newID func() uint64) ([]Event, error) {
	if s.done {
		return nil, nil
	}
	f, err := os.Open(s.Path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	defer f.Close()
	if _, err := f.Seek(s.off, io.SeekStart); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	switch s.Kind {
	case PerfMap:
		entries, used, bad := ParsePerfMap(data, final)
		s.off += int64(used)
		s.bad += bad
		events := make([]Event, len(entries))
		for i, e := range entries {
			events[i] = Event{Kind: EventLoad, ID: newID(), Addr: e.Start, Size: e.Size, Name: e.Name, Time: s.Since}
		}
		return events, nil
	case JitDump:
		return s.pollDump(data, newID), nil
	}
	return nil, fmt.Errorf("%s: unknown source kind %d", s.Path, s.Kind)
}

// pollDump turns the records in data (the file from s.off on) into events.
func (s *Source) pollDump(data []byte, newID func() uint64) []Event {
	off := 0
	if !s.header {
		h, err := ParseDumpHeader(data)
		if errors.Is(err, ErrShort) {
			return nil
		}
		if err != nil {
			s.fail(err)
			return nil
		}
		s.header, s.arch = true, h.Flags&DumpFlagArchTimestamp != 0
		off = h.Size
		s.lines = map[uint64][]DebugEntry{}
		s.ids = map[uint64]uint64{}
	}
	var events []Event
	for {
		rec, next, complete, err := NextRecord(data, off)
		if err != nil {
			s.fail(fmt.Errorf("record at offset %#x: %w", s.off+int64(off), err))
			s.off += int64(off)
			return events
		}
		if !complete {
			break
		}
		off = next
		s.records++
		switch rec.ID {
		case JitCodeDebugInfo:
			// The lines of the next load of this address.
			s.lines[rec.Addr] = rec.Lines
		case JitCodeLoad:
			if rec.Size == 0 {
				continue
			}
			id := newID()
			s.ids[rec.Index] = id
			e := Event{Kind: EventLoad, ID: id, Addr: rec.Addr, Size: rec.Size, Name: rec.Name, Time: s.time(rec.Time)}
			if ls, ok := s.lines[rec.Addr]; ok {
				delete(s.lines, rec.Addr)
				for _, l := range ls {
					if l.Addr >= rec.Addr && l.Addr-rec.Addr < rec.Size && l.Line <= 1<<31-1 && printable(l.File) {
						e.Lines = append(e.Lines, Line{Off: l.Addr - rec.Addr, File: l.File, Line: int(l.Line)})
					}
				}
			}
			events = append(events, e)
		case JitCodeMove:
			if id, ok := s.ids[rec.Index]; ok {
				events = append(events, Event{Kind: EventMove, ID: id, Addr: rec.Addr, Time: s.time(rec.Time)})
			}
		case JitCodeClose:
			// The runtime is done with the file; its code stays where
			// it is (perf stops reading here too).
			s.done = true
			s.off += int64(off)
			return events
		}
	}
	s.off += int64(off)
	return events
}

// time converts a jitdump timestamp; 0 (from the start) when the file's
// clock is the CPU's counter, which sonde cannot convert.
func (s *Source) time(ts uint64) int64 {
	if s.arch || ts > 1<<62 {
		return 0
	}
	return int64(ts) + s.ClockOffset
}

func (s *Source) fail(err error) {
	s.done = true
	if s.err == nil {
		s.err = fmt.Errorf("%s: %w", s.Path, err)
	}
}

// printable reports whether a file name of a debug entry is text. Node 20's
// V8 writes the bytes of a pointer instead of the name of a script that it
// does not hold as a flat one-byte string: such lines are dropped.
func printable(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

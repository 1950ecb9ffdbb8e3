package jitmap

import (
	"encoding/binary"
	"fmt"

	"sonde/internal/binread"
)

// EventKind says what an Event does.
type EventKind uint8

// The event kinds, as encoded.
const (
	EventLoad  EventKind = 1 // code placed at Addr from Time on
	EventMove  EventKind = 2 // the code of ID moved to Addr at Time
	EventClear EventKind = 3 // all code gone at Time (the process exited or exec'd)
)

// Event is one change to a process's generated code.
type Event struct {
	Kind EventKind
	// ID identifies the code within the process: a move refers to the
	// load with the same ID (the latest one).
	ID uint64
	// Addr is the runtime address where the code starts from Time on.
	Addr uint64
	// Time is in nanoseconds since the Unix epoch; 0 means from the
	// process's start (perf maps have no times).
	Time int64
	// Load only: the code's name, size in bytes and source lines.
	Name  string
	Size  uint64
	Lines []Line
}

// Line says that the code from Off bytes after the code's start (up to
// the next Line's Off) comes from File:Line.
type Line struct {
	Off  uint64
	File string
	Line int
}

// AppendEvents appends the encoding of events (see the package doc) to b.
func AppendEvents(b []byte, events []Event) []byte {
	var strs []string
	index := map[string]uint64{}
	ref := func(s string) uint64 {
		i, ok := index[s]
		if !ok {
			i = uint64(len(strs))
			index[s] = i
			strs = append(strs, s)
		}
		return i
	}
	var body []byte
	body = binary.AppendUvarint(body, uint64(len(events)))
	for i := range events {
		e := &events[i]
		body = append(body, byte(e.Kind))
		body = binary.AppendUvarint(body, e.ID)
		body = binary.AppendUvarint(body, e.Addr)
		body = binary.AppendVarint(body, e.Time)
		if e.Kind != EventLoad {
			continue
		}
		body = binary.AppendUvarint(body, ref(e.Name))
		body = binary.AppendUvarint(body, e.Size)
		body = binary.AppendUvarint(body, uint64(len(e.Lines)))
		for _, l := range e.Lines {
			body = binary.AppendUvarint(body, l.Off)
			body = binary.AppendUvarint(body, ref(l.File))
			body = binary.AppendUvarint(body, uint64(max(l.Line, 0)))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(strs)))
	for _, s := range strs {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return append(b, body...)
}

// DecodeEvents decodes a body that AppendEvents wrote.
func DecodeEvents(body []byte) ([]Event, error) {
	r := binread.New(body)
	count := func(min int) int {
		n := r.Uvarint()
		if !r.Failed() && n > uint64(r.Len()/min) {
			r.Failf("count %d exceeds the %d bytes left", n, r.Len())
			return 0
		}
		return int(n)
	}
	strs := make([]string, count(1))
	for i := range strs {
		strs[i] = string(r.BytesU(r.Uvarint()))
	}
	str := func() string {
		i := r.Uvarint()
		if r.Failed() {
			return ""
		}
		if i >= uint64(len(strs)) {
			r.Failf("string %d of %d", i, len(strs))
			return ""
		}
		return strs[i]
	}
	events := make([]Event, count(4))
	for i := range events {
		e := &events[i]
		e.Kind = EventKind(r.U8())
		e.ID, e.Addr, e.Time = r.Uvarint(), r.Uvarint(), r.Varint()
		switch e.Kind {
		case EventMove, EventClear:
		case EventLoad:
			e.Name = str()
			e.Size = r.Uvarint()
			if n := count(3); n > 0 {
				e.Lines = make([]Line, n)
				for j := range e.Lines {
					l := &e.Lines[j]
					l.Off, l.File = r.Uvarint(), str()
					if line := r.Uvarint(); line <= 1<<31-1 {
						l.Line = int(line)
					} else {
						r.Failf("line %d", line)
					}
				}
			}
		default:
			if !r.Failed() {
				r.Failf("event kind %d", e.Kind)
			}
		}
		if r.Failed() {
			break
		}
	}
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("jit events: %w", err)
	}
	return events, nil
}

package jitmap

import (
	"math"
	"sort"
)

// Path is the pseudo-path of the mapping that a profile's translated JIT
// addresses refer to.
const Path = "[jit]"

// Table is what a process's events say about its generated code: which
// code was where, when. Build one with Build; it is not safe for
// concurrent use (Translate memoizes).
type Table struct {
	codes  []code
	places []place // sorted by start
	// maxSize is the largest placement, which bounds the backward scan
	// of a lookup.
	maxSize uint64
	memo    map[uint64][]int32 // address -> places covering it
}

// code is one piece of generated code, laid out at base in the synthetic
// address space.
type code struct {
	name  string
	size  uint64
	lines []Line // sorted by Off
	base  uint64
}

// place is one code's placement: [start, start+size) from from (inclusive)
// until until (exclusive, when the code moved away), seq its event's
// order (later events win among placements of the same time).
type place struct {
	code        int32
	start, end  uint64
	from, until int64
	seq         int
}

// syntheticStart is the first synthetic address; codes are laid out one
// after another, 16-byte aligned, with a 16-byte gap so that no return
// address at a code's end reads as the next one's start.
const syntheticStart = 0x1000

// Build builds the table of a process from the bodies of its events
// (AppendEvents), in the order they were written. A move of code that no
// load introduced is ignored.
func Build(bodies ...[]byte) (*Table, error) {
	var events []Event
	for _, b := range bodies {
		evs, err := DecodeEvents(b)
		if err != nil {
			return nil, err
		}
		events = append(events, evs...)
	}
	return FromEvents(events), nil
}

// FromEvents builds a table from events in the order they happened.
func FromEvents(events []Event) *Table {
	t := &Table{memo: map[uint64][]int32{}}
	ids := map[uint64]int32{}  // event ID -> code
	current := map[int32]int{} // code -> its latest place
	next := uint64(syntheticStart)
	for seq, e := range events {
		switch e.Kind {
		case EventLoad:
			if e.Size == 0 || e.Addr+e.Size < e.Addr {
				continue
			}
			c := code{name: e.Name, size: e.Size, lines: e.Lines, base: next}
			sort.SliceStable(c.lines, func(i, j int) bool { return c.lines[i].Off < c.lines[j].Off })
			size := (e.Size + 15) &^ 15
			if next+size+16 < next {
				continue // the synthetic space is full: absurd input
			}
			next += size + 16
			ci := int32(len(t.codes))
			t.codes = append(t.codes, c)
			ids[e.ID] = ci
			current[ci] = len(t.places)
			t.places = append(t.places, place{code: ci, start: e.Addr, end: e.Addr + e.Size, from: e.Time, until: math.MaxInt64, seq: seq})
		case EventClear:
			for ci, pi := range current {
				p := &t.places[pi]
				p.until = min(p.until, max(e.Time, p.from))
				delete(current, ci)
			}
			clear(ids)
		case EventMove:
			ci, ok := ids[e.ID]
			if !ok {
				continue
			}
			size := t.codes[ci].size
			if e.Addr+size < e.Addr {
				continue
			}
			old := &t.places[current[ci]]
			old.until = max(e.Time, old.from)
			current[ci] = len(t.places)
			t.places = append(t.places, place{code: ci, start: e.Addr, end: e.Addr + size, from: e.Time, until: math.MaxInt64, seq: seq})
		}
	}
	sort.SliceStable(t.places, func(i, j int) bool { return t.places[i].start < t.places[j].start })
	for _, p := range t.places {
		t.maxSize = max(t.maxSize, p.end-p.start)
	}
	return t
}

// Len returns the number of distinct pieces of code.
func (t *Table) Len() int { return len(t.codes) }

// covering returns the placements whose range holds addr.
func (t *Table) covering(addr uint64) []int32 {
	if c, ok := t.memo[addr]; ok {
		return c
	}
	var c []int32
	i := sort.Search(len(t.places), func(i int) bool { return t.places[i].start > addr })
	for i--; i >= 0; i-- {
		p := &t.places[i]
		if addr-p.start >= t.maxSize {
			break // every placement before this one starts too early
		}
		if addr < p.end {
			c = append(c, int32(i))
		}
	}
	t.memo[addr] = c
	return c
}

// lookup returns the placement that held addr at time at (ns since the
// Unix epoch; 0: whichever was placed last): among those that cover addr
// and were there at that time, the latest.
func (t *Table) lookup(addr uint64, at int64) (*place, bool) {
	var best *place
	for _, i := range t.covering(addr) {
		p := &t.places[i]
		if at != 0 && (p.from > at || at >= p.until) {
			continue
		}
		if best == nil || p.from > best.from || p.from == best.from && p.seq > best.seq {
			best = p
		}
	}
	return best, best != nil
}

// Translate returns the synthetic address of runtime address addr at
// time at: the address in the [jit] object (Image) that stands for it.
// look is the address to find the code by: addr itself for a program
// counter, addr-1 for a return address (a call at the end of a code
// returns past it).
func (t *Table) Translate(look, addr uint64, at int64) (uint64, bool) {
	p, ok := t.lookup(look, at)
	if !ok {
		return 0, false
	}
	return t.codes[p.code].base + (addr - p.start), true
}

// Image returns the events of the [jit] object that Translate's addresses
// refer to: each code loaded once, at its synthetic address, time 0.
func (t *Table) Image() []byte {
	events := make([]Event, len(t.codes))
	for i, c := range t.codes {
		events[i] = Event{Kind: EventLoad, ID: uint64(i), Addr: c.base, Name: c.name, Size: c.size, Lines: c.lines}
	}
	return AppendEvents(nil, events)
}

// Frame is what the table knows of an address: the code's name and, when
// the runtime gave source lines, its file and line.
type Frame struct {
	Func, File string
	Line       int
}

// Frame returns the frame of addr, whatever held it last (time is not
// considered: use it on an Image's table, where nothing overlaps).
func (t *Table) Frame(addr uint64) (Frame, bool) {
	p, ok := t.lookup(addr, 0)
	if !ok {
		return Frame{}, false
	}
	c := &t.codes[p.code]
	f := Frame{Func: c.name}
	off := addr - p.start
	if i := sort.Search(len(c.lines), func(i int) bool { return c.lines[i].Off > off }); i > 0 {
		f.File, f.Line = c.lines[i-1].File, c.lines[i-1].Line
	}
	return f, true
}

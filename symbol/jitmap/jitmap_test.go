package jitmap

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParsePerfMap(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		final   bool
		want    []PerfMapEntry
		used    int
		bad     int
		wantErr bool
	}{
		{name: "v8", in: "3f2a1c040 80 JS:*hotLoop /t/hot.js:1:17\n7f00 0x10 Builtin:Call\n",
			want: []PerfMapEntry{{0x3f2a1c040, 0x80, "JS:*hotLoop /t/hot.js:1:17"}, {0x7f00, 0x10, "Builtin:Call"}}, used: 63},
		{name: "0x prefixes", in: "0x1000 0x20 py::f:/t/a.py\n",
			want: []PerfMapEntry{{0x1000, 0x20, "py::f:/t/a.py"}}, used: 26},
		{name: "partial last line waits", in: "1000 20 a\n2000 2", want: []PerfMapEntry{{0x1000, 0x20, "a"}}, used: 10},
		{name: "partial last line at the end", in: "1000 20 a\n2000 20 b", final: true,
			want: []PerfMapEntry{{0x1000, 0x20, "a"}, {0x2000, 0x20, "b"}}, used: 19},
		{name: "bad lines counted", in: "zz 20 a\n1000\n1000 20\n1000 20 \nffffffffffffffff 2 wrap\n1000 0 empty\n\n3000 8 ok\r\n",
			want: []PerfMapEntry{{0x3000, 8, "ok"}}, used: 79, bad: 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, used, bad := ParsePerfMap([]byte(tt.in), tt.final)
			if !reflect.DeepEqual(got, tt.want) || used != tt.used || bad != tt.bad {
				t.Errorf("ParsePerfMap(%q) = %v, %d, %d; want %v, %d, %d", tt.in, got, used, bad, tt.want, tt.used, tt.bad)
			}
		})
	}
}

// dump builds jitdump files the way perf's jitdump-specification.txt lays
// them out (little-endian).
type dump struct{ b []byte }

func newDump(flags uint64) *dump {
	d := &dump{}
	d.u32(DumpMagic)
	d.u32(1)  // version
	d.u32(40) // header size
	d.u32(62) // EM_X86_64
	d.u32(0)
	d.u32(4242)
	d.u64(1000)
	d.u64(flags)
	return d
}

func (d *dump) u32(v uint32) { d.b = binary.LittleEndian.AppendUint32(d.b, v) }
func (d *dump) u64(v uint64) { d.b = binary.LittleEndian.AppendUint64(d.b, v) }

func (d *dump) record(id uint32, ts uint64, body []byte) {
	d.u32(id)
	d.u32(uint32(16 + len(body)))
	d.u64(ts)
	d.b = append(d.b, body...)
}

func le(vs ...uint64) []byte {
	var b []byte
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return b
}

func (d *dump) load(ts, addr, size, index uint64, name string) {
	body := append(le(4242|4243<<32, addr, addr, size, index), name...)
	body = append(body, 0)
	body = append(body, make([]byte, size)...) // the code bytes
	d.record(JitCodeLoad, ts, body)
}

func (d *dump) move(ts, old, new, size, index uint64) {
	d.record(JitCodeMove, ts, le(4242|4243<<32, new, old, new, size, index))
}

func (d *dump) debug(ts, addr uint64, entries ...DebugEntry) {
	body := le(addr, uint64(len(entries)))
	for _, e := range entries {
		body = append(body, le(e.Addr)...)
		body = binary.LittleEndian.AppendUint32(body, e.Line)
		body = binary.LittleEndian.AppendUint32(body, e.Discrim)
		body = append(append(body, e.File...), 0)
	}
	d.record(JitCodeDebugInfo, ts, body)
}

// TestJitDumpSource reads a jitdump written in two parts, the first ending
// in the middle of a record, as a profiler polls a file its process is
// still writing.
func TestJitDumpSource(t *testing.T) {
	d := newDump(0)
	d.debug(100, 0x5000, DebugEntry{Addr: 0x5000, Line: 3, File: "a.js"}, DebugEntry{Addr: 0x5010, Line: 4, File: "\xff"})
	d.load(110, 0x5000, 0x40, 7, "f")
	d.load(120, 0x6000, 0x20, 8, "g")
	cut := len(d.b) - 10
	d.move(200, 0x5000, 0x7000, 0x40, 7)
	d.move(210, 0x9000, 0xa000, 0x40, 99) // unknown code: dropped
	d.record(JitCodeUnwindingInfo, 220, le(0, 0, 0))
	d.record(JitCodeClose, 300, nil)
	d.load(400, 0x8000, 0x10, 9, "after close")

	path := filepath.Join(t.TempDir(), "jit-4242.dump")
	if err := os.WriteFile(path, d.b[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	id := uint64(0)
	newID := func() uint64 { id++; return id }
	src := NewSource(path, JitDump, 1e9)
	first, err := src.Poll(false, newID)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, d.b, 0o644); err != nil {
		t.Fatal(err)
	}
	rest, err := src.Poll(false, newID)
	if err != nil || src.Err() != nil {
		t.Fatal(err, src.Err())
	}
	want := []Event{
		{Kind: EventLoad, ID: 1, Addr: 0x5000, Time: 1e9 + 110, Name: "f", Size: 0x40,
			Lines: []Line{{Off: 0, File: "a.js", Line: 3}, {Off: 0x10, File: "a.js", Line: 4}}},
	}
	if !reflect.DeepEqual(first, want) {
		t.Errorf("first poll: %+v, want %+v", first, want)
	}
	want = []Event{
		{Kind: EventLoad, ID: 2, Addr: 0x6000, Time: 1e9 + 120, Name: "g", Size: 0x20},
		{Kind: EventMove, ID: 1, Addr: 0x7000, Time: 1e9 + 200},
	}
	if !reflect.DeepEqual(rest, want) {
		t.Errorf("second poll: %+v, want %+v", rest, want)
	}
	if more, _ := src.Poll(true, newID); len(more) != 0 {
		t.Errorf("after JIT_CODE_CLOSE: %+v", more)
	}
}

func TestJitDumpDamage(t *testing.T) {
	good := newDump(0)
	good.load(1, 0x1000, 8, 1, "f")
	tests := []struct {
		name string
		data []byte
		want string // in the error
		n    int    // events before the damage
	}{
		{name: "not a jitdump", data: []byte("hello, world, this is not a jitdump file at all"), want: "not a jitdump"},
		{name: "other byte order", data: append(binary.BigEndian.AppendUint32(nil, DumpMagic), make([]byte, 36)...), want: "other byte order"},
		{name: "short header of another file", data: []byte("ELF\x7f"), want: "bad magic"},
		{name: "record size too small", data: append(append([]byte(nil), good.b...), le(3|5<<32, 0)...), want: "record at offset 0x6a: record size 5", n: 1},
		{name: "code larger than record", data: func() []byte {
			d := newDump(0)
			d.record(JitCodeLoad, 1, append(le(0, 0x1000, 0x1000, 1000, 1), 'f', 0))
			return d.b
		}(), want: "code of 1000 bytes"},
		{name: "name without NUL", data: func() []byte {
			d := newDump(0)
			d.record(JitCodeLoad, 1, append(le(0, 0x1000, 0x1000, 0, 1), 'f'))
			return d.b
		}(), want: "kind 0"},
		{name: "debug entries beyond the record", data: func() []byte {
			d := newDump(0)
			d.record(JitCodeDebugInfo, 1, le(0x1000, 1<<40))
			return d.b
		}(), want: "debug entries"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "jit-1.dump")
			if err := os.WriteFile(path, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			src := NewSource(path, JitDump, 0)
			evs, err := src.Poll(true, func() uint64 { return 1 })
			if err == nil {
				err = src.Err()
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("error %v, want one naming %s and saying %q", err, path, tt.want)
			}
			if len(evs) != tt.n {
				t.Errorf("%d events, want %d", len(evs), tt.n)
			}
		})
	}
}

// TestTable checks which code a table gives for an address at a time:
// a move ends the code's old placement and starts a new one; code loaded
// later at the same address wins from its load on; among perf map lines
// (no times) the later wins.
func TestTable(t *testing.T) {
	events := []Event{
		{Kind: EventLoad, ID: 1, Addr: 0x1000, Size: 0x100, Name: "map-old"},
		{Kind: EventLoad, ID: 2, Addr: 0x1080, Size: 0x100, Name: "map-new"},
		{Kind: EventLoad, ID: 3, Addr: 0x5000, Size: 0x40, Time: 100, Name: "f",
			Lines: []Line{{Off: 0x10, File: "a.js", Line: 4}, {Off: 0, File: "a.js", Line: 3}}},
		{Kind: EventMove, ID: 3, Addr: 0x7000, Time: 200},
		{Kind: EventLoad, ID: 4, Addr: 0x5000, Size: 0x20, Time: 300, Name: "g"},
		{Kind: EventClear, Time: 400},
		{Kind: EventMove, ID: 3, Addr: 0x8000, Time: 450}, // gone: ignored
		{Kind: EventLoad, ID: 1, Addr: 0x5000, Size: 0x20, Time: 500, Name: "h"},
	}
	tab := FromEvents(events)
	img, err := Build(tab.Image())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		addr   uint64
		at     int64
		caller bool
		want   Frame
		ok     bool
	}{
		{addr: 0x1010, at: 50, want: Frame{Func: "map-old"}, ok: true},
		{addr: 0x1090, at: 50, want: Frame{Func: "map-new"}, ok: true},
		{addr: 0x5004, at: 50, ok: false}, // before the load
		{addr: 0x5004, at: 150, want: Frame{Func: "f", File: "a.js", Line: 3}, ok: true},
		{addr: 0x5014, at: 199, want: Frame{Func: "f", File: "a.js", Line: 4}, ok: true},
		{addr: 0x5014, at: 250, ok: false}, // moved away, nothing new yet
		{addr: 0x7014, at: 250, want: Frame{Func: "f", File: "a.js", Line: 4}, ok: true},
		{addr: 0x7014, at: 150, ok: false}, // not there yet
		{addr: 0x5004, at: 350, want: Frame{Func: "g"}, ok: true},
		{addr: 0x7040, at: 250, caller: true, want: Frame{Func: "f", File: "a.js", Line: 4}, ok: true},
		{addr: 0x7040, at: 250, ok: false}, // one past the end
		{addr: 0x5004, at: 450, ok: false}, // cleared (exit or exec)
		{addr: 0x1010, at: 450, ok: false},
		{addr: 0x7014, at: 450, ok: false},
		{addr: 0x8014, at: 460, ok: false},
		{addr: 0x5004, at: 550, want: Frame{Func: "h"}, ok: true},
		{addr: 0x1010, at: 0, want: Frame{Func: "map-old"}, ok: true}, // no time: the last placed
	}
	for _, tt := range tests {
		look := tt.addr
		if tt.caller {
			look--
		}
		a, ok := tab.Translate(look, tt.addr, tt.at)
		if ok != tt.ok {
			t.Errorf("Translate(%#x at %d): ok %v, want %v", tt.addr, tt.at, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		if tt.caller {
			a--
		}
		f, ok := img.Frame(a)
		if !ok || f != tt.want {
			t.Errorf("%#x at %d: synthetic %#x names %+v (%v), want %+v", tt.addr, tt.at, a, f, ok, tt.want)
		}
	}
	// The moved code keeps its synthetic address: one row in a report.
	a1, _ := tab.Translate(0x5004, 0x5004, 150)
	a2, _ := tab.Translate(0x7004, 0x7004, 250)
	if a1 != a2 {
		t.Errorf("moved code: synthetic %#x before the move, %#x after", a1, a2)
	}
}

func TestEventsRoundTrip(t *testing.T) {
	events := []Event{
		{Kind: EventLoad, ID: 1, Addr: 0x1000, Size: 0x100, Name: "a", Time: -5,
			Lines: []Line{{Off: 0, File: "x.js", Line: 1}, {Off: 8, File: "x.js", Line: 2}}},
		{Kind: EventMove, ID: 1, Addr: 0x2000, Time: 1 << 62},
		{Kind: EventLoad, ID: 2, Addr: 0x3000, Size: 1, Name: "x.js"},
		{Kind: EventClear, Time: 7},
	}
	b := AppendEvents([]byte("prefix"), events)
	if !bytes.HasPrefix(b, []byte("prefix")) {
		t.Fatal("prefix lost")
	}
	got, err := DecodeEvents(b[len("prefix"):])
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, events) {
		t.Errorf("round trip: %+v, want %+v", got, events)
	}
	for n := range len(b) - len("prefix") {
		if _, err := DecodeEvents(b[len("prefix") : len("prefix")+n]); err == nil {
			t.Errorf("truncated to %d bytes: no error", n)
		}
	}
}

package python

import (
	"encoding/binary"
	"errors"
	"slices"
	"testing"
)

// rawChain walks the stopped thread's chain as the BPF program does and
// returns its frames as the program copies them, and their addresses.
func rawChain(t *testing.T, p *Process, tid int32) ([]RawFrame, []uint64) {
	t.Helper()
	l := p.obj.Layout
	_, f, err := p.current(tid)
	if err != nil {
		t.Fatal(err)
	}
	var raw []RawFrame
	var addrs []uint64
	fb := make([]byte, l.FrameSize)
	for f != 0 && len(raw) < maxFrames {
		if err := p.mem(fb, f); err != nil {
			t.Fatal(err)
		}
		r := RawFrame{Code: binary.LittleEndian.Uint64(fb[l.FrameCode:]), Instr: binary.LittleEndian.Uint64(fb[l.FramePrevInstr:]), Owner: fb[l.FrameOwner]}
		if l.FrameIsEntry >= 0 {
			r.Entry = fb[l.FrameIsEntry]
		} else {
			r.Entry = r.Owner // the program copies some byte: ignored
		}
		raw = append(raw, r)
		addrs = append(addrs, f)
		f = binary.LittleEndian.Uint64(fb[l.FramePrevious:])
	}
	return raw, addrs
}

// TestCaptured decodes a stopped recursion's chain copied as the BPF
// program copies it, for each version (3.12's and 3.13's chains end at a
// shim frame owned by the C stack). Oracle: Read of the same stopped
// thread (itself held to the program's source by TestReadRecursion): the
// same frames, whole, cut and continued from memory (CapturedFrom, also
// cut just before the shim), and in a later generation; a copy that is
// not a chain is refused.
func TestCaptured(t *testing.T) {
	forVersions(t, testCaptured)
}

func testCaptured(t *testing.T, _, py, lib string) {
	p, pid, _, stop := startRecursion(t, py, lib)
	defer stop()
	want, err := p.Read(int32(pid), Sample{Stopped: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	raw, addrs := rawChain(t, p, int32(pid))
	for gen := uint64(1); gen <= 2; gen++ {
		got, err := p.Captured(raw, gen, nil)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("generation %d: %v, %+v; Read gives %+v", gen, err, got, want)
		}
	}
	for _, cut := range []int{5, len(raw) - 1} {
		got, err := p.CapturedFrom(raw[:cut], addrs[cut], 2, nil)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("cut at %d: %v, %+v; Read gives %+v", cut, err, got, want)
		}
	}
	l := p.obj.Layout
	if l.ShimEntry && raw[len(raw)-1].Owner != OwnedByCStack {
		t.Fatalf("3.%d's chain does not end at a shim frame: %+v", l.Version, raw[len(raw)-1])
	}
	bad := []struct {
		name string
		edit func(r []RawFrame) []RawFrame
		want error
	}{
		{"not code", func(r []RawFrame) []RawFrame { r[3].Code = addrs[3]; return r }, ErrBadFrame},
		{"instruction outside", func(r []RawFrame) []RawFrame { r[0].Instr = r[0].Code; return r }, ErrBadFrame},
		{"owner 4", func(r []RawFrame) []RawFrame { r[1].Owner = 4; return r }, ErrBadFrame},
		{"no entry frame at the end", func(r []RawFrame) []RawFrame { return r[:len(r)-1] }, ErrBadFrame},
		{"empty", func(r []RawFrame) []RawFrame { return nil }, ErrBadFrame},
	}
	if l.ShimEntry {
		bad = append(bad, []struct {
			name string
			edit func(r []RawFrame) []RawFrame
			want error
		}{
			{"shim innermost", func(r []RawFrame) []RawFrame { r[0].Owner = OwnedByCStack; return r }, ErrShim},
			{"two shims", func(r []RawFrame) []RawFrame { return append(r, r[len(r)-1]) }, ErrShim},
			// A shim's code: 3.12's trampoline code object, 3.13's
			// None, which is no code object.
			{"a shim's code", func(r []RawFrame) []RawFrame { r[0].Code = r[len(r)-1].Code; return r }, ErrBadFrame},
		}...)
	} else {
		bad = append(bad, []struct {
			name string
			edit func(r []RawFrame) []RawFrame
			want error
		}{
			{"entry 2", func(r []RawFrame) []RawFrame { r[1].Entry = 2; return r }, ErrBadFrame},
			{"owner 3 (a shim) in 3.11", func(r []RawFrame) []RawFrame { r[1].Owner = OwnedByCStack; return r }, ErrBadFrame},
		}...)
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.edit(slices.Clone(raw))
			got, err := p.Captured(r, 3, []Frame{{Func: "kept"}})
			if !errors.Is(err, tt.want) || len(got) != 1 {
				t.Errorf("err %v, frames %+v; want %v and out unchanged", err, got, tt.want)
			}
		})
	}
}

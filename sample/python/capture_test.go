package python

import (
	"encoding/binary"
	"errors"
	"slices"
	"testing"

	"sonde/internal/testprog"
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
		raw = append(raw, RawFrame{Code: binary.LittleEndian.Uint64(fb[l.FrameCode:]), Instr: binary.LittleEndian.Uint64(fb[l.FramePrevInstr:]),
			Entry: fb[l.FrameIsEntry], Owner: fb[l.FrameOwner]})
		addrs = append(addrs, f)
		f = binary.LittleEndian.Uint64(fb[l.FramePrevious:])
	}
	return raw, addrs
}

// TestCaptured decodes a stopped recursion's chain copied as the BPF
// program copies it. Oracle: Read of the same stopped thread (itself held
// to the program's source by TestReadRecursion): the same frames, whole,
// cut and continued from memory (CapturedFrom), and in a later
// generation; a copy that is not a chain is refused.
func TestCaptured(t *testing.T) {
	py, lib := testprog.Pyenv(t, "3.11.7")
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
	got, err := p.CapturedFrom(raw[:5], addrs[5], 2, nil)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("cut at 5: %v, %+v; Read gives %+v", err, got, want)
	}
	bad := []struct {
		name string
		edit func(r []RawFrame) []RawFrame
	}{
		{"not code", func(r []RawFrame) []RawFrame { r[3].Code = addrs[3]; return r }},
		{"instruction outside", func(r []RawFrame) []RawFrame { r[0].Instr = r[0].Code; return r }},
		{"entry 2", func(r []RawFrame) []RawFrame { r[1].Entry = 2; return r }},
		{"no entry frame at the end", func(r []RawFrame) []RawFrame { return r[:len(r)-1] }},
		{"empty", func(r []RawFrame) []RawFrame { return nil }},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.edit(slices.Clone(raw))
			got, err := p.Captured(r, 3, []Frame{{Func: "kept"}})
			if !errors.Is(err, ErrBadFrame) || len(got) != 1 {
				t.Errorf("err %v, frames %+v; want ErrBadFrame and out unchanged", err, got)
			}
		})
	}
}

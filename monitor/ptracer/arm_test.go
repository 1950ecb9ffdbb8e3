package ptracer

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"sort"
	"testing"

	"sonde/internal/testprog"
	"sonde/monitor/counting"
	"sonde/monitor/plancache"
	"sonde/monitor/trampoline"
	"sonde/monitor/units"
	"sonde/proc"
	"sonde/profile"
)

// sliceMemory is a Memory over byte slices, one per mapped range: a
// process's address space without the process. A read or write that
// leaves one range fails, as /proc/PID/mem fails on an unmapped page.
type sliceMemory struct {
	ranges []memRange // by address, disjoint
}

type memRange struct {
	start uint64
	b     []byte
}

func (m *sliceMemory) add(start uint64, b []byte) {
	m.ranges = append(m.ranges, memRange{start, b})
	sort.Slice(m.ranges, func(i, j int) bool { return m.ranges[i].start < m.ranges[j].start })
}

// at returns the n bytes at a, nil when they are not all in one range.
func (m *sliceMemory) at(a uint64, n int) []byte {
	for _, r := range m.ranges {
		if a >= r.start && a+uint64(n) <= r.start+uint64(len(r.b)) {
			return r.b[a-r.start : a-r.start+uint64(n)]
		}
	}
	return nil
}

func (m *sliceMemory) ReadMemory(buf []byte, a uint64) (int, error) {
	b := m.at(a, len(buf))
	if b == nil {
		return 0, fmt.Errorf("read %#x+%d: unmapped", a, len(buf))
	}
	return copy(buf, b), nil
}

func (m *sliceMemory) WriteMemory(buf []byte, a uint64) (int, error) {
	b := m.at(a, len(buf))
	if b == nil {
		return 0, fmt.Errorf("write %#x+%d: unmapped", a, len(buf))
	}
	return copy(b, buf), nil
}

func (m *sliceMemory) Close() error { return nil }

// slicePages is a regionMapper that puts the trampoline pages at a fixed
// address of a sliceMemory and the counters in a slice of their own.
type slicePages struct {
	mem  *sliceMemory
	base uint64
}

func (p *slicePages) mapRegion(tid, pid int, mem Memory, lo, hi, codeSize, cntSize uint64) (uint64, []byte, error) {
	p.mem.add(p.base, make([]byte, codeSize))
	return p.base, make([]byte, cntSize), nil
}

func (p *slicePages) unmapCounters([]byte) {}

// TestArmAgainstBytes arms the trampolines and breakpoints of a real
// program (tramp.c, gcc -O2) in a byte slice standing in for its process,
// loaded at a bias, with no process at all: every site is counted either
// by a trampoline or by an int3 at its address over the file's byte; each
// patched window holds a jump (or a jmp rel8 to its hop's jump) to its
// trampoline and int3 padding; every other byte of the text is the
// file's (oracle: the ELF file's own bytes); the trampolines are the
// prepared code relocated for the pages' address and the bias; and
// removing everything gives back the file's text byte for byte.
func TestArmAgainstBytes(t *testing.T) {
	bin := testprog.Build(t, "count/tramp.c", testprog.Opts{Compiler: "gcc", Flags: []string{"-g", "-O2", "-fno-plt", "-Wl,-z,now"}})
	for _, tc := range []struct {
		kind     profile.UnitKind
		coverage bool
	}{
		{profile.UnitLine, false},
		{profile.UnitLine, true},
		{profile.UnitBlock, false},
		{profile.UnitFunction, false},
	} {
		t.Run(fmt.Sprintf("%v/coverage=%v", tc.kind, tc.coverage), func(t *testing.T) {
			u, err := units.LoadUnits(bin, tc.kind, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			o := plancache.NewObject(u)
			const bias, base = 0x7f1234500000, 0x7f1230000000
			mem, text, maps := loadImage(t, bin, bias)
			p := counting.Placed{Obj: o, Maps: maps}
			opts := &counting.Options{Coverage: tc.coverage}
			res := counting.NewResult(opts)
			r := newPtraceRun(new(Tracer), opts, res, func(int) ([]counting.Placed, error) { return []counting.Placed{p}, nil })
			r.pages = &slicePages{mem: mem, base: base}
			sp := &space{bps: map[uint64]*bp{}, armed: map[armKey]bool{}, mem: mem, pid: 1}
			if err := r.arm(1, sp); err != nil {
				t.Fatal(err)
			}
			if len(sp.tramps) != 1 || len(r.regions) != 1 {
				t.Fatalf("%d trampoline sets, %d counter regions armed, want 1 each (%v)", len(sp.tramps), len(r.regions), r.stats.why)
			}
			at, reg := sp.tramps[0], r.regions[0]
			if at.bias != bias || at.base != base {
				t.Fatalf("armed at bias %#x base %#x, want %#x %#x", at.bias, at.base, bias, base)
			}
			// What the file's bytes may differ from, by address.
			changed := map[uint64]bool{}
			for si, s := range o.Sites {
				a := uint64(s.Addr) + bias
				b, trapped := sp.bps[a]
				if reg.only[si] == trapped {
					t.Errorf("site %d at %#x: trampoline %v, int3 %v: want exactly one", si, s.Addr, reg.only[si], trapped)
					continue
				}
				if trapped {
					if got := mem.at(a, 1)[0]; got != 0xcc || b.orig != text(a) {
						t.Errorf("int3 site %#x: byte %#x (want 0xcc), saved %#x (file %#x)", s.Addr, got, b.orig, text(a))
					}
					changed[a] = true
				}
			}
			// A window's hop may lie in the int3 padding of another
			// (planner.slackHop).
			hops := map[uint64]bool{}
			for i := 0; i < at.pp.N; i++ {
				if w := at.pp.Record(i); at.patched[i] && w.Hop != 0 {
					for k := range uint64(trampoline.JmpLen) {
						hops[w.Hop+bias+k] = true
					}
				}
			}
			patched := 0
			for i := 0; i < at.pp.N; i++ {
				if !at.patched[i] {
					continue
				}
				patched++
				w := at.pp.Record(i)
				a, to := w.Addr+bias, base+uint64(w.Off)
				got := mem.at(a, int(w.Size))
				jumpAt, jump := a, got
				if w.Hop != 0 {
					if got[0] != 0xeb || a+trampoline.HopLen+uint64(int8(got[1])) != w.Hop+bias {
						t.Errorf("window %#x: % x, want jmp rel8 to its hop %#x", w.Addr, got[:trampoline.HopLen], w.Hop)
					}
					jumpAt, jump = w.Hop+bias, mem.at(w.Hop+bias, trampoline.JmpLen)
					for k := range trampoline.JmpLen {
						changed[jumpAt+uint64(k)] = true
					}
					a += trampoline.HopLen
					got = got[trampoline.HopLen:]
				} else {
					a += trampoline.JmpLen
					got = got[trampoline.JmpLen:]
				}
				if jump[0] != 0xe9 || jumpAt+trampoline.JmpLen+uint64(int32(binary.LittleEndian.Uint32(jump[1:]))) != to {
					t.Errorf("window %#x: jump % x at %#x, want jmp to its trampoline %#x", w.Addr, jump[:trampoline.JmpLen], jumpAt, to)
				}
				for k, c := range got {
					if c != 0xcc && !hops[a+uint64(k)] {
						t.Errorf("window %#x: padding % x, want int3s (or a hop)", w.Addr, got)
						break
					}
				}
				a = w.Addr + bias
				if !bytes.Equal(w.Want, textBytes(text, a, int(w.Size))) {
					t.Errorf("window %#x: prepared bytes % x, file % x", w.Addr, w.Want, textBytes(text, a, int(w.Size)))
				}
				for k := range uint64(w.Size) {
					changed[a+k] = true
				}
			}
			if patched == 0 {
				t.Fatalf("no window patched: %v", r.stats.why)
			}
			for _, m := range maps {
				for a := m.Start; a < m.Limit; a++ {
					if !changed[a] && mem.at(a, 1)[0] != text(a) {
						t.Fatalf("byte %#x changed to %#x, file %#x: no jump or int3 of sonde's is there", a-bias, mem.at(a, 1)[0], text(a))
					}
				}
			}
			code := append([]byte(nil), at.pp.Code...)
			if err := trampoline.Relocate(code, at.pp.Rels, base, bias); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(mem.at(base, len(code)), code) {
				t.Errorf("trampolines at %#x are not the prepared code relocated there", base)
			}
			t.Logf("%d sites: %d windows patched, %d int3s", len(o.Sites), patched, len(sp.bps))
			r.removeAll(sp)
			for _, m := range maps {
				for a := m.Start; a < m.Limit; a++ {
					if mem.at(a, 1)[0] != text(a) {
						t.Fatalf("after removeAll, byte %#x is %#x, file %#x", a-bias, mem.at(a, 1)[0], text(a))
					}
				}
			}
		})
	}
}

// loadImage lays bin's PT_LOAD segments out in a sliceMemory at bias, as
// the kernel maps them, and returns that memory, the file's byte at each
// run-time address (0 past a segment's file bytes), and the mappings.
func loadImage(t *testing.T, bin string, bias uint64) (*sliceMemory, func(uint64) byte, []proc.Mapping) {
	t.Helper()
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const page = 4096
	mem := &sliceMemory{}
	orig := &sliceMemory{}
	var maps []proc.Mapping
	for _, p := range f.Progs {
		if p.Type != elf.PT_LOAD {
			continue
		}
		lo, hi := p.Vaddr&^(page-1), (p.Vaddr+p.Memsz+page-1)&^(page-1)
		b := make([]byte, hi-lo)
		off := p.Off &^ (page - 1)
		copy(b, data[off:min(uint64(len(data)), off+(p.Vaddr+p.Filesz-lo))])
		mem.add(lo+bias, b)
		orig.add(lo+bias, append([]byte(nil), b...))
		perms := "r--p"
		if p.Flags&elf.PF_X != 0 {
			perms = "r-xp"
		}
		maps = append(maps, proc.Mapping{Start: lo + bias, Limit: hi + bias, Perms: perms, Offset: off, Path: bin})
	}
	return mem, func(a uint64) byte { return orig.at(a, 1)[0] }, maps
}

// textBytes returns the file's n bytes at run-time address a.
func textBytes(text func(uint64) byte, a uint64, n int) []byte {
	b := make([]byte, n)
	for k := range b {
		b[k] = text(a + uint64(k))
	}
	return b
}

package units

import (
	"cmp"
	"debug/dwarf"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"

	"golang.org/x/arch/x86/x86asm"

	"sonde/objfile"
	"sonde/proc"
	"sonde/profile"
	"sonde/profile/datafile"
)

// ErrNoLineTable says that an object has no DWARF line table, so it has
// no line units: its functions and blocks still count.
var ErrNoLineTable = errors.New("no line table")

// Object is the unit universe of one ELF file: its units and the sites
// where they are probed.
type Object struct {
	// Path is the file the units were read from.
	Path string
	// BuildID is its NT_GNU_BUILD_ID in hex, "" when it has none.
	BuildID string
	// File is where the object was read from (Path seen through the
	// process's root).
	File string
	// Sites are the distinct probe addresses, in address order.
	Sites []Site
	// Segments are its PT_LOAD program headers.
	Segments []Segment
	// units are the logical units, in address order (see Units); nunits
	// their number, and body their encoding for the data file (mapping
	// index 0, see Body) once made or read from the plan cache.
	units  []profile.Unit
	nunits int
	body   []byte
	hash   uint64
}

// NewEncoded returns the object of the file whose build-id is buildID,
// with its segments, its sites and its n units encoded in body for the
// data file (mapping index 0, hash their datafile.BodyHash), decoded on
// first use (Units): an object read from the plan cache. Its Path and
// File are the caller's to set.
func NewEncoded(buildID string, segs []Segment, sites []Site, n int, body []byte, hash uint64) *Object {
	return &Object{BuildID: buildID, Segments: segs, Sites: sites, nunits: n, body: body, hash: hash}
}

// Body returns the units encoded for the data file with mapping index 0
// (datafile.EncodeUnitsMapped) and their hash, encoding them on the
// first call (held after: the plan cache keeps them); nil when they do
// not decode (see Units).
func (o *Object) Body() ([]byte, uint64) {
	if o.body == nil {
		units := o.Units()
		if len(units) != o.nunits {
			return nil, 0
		}
		o.body = datafile.EncodeUnitsMapped(nil, units, 0)
		o.hash = datafile.BodyHash(o.body)
	}
	return o.body, o.hash
}

// NumUnits returns the number of units.
func (o *Object) NumUnits() int { return o.nunits }

// Units returns the logical units, in address order. Loc.Mapping is
// profile.NoMapping; Loc.Addr is the link-time address. An object read
// from the plan cache decodes them on first use; nil if they do not (an
// entry whose CRC matches but whose units do not decode: tampered with).
func (o *Object) Units() []profile.Unit {
	if o.units == nil && o.body != nil {
		units, err := datafile.DecodeUnits(o.body)
		if err != nil || len(units) != o.nunits {
			return nil
		}
		for i := range units {
			units[i].Loc.Mapping = profile.NoMapping
		}
		o.units = units
	}
	return o.units
}

// Site is one physical probe: an address in an object and the logical
// units counted each time it executes.
type Site struct {
	// Addr is the link-time address of the probed instruction.
	Addr profile.Addr
	// Units index Object.Units.
	Units []int
}

// Segment is a PT_LOAD program header: where file bytes land in memory.
type Segment struct {
	Vaddr, Memsz, Off, Filesz uint64
	// Exec says the segment is executable (PF_X).
	Exec bool
}

// FileOffset converts a link-time address to the file offset a uprobe
// takes: offset = addr - p_vaddr + p_offset of the PT_LOAD segment holding
// it.
func (o *Object) FileOffset(addr profile.Addr) (uint64, bool) {
	a := uint64(addr)
	for _, s := range o.Segments {
		if a >= s.Vaddr && a < s.Vaddr+s.Filesz {
			return a - s.Vaddr + s.Off, true
		}
	}
	return 0, false
}

// RuntimeAddr returns where link-time address addr of the object is in a
// process that maps the object's file with maps: addr plus the load bias,
// in a mapping that holds addr's file offset. lld puts the end of the
// read-only segment and the start of the executable one in one file page
// (p_offset 0x720 at p_vaddr 0x1720), so that page is mapped twice,
// read-only at the load base and executable one page further; the data
// segment's page may be a third copy. A file offset alone lands in the
// first copy, which never runs. The bias is therefore taken from the
// executable segment and its executable mapping (the only one of its
// kind), and the other segments are found at the same bias.
func (o *Object) RuntimeAddr(maps []proc.Mapping, addr profile.Addr) (uint64, bool) {
	bias, known := uint64(0), false
	for _, s := range o.Segments {
		if !s.Exec {
			continue
		}
		for _, m := range maps {
			if m.Exec() && s.Off >= m.Offset && s.Off < m.Offset+(m.Limit-m.Start) {
				bias, known = m.Start+s.Off-m.Offset-s.Vaddr, true
				break
			}
		}
		if known {
			break
		}
	}
	a := uint64(addr)
	for _, s := range o.Segments {
		if a < s.Vaddr || a >= s.Vaddr+s.Filesz {
			continue
		}
		off := a - s.Vaddr + s.Off
		for _, m := range maps {
			if off < m.Offset || off >= m.Offset+(m.Limit-m.Start) || m.Exec() != s.Exec {
				continue
			}
			if r := m.Start + off - m.Offset; !known || r-a == bias {
				return r, true
			}
		}
		return 0, false
	}
	return 0, false
}

// AddrOfOffset converts a file offset back to a link-time address.
func (o *Object) AddrOfOffset(off uint64) (profile.Addr, bool) {
	for _, s := range o.Segments {
		if off >= s.Off && off < s.Off+s.Filesz {
			return profile.Addr(off - s.Off + s.Vaddr), true
		}
	}
	return 0, false
}

// Func is a function from the symbol table.
type Func struct {
	Name       string
	Addr, Size uint64
}

// lineRow is an is_stmt row of the line table.
type lineRow struct {
	addr uint64
	file string
	line int
}

// LoadUnits reads the units of kind (lines, functions or blocks) of the ELF
// file at path, keeping those that sel accepts (nil accepts all). With
// emulable, each unit is probed at the first instruction from its address
// to the end of its basic block that the kernel's uprobes emulate instead
// of single-stepping (see emulableSite); otherwise at its address.
func LoadUnits(path string, kind profile.UnitKind, sel *Selector, emulable bool) (o *Object, err error) {
	of, err := objfile.Open(path, nil)
	if err != nil {
		return nil, err
	}
	defer of.Close()
	// debug/elf and debug/dwarf may panic on some corrupt inputs: keep
	// that at the API edge.
	err = objfile.Safe(path, func() error {
		o, err = loadUnits(of, kind, sel, emulable)
		return err
	})
	if err != nil {
		return nil, err
	}
	return o, nil
}

// loadUnits is LoadUnits on the opened object of.
func loadUnits(of *objfile.File, kind profile.UnitKind, sel *Selector, emulable bool) (o *Object, err error) {
	f, path := of.ELF, of.Path
	o = &Object{Path: path, BuildID: of.BuildID, File: path}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			o.Segments = append(o.Segments, Segment{Vaddr: p.Vaddr, Memsz: p.Memsz, Off: p.Off, Filesz: p.Filesz, Exec: p.Flags&elf.PF_X != 0})
		}
	}
	syms, _ := of.Symbols()
	funcs := Functions(syms)
	rows, err := lineRows(of)
	if err != nil && kind == profile.UnitLine {
		if !of.HasDWARF() {
			return nil, fmt.Errorf("%w in %s (built without -g, or stripped): count its functions with --units functions (%s)", ErrNoLineTable, path, of.Why())
		}
		return nil, fmt.Errorf("read line table of %s: %w", of.DebugPath, err)
	}
	text := func(addr uint64) bool {
		for _, s := range o.Segments {
			if s.Exec && addr >= s.Vaddr && addr < s.Vaddr+s.Filesz {
				return true
			}
		}
		return false
	}
	// Sized up front: a Unit is large and libpython has 300,000 lines.
	units := make([]profile.Unit, 0, max(len(rows), len(funcs)))
	switch kind {
	case profile.UnitLine:
		for _, r := range rows {
			if !text(r.addr) {
				continue
			}
			units = append(units, profile.Unit{Kind: kind, File: r.file, Line: r.line,
				Func: Containing(funcs, r.addr), Loc: profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(r.addr)}})
		}
	case profile.UnitFunction:
		for _, fn := range funcs {
			if !text(fn.Addr) {
				continue
			}
			file, line := rowAt(rows, fn.Addr, fn.Addr)
			units = append(units, profile.Unit{Kind: kind, Func: fn.Name, File: file, Line: line,
				Loc: profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(fn.Addr)}})
		}
	case profile.UnitBlock:
		for _, fn := range funcs {
			if !text(fn.Addr) {
				continue
			}
			code, err := readAt(f, o, fn.Addr, fn.Size)
			if err != nil {
				return nil, fmt.Errorf("read code of %s in %s: %w", fn.Name, path, err)
			}
			for _, b := range Blocks(code, fn.Addr) {
				file, line := rowAt(rows, fn.Addr, b.Addr)
				units = append(units, profile.Unit{Kind: kind, Func: fn.Name, File: file, Line: line, Instrs: b.Instrs,
					Loc: profile.Location{Mapping: profile.NoMapping, Addr: profile.Addr(b.Addr)}})
			}
		}
	default:
		return nil, fmt.Errorf("units of kind %v are not counted by sonde count", kind)
	}
	o.units = units[:0]
	for i := range units {
		if sel.accepts(&units[i]) {
			o.units = append(o.units, units[i])
		}
	}
	o.nunits = len(o.units)
	slices.SortStableFunc(o.units, func(a, b profile.Unit) int { return cmp.Compare(a.Loc.Addr, b.Loc.Addr) })
	an := &analyses{f: f, o: o, funcs: funcs, cache: map[uint64]*analysis{}}
	siteOf := map[profile.Addr]int{}
	for i := range o.units {
		u := &o.units[i]
		addr := u.Loc.Addr
		if emulable {
			addr = an.emulableSite(addr)
		}
		if si, ok := siteOf[addr]; ok {
			o.Sites[si].Units = append(o.Sites[si].Units, i)
			continue
		}
		siteOf[addr] = len(o.Sites)
		o.Sites = append(o.Sites, Site{Addr: addr, Units: []int{i}})
	}
	sort.Slice(o.Sites, func(i, j int) bool { return o.Sites[i].Addr < o.Sites[j].Addr })
	return o, nil
}

// analysis is one function's instructions and block leaders.
type analysis struct {
	insns  []uint64 // instruction addresses
	code   []byte
	start  uint64
	leader map[uint64]bool
}

// analyses disassembles functions on demand, once each.
type analyses struct {
	f     *elf.File
	o     *Object
	funcs []Func
	cache map[uint64]*analysis
}

// emulableSite returns the address to probe for a unit at addr: the first
// instruction at or after addr, before the next basic-block leader, that
// x86 uprobes emulate (push of a 64-bit register, call rel32, jmp rel,
// jcc rel: arch/x86/kernel/uprobes.c, branch_setup_xol_ops and
// push_setup_xol_ops). Every instruction of a block from addr on runs as
// often as addr does, so the count is the same, and an emulated probe
// costs about 1 µs a hit instead of about 15-25 µs single-stepped. When
// there is none, addr itself.
func (an *analyses) emulableSite(addr profile.Addr) profile.Addr {
	a := uint64(addr)
	i := sort.Search(len(an.funcs), func(i int) bool { return an.funcs[i].Addr > a }) - 1
	if i < 0 || a >= an.funcs[i].Addr+an.funcs[i].Size {
		return addr
	}
	fn := an.funcs[i]
	x, ok := an.cache[fn.Addr]
	if !ok {
		code, err := readAt(an.f, an.o, fn.Addr, fn.Size)
		if err == nil {
			x = &analysis{code: code, start: fn.Addr}
			x.insns, x.leader = leaders(code, fn.Addr)
		}
		an.cache[fn.Addr] = x
	}
	if x == nil {
		return addr
	}
	j := sort.Search(len(x.insns), func(j int) bool { return x.insns[j] >= a })
	if j == len(x.insns) || x.insns[j] != a {
		return addr // not an instruction boundary we know
	}
	for ; j < len(x.insns); j++ {
		pc := x.insns[j]
		if pc != a && x.leader[pc] {
			break
		}
		if isEmulable(x.code[pc-x.start:]) {
			return profile.Addr(pc)
		}
	}
	return addr
}

// isEmulable reports whether the instruction at the start of code is one
// x86 uprobes emulate, judged on its raw bytes (no prefixes).
func isEmulable(code []byte) bool {
	if len(code) == 0 {
		return false
	}
	b := code[0]
	switch {
	case b >= 0x50 && b <= 0x57: // push r64
		return true
	case b == 0x41 && len(code) > 1 && code[1] >= 0x50 && code[1] <= 0x57: // push r8-r15
		return true
	case b == 0xe8, b == 0xe9, b == 0xeb: // call rel32, jmp rel32, jmp rel8
		return true
	case b >= 0x70 && b <= 0x7f: // jcc rel8
		return true
	case b == 0x0f && len(code) > 1 && code[1] >= 0x80 && code[1] <= 0x8f: // jcc rel32
		return true
	}
	return false
}

// IsEndbr64 reports whether code starts with ENDBR64 (f3 0f 1e fa), which
// x86asm decodes as a lone REP prefix without an error (golang/go#35865).
func IsEndbr64(code []byte) bool {
	return len(code) >= 4 && code[0] == 0xf3 && code[1] == 0x0f && code[2] == 0x1e && code[3] == 0xfa
}

// readAt reads size bytes at link-time address addr from the file.
func readAt(f *elf.File, o *Object, addr, size uint64) ([]byte, error) {
	off, ok := o.FileOffset(profile.Addr(addr))
	if !ok {
		return nil, fmt.Errorf("address %#x is in no loaded segment", addr)
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && off >= p.Off && off+size <= p.Off+p.Filesz {
			b := make([]byte, size)
			if _, err := p.ReadAt(b, int64(off-p.Off)); err != nil {
				return nil, err
			}
			return b, nil
		}
	}
	return nil, fmt.Errorf("bytes %#x+%d run past their segment", addr, size)
}

// Block is a basic block found by disassembly.
type Block struct {
	// Addr is the address of its first instruction.
	Addr uint64
	// Instrs is the number of instructions up to the next block.
	Instrs int
}

// Blocks splits one function's code, loaded at addr, into basic blocks: a
// block starts at the entry, at every target of a direct jump inside the
// function, and after every jump or return. A call does not end a block
// (it returns to the next instruction). Bytes that do not decode end the
// walk: the rest is counted as part of the last block.
func Blocks(code []byte, addr uint64) []Block {
	insns, leader := leaders(code, addr)
	var blocks []Block
	for _, pc := range insns {
		if leader[pc] || len(blocks) == 0 {
			blocks = append(blocks, Block{Addr: pc})
		}
		blocks[len(blocks)-1].Instrs++
	}
	return blocks
}

// leaders decodes one function's code, loaded at addr, and returns its
// instruction addresses and the addresses that start basic blocks.
func leaders(code []byte, addr uint64) ([]uint64, map[uint64]bool) {
	leader := map[uint64]bool{addr: true}
	var insns []uint64
	for off := 0; off < len(code); {
		pc := addr + uint64(off)
		insns = append(insns, pc)
		if IsEndbr64(code[off:]) {
			off += 4
			continue
		}
		in, err := x86asm.Decode(code[off:], 64)
		if err != nil || in.Len == 0 {
			break
		}
		next := pc + uint64(in.Len)
		off += in.Len
		switch in.Op {
		case x86asm.JMP, x86asm.JA, x86asm.JAE, x86asm.JB, x86asm.JBE, x86asm.JCXZ, x86asm.JE, x86asm.JECXZ,
			x86asm.JG, x86asm.JGE, x86asm.JL, x86asm.JLE, x86asm.JNE, x86asm.JNO, x86asm.JNP, x86asm.JNS,
			x86asm.JO, x86asm.JP, x86asm.JRCXZ, x86asm.JS, x86asm.LOOP, x86asm.LOOPE, x86asm.LOOPNE:
			if rel, ok := in.Args[0].(x86asm.Rel); ok {
				t := uint64(int64(next) + int64(rel))
				if t >= addr && t < addr+uint64(len(code)) {
					leader[t] = true
				}
			}
			leader[next] = true
		case x86asm.RET, x86asm.LRET, x86asm.IRET, x86asm.UD2, x86asm.HLT:
			leader[next] = true
		}
	}
	return insns, leader
}

// Functions returns the functions of the symbol table syms (see
// objfile.File.Symbols), one per distinct address, the first global name
// winning, in address order.
func Functions(syms []elf.Symbol) []Func {
	byAddr := map[uint64]int{}
	var out []Func
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) != elf.STT_FUNC && elf.ST_TYPE(s.Info) != elf.STT_GNU_IFUNC || s.Value == 0 || s.Section == elf.SHN_UNDEF {
			continue
		}
		if i, ok := byAddr[s.Value]; ok {
			out[i].Size = max(out[i].Size, s.Size)
			continue
		}
		byAddr[s.Value] = len(out)
		out = append(out, Func{Name: s.Name, Addr: s.Value, Size: s.Size})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Addr < out[j].Addr })
	return out
}

// Containing returns the name of the function holding addr, "" for none.
func Containing(funcs []Func, addr uint64) string {
	i := sort.Search(len(funcs), func(i int) bool { return funcs[i].Addr > addr }) - 1
	if i >= 0 && addr < funcs[i].Addr+max(funcs[i].Size, 1) {
		return funcs[i].Name
	}
	return ""
}

// lineRows returns the is_stmt rows of every line table, one per distinct
// (address, file, line), in address order; rows of line 0 (no source) and
// end-of-sequence rows are left out.
func lineRows(f *objfile.File) ([]lineRow, error) {
	d, err := f.DWARF()
	if err != nil {
		return nil, err
	}
	var rows []lineRow
	r := d.Reader()
	for {
		cu, err := r.Next()
		if err != nil {
			return nil, err
		}
		if cu == nil {
			break
		}
		// A split-DWARF skeleton unit (DWARF 5) holds the line table.
		if cu.Tag != dwarf.TagCompileUnit && cu.Tag != dwarf.TagSkeletonUnit {
			r.SkipChildren()
			continue
		}
		r.SkipChildren()
		lr, err := d.LineReader(cu)
		if err != nil {
			return nil, err
		}
		if lr == nil {
			continue
		}
		var e dwarf.LineEntry
		for {
			if err := lr.Next(&e); err != nil {
				if errors.Is(err, io.EOF) {
					break
				}
				return nil, err
			}
			if e.EndSequence || !e.IsStmt || e.Line == 0 || e.Address == 0 || e.File == nil {
				continue
			}
			rows = append(rows, lineRow{addr: e.Address, file: e.File.Name, line: e.Line})
		}
	}
	slices.SortStableFunc(rows, func(a, b lineRow) int { return cmp.Compare(a.addr, b.addr) })
	// One row per distinct (address, file, line), the first kept: the
	// duplicates are in the same address's run.
	out := rows[:0]
	run := 0 // start of the current address's run in out
	for _, r := range rows {
		if len(out) > 0 && out[len(out)-1].addr != r.addr {
			run = len(out)
		}
		if slices.Contains(out[run:], r) {
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

// rowAt returns the file and line of the last row at or before addr and
// not before from (the function's entry): "" and 0 when the function has no
// line rows there.
func rowAt(rows []lineRow, from, addr uint64) (string, int) {
	i := sort.Search(len(rows), func(i int) bool { return rows[i].addr > addr }) - 1
	if i < 0 || rows[i].addr < from {
		return "", 0
	}
	return rows[i].file, rows[i].line
}

// SymbolRuntimeAddr returns the run-time address of symbol name (symbol
// table, else dynamic symbol table) of the ELF file at file, mapped from
// path among maps (see Object.RuntimeAddr).
func SymbolRuntimeAddr(file, name string, maps []proc.Mapping, path string) (addr uint64, ok bool) {
	of, err := objfile.Open(file, &objfile.Options{ELFOnly: true})
	if err != nil {
		return 0, false
	}
	defer of.Close()
	if objfile.Safe(file, func() error { addr, ok = symbolRuntimeAddrIn(of.ELF, name, maps, path); return nil }) != nil {
		return 0, false
	}
	return addr, ok
}

// symbolRuntimeAddrIn is symbolRuntimeAddr on the opened ELF file f.
func symbolRuntimeAddrIn(f *elf.File, name string, maps []proc.Mapping, path string) (addr uint64, ok bool) {
	o := &Object{}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			o.Segments = append(o.Segments, Segment{Vaddr: p.Vaddr, Memsz: p.Memsz, Off: p.Off, Filesz: p.Filesz, Exec: p.Flags&elf.PF_X != 0})
		}
	}
	var own []proc.Mapping
	for _, m := range maps {
		if m.Path == path {
			own = append(own, m)
		}
	}
	for _, get := range []func() ([]elf.Symbol, error){f.Symbols, f.DynamicSymbols} {
		syms, _ := get()
		for _, s := range syms {
			if s.Name == name && s.Value != 0 {
				return o.RuntimeAddr(own, profile.Addr(s.Value))
			}
		}
	}
	return 0, false
}

// SymbolValues returns the link-time values of the symbols names of the
// ELF file at path, from its symbol tables; 0 for one not found.
func SymbolValues(path string, names ...string) (v []uint64) {
	v = make([]uint64, len(names))
	of, err := objfile.Open(path, &objfile.Options{ELFOnly: true})
	if err != nil {
		return v
	}
	defer of.Close()
	f := of.ELF
	err = objfile.Safe(path, func() error {
		for _, get := range []func() ([]elf.Symbol, error){f.Symbols, f.DynamicSymbols} {
			syms, _ := get()
			for _, s := range syms {
				for i, n := range names {
					if v[i] == 0 && s.Name == n {
						v[i] = s.Value
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return make([]uint64, len(names))
	}
	return v
}

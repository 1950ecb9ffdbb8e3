package symbol

import (
	"fmt"
	"sort"
)

// A lineTable is one compilation unit's decoded line program [DWARF5 6.2]:
// its sequences, each a sorted run of rows, and its file names resolved to
// paths the way llvm-symbolizer prints them.
type lineTable struct {
	seqs  []lineSeq // sorted by hi, as LLVM sorts them
	files []string  // by DWARF file number; "" for numbers that name no file
}

// lineSeq is one DW_LNE_end_sequence-terminated run of rows covering
// [lo, hi).
type lineSeq struct {
	lo, hi uint64
	rows   []lineRow
}

type lineRow struct {
	addr uint64
	file uint32
	line uint32
	col  uint32
	disc uint32 // discriminator
}

// find returns the row for addr, following llvm's
// LineTable::lookupAddress: the first sequence (by end address) whose end is
// above addr must start at or below it, and within it the last row whose
// address is <= addr answers.
func (t *lineTable) find(addr uint64) (lineRow, bool) {
	i := sort.Search(len(t.seqs), func(i int) bool { return t.seqs[i].hi > addr })
	if i == len(t.seqs) || t.seqs[i].lo > addr {
		return lineRow{}, false
	}
	rows := t.seqs[i].rows
	j := sort.Search(len(rows), func(j int) bool { return rows[j].addr > addr })
	if j == 0 {
		return lineRow{}, false
	}
	return rows[j-1], true
}

// file returns the path of file number n, "" when there is none.
func (t *lineTable) file(n uint64) string {
	if n < uint64(len(t.files)) {
		return t.files[n]
	}
	return ""
}

// DWARF constants of the line program [DWARF5 7.22, 6.2.4.1].
const (
	DW_LNS_copy             = 1
	DW_LNS_advance_pc       = 2
	DW_LNS_advance_line     = 3
	DW_LNS_set_file         = 4
	DW_LNS_set_column       = 5
	DW_LNS_negate_stmt      = 6
	DW_LNS_set_basic_block  = 7
	DW_LNS_const_add_pc     = 8
	DW_LNS_fixed_advance_pc = 9

	DW_LNE_end_sequence      = 1
	DW_LNE_set_address       = 2
	DW_LNE_define_file       = 3
	DW_LNE_set_discriminator = 4

	DW_LNCT_path            = 1
	DW_LNCT_directory_index = 2

	DW_FORM_block2    = 0x03
	DW_FORM_block4    = 0x04
	DW_FORM_data2     = 0x05
	DW_FORM_data4     = 0x06
	DW_FORM_data8     = 0x07
	DW_FORM_string    = 0x08
	DW_FORM_block     = 0x09
	DW_FORM_block1    = 0x0a
	DW_FORM_data1     = 0x0b
	DW_FORM_sdata     = 0x0d
	DW_FORM_strp      = 0x0e
	DW_FORM_udata     = 0x0f
	DW_FORM_strx      = 0x1a
	DW_FORM_data16    = 0x1e
	DW_FORM_line_strp = 0x1f
	DW_FORM_strx1     = 0x25
	DW_FORM_strx2     = 0x26
	DW_FORM_strx3     = 0x27
	DW_FORM_strx4     = 0x28
)

// debugSections holds the DWARF sections that symbolization reads itself.
type debugSections struct {
	file    string // path, for errors
	line    []byte
	str     []byte
	lineStr []byte
}

type entryFormat struct{ content, form uint64 }

// parseLineTable decodes the line program at off in .debug_line for a unit
// whose DW_AT_comp_dir is compDir.
func parseLineTable(s *debugSections, off uint64, compDir string) (*lineTable, error) {
	if off >= uint64(len(s.line)) {
		return nil, &FormatError{File: s.file, Off: int64(off), Msg: ".debug_line: offset out of range"}
	}
	b := &buf{data: s.line[off:], base: off, file: s.file, sec: ".debug_line"}
	unitLen := uint64(b.u32())
	offSize := 4
	if unitLen == 0xffffffff {
		unitLen = b.u64()
		offSize = 8
	}
	if unitLen > uint64(len(b.data)-b.off) {
		b.fail("unit length past end of section")
		return nil, b.err
	}
	b.data = b.data[:b.off+int(unitLen)]
	version := b.u16()
	if b.err == nil && (version < 2 || version > 5) {
		b.fail(fmt.Sprintf("unsupported line table version %d", version))
	}
	if version >= 5 {
		// address_size and segment_selector_size: DW_LNE_set_address
		// carries its own length.
		b.u8()
		b.u8()
	}
	hdrLen := b.uintN(offSize)
	progStart := b.off + int(hdrLen)
	minInst := uint64(b.u8())
	if version >= 4 {
		b.u8() // maximum_operations_per_instruction: VLIW only
	}
	b.u8() // default_is_stmt: llvm-symbolizer answers from every row
	lineBase := int64(int8(b.u8()))
	lineRange := uint64(b.u8())
	opBase := int(b.u8())
	stdLens := make([]uint8, opBase)
	for i := 1; i < opBase; i++ {
		stdLens[i] = b.u8()
	}
	if b.err == nil && lineRange == 0 {
		b.fail("line_range is 0")
	}

	var dirs []string
	var names []string  // raw file names
	var dirIdx []uint64 // their directory numbers
	if version >= 5 {
		dirs = s.readEntries(b, offSize, nil)
		names = s.readEntries(b, offSize, &dirIdx)
	} else {
		for b.err == nil {
			d := b.cstr()
			if d == "" {
				break
			}
			dirs = append(dirs, d)
		}
		names = append(names, "") // v2-4 file numbers start at 1
		dirIdx = append(dirIdx, 0)
		for b.err == nil {
			n := b.cstr()
			if n == "" {
				break
			}
			names = append(names, n)
			dirIdx = append(dirIdx, b.uleb())
			b.uleb() // mtime
			b.uleb() // length
		}
	}
	if b.err != nil {
		return nil, b.err
	}
	if progStart < b.off || progStart > len(b.data) {
		b.fail("header_length out of range")
		return nil, b.err
	}
	b.off = progStart

	t := &lineTable{}
	// Most rows cost one or two bytes of program: reserve for that, so that
	// appending rarely copies.
	rows := make([]lineRow, 0, (len(b.data)-b.off)/2+1)
	var seqStart int
	// Registers of the state machine [DWARF5 6.2.2].
	var addr uint64
	var file uint64 = 1
	var line int64 = 1
	var col, disc uint64
	reset := func() { addr, file, line, col, disc = 0, 1, 1, 0, 0 }
	emit := func() {
		rows = append(rows, lineRow{addr: addr, file: uint32(file), line: uint32(line), col: uint32(col), disc: uint32(disc)})
		disc = 0 // [DWARF5 6.2.5.1]: reset after each row
	}
	endSeq := func() {
		// llvm keeps only sequences with lo < hi; the rows of others are
		// unreachable anyway.
		if len(rows) > seqStart && rows[seqStart].addr < addr {
			t.seqs = append(t.seqs, lineSeq{lo: rows[seqStart].addr, hi: addr, rows: rows[seqStart:len(rows):len(rows)]})
		}
		seqStart = len(rows)
		reset()
	}
	for b.err == nil && b.off < len(b.data) {
		op := int(b.u8())
		switch {
		case op >= opBase:
			adj := uint64(op - opBase)
			addr += adj / lineRange * minInst
			line += lineBase + int64(adj%lineRange)
			emit()
		case op == 0:
			n := b.uleb()
			if n == 0 || n > uint64(len(b.data)-b.off) {
				b.fail("bad extended opcode length")
				break
			}
			end := b.off + int(n)
			switch b.u8() {
			case DW_LNE_end_sequence:
				emit()
				endSeq()
			case DW_LNE_set_address:
				addr = b.uintN(int(n - 1))
			case DW_LNE_set_discriminator:
				disc = b.uleb()
			case DW_LNE_define_file:
				names = append(names, b.cstr())
				dirIdx = append(dirIdx, b.uleb())
			}
			b.off = end
		case op == DW_LNS_copy:
			emit()
		case op == DW_LNS_advance_pc:
			addr += b.uleb() * minInst
		case op == DW_LNS_advance_line:
			line += b.sleb()
		case op == DW_LNS_set_file:
			file = b.uleb()
		case op == DW_LNS_set_column:
			col = b.uleb()
		case op == DW_LNS_negate_stmt, op == DW_LNS_set_basic_block:
		case op == DW_LNS_const_add_pc:
			addr += uint64(255-opBase) / lineRange * minInst
		case op == DW_LNS_fixed_advance_pc:
			addr += uint64(b.u16())
		default:
			// prologue_end, epilogue_begin, set_isa and unknown opcodes:
			// skip their ULEB128 operands.
			for i := 0; i < int(stdLens[op]); i++ {
				b.uleb()
			}
		}
	}
	if b.err != nil {
		return nil, b.err
	}
	// Rows of a sequence are in address order by construction; sequences
	// are sorted by end address, stable, as llvm does.
	sort.SliceStable(t.seqs, func(i, j int) bool { return t.seqs[i].hi < t.seqs[j].hi })
	t.files = make([]string, len(names))
	for i, n := range names {
		if n == "" {
			continue
		}
		t.files[i] = filePath(version, compDir, dirs, dirIdx[i], n)
	}
	return t, nil
}

// readEntries reads a DWARF 5 directory or file name table: its entry
// format, then the entries. It returns the DW_LNCT_path of each and, if
// dirIdx is not nil, appends each one's DW_LNCT_directory_index to it.
func (s *debugSections) readEntries(b *buf, offSize int, dirIdx *[]uint64) []string {
	nfmt := int(b.u8())
	fmts := make([]entryFormat, 0, nfmt)
	for i := 0; i < nfmt && b.err == nil; i++ {
		fmts = append(fmts, entryFormat{b.uleb(), b.uleb()})
	}
	n := b.uleb()
	if n > uint64(len(b.data)) {
		b.fail("entry count too large")
		return nil
	}
	out := make([]string, 0, n)
	for i := uint64(0); i < n && b.err == nil; i++ {
		var path string
		var dir uint64
		for _, f := range fmts {
			var str string
			var num uint64
			switch f.form {
			case DW_FORM_string:
				str = b.cstr()
			case DW_FORM_line_strp:
				str, _ = cstrAt(s.lineStr, b.uintN(offSize))
			case DW_FORM_strp:
				str, _ = cstrAt(s.str, b.uintN(offSize))
			case DW_FORM_udata:
				num = b.uleb()
			case DW_FORM_sdata:
				b.sleb()
			case DW_FORM_data1, DW_FORM_strx1:
				num = b.uintN(1)
			case DW_FORM_data2, DW_FORM_strx2:
				num = b.uintN(2)
			case DW_FORM_strx3:
				b.skip(3)
			case DW_FORM_data4, DW_FORM_strx4:
				num = b.uintN(4)
			case DW_FORM_data8:
				num = b.u64()
			case DW_FORM_data16:
				b.skip(16)
			case DW_FORM_strx:
				b.uleb()
			case DW_FORM_block:
				b.skip(int(b.uleb()))
			case DW_FORM_block1:
				b.skip(int(b.u8()))
			case DW_FORM_block2:
				b.skip(int(b.u16()))
			case DW_FORM_block4:
				b.skip(int(b.u32()))
			default:
				b.fail(fmt.Sprintf("unsupported form %#x in entry format", f.form))
			}
			switch f.content {
			case DW_LNCT_path:
				path = str
			case DW_LNCT_directory_index:
				dir = num
			}
		}
		out = append(out, path)
		if dirIdx != nil {
			*dirIdx = append(*dirIdx, dir)
		}
	}
	return out
}

// filePath joins a line table's file name with its directory and the unit's
// comp_dir as llvm-symbolizer 14 does (Prologue::getFileNameByIndex with
// AbsoluteFilePath): an absolute name stands alone; otherwise comp_dir is
// prepended unless the directory is absolute. (LLVM 14 does so even for
// DWARF 5's directory entry 0, which is the compilation directory itself:
// Go's comp_dir "." and entry 0 "." give "././<autogenerated>".) Components
// are appended without cleaning ("./Modules/x.c" stays), where binutils
// addr2line and debug/dwarf clean them: we follow llvm-symbolizer.
func filePath(version uint16, compDir string, dirs []string, di uint64, name string) string {
	if isAbs(name) {
		return name
	}
	var dir string
	if version >= 5 {
		if di < uint64(len(dirs)) {
			dir = dirs[di]
		}
	} else if di > 0 && di <= uint64(len(dirs)) {
		dir = dirs[di-1]
	}
	var p []byte
	if !isAbs(dir) {
		p = appendPath(p, compDir)
	}
	p = appendPath(p, dir)
	p = appendPath(p, name)
	return string(p)
}

func isAbs(p string) bool { return len(p) > 0 && p[0] == '/' }

// appendPath appends component c to path p as llvm::sys::path::append does
// for POSIX paths.
func appendPath(p []byte, c string) []byte {
	if c == "" {
		return p
	}
	if len(p) > 0 && p[len(p)-1] == '/' {
		i := 0
		for i < len(c) && c[i] == '/' {
			i++
		}
		return append(p, c[i:]...)
	}
	if len(p) > 0 && c[0] != '/' {
		p = append(p, '/')
	}
	return append(p, c...)
}

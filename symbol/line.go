package symbol

import (
	"fmt"
	"sort"

	dc "sonde/internal/dwarfconst"
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
	b := newBuf(s.line[off:], off, s.file, ".debug_line")
	unitLen := uint64(b.U32())
	offSize := 4
	if unitLen == 0xffffffff {
		unitLen = b.U64()
		offSize = 8
	}
	if unitLen > uint64(b.Len()) {
		b.Fail("unit length past end of section")
		return nil, b.err()
	}
	b.Limit(b.Off() + int(unitLen))
	version := b.U16()
	if !b.Failed() && (version < 2 || version > 5) {
		b.Fail(fmt.Sprintf("unsupported line table version %d", version))
	}
	if version >= 5 {
		// address_size and segment_selector_size: DW_LNE_set_address
		// carries its own length.
		b.U8()
		b.U8()
	}
	hdrLen := b.Uint(offSize)
	progStart := b.Off() + int(hdrLen)
	minInst := uint64(b.U8())
	if version >= 4 {
		b.U8() // maximum_operations_per_instruction: VLIW only
	}
	b.U8() // default_is_stmt: llvm-symbolizer answers from every row
	lineBase := int64(int8(b.U8()))
	lineRange := uint64(b.U8())
	opBase := int(b.U8())
	stdLens := make([]uint8, opBase)
	for i := 1; i < opBase; i++ {
		stdLens[i] = b.U8()
	}
	if !b.Failed() && lineRange == 0 {
		b.Fail("line_range is 0")
	}

	var dirs []string
	var names []string  // raw file names
	var dirIdx []uint64 // their directory numbers
	if version >= 5 {
		dirs = s.readEntries(b, offSize, nil)
		names = s.readEntries(b, offSize, &dirIdx)
	} else {
		for !b.Failed() {
			d := b.CString()
			if d == "" {
				break
			}
			dirs = append(dirs, d)
		}
		names = append(names, "") // v2-4 file numbers start at 1
		dirIdx = append(dirIdx, 0)
		for !b.Failed() {
			n := b.CString()
			if n == "" {
				break
			}
			names = append(names, n)
			dirIdx = append(dirIdx, b.ULEB128())
			b.ULEB128() // mtime
			b.ULEB128() // length
		}
	}
	if b.Failed() {
		return nil, b.err()
	}
	if progStart < b.Off() || progStart > len(b.Data()) {
		b.Fail("header_length out of range")
		return nil, b.err()
	}
	b.Seek(progStart)

	t := &lineTable{}
	// Most rows cost one or two bytes of program: reserve for that, so that
	// appending rarely copies.
	rows := make([]lineRow, 0, (b.Len())/2+1)
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
	for !b.Failed() && b.Len() > 0 {
		op := int(b.U8())
		switch {
		case op >= opBase:
			adj := uint64(op - opBase)
			addr += adj / lineRange * minInst
			line += lineBase + int64(adj%lineRange)
			emit()
		case op == 0:
			n := b.ULEB128()
			if n == 0 || n > uint64(b.Len()) {
				b.Fail("bad extended opcode length")
				break
			}
			end := b.Off() + int(n)
			switch b.U8() {
			case dc.DW_LNE_end_sequence:
				emit()
				endSeq()
			case dc.DW_LNE_set_address:
				addr = b.Uint(int(n - 1))
			case dc.DW_LNE_set_discriminator:
				disc = b.ULEB128()
			case dc.DW_LNE_define_file:
				names = append(names, b.CString())
				dirIdx = append(dirIdx, b.ULEB128())
			}
			b.Seek(end)
		case op == dc.DW_LNS_copy:
			emit()
		case op == dc.DW_LNS_advance_pc:
			addr += b.ULEB128() * minInst
		case op == dc.DW_LNS_advance_line:
			line += b.SLEB128()
		case op == dc.DW_LNS_set_file:
			file = b.ULEB128()
		case op == dc.DW_LNS_set_column:
			col = b.ULEB128()
		case op == dc.DW_LNS_negate_stmt, op == dc.DW_LNS_set_basic_block:
		case op == dc.DW_LNS_const_add_pc:
			addr += uint64(255-opBase) / lineRange * minInst
		case op == dc.DW_LNS_fixed_advance_pc:
			addr += uint64(b.U16())
		default:
			// prologue_end, epilogue_begin, set_isa and unknown opcodes:
			// skip their ULEB128 operands.
			for i := 0; i < int(stdLens[op]); i++ {
				b.ULEB128()
			}
		}
	}
	if b.Failed() {
		return nil, b.err()
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
	nfmt := int(b.U8())
	fmts := make([]entryFormat, 0, nfmt)
	for i := 0; i < nfmt && !b.Failed(); i++ {
		fmts = append(fmts, entryFormat{b.ULEB128(), b.ULEB128()})
	}
	n := b.ULEB128()
	if n > uint64(len(b.Data())) {
		b.Fail("entry count too large")
		return nil
	}
	out := make([]string, 0, n)
	for i := uint64(0); i < n && !b.Failed(); i++ {
		var path string
		var dir uint64
		for _, f := range fmts {
			var str string
			var num uint64
			switch f.form {
			case dc.DW_FORM_string:
				str = b.CString()
			case dc.DW_FORM_line_strp:
				str, _ = cstrAt(s.lineStr, b.Uint(offSize))
			case dc.DW_FORM_strp:
				str, _ = cstrAt(s.str, b.Uint(offSize))
			case dc.DW_FORM_udata:
				num = b.ULEB128()
			case dc.DW_FORM_sdata:
				b.SLEB128()
			case dc.DW_FORM_data1, dc.DW_FORM_strx1:
				num = b.Uint(1)
			case dc.DW_FORM_data2, dc.DW_FORM_strx2:
				num = b.Uint(2)
			case dc.DW_FORM_strx3:
				b.Skip(3)
			case dc.DW_FORM_data4, dc.DW_FORM_strx4:
				num = b.Uint(4)
			case dc.DW_FORM_data8:
				num = b.U64()
			case dc.DW_FORM_data16:
				b.Skip(16)
			case dc.DW_FORM_strx:
				b.ULEB128()
			case dc.DW_FORM_block:
				b.Skip(int(b.ULEB128()))
			case dc.DW_FORM_block1:
				b.Skip(int(b.U8()))
			case dc.DW_FORM_block2:
				b.Skip(int(b.U16()))
			case dc.DW_FORM_block4:
				b.Skip(int(b.U32()))
			default:
				b.Fail(fmt.Sprintf("unsupported form %#x in entry format", f.form))
			}
			switch f.content {
			case dc.DW_LNCT_path:
				path = str
			case dc.DW_LNCT_directory_index:
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

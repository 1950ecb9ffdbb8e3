package dwarfvar

import (
	"debug/dwarf"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"
	"time"

	"sonde/internal/testprog"

	dc "sonde/internal/dwarfconst"
)

// fuzzFrame is a frame whose registers are all known and whose memory is
// a repeating pattern below 1 GiB and unreadable above.
type fuzzFrame struct{}

func (fuzzFrame) Reg(n int) (uint64, bool) { return uint64(n) * 0x1000, n != 9 }
func (fuzzFrame) CFA() (uint64, bool)      { return 0x7000, true }
func (fuzzFrame) ReadMemory(addr uint64, buf []byte) error {
	if addr >= 1<<30 || addr+uint64(len(buf)) < addr {
		return fmt.Errorf("unmapped %#x", addr)
	}
	for i := range buf {
		buf[i] = byte(addr) + byte(i)
	}
	return nil
}

// FuzzCompile feeds arbitrary expressions to Compile (in vars.c's worker,
// gcc -O2) and evaluates what compiles: errors are fine, panics and
// multi-line errors are not.
func FuzzCompile(f *testing.F) {
	bin := testprog.Build(f, fixture(f, "vars.c"), testprog.Opts{Compiler: "gcc", Flags: []string{"-g", "-O2"}})
	p, err := Open(bin)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"n", "req->size", "req->hdr.flags", "table[idx]", "grid[k%3][idx&3]", "*req",
		"&req->vals[1]", "-(n+1)*2", "req->next->next->w", "GREEN", "((n))", "0x10 >> 2", "n / 0", "req[-1].size",
		"counter", "(*req).c", "18446744073709551615u", "a[", "->", "req->", "n--", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		e, err := p.Compile("worker", expr)
		if err != nil {
			var ce *CompileError
			if errors.As(err, &ce) && (ce.Col < 1 || ce.Col > len(expr)+1) {
				t.Errorf("Compile(%q): column %d outside the expression", expr, ce.Col)
			}
			return
		}
		rs, _ := p.FuncRanges("worker")
		e.Eval(fuzzFrame{}, rs[0][0]+4, 0)
	})
}

// FuzzLocation decodes arbitrary bytes as a DWARF 4 .debug_loc list, a
// DWARF 5 .debug_loclists list and a location expression evaluated in a
// frame: errors are fine, panics and endless loops are not.
func FuzzLocation(f *testing.F) {
	le := binary.LittleEndian
	loc4 := le.AppendUint64(le.AppendUint64(nil, 0x10), 0x20)
	loc4 = append(le.AppendUint16(loc4, 1), dc.DW_OP_reg0+5)
	loc4 = le.AppendUint64(le.AppendUint64(loc4, ^uint64(0)), 0x1000)
	loc4 = le.AppendUint64(le.AppendUint64(loc4, 0), 0)
	for _, s := range [][]byte{
		{dc.DW_OP_call_frame_cfa},
		{dc.DW_OP_fbreg, 0x6c},
		{dc.DW_OP_breg0 + 7, 0x08, dc.DW_OP_deref, dc.DW_OP_stack_value},
		{dc.DW_OP_reg0 + 3, dc.DW_OP_piece, 4, dc.DW_OP_breg0 + 6, 0x70, dc.DW_OP_piece, 4},
		{dc.DW_OP_implicit_value, 4, 1, 2, 3, 4},
		{dc.DW_OP_addr, 1, 2, 3, 4, 0, 0, 0, 0},
		{dc.DW_OP_lit0 + 5, dc.DW_OP_lit0 + 3, dc.DW_OP_minus, dc.DW_OP_stack_value},
		{dc.DW_OP_entry_value, 1, dc.DW_OP_reg0 + 5, dc.DW_OP_stack_value},
		{dc.DW_OP_constu, 0x80, 0x01, dc.DW_OP_convert, 0, dc.DW_OP_stack_value},
		{dc.DW_OP_skip, 0xfd, 0xff},
		{dc.DW_OP_bra, 0, 0},
		{dc.DW_LLE_offset_pair, 0x10, 0x20, 1, dc.DW_OP_reg0 + 5, dc.DW_LLE_base_addressx, 0, dc.DW_LLE_startx_length, 0, 4, 1, dc.DW_OP_reg0, dc.DW_LLE_default_location, 1, dc.DW_OP_reg0 + 3, dc.DW_LLE_end_of_list},
		{dc.DW_LLE_start_length, 1, 2, 3, 4, 5, 6, 7, 8, 0x10, 2, dc.DW_OP_fbreg, 0x68, dc.DW_LLE_end_of_list},
		loc4,
	} {
		f.Add(s)
	}
	u := &cu{p: &Program{path: "fuzz", addr: make([]byte, 64)}, nodes: map[dwarf.Offset]*node{}}
	f.Fuzz(func(t *testing.T, b []byte) {
		watchdog := time.AfterFunc(5*time.Second, func() { panic(fmt.Sprintf("FuzzLocation: %x takes over 5 s", b)) })
		defer watchdog.Stop()
		decodeLoc(b, 0, 0x400000)
		decodeLoclists(b, 0, 0x400000, u.debugAddr)
		m := machine{f: fuzzFrame{}, u: u, fb: 0x7000, fbKnown: true}
		m.locate(b)
	})
}

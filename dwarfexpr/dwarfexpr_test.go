package dwarfexpr

import (
	"encoding/binary"
	"errors"
	"fmt"
	"testing"
	"time"

	dc "sonde/internal/dwarfconst"
)

// fakeFrame is a frame with registers regs (known when set in known),
// 8-byte words of memory and a CFA.
type fakeFrame struct {
	regs  map[int]uint64
	mem   map[uint64]uint64
	cfa   uint64
	noCFA bool
}

func (f *fakeFrame) Reg(n int) (uint64, bool) { v, ok := f.regs[n]; return v, ok }
func (f *fakeFrame) CFA() (uint64, bool)      { return f.cfa, !f.noCFA }
func (f *fakeFrame) ReadMemory(addr uint64, buf []byte) error {
	v, ok := f.mem[addr]
	if !ok {
		return fmt.Errorf("no memory at %#x", addr)
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	copy(buf, b[:])
	return nil
}

// fakeDebug answers for a unit: frame base 0x7000, entry value 42 of any
// register, .debug_addr entry i at 0x1000+8i, base types at offset 1 (a
// signed char) and 2 (an unsigned short).
type fakeDebug struct{}

func (fakeDebug) FrameBase() (uint64, error)             { return 0x7000, nil }
func (fakeDebug) EntryValue(expr []byte) (uint64, error) { return 42, nil }
func (fakeDebug) DebugAddr(i uint64) (uint64, error)     { return 0x1000 + 8*i, nil }
func (fakeDebug) BaseType(off uint64) (int64, bool, error) {
	switch off {
	case 0:
		return 8, false, nil
	case 1:
		return 1, true, nil
	case 2:
		return 2, false, nil
	}
	return 0, false, errors.New("no base type")
}

func frame() *fakeFrame {
	return &fakeFrame{
		regs: map[int]uint64{3: 0x1122334455667788, 6: 0x7ff0, 7: 0x7fe0, 16: 0x401026},
		mem:  map[uint64]uint64{0x7fe8: 0xdeadbeef, 0x7ff8: 0x10, 0x7ff0 - 16: 0xaabbccdd},
		cfa:  0x8000,
	}
}

func u64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

// TestValue evaluates CFI expressions whose values are known: the PLT's
// CFA rule as binutils ld writes it (readelf -wf of any executable with a
// .plt: "DW_CFA_def_cfa_expression (DW_OP_breg7 (rsp): 8; DW_OP_breg16
// (rip): 0; DW_OP_lit15; DW_OP_and; DW_OP_lit11; DW_OP_ge; DW_OP_lit3;
// DW_OP_shl; DW_OP_plus)": rsp+8 in the first 11 bytes of a 16-byte PLT
// entry, rsp+16 after its push), and glibc's signal frame rules, which
// DW_CFA_expression evaluates with the CFA pushed.
func TestValue(t *testing.T) {
	plt := []byte{dc.DW_OP_breg0 + 7, 8, dc.DW_OP_breg0 + 16, 0, dc.DW_OP_lit0 + 15, dc.DW_OP_and, dc.DW_OP_lit0 + 11, dc.DW_OP_ge, dc.DW_OP_lit0 + 3, dc.DW_OP_shl, dc.DW_OP_plus}
	for _, tc := range []struct {
		name string
		expr []byte
		rip  uint64
		push []uint64
		want uint64
		err  string
	}{
		{"plt before push", plt, 0x401026, nil, 0x7fe0 + 8, ""},
		{"plt after push", plt, 0x40102b, nil, 0x7fe0 + 16, ""},
		// __restore_rt's rule for rip: DW_OP_breg7 (rsp): 168; DW_OP_deref.
		{"sigframe rip", []byte{dc.DW_OP_breg0 + 7, 8, dc.DW_OP_deref}, 0, nil, 0xdeadbeef, ""},
		{"cfa pushed", []byte{dc.DW_OP_plus_uconst, 0x10}, 0, []uint64{0x8000}, 0x8010, ""},
		{"arithmetic", []byte{dc.DW_OP_lit0 + 7, dc.DW_OP_lit0 + 3, dc.DW_OP_minus, dc.DW_OP_const1s, 0xfe, dc.DW_OP_mul, dc.DW_OP_abs}, 0, nil, 8, ""},
		{"div mod", []byte{dc.DW_OP_const1s, 0xf9, dc.DW_OP_lit0 + 2, dc.DW_OP_div, dc.DW_OP_lit0 + 5, dc.DW_OP_mod}, 0, nil, uint64(0xfffffffffffffffd) % 5, ""},
		{"shra", []byte{dc.DW_OP_const1s, 0x80, dc.DW_OP_lit0 + 4, dc.DW_OP_shra}, 0, nil, ^uint64(7), ""},
		{"shl 64", []byte{dc.DW_OP_lit0 + 1, dc.DW_OP_const1u, 64, dc.DW_OP_shl}, 0, nil, 0, ""},
		{"pick rot", []byte{dc.DW_OP_lit0 + 1, dc.DW_OP_lit0 + 2, dc.DW_OP_lit0 + 3, dc.DW_OP_rot, dc.DW_OP_pick, 2}, 0, nil, 2, ""},
		{"bra taken", []byte{dc.DW_OP_lit0 + 1, dc.DW_OP_bra, 1, 0, dc.DW_OP_lit0 + 9, dc.DW_OP_lit0 + 4}, 0, nil, 4, ""},
		{"bra not taken", []byte{dc.DW_OP_lit0, dc.DW_OP_bra, 1, 0, dc.DW_OP_lit0 + 9}, 0, nil, 9, ""},
		{"deref_size", []byte{dc.DW_OP_breg0 + 7, 8, dc.DW_OP_deref_size, 2}, 0, nil, 0xbeef, ""},
		{"cfa op", []byte{dc.DW_OP_call_frame_cfa}, 0, nil, 0x8000, ""},
		{"endless loop", []byte{dc.DW_OP_skip, 0xfd, 0xff}, 0, nil, 0, "DWARF expression: too many steps"},
		{"empty", nil, 0, nil, 0, "DWARF expression: empty stack at the end"},
		{"register location", []byte{dc.DW_OP_reg0 + 3}, 0, nil, 0, "DWARF expression: a location description where a value is expected"},
		{"underflow", []byte{dc.DW_OP_plus}, 0, nil, 0, "DWARF expression: stack underflow"},
		{"division by zero", []byte{dc.DW_OP_lit0 + 1, dc.DW_OP_lit0, dc.DW_OP_div}, 0, nil, 0, "DWARF expression: division by zero"},
		{"unknown register", []byte{dc.DW_OP_breg0 + 9, 0}, 0, nil, 0, "value unavailable: register 9 not recoverable"},
		{"unreadable", []byte{dc.DW_OP_lit0 + 8, dc.DW_OP_deref}, 0, nil, 0, "value unavailable: read 8 bytes at 0x8: no memory at 0x8"},
		{"fbreg without a unit", []byte{dc.DW_OP_fbreg, 0x70}, 0, nil, 0, "value unavailable: DW_OP_fbreg outside a unit's debugging information"},
		{"truncated", []byte{dc.DW_OP_const4u, 1, 2}, 0, nil, 0, "DWARF expression: offset 0x1: truncated: need 4 bytes, have 2"},
		{"unknown op", []byte{dc.DW_OP_lit0, dc.DW_OP_lit0, 0xee}, 0, nil, 0, "DWARF expression: unknown operation 0xee"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := frame()
			if tc.rip != 0 {
				f.regs[16] = tc.rip
			}
			v, err := Value(tc.expr, f, tc.push...)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("Value = %#x, %v; want error %q", v, err, tc.err)
				}
				return
			}
			if err != nil || v != tc.want {
				t.Fatalf("Value = %#x, %v; want %#x", v, err, tc.want)
			}
		})
	}
}

// TestLocate evaluates location descriptions whose locations are known
// [DWARF5 2.6 and its examples, D.1.3].
func TestLocate(t *testing.T) {
	le := binary.LittleEndian
	for _, tc := range []struct {
		name string
		expr []byte
		want Location
		err  error
	}{
		{"register", []byte{dc.DW_OP_reg0 + 3}, Location{Kind: Register, Reg: 3}, nil},
		{"regx", []byte{dc.DW_OP_regx, 6}, Location{Kind: Register, Reg: 6}, nil},
		{"fbreg", []byte{dc.DW_OP_fbreg, 0x6c}, Location{Kind: Memory, Addr: 0x7000 - 20}, nil},
		{"addr biased", append([]byte{dc.DW_OP_addr}, u64(0x4010)...), Location{Kind: Memory, Addr: 0x4010 + 0x10000}, nil},
		{"addrx biased", []byte{dc.DW_OP_addrx, 2}, Location{Kind: Memory, Addr: 0x1010 + 0x10000}, nil},
		{"constx not biased", []byte{dc.DW_OP_constx, 2, dc.DW_OP_stack_value}, Location{Kind: Bytes, Bytes: u64(0x1010)}, nil},
		{"stack value", []byte{dc.DW_OP_breg0 + 7, 8, dc.DW_OP_deref, dc.DW_OP_stack_value}, Location{Kind: Bytes, Bytes: u64(0xdeadbeef)}, nil},
		{"implicit value", []byte{dc.DW_OP_implicit_value, 4, 1, 2, 3, 4}, Location{Kind: Bytes, Bytes: []byte{1, 2, 3, 4}}, nil},
		{"pieces", []byte{dc.DW_OP_reg0 + 3, dc.DW_OP_piece, 4, dc.DW_OP_breg0 + 6, 0x70, dc.DW_OP_piece, 4},
			Location{Kind: Bytes, Bytes: le.AppendUint32(le.AppendUint32(nil, 0x55667788), 0xaabbccdd)}, nil},
		{"bit piece", []byte{dc.DW_OP_reg0 + 3, dc.DW_OP_bit_piece, 16, 8}, Location{Kind: Bytes, Bytes: []byte{0x77, 0x66}}, nil},
		{"entry value", []byte{dc.DW_OP_entry_value, 1, dc.DW_OP_reg0 + 5, dc.DW_OP_stack_value}, Location{Kind: Bytes, Bytes: u64(42)}, nil},
		{"convert signed", []byte{dc.DW_OP_constu, 0xff, 0x01, dc.DW_OP_convert, 1, dc.DW_OP_stack_value}, Location{Kind: Bytes, Bytes: u64(^uint64(0))}, nil},
		{"reinterpret keeps bits", []byte{dc.DW_OP_constu, 0xff, 0x01, dc.DW_OP_reinterpret, 1, dc.DW_OP_stack_value}, Location{Kind: Bytes, Bytes: u64(0xff)}, nil},
		{"const_type", []byte{dc.DW_OP_const_type, 2, 2, 0x34, 0x12, dc.DW_OP_stack_value}, Location{Kind: Bytes, Bytes: u64(0x1234)}, nil},
		{"empty", nil, Location{}, ErrOptimizedOut},
		{"empty piece", []byte{dc.DW_OP_piece, 4}, Location{}, ErrOptimizedOut},
		{"vector register", []byte{dc.DW_OP_reg0 + 17}, Location{}, ErrUnavailable},
		{"tls", []byte{dc.DW_OP_lit0, dc.DW_OP_GNU_push_tls_address}, Location{}, ErrUnavailable},
		{"float base type", []byte{dc.DW_OP_lit0, dc.DW_OP_convert, 9}, Location{}, errors.New("no base type")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Locate(tc.expr, frame(), fakeDebug{}, 0x10000)
			if tc.err != nil {
				if err == nil || !errors.Is(err, tc.err) && err.Error() != tc.err.Error() {
					t.Fatalf("Locate = %+v, %v; want error %v", l, err, tc.err)
				}
				return
			}
			if err != nil || l.Kind != tc.want.Kind || l.Addr != tc.want.Addr || l.Reg != tc.want.Reg || string(l.Bytes) != string(tc.want.Bytes) {
				t.Fatalf("Locate = %+v, %v; want %+v", l, err, tc.want)
			}
		})
	}
}

// FuzzEval evaluates arbitrary bytes as a CFI expression and as a
// location description: errors are fine, panics and endless loops are
// not, and a Memory location from Value's machine is what Value returns.
func FuzzEval(f *testing.F) {
	for _, s := range [][]byte{
		{dc.DW_OP_breg0 + 7, 8, dc.DW_OP_breg0 + 16, 0, dc.DW_OP_lit0 + 15, dc.DW_OP_and, dc.DW_OP_lit0 + 11, dc.DW_OP_ge, dc.DW_OP_lit0 + 3, dc.DW_OP_shl, dc.DW_OP_plus},
		{dc.DW_OP_reg0 + 3, dc.DW_OP_piece, 4, dc.DW_OP_breg0 + 6, 0x70, dc.DW_OP_piece, 4},
		{dc.DW_OP_fbreg, 0x6c},
		{dc.DW_OP_implicit_value, 4, 1, 2, 3, 4},
		{dc.DW_OP_skip, 0xfd, 0xff},
		{dc.DW_OP_lit0 + 1, dc.DW_OP_bra, 1, 0, dc.DW_OP_lit0 + 9},
		{dc.DW_OP_entry_value, 1, dc.DW_OP_reg0 + 5, dc.DW_OP_stack_value},
		{dc.DW_OP_const_type, 2, 2, 0x34, 0x12, dc.DW_OP_stack_value},
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		watchdog := time.AfterFunc(5*time.Second, func() { panic(fmt.Sprintf("FuzzEval: %x takes over 5 s", b)) })
		defer watchdog.Stop()
		v, err := Value(b, frame(), 0x8000)
		l, lerr := Locate(b, frame(), fakeDebug{}, 0)
		_, _, _, _ = v, err, l, lerr
		Locate(b, frame(), nil, 0)
	})
}

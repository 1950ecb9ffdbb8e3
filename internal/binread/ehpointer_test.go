package binread

import (
	"testing"

	dc "sonde/internal/dwarfconst"
)

// TestEHPointer decodes each DW_EH_PE format and application of the LSB
// (10.5.1) at section address 0x1000, reading at offset 1.
func TestEHPointer(t *testing.T) {
	for _, tc := range []struct {
		name string
		enc  uint8
		data []byte // after the one byte skipped
		want uint64
		n    int // bytes read
		err  string
	}{
		{"absptr", dc.DW_EH_PE_absptr, []byte{1, 2, 3, 4, 5, 6, 7, 8}, 0x0807060504030201, 8, ""},
		{"udata2", dc.DW_EH_PE_udata2, []byte{0xfe, 0xff}, 0xfffe, 2, ""},
		{"sdata2", dc.DW_EH_PE_sdata2, []byte{0xfe, 0xff}, ^uint64(1), 2, ""},
		{"udata4", dc.DW_EH_PE_udata4, []byte{0xfc, 0xff, 0xff, 0xff}, 0xfffffffc, 4, ""},
		{"sdata4 pcrel", dc.DW_EH_PE_pcrel | dc.DW_EH_PE_sdata4, []byte{0xfc, 0xff, 0xff, 0xff}, 0x1001 - 4, 4, ""},
		{"gcc's FDE encoding", 0x1b, []byte{0x10, 0, 0, 0}, 0x1011, 4, ""},
		{"uleb128", dc.DW_EH_PE_uleb128, []byte{0x80, 0x01}, 128, 2, ""},
		{"sleb128", dc.DW_EH_PE_sleb128, []byte{0x7f}, ^uint64(0), 1, ""},
		{"udata8", dc.DW_EH_PE_udata8, []byte{8, 0, 0, 0, 0, 0, 0, 0}, 8, 8, ""},
		{"indirect ignored", dc.DW_EH_PE_indirect | dc.DW_EH_PE_pcrel | dc.DW_EH_PE_sdata4, []byte{4, 0, 0, 0}, 0x1005, 4, ""},
		{"omit", dc.DW_EH_PE_omit, []byte{1}, 0, 0, ""},
		{"unknown format", 0x05, []byte{1}, 0, 0, "offset 0x1: unknown pointer encoding 0x5"},
		{"datarel refused", dc.DW_EH_PE_datarel | dc.DW_EH_PE_udata4, []byte{1, 0, 0, 0}, 0, 4, "offset 0x5: unsupported pointer application 0x30"},
		{"truncated", dc.DW_EH_PE_sdata4, []byte{1, 0}, 0, 2, "offset 0x1: truncated: need 4 bytes, have 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewAt(append([]byte{0xaa}, tc.data...), 1)
			v := r.EHPointer(tc.enc, 0x1000)
			if tc.err != "" {
				if err := r.Err(); err == nil || err.Error() != tc.err {
					t.Fatalf("EHPointer = %#x, %v; want error %q", v, err, tc.err)
				}
				return
			}
			if v != tc.want || r.Off() != 1+tc.n || r.Failed() {
				t.Fatalf("EHPointer = %#x at %d (%v); want %#x at %d", v, r.Off(), r.Err(), tc.want, 1+tc.n)
			}
		})
	}
}

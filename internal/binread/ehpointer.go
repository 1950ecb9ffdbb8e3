package binread

import dc "sonde/internal/dwarfconst"

// EHPointer reads a pointer of .eh_frame or .gcc_except_table in
// encoding enc (DW_EH_PE_*, LSB 5.0 10.5.1), at link-time address
// addr of the reader's data[0] (for DW_EH_PE_pcrel). DW_EH_PE_omit reads
// nothing and returns 0. An indirect pointer (DW_EH_PE_indirect) is
// returned as the address it is stored at. An unknown format, and an
// application other than absolute and pc-relative (textrel, datarel,
// funcrel, aligned: bases no x86-64 object needs), fail.
func (r *Reader) EHPointer(enc uint8, addr uint64) uint64 {
	if enc == dc.DW_EH_PE_omit {
		return 0
	}
	pos := addr + uint64(r.off)
	var v uint64
	switch enc & dc.DW_EH_PE_format {
	case dc.DW_EH_PE_absptr, dc.DW_EH_PE_udata8, dc.DW_EH_PE_sdata8:
		v = r.U64()
	case dc.DW_EH_PE_uleb128:
		v = r.ULEB128()
	case dc.DW_EH_PE_udata2:
		v = uint64(r.U16())
	case dc.DW_EH_PE_sdata2:
		v = uint64(int64(int16(r.U16())))
	case dc.DW_EH_PE_udata4:
		v = uint64(r.U32())
	case dc.DW_EH_PE_sdata4:
		v = uint64(int64(int32(r.U32())))
	case dc.DW_EH_PE_sleb128:
		v = uint64(r.SLEB128())
	default:
		r.Failf("unknown pointer encoding %#x", enc)
		return 0
	}
	switch enc & dc.DW_EH_PE_application {
	case dc.DW_EH_PE_absptr:
	case dc.DW_EH_PE_pcrel:
		v += pos
	default:
		r.Failf("unsupported pointer application %#x", enc&dc.DW_EH_PE_application)
		return 0
	}
	return v
}

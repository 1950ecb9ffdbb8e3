// Package dwarfconst is sonde's one table of the DWARF and .eh_frame
// constants its parsers use, under their spec names (DW_OP_plus_uconst,
// DW_CFA_def_cfa, DW_EH_PE_pcrel; STYLE 9): expression operations
// [DWARF5 7.7.1, table 7.9], call frame instructions [DWARF5 7.24, table
// 7.29], pointer encodings of .eh_frame [LSB 5.0, 10.5], location list
// entries [DWARF5 7.7.3] and base type encodings [DWARF5 7.8]. It holds
// no code.
package dwarfconst

// DWARF expression operations [DWARF5 2.5, 2.6, table 7.9], and the GNU
// extensions gcc emits (DW_OP_GNU_*, binutils include/dwarf2.def).
const (
	DW_OP_addr                 = 0x03
	DW_OP_deref                = 0x06
	DW_OP_const1u              = 0x08
	DW_OP_const1s              = 0x09
	DW_OP_const2u              = 0x0a
	DW_OP_const2s              = 0x0b
	DW_OP_const4u              = 0x0c
	DW_OP_const4s              = 0x0d
	DW_OP_const8u              = 0x0e
	DW_OP_const8s              = 0x0f
	DW_OP_constu               = 0x10
	DW_OP_consts               = 0x11
	DW_OP_dup                  = 0x12
	DW_OP_drop                 = 0x13
	DW_OP_over                 = 0x14
	DW_OP_pick                 = 0x15
	DW_OP_swap                 = 0x16
	DW_OP_rot                  = 0x17
	DW_OP_xderef               = 0x18
	DW_OP_abs                  = 0x19
	DW_OP_and                  = 0x1a
	DW_OP_div                  = 0x1b
	DW_OP_minus                = 0x1c
	DW_OP_mod                  = 0x1d
	DW_OP_mul                  = 0x1e
	DW_OP_neg                  = 0x1f
	DW_OP_not                  = 0x20
	DW_OP_or                   = 0x21
	DW_OP_plus                 = 0x22
	DW_OP_plus_uconst          = 0x23
	DW_OP_shl                  = 0x24
	DW_OP_shr                  = 0x25
	DW_OP_shra                 = 0x26
	DW_OP_xor                  = 0x27
	DW_OP_bra                  = 0x28
	DW_OP_eq                   = 0x29
	DW_OP_ge                   = 0x2a
	DW_OP_gt                   = 0x2b
	DW_OP_le                   = 0x2c
	DW_OP_lt                   = 0x2d
	DW_OP_ne                   = 0x2e
	DW_OP_skip                 = 0x2f
	DW_OP_lit0                 = 0x30
	DW_OP_lit31                = 0x4f
	DW_OP_reg0                 = 0x50
	DW_OP_reg31                = 0x6f
	DW_OP_breg0                = 0x70
	DW_OP_breg31               = 0x8f
	DW_OP_regx                 = 0x90
	DW_OP_fbreg                = 0x91
	DW_OP_bregx                = 0x92
	DW_OP_piece                = 0x93
	DW_OP_deref_size           = 0x94
	DW_OP_xderef_size          = 0x95
	DW_OP_nop                  = 0x96
	DW_OP_push_object_address  = 0x97
	DW_OP_call2                = 0x98
	DW_OP_call4                = 0x99
	DW_OP_call_ref             = 0x9a
	DW_OP_form_tls_address     = 0x9b
	DW_OP_call_frame_cfa       = 0x9c
	DW_OP_bit_piece            = 0x9d
	DW_OP_implicit_value       = 0x9e
	DW_OP_stack_value          = 0x9f
	DW_OP_implicit_pointer     = 0xa0
	DW_OP_addrx                = 0xa1
	DW_OP_constx               = 0xa2
	DW_OP_entry_value          = 0xa3
	DW_OP_const_type           = 0xa4
	DW_OP_regval_type          = 0xa5
	DW_OP_deref_type           = 0xa6
	DW_OP_xderef_type          = 0xa7
	DW_OP_convert              = 0xa8
	DW_OP_reinterpret          = 0xa9
	DW_OP_GNU_push_tls_address = 0xe0
	DW_OP_GNU_uninit           = 0xf0
	DW_OP_GNU_encoded_addr     = 0xf1
	DW_OP_GNU_implicit_pointer = 0xf2
	DW_OP_GNU_entry_value      = 0xf3
	DW_OP_GNU_const_type       = 0xf4
	DW_OP_GNU_regval_type      = 0xf5
	DW_OP_GNU_deref_type       = 0xf6
	DW_OP_GNU_convert          = 0xf7
	DW_OP_GNU_reinterpret      = 0xf9
	DW_OP_GNU_parameter_ref    = 0xfa
	DW_OP_GNU_addr_index       = 0xfb
	DW_OP_GNU_const_index      = 0xfc
	DW_OP_GNU_variable_value   = 0xfd
)

// DWARF call frame instructions [DWARF5 6.4.2, table 7.29]. The first
// three carry their operand in the low 6 bits of the opcode.
const (
	DW_CFA_advance_loc        = 0x40
	DW_CFA_offset             = 0x80
	DW_CFA_restore            = 0xc0
	DW_CFA_nop                = 0x00
	DW_CFA_set_loc            = 0x01
	DW_CFA_advance_loc1       = 0x02
	DW_CFA_advance_loc2       = 0x03
	DW_CFA_advance_loc4       = 0x04
	DW_CFA_offset_extended    = 0x05
	DW_CFA_restore_extended   = 0x06
	DW_CFA_undefined          = 0x07
	DW_CFA_same_value         = 0x08
	DW_CFA_register           = 0x09
	DW_CFA_remember_state     = 0x0a
	DW_CFA_restore_state      = 0x0b
	DW_CFA_def_cfa            = 0x0c
	DW_CFA_def_cfa_register   = 0x0d
	DW_CFA_def_cfa_offset     = 0x0e
	DW_CFA_def_cfa_expression = 0x0f
	DW_CFA_expression         = 0x10
	DW_CFA_offset_extended_sf = 0x11
	DW_CFA_def_cfa_sf         = 0x12
	DW_CFA_def_cfa_offset_sf  = 0x13
	DW_CFA_val_offset         = 0x14
	DW_CFA_val_offset_sf      = 0x15
	DW_CFA_val_expression     = 0x16
	DW_CFA_GNU_args_size      = 0x2e
	DW_CFA_GNU_neg_offset_ext = 0x2f
)

// Pointer encodings of .eh_frame and .gcc_except_table [LSB 5.0, 10.5.1,
// "DWARF Exception Header Encoding"]: the low 4 bits give the format,
// bits 4-6 how the value applies, bit 7 an indirect pointer.
const (
	DW_EH_PE_absptr   = 0x00
	DW_EH_PE_uleb128  = 0x01
	DW_EH_PE_udata2   = 0x02
	DW_EH_PE_udata4   = 0x03
	DW_EH_PE_udata8   = 0x04
	DW_EH_PE_sleb128  = 0x09
	DW_EH_PE_sdata2   = 0x0a
	DW_EH_PE_sdata4   = 0x0b
	DW_EH_PE_sdata8   = 0x0c
	DW_EH_PE_pcrel    = 0x10
	DW_EH_PE_textrel  = 0x20
	DW_EH_PE_datarel  = 0x30
	DW_EH_PE_funcrel  = 0x40
	DW_EH_PE_aligned  = 0x50
	DW_EH_PE_indirect = 0x80
	DW_EH_PE_omit     = 0xff

	// DW_EH_PE_format masks the format bits, DW_EH_PE_application the
	// application bits.
	DW_EH_PE_format      = 0x0f
	DW_EH_PE_application = 0x70
)

// Location list entry kinds of .debug_loclists [DWARF5 7.7.3, table 7.10].
const (
	DW_LLE_end_of_list      = 0x00
	DW_LLE_base_addressx    = 0x01
	DW_LLE_startx_endx      = 0x02
	DW_LLE_startx_length    = 0x03
	DW_LLE_offset_pair      = 0x04
	DW_LLE_default_location = 0x05
	DW_LLE_base_address     = 0x06
	DW_LLE_start_end        = 0x07
	DW_LLE_start_length     = 0x08
)

// Base type encodings [DWARF5 7.8, table 7.11].
const (
	DW_ATE_boolean       = 0x02
	DW_ATE_float         = 0x04
	DW_ATE_signed        = 0x05
	DW_ATE_signed_char   = 0x06
	DW_ATE_unsigned      = 0x07
	DW_ATE_unsigned_char = 0x08
	DW_ATE_UTF           = 0x10
)

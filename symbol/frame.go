package symbol

// Frame is one source-level frame of an address. The frames of one address
// come innermost first: frames[0] is the innermost inlined callee (or the
// function itself when nothing is inlined there), the last element is the
// out-of-line function that contains the address.
type Frame struct {
	// Func is the function's name as the object spells it: the DWARF
	// linkage name (mangled) when present, else DW_AT_name, else the symbol
	// table's name. "" when unknown.
	Func string
	// File is the source file's path, "" when unknown.
	File string
	// Line and Column are 0 when unknown.
	Line, Column int
	// Discriminator is 0 when none. For frames[0] it is the line-table
	// row's discriminator (DWARF 4 6.2.2), which binutils addr2line prints
	// (on every frame); for an outer frame it is the call site's
	// DW_AT_GNU_discriminator, as llvm-symbolizer reports it.
	Discriminator int
	// Inlined is true when this frame was inlined into the next one.
	Inlined bool
	// FuncAddr is the link-time entry address of the out-of-line function,
	// 0 when unknown; addr-FuncAddr is the offset of a degraded
	// "function+offset" display.
	FuncAddr uint64
}

// Info says what an object could offer, so that reports can say what was
// missing.
type Info struct {
	HasFunctions, HasLineNumbers, HasInlineFrames bool
	// DebugFile is the separate debug file used, "" if none.
	DebugFile string
	// Missing is one line saying what was missing ("no DWARF: function names
	// from .dynsym only"), "" when nothing was.
	Missing string
}

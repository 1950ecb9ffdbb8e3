package python

// Layout312 is CPython 3.12's layout on x86-64 for a release build, for a
// libpython whose DWARF is not at hand: the offsets libpython3.12.so of
// pyenv's 3.12.1 gives in its DWARF and gdb's `ptype/o` prints
// (TestLayoutDocumented compares them with the DWARF of the machine's
// libpython3.12). 3.12 dropped is_entry (entry frames are shims owned by
// the C stack), PyASCIIObject's wstr (40 bytes, not 48) and moved the
// thread list in struct _is; py-spy reads every 3.12.x with one set of
// bindings (python_bindings/v3_12_0.rs).
var Layout312 = Layout{
	Version: 12, Cframe: true, ShimEntry: true, TstateCurrentFrame: -1,
	TstateNext: 8, TstateCframe: 0x38, TstateNativeTID: 0x90,
	CframeCurrent: 0,
	FrameCode:     0, FramePrevious: 8, FramePrevInstr: 56,
	FrameIsEntry: -1, FrameOwner: 70, FrameSize: 72,
	CodeFilename: 0x70, CodeQualname: 0x80, CodeLinetable: 0x88,
	CodeFirstlineno: 0x44, CodeAdaptive: 0xc0,
	RuntimeInterpHead: 0x28,
	InterpNext:        0, InterpThreadsHead: 0x48,
	ObType: 8, VarSize: 16,
	ASCIILength: 16, ASCIIState: 32, ASCIISize: 40, CompactSize: 56,
	KindShift: 2, CompactBit: 5, ASCIIBit: 6,
	BytesData: 0x20,
}

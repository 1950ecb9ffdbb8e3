package python

// Layout311 is CPython 3.11's layout on x86-64 for a release build (no
// --with-pydebug, whose object header is larger), for a libpython whose
// DWARF is not at hand (a distribution's stripped library): the offsets
// libpython3.11.so of pyenv's 3.11.7 gives in its DWARF and gdb's
// `ptype/o` prints (TestLayout311 compares them with the DWARF of the
// machine's libpython). The structures are the same across 3.11's
// releases (py-spy reads every 3.11.x with one set of bindings,
// python_bindings/v3_11_0.rs), not across minor versions.
var Layout311 = Layout{
	Version: 11, Cframe: true, TstateCurrentFrame: -1,
	TstateNext: 8, TstateCframe: 56, TstateNativeTID: 160,
	CframeCurrent: 8,
	FrameCode:     32, FramePrevious: 48, FramePrevInstr: 56,
	FrameIsEntry: 68, FrameOwner: 69, FrameSize: 72,
	CodeFilename: 0x70, CodeQualname: 0x80, CodeLinetable: 0x88,
	CodeFirstlineno: 0x48, CodeAdaptive: 0xb8,
	RuntimeInterpHead: 0x28,
	InterpNext:        0, InterpThreadsHead: 0x10,
	ObType: 8, VarSize: 16,
	ASCIILength: 16, ASCIIState: 32, ASCIISize: 48, CompactSize: 72,
	KindShift: 2, CompactBit: 5, ASCIIBit: 6,
	BytesData: 0x20,
}

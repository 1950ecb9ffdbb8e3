package python

import (
	"debug/dwarf"
	"debug/elf"
	"errors"
	"fmt"
	"strings"

	"sonde/objfile"
)

// Layout holds the offsets (bytes) of the CPython structure members the
// reader follows (CPython 3.11, 3.12 and 3.13), as libpython's DWARF gives
// them, and how the version chains its frames. The names are the C ones:
// Tstate is struct _ts (PyThreadState), Cframe _PyCFrame, Frame struct
// _PyInterpreterFrame, Code PyCodeObject, Runtime _PyRuntimeState, Interp
// struct _is, ASCII PyASCIIObject.
//
// A thread's chain, innermost frame first:
//
//	3.11, 3.12: tstate->cframe->current_frame   (Cframe: TstateCframe, CframeCurrent)
//	3.13:       tstate->current_frame           (TstateCurrentFrame)
//	then frame->previous (FramePrevious) until NULL; each frame's code
//	object at FrameCode (f_code; 3.13's f_executable), its instruction at
//	FramePrevInstr (prev_instr; 3.13's instr_ptr).
//
// The frames one call of _PyEval_EvalFrameDefault runs end (outwards) at
// an entry frame: 3.11 marks it with is_entry (FrameIsEntry); 3.12 and
// 3.13 (ShimEntry) put a shim frame on the C stack, owned by it (owner
// OwnedByCStack), as the previous of the call's first frame.
type Layout struct {
	// Version is the CPython minor version: 11, 12 or 13 (3.x).
	Version int
	// Cframe says that the innermost frame is
	// tstate->cframe->current_frame (3.11, 3.12); else (3.13) it is
	// tstate->current_frame, at TstateCurrentFrame, and TstateCframe and
	// CframeCurrent are -1.
	Cframe bool
	// ShimEntry says that an eval call's first frame is marked by a shim
	// frame (owner OwnedByCStack) as its previous (3.12, 3.13), not by
	// its is_entry byte (3.11; FrameIsEntry is -1 without one). A shim's
	// code is no Python function (3.12: the interpreter's trampoline
	// code; 3.13: None) and is not read.
	ShimEntry bool
	// InstrPtr says that FramePrevInstr is 3.13's instr_ptr, not
	// prev_instr. Both point at the instruction being run (the frame's
	// lasti), so they give the line alike; a frame that has not started
	// has instr_ptr at its first code unit, prev_instr one unit before.
	InstrPtr bool
	// TstateCurrentFrame is 3.13's tstate->current_frame, -1 before.
	TstateCurrentFrame int64
	// TstateNext, TstateCframe and TstateNativeTID are PyThreadState's
	// next (the interpreter's thread list), cframe (-1 in 3.13) and
	// native_thread_id (the thread's tid, how a thread is found).
	TstateNext, TstateCframe, TstateNativeTID int64
	// CframeCurrent is _PyCFrame.current_frame (-1 in 3.13).
	CframeCurrent int64
	// FrameCode, FramePrevious and FramePrevInstr are
	// _PyInterpreterFrame's code object (f_code; 3.13: f_executable),
	// previous frame and instruction (prev_instr; 3.13: instr_ptr).
	FrameCode, FramePrevious, FramePrevInstr int64
	// FrameIsEntry and FrameOwner are _PyInterpreterFrame's is_entry
	// (3.11; -1 after) and owner bytes; FrameSize is the offset of its
	// localsplus, the part of a frame the reader reads.
	FrameIsEntry, FrameOwner, FrameSize int64
	// CodeFilename, CodeQualname and CodeLinetable are PyCodeObject's
	// co_filename and co_qualname (str) and co_linetable (bytes).
	CodeFilename, CodeQualname, CodeLinetable int64
	// CodeFirstlineno is PyCodeObject.co_firstlineno (an int);
	// CodeAdaptive its co_code_adaptive, where the bytecode starts.
	CodeFirstlineno, CodeAdaptive int64
	// RuntimeInterpHead is _PyRuntime.interpreters.head.
	RuntimeInterpHead int64
	// InterpNext and InterpThreadsHead are PyInterpreterState's next
	// and threads.head.
	InterpNext, InterpThreadsHead int64
	// ObType and VarSize are PyObject.ob_type and PyVarObject.ob_size;
	// a code object's ob_size is its number of code units.
	ObType, VarSize int64
	// ASCIILength and ASCIIState are PyASCIIObject.length and .state;
	// ASCIISize and CompactSize the sizes of PyASCIIObject and
	// PyCompactUnicodeObject, after which a compact string's characters
	// start. KindShift, CompactBit and ASCIIBit place state's kind (3
	// bits), compact and ascii bits.
	ASCIILength, ASCIIState, ASCIISize, CompactSize int64
	KindShift, CompactBit, ASCIIBit                 int64
	// BytesData is PyBytesObject.ob_sval.
	BytesData int64
}

// OwnedByCStack is enum _frameowner's FRAME_OWNED_BY_CSTACK (3.12, 3.13):
// the owner of an eval call's shim entry frame.
const OwnedByCStack = 3

// ErrNoLayout is wrapped by LayoutOf's error when the object's DWARF does
// not describe the structures (not a CPython 3.11-3.13, or no debug info).
var ErrNoLayout = errors.New("no CPython 3.11-3.13 structure layout")

// wanted names the DWARF types Layout needs: struct tags and typedefs
// (3.13 has no _PyCFrame).
var wanted = map[string]dwarf.Tag{
	"_ts":                    dwarf.TagStructType,
	"_PyCFrame":              dwarf.TagStructType,
	"_PyInterpreterFrame":    dwarf.TagStructType,
	"PyCodeObject":           dwarf.TagStructType,
	"pyruntimestate":         dwarf.TagStructType,
	"_is":                    dwarf.TagStructType,
	"PyVarObject":            dwarf.TagTypedef,
	"PyASCIIObject":          dwarf.TagTypedef,
	"PyCompactUnicodeObject": dwarf.TagTypedef,
	"PyBytesObject":          dwarf.TagTypedef,
}

// LayoutOf reads the structure layout from the DWARF of f (libpython3.1x
// or a python3.1x linked statically, x from 1 to 3); the version is told
// by the members of _PyInterpreterFrame (3.11: is_entry; 3.12: f_code and
// no is_entry; 3.13: f_executable).
func LayoutOf(f *objfile.File) (l *Layout, err error) {
	if f.Debug == nil {
		return nil, fmt.Errorf("%s: %w: no DWARF", f.Path, ErrNoLayout)
	}
	err = objfile.Safe(f.Path, func() error {
		var err error
		l, err = layoutOf(f.Debug)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	return l, nil
}

func layoutOf(ef *elf.File) (*Layout, error) {
	d, err := ef.DWARF()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoLayout, err)
	}
	found := map[string]dwarf.Offset{}
	r := d.Reader()
	// The headers are included by nearly every unit: the first few units
	// that define them are enough, and functions' subtrees are skipped.
	need := len(wanted)
	for len(found) < need {
		e, err := r.Next()
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrNoLayout, err)
		}
		if e == nil {
			break
		}
		if e.Tag == dwarf.TagCompileUnit {
			continue
		}
		name, _ := e.Val(dwarf.AttrName).(string)
		if tag, ok := wanted[name]; ok && tag == e.Tag && e.Val(dwarf.AttrDeclaration) == nil {
			if _, dup := found[name]; !dup {
				found[name] = e.Offset
				if name == "_PyInterpreterFrame" && hasMember(d, e.Offset, "f_executable") {
					need-- // 3.13: no _PyCFrame to wait for
				}
			}
		}
		if e.Children {
			r.SkipChildren()
		}
	}
	st := func(name string) (*dwarf.StructType, error) {
		off, ok := found[name]
		if !ok {
			return nil, fmt.Errorf("%w: no type %s", ErrNoLayout, name)
		}
		t, err := d.Type(off)
		if err != nil {
			return nil, fmt.Errorf("%w: type %s: %w", ErrNoLayout, name, err)
		}
		t = untypedef(t)
		s, ok := t.(*dwarf.StructType)
		if !ok {
			return nil, fmt.Errorf("%w: %s is a %T", ErrNoLayout, name, t)
		}
		return s, nil
	}
	var l Layout
	var first error
	off := func(typ, path string) int64 {
		s, err := st(typ)
		if err == nil {
			var o int64
			if o, _, err = member(s, path); err == nil {
				return o
			}
		}
		if first == nil {
			first = err
		}
		return 0
	}
	size := func(typ string) int64 {
		s, err := st(typ)
		if err != nil {
			if first == nil {
				first = err
			}
			return 0
		}
		return s.ByteSize
	}
	fs, err := st("_PyInterpreterFrame")
	if err != nil {
		return nil, err
	}
	has := func(name string) bool { _, _, err := member(fs, name); return err == nil }
	switch {
	case has("f_executable"):
		l.Version = 13
	case has("is_entry"):
		l.Version = 11
	case has("f_code"):
		l.Version = 12
	default:
		return nil, fmt.Errorf("%w: _PyInterpreterFrame has neither f_code nor f_executable", ErrNoLayout)
	}
	l.Cframe = l.Version < 13
	l.ShimEntry = l.Version >= 12
	l.InstrPtr = l.Version >= 13
	l.TstateNext = off("_ts", "next")
	l.TstateNativeTID = off("_ts", "native_thread_id")
	l.TstateCframe, l.CframeCurrent, l.TstateCurrentFrame = -1, -1, -1
	if l.Cframe {
		l.TstateCframe = off("_ts", "cframe")
		l.CframeCurrent = off("_PyCFrame", "current_frame")
	} else {
		l.TstateCurrentFrame = off("_ts", "current_frame")
	}
	l.FramePrevious = off("_PyInterpreterFrame", "previous")
	l.FrameIsEntry = -1
	if l.Version == 11 {
		l.FrameIsEntry = off("_PyInterpreterFrame", "is_entry")
	}
	if l.InstrPtr {
		l.FrameCode = off("_PyInterpreterFrame", "f_executable")
		l.FramePrevInstr = off("_PyInterpreterFrame", "instr_ptr")
	} else {
		l.FrameCode = off("_PyInterpreterFrame", "f_code")
		l.FramePrevInstr = off("_PyInterpreterFrame", "prev_instr")
	}
	l.FrameOwner = off("_PyInterpreterFrame", "owner")
	l.FrameSize = off("_PyInterpreterFrame", "localsplus")
	l.CodeFilename = off("PyCodeObject", "co_filename")
	l.CodeQualname = off("PyCodeObject", "co_qualname")
	l.CodeLinetable = off("PyCodeObject", "co_linetable")
	l.CodeFirstlineno = off("PyCodeObject", "co_firstlineno")
	l.CodeAdaptive = off("PyCodeObject", "co_code_adaptive")
	l.RuntimeInterpHead = off("pyruntimestate", "interpreters.head")
	l.InterpNext = off("_is", "next")
	l.InterpThreadsHead = off("_is", "threads.head")
	l.ObType = off("PyVarObject", "ob_base.ob_type")
	l.VarSize = off("PyVarObject", "ob_size")
	l.ASCIILength = off("PyASCIIObject", "length")
	l.ASCIIState = off("PyASCIIObject", "state")
	l.ASCIISize = size("PyASCIIObject")
	l.CompactSize = size("PyCompactUnicodeObject")
	l.BytesData = off("PyBytesObject", "ob_sval")
	if s, err := st("PyASCIIObject"); err == nil {
		if _, t, err := member(s, "state"); err == nil {
			if bs, ok := t.(*dwarf.StructType); ok {
				l.KindShift = bitOffset(bs, "kind", &first)
				l.CompactBit = bitOffset(bs, "compact", &first)
				l.ASCIIBit = bitOffset(bs, "ascii", &first)
			}
		}
	}
	if first != nil {
		return nil, first
	}
	if err := l.check(); err != nil {
		return nil, err
	}
	return &l, nil
}

// hasMember reports whether the structure at off in d has a member name.
func hasMember(d *dwarf.Data, off dwarf.Offset, name string) bool {
	t, err := d.Type(off)
	if err != nil {
		return false
	}
	s, ok := untypedef(t).(*dwarf.StructType)
	if !ok {
		return false
	}
	_, _, err = member(s, name)
	return err == nil
}

// member finds the byte offset and type of a dotted member path in s.
func member(s *dwarf.StructType, path string) (int64, dwarf.Type, error) {
	var off int64
	var t dwarf.Type = s
	for _, name := range strings.Split(path, ".") {
		t = untypedef(t)
		st, ok := t.(*dwarf.StructType)
		if !ok {
			return 0, nil, fmt.Errorf("%w: %s: %s is not a structure", ErrNoLayout, path, name)
		}
		var f *dwarf.StructField
		for _, c := range st.Field {
			if c.Name == name {
				f = c
				break
			}
		}
		if f == nil {
			return 0, nil, fmt.Errorf("%w: %s has no member %s", ErrNoLayout, st.StructName, name)
		}
		off += f.ByteOffset
		t = f.Type
	}
	return off, t, nil
}

// bitOffset returns the bit offset of bit field name in s, counted from
// the least significant bit of the field's storage (DWARF 4's
// DW_AT_data_bit_offset on a little-endian machine).
func bitOffset(s *dwarf.StructType, name string, first *error) int64 {
	for _, f := range s.Field {
		if f.Name == name {
			if f.BitSize == 0 {
				break
			}
			if f.DataBitOffset != 0 || f.BitOffset == 0 {
				return f.DataBitOffset - 8*f.ByteOffset
			}
			// DWARF 2/3: BitOffset counts from the storage's most
			// significant bit.
			return 8*f.ByteSize - f.BitOffset - f.BitSize
		}
	}
	if *first == nil {
		*first = fmt.Errorf("%w: no bit field %s", ErrNoLayout, name)
	}
	return 0
}

// untypedef returns the type that typedef t names, through any chain of
// typedefs; t itself if it is no typedef.
func untypedef(t dwarf.Type) dwarf.Type {
	for {
		td, ok := t.(*dwarf.TypedefType)
		if !ok {
			return t
		}
		t = td.Type
	}
}

// check reports a layout whose frame, code object or string fields do not
// fit in the headers the reader reads (FrameSize, CodeAdaptive,
// ASCIISize bytes).
func (l *Layout) check() error {
	in := func(what string, size int64, n int, offs ...int64) error {
		for _, o := range offs {
			if o < 0 || o+int64(n) > size {
				return fmt.Errorf("%w: %s offset %d outside its %d bytes", ErrNoLayout, what, o, size)
			}
		}
		return nil
	}
	fr := []int64{l.FrameCode, l.FramePrevious, l.FramePrevInstr}
	bytes := []int64{l.FrameOwner}
	if l.FrameIsEntry >= 0 {
		bytes = append(bytes, l.FrameIsEntry)
	}
	return errors.Join(
		in("frame", l.FrameSize, 8, fr...),
		in("frame", l.FrameSize, 1, bytes...),
		in("code", l.CodeAdaptive, 8, l.CodeFilename, l.CodeQualname, l.CodeLinetable, l.ObType, l.VarSize),
		in("code", l.CodeAdaptive, 4, l.CodeFirstlineno),
		in("str", l.ASCIISize, 8, l.ASCIILength),
		in("str", l.ASCIISize, 4, l.ASCIIState),
		in("str", l.CompactSize, 0, l.ASCIISize),
		in("bit", 29, 3, l.KindShift, l.CompactBit, l.ASCIIBit),
	)
}

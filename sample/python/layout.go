package python

import (
	"debug/dwarf"
	"debug/elf"
	"errors"
	"fmt"
	"strings"

	"sonde/objfile"
)

// Layout holds the offsets (bytes) of the CPython 3.11 structure members
// the reader follows, as libpython's DWARF gives them. The names are the
// C ones: Tstate is struct _ts (PyThreadState), Cframe _PyCFrame, Frame
// struct _PyInterpreterFrame, Code PyCodeObject, Runtime
// _PyRuntimeState, Interp struct _is, ASCII PyASCIIObject.
type Layout struct {
	TstateNext, TstateCframe, TstateNativeTID int64
	CframeCurrent                             int64
	FrameCode, FramePrevious, FramePrevInstr  int64
	FrameIsEntry, FrameOwner, FrameSize       int64
	CodeFilename, CodeQualname, CodeLinetable int64
	CodeFirstlineno, CodeAdaptive             int64
	RuntimeInterpHead                         int64
	InterpNext, InterpThreadsHead             int64
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

// ErrNoLayout is wrapped by LayoutOf's error when the object's DWARF does
// not describe the structures (not a CPython 3.11, or no debug info).
var ErrNoLayout = errors.New("no CPython 3.11 structure layout")

// wanted names the DWARF types Layout needs: struct tags and typedefs.
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

// LayoutOf reads the structure layout from the DWARF of f (libpython3.11
// or a python3.11 linked statically).
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
	for len(found) < len(wanted) {
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
	l.TstateNext = off("_ts", "next")
	l.TstateCframe = off("_ts", "cframe")
	l.TstateNativeTID = off("_ts", "native_thread_id")
	l.CframeCurrent = off("_PyCFrame", "current_frame")
	l.FrameCode = off("_PyInterpreterFrame", "f_code")
	l.FramePrevious = off("_PyInterpreterFrame", "previous")
	l.FramePrevInstr = off("_PyInterpreterFrame", "prev_instr")
	l.FrameIsEntry = off("_PyInterpreterFrame", "is_entry")
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
	return &l, nil
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

package objfile

import (
	"bytes"
	"debug/dwarf"
	"debug/elf"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/klauspost/compress/zlib"
)

// ErrNotELF is wrapped by Open's error when the file is not an ELF object.
var ErrNotELF = errors.New("not an ELF file")

// ErrNoDWARF is wrapped by DWARF's error when neither the object nor a
// debug file found for it carries DWARF.
var ErrNoDWARF = errors.New("no DWARF debug info")

// FormatError reports corrupt bytes in a file at an offset.
type FormatError struct {
	File string // the file's path
	Off  int64  // offset in the file, or in the section named by Msg
	Msg  string // what was wrong, naming the section
}

// Error implements error.
func (e *FormatError) Error() string {
	return fmt.Sprintf("%s: offset %#x: %s", e.File, e.Off, e.Msg)
}

// elfMagic starts every ELF file [elf(5)].
var elfMagic = []byte("\x7fELF")

// File is an opened ELF object and the file its DWARF is in. Its methods
// are not safe for concurrent use; it holds open files until Close.
type File struct {
	// Path is the path the object was opened from.
	Path string
	// ELF is the object.
	ELF *elf.File
	// BuildID is the object's GNU build-id in hex, "" if it has none.
	BuildID string
	// Debug is the ELF file holding the object's DWARF: ELF itself, a
	// separate debug file, or nil when none was found.
	Debug *elf.File
	// DebugPath is Debug's path ("" when Debug is nil).
	DebugPath string
	// Missing says, when the object has no DWARF, where a separate debug
	// file was looked for and what failed there, one clause each
	// ("no /usr/lib/debug/.build-id/ab/cd.debug", "no .gnu_debuglink").
	Missing []string

	closers []io.Closer
	// elfR and debugR read ELF's and Debug's bytes as stored (DebugReader);
	// debugR is nil when unknown.
	elfR, debugR io.ReaderAt
}

// Open opens the ELF object at path and finds its debug information (see
// the package comment). A file that is not ELF gives an error wrapping
// ErrNotELF; a malformed one a FormatError.
func Open(path string, opts *Options) (f *File, err error) {
	osf, ef, err := openELF(path)
	if err != nil {
		return nil, err
	}
	f = &File{Path: path, ELF: ef, closers: []io.Closer{osf}, elfR: osf}
	defer func() {
		if err != nil {
			f.Close()
		}
	}()
	err = f.init(opts)
	return f, err
}

// NewFile reads the ELF object in r, named path, and finds its debug
// information as Open does. r must stay readable until Close.
func NewFile(path string, r io.ReaderAt, opts *Options) (f *File, err error) {
	var ef *elf.File
	err = Safe(path, func() error {
		var err error
		ef, err = newELF(path, r)
		return err
	})
	if err != nil {
		return nil, err
	}
	f = &File{Path: path, ELF: ef, elfR: r}
	err = f.init(opts)
	return f, err
}

func (f *File) init(opts *Options) error {
	return Safe(f.Path, func() error {
		f.BuildID = BuildID(f.ELF)
		if HasDWARF(f.ELF) {
			f.Debug, f.DebugPath, f.debugR = f.ELF, f.Path, f.elfR
			return nil
		}
		if opts != nil && opts.ELFOnly {
			f.Missing = append(f.Missing, "not looked for")
			return nil
		}
		df, dpath, closer, tried := findDebugFile(f.ELF, f.Path, f.BuildID, opts)
		f.Missing = append(f.Missing, tried...)
		if df != nil {
			f.Debug, f.DebugPath = df, dpath
			f.closers = append(f.closers, closer)
			f.debugR, _ = closer.(io.ReaderAt)
		}
		return nil
	})
}

// Close closes the files the File opened.
func (f *File) Close() error {
	var first error
	for _, c := range f.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	f.closers = nil
	return first
}

// DebugReader returns a reader of Debug's bytes as the file stores them
// (compressed sections compressed), for a caller that decompresses
// sections itself; nil when there is no DWARF or the reader is unknown. It
// reads until Close.
func (f *File) DebugReader() io.ReaderAt { return f.debugR }

// HasDWARF reports whether the object's DWARF was found.
func (f *File) HasDWARF() bool { return f.Debug != nil }

// Separate reports whether the DWARF is in a separate debug file.
func (f *File) Separate() bool { return f.Debug != nil && f.Debug != f.ELF }

// Why is one line saying where a separate debug file was looked for and
// what failed ("separate debug file: no /usr/lib/debug/...; no
// .gnu_debuglink"), "" when the DWARF is in the object itself.
func (f *File) Why() string {
	if len(f.Missing) == 0 {
		return ""
	}
	return "separate debug file: " + strings.Join(f.Missing, "; ")
}

// DWARF returns debug/dwarf's reading of the object's DWARF (in the object
// or its separate debug file). It wraps ErrNoDWARF, with Why, when there is
// none.
func (f *File) DWARF() (d *dwarf.Data, err error) {
	if f.Debug == nil {
		return nil, fmt.Errorf("read DWARF of %s: %w (%s)", f.Path, ErrNoDWARF, f.Why())
	}
	err = Safe(f.DebugPath, func() error {
		var err error
		d, err = f.Debug.DWARF()
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read DWARF of %s: %w", f.DebugPath, err)
	}
	return d, nil
}

// DebugSection returns the contents of the DWARF section name
// (".debug_loc") of the debug file, decompressed (see SectionData); nil,
// nil when it is missing or there is no DWARF.
func (f *File) DebugSection(name string) ([]byte, error) {
	if f.Debug == nil {
		return nil, nil
	}
	var b []byte
	err := Safe(f.DebugPath, func() error {
		var err error
		b, err = SectionData(f.Debug, f.DebugPath, name)
		return err
	})
	return b, err
}

// Symbols returns the object's symbol table; when it has none, the debug
// file's (objcopy --only-keep-debug keeps it where strip removed it); else
// the dynamic symbol table. source names the table ("symtab", "the debug
// file's symtab", "dynsym"); nil, "" when there is none.
func (f *File) Symbols() (syms []elf.Symbol, source string) {
	Safe(f.Path, func() error {
		if s, err := f.ELF.Symbols(); err == nil && len(s) > 0 {
			syms, source = s, "symtab"
			return nil
		}
		if f.Separate() {
			if s, err := f.Debug.Symbols(); err == nil && len(s) > 0 {
				syms, source = s, "the debug file's symtab"
				return nil
			}
		}
		if s, err := f.ELF.DynamicSymbols(); err == nil && len(s) > 0 {
			syms, source = s, "dynsym"
		}
		return nil
	})
	return syms, source
}

// Safe runs fn, turning a panic inside debug/elf, debug/dwarf or
// debug/gosym (which happen on some corrupt inputs) into a FormatError for
// file. Use it only at the edge around those packages, as cilium's
// SafeELFFile does; sonde's own parsers report errors instead.
func Safe(file string, fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &FormatError{File: file, Msg: fmt.Sprintf("malformed object: %v", r)}
		}
	}()
	return fn()
}

// openELF opens path as an ELF file; the caller closes the os.File.
func openELF(path string) (*os.File, *elf.File, error) {
	// Paths named inside objects (debug links, .dwo names) must not make
	// us read a device or a FIFO, which could block.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("open ELF file %s: %w", path, ErrNotELF)
	}
	osf, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("open ELF file %s: %w", path, err)
	}
	var ef *elf.File
	err = Safe(path, func() error {
		var err error
		ef, err = newELF(path, osf)
		return err
	})
	if err != nil {
		osf.Close()
		var fe *FormatError
		if errors.As(err, &fe) && !strings.HasPrefix(err.Error(), "open ") {
			err = fmt.Errorf("open ELF file %s: %w", path, err)
		}
		return nil, nil, err
	}
	return osf, ef, nil
}

// newELF reads r as an ELF file named path. A file that does not start with
// the ELF magic gives an error wrapping ErrNotELF.
func newELF(path string, r io.ReaderAt) (*elf.File, error) {
	var magic [4]byte
	if _, err := r.ReadAt(magic[:], 0); err != nil || !bytes.Equal(magic[:], elfMagic) {
		return nil, fmt.Errorf("open ELF file %s: %w", path, ErrNotELF)
	}
	ef, err := elf.NewFile(r)
	if err != nil {
		return nil, fmt.Errorf("open ELF file %s: %w", path, &FormatError{File: path, Msg: err.Error()})
	}
	return ef, nil
}

// BuildID returns the GNU build-id of f in hex, "" if it has none.
func BuildID(f *elf.File) string {
	for _, s := range f.Sections {
		if s.Type != elf.SHT_NOTE {
			continue
		}
		data, err := s.Data()
		if err != nil {
			continue
		}
		if id := NoteBuildID(data, f.ByteOrder); id != "" {
			return id
		}
	}
	for _, p := range f.Progs {
		if p.Type != elf.PT_NOTE || p.Filesz > 1<<20 {
			continue
		}
		data := make([]byte, p.Filesz)
		if _, err := p.ReadAt(data, 0); err == nil {
			if id := NoteBuildID(data, f.ByteOrder); id != "" {
				return id
			}
		}
	}
	return ""
}

// NoteBuildID finds the NT_GNU_BUILD_ID note in the notes data [elf(5)]
// and returns its descriptor in hex, "" if there is none.
func NoteBuildID(data []byte, bo binary.ByteOrder) string {
	for len(data) >= 12 {
		namesz := uint64(bo.Uint32(data[0:]))
		descsz := uint64(bo.Uint32(data[4:]))
		typ := bo.Uint32(data[8:])
		data = data[12:]
		nameEnd := (namesz + 3) &^ 3
		descEnd := (descsz + 3) &^ 3
		if nameEnd > uint64(len(data)) || nameEnd+descsz > uint64(len(data)) {
			return ""
		}
		name := data[:namesz]
		desc := data[nameEnd : nameEnd+descsz]
		if typ == 3 && string(name) == "GNU\x00" {
			return hex.EncodeToString(desc)
		}
		if nameEnd+descEnd > uint64(len(data)) {
			return ""
		}
		data = data[nameEnd+descEnd:]
	}
	return ""
}

// HasSection reports whether f has section name with contents.
func HasSection(f *elf.File, name string) bool {
	s := f.Section(name)
	return s != nil && s.Type != elf.SHT_NOBITS && s.Size > 0
}

// HasDWARF reports whether f carries DWARF debugging information.
func HasDWARF(f *elf.File) bool {
	return HasSection(f, ".debug_info") || HasSection(f, ".zdebug_info")
}

// SectionData returns the contents of the section name (".debug_x") of f,
// read from path, decompressed: SHF_COMPRESSED sections through debug/elf,
// and legacy .zdebug_x sections ("ZLIB", 8-byte big-endian size, zlib
// stream) here, with the inflater of SectionDataFrom (inflate.go), which
// also inflates SHF_COMPRESSED sections itself given the file's bytes. A
// missing section gives nil, nil. It calls debug/elf: callers run it
// under Safe.
func SectionData(f *elf.File, path, name string) ([]byte, error) {
	if s := f.Section(name); s != nil && s.Type != elf.SHT_NOBITS {
		data, err := s.Data()
		if err != nil {
			return nil, &FormatError{File: path, Off: int64(s.Offset), Msg: fmt.Sprintf("section %s: %v", name, err)}
		}
		return data, nil
	}
	zname := ".z" + strings.TrimPrefix(name, ".")
	s := f.Section(zname)
	if s == nil || s.Type == elf.SHT_NOBITS {
		return nil, nil
	}
	raw, err := s.Data()
	if err != nil {
		return nil, &FormatError{File: path, Off: int64(s.Offset), Msg: fmt.Sprintf("section %s: %v", zname, err)}
	}
	if len(raw) < 12 || string(raw[:4]) != "ZLIB" {
		return raw, nil
	}
	size := binary.BigEndian.Uint64(raw[4:12])
	zr, err := zlib.NewReader(bytes.NewReader(raw[12:]))
	if err != nil {
		return nil, &FormatError{File: path, Off: int64(s.Offset) + 12, Msg: fmt.Sprintf("section %s: %v", zname, err)}
	}
	// The declared size is untrusted: grow as the stream does, capped by it.
	var out bytes.Buffer
	if _, err := io.Copy(&out, io.LimitReader(zr, int64(min(size, 1<<34)))); err != nil {
		return nil, &FormatError{File: path, Off: int64(s.Offset) + 12, Msg: fmt.Sprintf("section %s: %v", zname, err)}
	}
	if uint64(out.Len()) != size {
		return nil, &FormatError{File: path, Off: int64(s.Offset), Msg: fmt.Sprintf("section %s: decompressed %d bytes, header says %d", zname, out.Len(), size)}
	}
	return out.Bytes(), nil
}

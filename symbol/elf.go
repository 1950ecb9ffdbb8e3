package symbol

import (
	"bytes"
	"compress/zlib"
	"debug/elf"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strings"
)

// elfMagic starts every ELF file [elf(5)].
var elfMagic = []byte("\x7fELF")

// openELF opens path as an ELF file; the caller closes the os.File.
// debug/elf panics on some corrupt inputs, so callers reach it only through
// safeCall.
func openELF(path string) (*os.File, *elf.File, error) {
	// Paths named inside objects (debug links, .dwo names) must not make
	// us read a device or a FIFO, which could block.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("open ELF file %s: %w", path, ErrNotELF)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("open ELF file %s: %w", path, err)
	}
	ef, err := newELF(path, f)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, ef, nil
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

// safeCall runs fn, turning a panic inside debug/elf, debug/dwarf or
// debug/gosym (which happen on some corrupt inputs) into a FormatError for
// file. It is used only at the edge around those packages, as cilium's
// SafeELFFile does.
func safeCall(file string, fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &FormatError{File: file, Msg: fmt.Sprintf("malformed object: %v", r)}
		}
	}()
	return fn()
}

// buildID returns the GNU build-id of f in hex, "" if it has none.
func buildID(f *elf.File) string {
	for _, s := range f.Sections {
		if s.Type != elf.SHT_NOTE {
			continue
		}
		data, err := s.Data()
		if err != nil {
			continue
		}
		if id := noteBuildID(data, f.ByteOrder); id != "" {
			return id
		}
	}
	return ""
}

// noteBuildID finds the NT_GNU_BUILD_ID note in the notes data [elf(5)].
func noteBuildID(data []byte, bo binary.ByteOrder) string {
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

// debugLink returns the file name and CRC of f's .gnu_debuglink section.
func debugLink(f *elf.File) (string, uint32, bool) {
	s := f.Section(".gnu_debuglink")
	if s == nil || s.Type == elf.SHT_NOBITS {
		return "", 0, false
	}
	data, err := s.Data()
	if err != nil {
		return "", 0, false
	}
	i := bytes.IndexByte(data, 0)
	if i <= 0 {
		return "", 0, false
	}
	crcOff := (i + 4) &^ 3
	if crcOff+4 > len(data) {
		return "", 0, false
	}
	return string(data[:i]), f.ByteOrder.Uint32(data[crcOff:]), true
}

// hasSection reports whether f has section name with contents.
func hasSection(f *elf.File, name string) bool {
	s := f.Section(name)
	return s != nil && s.Type != elf.SHT_NOBITS && s.Size > 0
}

// sectionData returns the contents of the DWARF section name (".debug_x"),
// decompressed: SHF_COMPRESSED sections through debug/elf, and legacy
// .zdebug_x sections ("ZLIB", 8-byte big-endian size, zlib stream) here.
// A missing section gives nil, nil.
func sectionData(f *elf.File, path, name string) ([]byte, error) {
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

// hasDWARF reports whether f carries DWARF debugging information.
func hasDWARF(f *elf.File) bool {
	return hasSection(f, ".debug_info") || hasSection(f, ".zdebug_info")
}

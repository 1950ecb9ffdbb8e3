package objfile

import (
	"bytes"
	"debug/elf"
	"fmt"
	"io"

	"github.com/klauspost/compress/zlib"
)

// SectionDataFrom returns the section name of f, decompressed, as
// SectionData does, reading from r, f's bytes as stored. A section
// compressed with zlib the ELF way (SHF_COMPRESSED, as libc6-dbg's) is
// read whole from r, the file's bytes as stored, and inflated with
// klauspost/compress, which debug/elf cannot be asked to use: inflating is
// most of the first query of libc's debug file (package symbol), and klauspost's inflate
// takes 20-26% less time than compress/flate's on its sections (first
// query 60-77 ms -> 49-64 ms, BenchmarkLibcFirstQuery on the loaded
// 2-core machine; the same path with compress/zlib gained nothing).
// Everything else (r nil, zstd, .zdebug sections) is SectionData's.
func SectionDataFrom(f *elf.File, r io.ReaderAt, path, name string) ([]byte, error) {
	s := f.Section(name)
	if r == nil || s == nil || s.Type == elf.SHT_NOBITS || s.Flags&elf.SHF_COMPRESSED == 0 {
		return SectionData(f, path, name)
	}
	// Elf64_Chdr: type u32, reserved u32, size u64, addralign u64;
	// Elf32_Chdr: type, size, addralign u32.
	hdr, typ, size := 24, uint32(0), uint64(0)
	if f.Class == elf.ELFCLASS32 {
		hdr = 12
	}
	var h [24]byte
	if _, err := r.ReadAt(h[:hdr], int64(s.Offset)); err != nil || s.FileSize < uint64(hdr) {
		return SectionData(f, path, name)
	}
	typ = f.ByteOrder.Uint32(h[:])
	if hdr == 24 {
		size = f.ByteOrder.Uint64(h[8:])
	} else {
		size = uint64(f.ByteOrder.Uint32(h[4:]))
	}
	if elf.CompressionType(typ) != elf.COMPRESS_ZLIB {
		return SectionData(f, path, name)
	}
	fail := func(err error) ([]byte, error) {
		return nil, &FormatError{File: path, Off: int64(s.Offset), Msg: fmt.Sprintf("section %s: %v", name, err)}
	}
	// The stored size and the declared one are untrusted: read as the
	// file has bytes, and allocate no more than zlib can make of them
	// (at most 1032 bytes a byte).
	z, err := io.ReadAll(io.NewSectionReader(r, int64(s.Offset)+int64(hdr), int64(s.FileSize)-int64(hdr)))
	if err != nil {
		return fail(err)
	}
	if size > 1032*uint64(len(z))+64 {
		return fail(fmt.Errorf("declares %d bytes, more than %d compressed bytes can hold", size, len(z)))
	}
	zr, err := zlib.NewReader(bytes.NewReader(z))
	if err != nil {
		return fail(err)
	}
	out := make([]byte, size)
	if _, err := io.ReadFull(zr, out); err != nil {
		return fail(fmt.Errorf("decompressed fewer bytes than the %d declared: %v", size, err))
	}
	return out, nil
}

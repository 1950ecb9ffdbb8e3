package jitmap

import (
	"errors"
	"fmt"

	"sonde/internal/binread"
)

// The jitdump format (perf's tools/perf/Documentation/jitdump-specification.txt,
// tools/perf/util/jitdump.h). All fields are in the writer's byte order;
// sonde reads little-endian files (the magic then reads as DumpMagic).
const (
	// DumpMagic is the header's first word, "JiTD" as a little-endian
	// uint32.
	DumpMagic = 0x4A695444
	// dumpMagicSwapped is the magic of a file written in the other byte
	// order.
	dumpMagicSwapped = 0x4454694A
	// DumpHeaderSize is the size of version 1's header.
	DumpHeaderSize = 40
	// recordPrefixSize is the size of every record's prefix: id, total
	// size, timestamp.
	recordPrefixSize = 16
	// maxRecord bounds a record's size, so that a damaged size field
	// cannot make a reader wait for gigabytes that will never come.
	maxRecord = 256 << 20
	// DumpFlagArchTimestamp says the timestamps are the CPU's time stamp
	// counter, not CLOCK_MONOTONIC (JITDUMP_FLAGS_ARCH_TIMESTAMP).
	DumpFlagArchTimestamp = 1
)

// The record kinds (enum jit_record_type).
const (
	JitCodeLoad          = 0
	JitCodeMove          = 1
	JitCodeDebugInfo     = 2
	JitCodeClose         = 3
	JitCodeUnwindingInfo = 4
)

// ErrShort is returned by ParseDumpHeader when data does not hold the
// whole header yet.
var ErrShort = errors.New("jitdump: header not complete")

// DumpHeader is the header of a jitdump file.
type DumpHeader struct {
	Version, ElfMach, PID uint32
	// Timestamp is when the file was created; Flags holds
	// DumpFlagArchTimestamp and reserved bits.
	Timestamp, Flags uint64
	// Size is the header's total size: records start there.
	Size int
}

// ParseDumpHeader parses the header at the start of data.
func ParseDumpHeader(data []byte) (DumpHeader, error) {
	var h DumpHeader
	if len(data) < DumpHeaderSize {
		if len(data) >= 4 {
			if m := binread.New(data); m.U32() != DumpMagic {
				return h, errors.New("not a jitdump file (bad magic)")
			}
		}
		return h, ErrShort
	}
	r := binread.New(data)
	switch magic := r.U32(); magic {
	case DumpMagic:
	case dumpMagicSwapped:
		return h, errors.New("jitdump in the other byte order: not supported")
	default:
		return h, fmt.Errorf("not a jitdump file (magic %#x)", magic)
	}
	h.Version = r.U32()
	size := r.U32()
	h.ElfMach = r.U32()
	r.U32() // pad1
	h.PID = r.U32()
	h.Timestamp = r.U64()
	h.Flags = r.U64()
	if size < DumpHeaderSize || size > 1<<20 {
		return h, fmt.Errorf("jitdump header size %d", size)
	}
	if int(size) > len(data) {
		return h, ErrShort
	}
	h.Size = int(size)
	return h, nil
}

// DumpRecord is one record of a jitdump file. Which fields are set
// depends on ID.
type DumpRecord struct {
	// ID is the record kind (JitCodeLoad...); Time its timestamp.
	ID   uint32
	Time uint64
	// Load and Move: the writer's thread, and the code's index.
	PID, TID uint32
	Index    uint64
	// Load: the code's address, size and name (the code bytes are not
	// kept). Move: Addr is the new address, OldAddr the old one.
	Addr, OldAddr, Size uint64
	Name                string
	// DebugInfo: the source lines of the code at Addr, which the next
	// load of that address describes.
	Lines []DebugEntry
}

// DebugEntry is one line of a JIT_CODE_DEBUG_INFO record: the code at
// Addr (a runtime address) comes from File:Line.
type DebugEntry struct {
	Addr          uint64
	Line, Discrim uint32
	File          string
}

// NextRecord parses the record at data[off:]. complete is false, with no
// error, when data ends before the record does (the writer may still be
// writing it); next is where the following record starts. An error (which
// says what is wrong, not where: the record starts at off) means the file
// is damaged there: nothing after it can be trusted.
func NextRecord(data []byte, off int) (rec DumpRecord, next int, complete bool, err error) {
	if off < 0 || off > len(data) {
		return rec, off, false, fmt.Errorf("offset %#x outside the data", off)
	}
	if len(data)-off < recordPrefixSize {
		return rec, off, false, nil
	}
	p := binread.NewAt(data, off)
	rec.ID = p.U32()
	size := p.U32()
	rec.Time = p.U64()
	if size < recordPrefixSize || size > maxRecord {
		return rec, off, false, fmt.Errorf("record size %d", size)
	}
	if uint64(len(data)-off) < uint64(size) {
		return rec, off, false, nil
	}
	r := binread.New(data[off+recordPrefixSize : off+int(size)])
	switch rec.ID {
	case JitCodeLoad:
		rec.PID, rec.TID = r.U32(), r.U32()
		r.U64() // vma
		rec.Addr, rec.Size, rec.Index = r.U64(), r.U64(), r.U64()
		rec.Name = r.CString()
		if !r.Failed() && rec.Size > uint64(r.Len()) {
			r.Failf("code of %d bytes in a record of %d", rec.Size, size)
		}
	case JitCodeMove:
		rec.PID, rec.TID = r.U32(), r.U32()
		r.U64() // vma
		rec.OldAddr, rec.Addr, rec.Size, rec.Index = r.U64(), r.U64(), r.U64(), r.U64()
	case JitCodeDebugInfo:
		rec.Addr = r.U64()
		n := r.U64()
		if !r.Failed() && n > uint64(r.Len())/17 { // an entry takes at least 17 bytes
			r.Failf("%d debug entries in a record of %d bytes", n, size)
		}
		prev := ""
		for i := uint64(0); i < n && !r.Failed(); i++ {
			e := DebugEntry{Addr: r.U64(), Line: r.U32(), Discrim: r.U32(), File: r.CString()}
			if e.File == "\xff" {
				// V8 writes "\xff" for "the same file as the entry before".
				e.File = prev
			}
			prev = e.File
			rec.Lines = append(rec.Lines, e)
		}
	}
	if r.Failed() {
		return rec, off, false, fmt.Errorf("record of kind %d: %v", rec.ID, r.Err())
	}
	return rec, off + int(size), true, nil
}

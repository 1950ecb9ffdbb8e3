package monitor

import (
	"sonde/proc"
	"sonde/profile"
)

// segmentOf returns the PT_LOAD segment whose file bytes hold link-time
// address a.
func (o *Object) segmentOf(a profile.Addr) (segment, bool) {
	for _, s := range o.segs {
		if uint64(a) >= s.vaddr && uint64(a) < s.vaddr+s.filesz {
			return s, true
		}
	}
	return segment{}, false
}

// mapsSegment reports whether mapping m can be (part of) the mapping of
// segment s. Linkers that pack segments (lld, mold) let the last file page
// of one segment be the first of the next: lld puts a Rust executable's
// text at file offset 0x16c80 and vaddr 0x17c80, so the file page
// 0x16000 is mapped twice, read-only at bias+0x16000 and executable at
// bias+0x17000, and a file offset alone does not say which mapping holds
// an address. The loader maps a segment from its first file page on
// (p_offset rounded down) with its own permissions; mprotect may later
// split a mapping (RELRO) or drop its write permission, never add or take
// execute.
func mapsSegment(m proc.Mapping, s segment) bool {
	const pageMask = 4095
	return m.Offset >= s.off&^pageMask && m.Exec() == s.exec
}

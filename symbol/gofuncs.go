package symbol

import "encoding/binary"

// GoFuncExtents returns the link-time extents [entry, end) of the
// functions named names in a Go binary, read from its .gopclntab (pcln,
// the section's bytes; text, the address of .text) in the Go 1.20+
// format. It scans the function table comparing names in place, without
// decoding the rest: the sampler asks it for the few functions that end Go
// stacks, in every Go program it meets, where debug/gosym's table of all
// functions costs tens of milliseconds and megabytes. Names not found are
// absent; a table of another format gives nil.
func GoFuncExtents(pcln []byte, text uint64, names []string) map[string][2]uint64 {
	if len(pcln) < 8 || binary.LittleEndian.Uint32(pcln) != goPCLnTabMagic120 {
		return nil
	}
	ptr := int(pcln[7])
	if ptr != 8 && ptr != 4 {
		return nil
	}
	b := newBuf(pcln, 0, "", ".gopclntab")
	b.Seek(8)
	nfunc := b.Uint(ptr)
	b.Uint(ptr) // nfiles
	b.Uint(ptr) // unused (was textStart)
	funcname := b.Uint(ptr)
	b.Uint(ptr) // cutab
	b.Uint(ptr) // filetab
	b.Uint(ptr) // pctab
	pclnOff := b.Uint(ptr)
	n := uint64(len(pcln))
	if b.Failed() || funcname > n || pclnOff > n || nfunc > n/8 {
		return nil
	}
	names0 := pcln[funcname:]
	ft := pcln[pclnOff:]
	if uint64(len(ft)) < (nfunc+1)*8 {
		return nil
	}
	out := make(map[string][2]uint64)
	for i := uint64(0); i < nfunc && len(out) < len(names); i++ {
		funcOff := uint64(binary.LittleEndian.Uint32(ft[i*8+4:]))
		if funcOff+8 > uint64(len(ft)) {
			continue
		}
		nameOff := uint64(binary.LittleEndian.Uint32(ft[funcOff+4:]))
		if nameOff >= uint64(len(names0)) {
			continue
		}
		name := names0[nameOff:]
		for _, want := range names {
			if len(name) > len(want) && name[len(want)] == 0 && string(name[:len(want)]) == want {
				lo := text + uint64(binary.LittleEndian.Uint32(ft[i*8:]))
				hi := text + uint64(binary.LittleEndian.Uint32(ft[(i+1)*8:]))
				out[want] = [2]uint64{lo, hi}
			}
		}
	}
	return out
}

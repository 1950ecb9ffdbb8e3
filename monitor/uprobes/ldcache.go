package uprobes

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
)

// ldCacheEntry is one library of the dynamic loader's cache: its soname
// and the file that holds it.
type ldCacheEntry struct {
	name, path string
}

// The dynamic loader's cache, /etc/ld.so.cache, as ldconfig(8) writes it
// since glibc 2.32 (glibc elf/cache.c, sysdeps/generic/dl-cache.h):
//
//	header (48 bytes)
//	  char     magic[17]   "glibc-ld.so.cache"
//	  char     version[3]  "1.1"
//	  uint32   nlibs
//	  uint32   len_strings
//	  uint8    flags, padding[3]
//	  uint32   extension_offset
//	  uint32   unused[3]
//	nlibs entries (24 bytes each)
//	  int32    flags       FLAG_ELF_LIBC6|FLAG_X8664_LIB64 = 0x0303
//	  uint32   key, value  offsets from the start of the file of the
//	                       NUL-terminated soname and path
//	  uint32   osversion
//	  uint64   hwcap
//	strings
//
// Files that start with the old format ("ld.so-1.7.0") are not read.
const (
	ldCacheMagic  = "glibc-ld.so.cache1.1"
	ldCacheHeader = 48
	ldCacheEntryN = 24
	ldCacheX8664  = 0x0303
)

// readLdCache returns the x86-64 entries of the loader's cache at path, in
// its order (the loader's: the first match wins).
func readLdCache(path string) ([]ldCacheEntry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseLdCache(data, path)
}

// parseLdCache parses the cache file data (read from name).
func parseLdCache(data []byte, name string) ([]ldCacheEntry, error) {
	if len(data) < ldCacheHeader || string(data[:len(ldCacheMagic)]) != ldCacheMagic {
		return nil, fmt.Errorf("parse %s: not a glibc-ld.so.cache1.1 file", name)
	}
	le := binary.LittleEndian
	n := uint64(le.Uint32(data[20:]))
	if ldCacheHeader+n*ldCacheEntryN > uint64(len(data)) {
		return nil, fmt.Errorf("parse %s: %d entries run past the end (%d bytes)", name, n, len(data))
	}
	str := func(off uint32) (string, bool) {
		if uint64(off) >= uint64(len(data)) {
			return "", false
		}
		end := bytes.IndexByte(data[off:], 0)
		if end < 0 {
			return "", false
		}
		return string(data[off : int(off)+end]), true
	}
	var out []ldCacheEntry
	for i := uint64(0); i < n; i++ {
		e := data[ldCacheHeader+i*ldCacheEntryN:]
		if le.Uint32(e) != ldCacheX8664 {
			continue
		}
		k, ok1 := str(le.Uint32(e[4:]))
		v, ok2 := str(le.Uint32(e[8:]))
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("parse %s: entry %d: string offset out of range", name, i)
		}
		out = append(out, ldCacheEntry{name: k, path: v})
	}
	return out, nil
}

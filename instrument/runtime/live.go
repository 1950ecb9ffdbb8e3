package runtime

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"sonde/proc"
)

// descriptorSize is the size of one sonde_cus descriptor: six 8-byte words
// (see asm.DescriptorSection).
const descriptorSize = 48

// listingDescriptorSize is the size of one sonde_listings descriptor: the
// Listing payload's address and length (see asm.ListingSection).
const listingDescriptorSize = 16

// Limits on what a descriptor read from another process may claim, so
// that garbage cannot make the reader allocate without bound.
const (
	maxCounters     = 1 << 24
	maxUnitBytes    = 1 << 28
	maxListingBytes = 64 << 20 // datafile.MaxPayload
)

// ErrNotInstrumented is returned by ReadLive for a process that holds no
// object built by sonde cc.
var ErrNotInstrumented = errors.New("no object built by sonde cc is mapped")

// ReadLive reads the counters of the running process pid from its memory,
// without any help from it, as Weinberger read the kernel's through
// /dev/mem: it finds the sonde_cus section of every object the process maps,
// reads the descriptors and through them each unit's universe and
// counters from /proc/PID/mem, and returns the bytes of a data file (a Run
// frame, then Units and Counts frames, and the units' Listing frames from
// the sonde_listings section) holding the counts since the process
// started. Reading another process's memory takes the same
// permission as ptrace.
func ReadLive(pid int) ([]byte, error) {
	maps, err := proc.Maps(pid)
	if err != nil {
		return nil, fmt.Errorf("read process %d: %w", pid, err)
	}
	mem, err := os.Open(fmt.Sprintf("/proc/%d/mem", pid))
	if err != nil {
		return nil, fmt.Errorf("read process %d: %w", pid, err)
	}
	defer mem.Close()
	read := func(addr, n uint64) ([]byte, error) {
		buf := make([]byte, n)
		if _, err := mem.ReadAt(buf, int64(addr)); err != nil {
			return nil, fmt.Errorf("read process %d memory at %#x (%d bytes): %w", pid, addr, n, err)
		}
		return buf, nil
	}

	runID := rand.Uint64() | 1
	out := frame(nil, 1, runID, runPayload(pid))
	seen := map[string]bool{}
	found := false
	for _, m := range maps {
		if !strings.HasPrefix(m.Path, "/") || seen[m.Path] {
			continue
		}
		seen[m.Path] = true
		addr, size, ok := sectionAddr(pid, m.Path, "sonde_cus", maps)
		if !ok {
			continue
		}
		descs, err := read(addr, size)
		if err != nil {
			return nil, err
		}
		for off := 0; off+descriptorSize <= len(descs); off += descriptorSize {
			w := func(i int) uint64 { return binary.LittleEndian.Uint64(descs[off+8*i:]) }
			// Counter word: measured | derived << 32; unit word: units |
			// derivation table words << 32 (asm.DescriptorSection).
			counters, units, ulen, umap := w(0), w(2), w(3), w(4)
			nctr, nder := w(1)&0xffffffff, w(1)>>32
			nunits, twords := w(5)&0xffffffff, w(5)>>32
			if nctr > maxCounters || nder > maxCounters || nunits > maxCounters || twords > 4*maxCounters ||
				ulen > maxUnitBytes || ulen < 8 {
				return nil, fmt.Errorf("read process %d: %s: descriptor %d is implausible (%d counters, %d derived, %d units, %d table words, %d bytes)",
					pid, m.Path, off/descriptorSize, nctr, nder, nunits, twords, ulen)
			}
			payload, err := read(units, ulen)
			if err != nil {
				return nil, err
			}
			mp, err := read(umap, 4*(nunits+twords))
			if err != nil {
				return nil, err
			}
			cs, err := read(counters, 8*nctr)
			if err != nil {
				return nil, err
			}
			vals, err := derive(cs, mp[4*nunits:], nctr, nder)
			if err != nil {
				return nil, fmt.Errorf("read process %d: %s: descriptor %d: %w", pid, m.Path, off/descriptorSize, err)
			}
			out = frame(out, 5, runID, payload)
			counts := append([]byte(nil), payload[:8]...)
			counts = binary.AppendUvarint(counts, nunits)
			counts = binary.AppendUvarint(counts, 1)
			for i := uint64(0); i < nunits; i++ {
				k := uint64(binary.LittleEndian.Uint32(mp[4*i:]))
				if k >= nctr+nder {
					return nil, fmt.Errorf("read process %d: %s: unit %d maps to counter %d of %d", pid, m.Path, i, k, nctr+nder)
				}
				counts = binary.AppendUvarint(counts, vals[k])
			}
			out = frame(out, 6, runID, counts)
			found = true
		}
		if out, err = readListings(pid, m.Path, maps, read, out, runID); err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, fmt.Errorf("read process %d: %w", pid, ErrNotInstrumented)
	}
	note := fmt.Sprintf("counts read from the memory of running process %d at %s", pid, time.Now().UTC().Format(time.RFC3339))
	out = frame(out, 10, runID, appendString(nil, note))
	return out, nil
}

// derive returns the counts of the nctr measured counters in cs followed by
// the nder derived ones, each the sum of the terms the derivation table
// gives it (asm.DescriptorSection). A derived count that comes out negative
// (a thread inside a block as the counters were read) is returned as 0.
func derive(cs, table []byte, nctr, nder uint64) ([]uint64, error) {
	if nder > uint64(len(table)/4) {
		// Every derived counter takes a word at least: refuse before
		// allocating for a count garbage may claim.
		return nil, fmt.Errorf("derivation table ends at derived counter %d of %d", len(table)/4, nder)
	}
	vals := make([]uint64, nctr+nder)
	for k := range nctr {
		vals[k] = binary.LittleEndian.Uint64(cs[8*k:])
	}
	words := uint64(len(table) / 4)
	w := func(i uint64) uint32 { return binary.LittleEndian.Uint32(table[4*i:]) }
	pos := uint64(0)
	for d := range nder {
		if pos >= words {
			return nil, fmt.Errorf("derivation table ends at derived counter %d of %d", d, nder)
		}
		n := uint64(w(pos))
		pos++
		if n > words-pos {
			return nil, fmt.Errorf("derived counter %d has %d terms, the table %d words left", d, n, words-pos)
		}
		var sum int64
		for ; n > 0; n, pos = n-1, pos+1 {
			t := w(pos)
			k := uint64(t &^ (1 << 31))
			if k >= nctr {
				return nil, fmt.Errorf("derived counter %d names counter %d of %d", d, k, nctr)
			}
			if t>>31 != 0 {
				sum -= int64(vals[k])
			} else {
				sum += int64(vals[k])
			}
		}
		if sum > 0 {
			vals[nctr+d] = uint64(sum)
		}
	}
	return vals, nil
}

// readListings appends to out a Listing frame (kind 15) for each
// descriptor of the sonde_listings section of the object path, read from
// the process's memory. Objects built before listings travelled in the
// data file have no such section.
func readListings(pid int, path string, maps []proc.Mapping, read func(addr, n uint64) ([]byte, error), out []byte, runID uint64) ([]byte, error) {
	addr, size, ok := sectionAddr(pid, path, "sonde_listings", maps)
	if !ok {
		return out, nil
	}
	descs, err := read(addr, size)
	if err != nil {
		return nil, err
	}
	for off := 0; off+listingDescriptorSize <= len(descs); off += listingDescriptorSize {
		at, n := binary.LittleEndian.Uint64(descs[off:]), binary.LittleEndian.Uint64(descs[off+8:])
		if n > maxListingBytes || n < 8 {
			return nil, fmt.Errorf("read process %d: %s: listing descriptor %d is implausible (%d bytes)", pid, path, off/listingDescriptorSize, n)
		}
		payload, err := read(at, n)
		if err != nil {
			return nil, err
		}
		out = frame(out, 15, runID, payload)
	}
	return out, nil
}

// sectionAddr finds where section name of the object path is in the
// process: the mapping of path that holds the section's file offset.
func sectionAddr(pid int, path, name string, maps []proc.Mapping) (addr, size uint64, ok bool) {
	f, err := elf.Open(proc.Root(pid) + path)
	if err != nil {
		return 0, 0, false
	}
	defer f.Close()
	s := f.Section(name)
	if s == nil || s.Type == elf.SHT_NOBITS || s.Size == 0 {
		return 0, 0, false
	}
	for _, m := range maps {
		if m.Path == path && m.Offset <= s.Offset && s.Offset+s.Size <= m.Offset+(m.Limit-m.Start) {
			return m.Start + (s.Offset - m.Offset), s.Size, true
		}
	}
	return 0, 0, false
}

// runPayload is the Run frame of a live read: collector "cc", the
// process's command line, one count type.
func runPayload(pid int) []byte {
	b := appendString(nil, "cc")
	var args []string
	if data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline"); err == nil {
		args = strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
	}
	b = binary.AppendUvarint(b, uint64(len(args)))
	for _, a := range args {
		b = appendString(b, a)
	}
	b = binary.AppendVarint(b, 0) // start time unknown
	b = binary.AppendUvarint(b, 0)
	b = binary.AppendVarint(b, 0)
	b = binary.AppendUvarint(b, 1)
	b = appendString(b, "count")
	return appendString(b, "count")
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// frame appends one data-file frame (profile/datafile/format.go).
func frame(b []byte, kind byte, run uint64, payload []byte) []byte {
	h := make([]byte, 24)
	copy(h, "\x89SND")
	h[4], h[5] = 1, kind
	binary.LittleEndian.PutUint64(h[8:], run)
	binary.LittleEndian.PutUint32(h[16:], uint32(len(payload)))
	crc := crc32.Update(crc32.ChecksumIEEE(h[:20]), crc32.IEEETable, payload)
	binary.LittleEndian.PutUint32(h[20:], crc)
	return append(append(b, h...), payload...)
}

package plancache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"sonde/internal/binread"
	"sonde/internal/linux/unix"
	"sonde/monitor/trampoline"
	"sonde/monitor/units"
	"sonde/profile"
)

// The plan cache. An object's units, its sites and its prepared
// trampolines depend only on the file, the kind of units, the --only specs
// and sonde's own code: computing them for libpython (300,000 lines, every
// function disassembled) costs about a second, reading them back a few
// milliseconds. An entry is named by a hash of its key, which it holds in
// full and which is compared on reading; the key names the file by device,
// inode, size, modification and change times (a rebuilt or replaced file
// is another key) and sonde by its executable's size and modification time
// (a rebuilt sonde plans again). A whole entry is covered by a CRC-32C; an
// entry that does not match or does not decode is ignored and replaced.

// planCacheFormat names the entry layout; change it with the layout.
const planCacheFormat = "sonde count plan cache 9"

// planCacheLimit bounds the bytes of all entries: the least recently used
// go first.
const planCacheLimit = 1 << 30

// Dir returns the plan cache's directory: plans under $SONDE_CACHE, else
// under os.UserCacheDir()/sonde.
func Dir() string {
	d := os.Getenv("SONDE_CACHE")
	if d == "" {
		u, err := os.UserCacheDir()
		if err != nil {
			u = os.TempDir()
		}
		d = filepath.Join(u, "sonde")
	}
	return filepath.Join(d, "plans")
}

// planEntry is where an object's entry lives in the cache.
type planEntry struct {
	dir, key string
}

func (e *planEntry) path() string {
	return filepath.Join(e.dir, fmt.Sprintf("%016x.plan", fnv64(e.key)))
}

func fnv64(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

var sondeID = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	st, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s %d %d", exe, st.Size(), st.ModTime().UnixNano())
})

// planEntryFor returns the entry of file's units of kind under sel in
// cache directory dir; nil when the file or sonde cannot be identified.
func planEntryFor(dir, file string, kind profile.UnitKind, sel *units.Selector, emulable bool) *planEntry {
	id := sondeID()
	if dir == "" || id == "" {
		return nil
	}
	var st syscall.Stat_t
	if syscall.Stat(file, &st) != nil {
		return nil
	}
	var specs []string
	for _, s := range sel.UnitSpecs() {
		specs = append(specs, s.String())
	}
	key := fmt.Sprintf("%s\nsonde %s\nfile %d %d %d %d.%09d %d.%09d\nunits %d emulable %t page %d\nonly %q\n",
		planCacheFormat, id, st.Dev, st.Ino, st.Size, st.Mtim.Sec, st.Mtim.Nsec, st.Ctim.Sec, st.Ctim.Nsec,
		kind, emulable, os.Getpagesize(), specs)
	return &planEntry{dir: dir, key: key}
}

// Load is units.LoadUnits through the plan cache in dir ("" for none).
// With tramps, an object that is not in the cache starts its trampoline
// planner while its units load.
func Load(dir, file string, kind profile.UnitKind, sel *units.Selector, emulable, tramps bool) (*Object, error) {
	e := planEntryFor(dir, file, kind, sel, emulable)
	if e != nil {
		if b := mapEntry(e.path()); b != nil {
			if o, err := decodePlan(b, e.key); err == nil {
				o.File, o.cache = file, e
				now := time.Now()
				os.Chtimes(e.path(), now, now) // least recently used goes first
				return o, nil
			}
			unix.Munmap(b)
		}
	}
	var facts chan trampoline.Facts
	if tramps {
		facts = trampoline.Start(file)
	}
	u, err := units.LoadUnits(file, kind, sel, emulable)
	if err != nil {
		return nil, err
	}
	o := &Object{Object: u, facts: facts}
	o.cache, o.dirty, o.fresh = e, e != nil, true
	return o, nil
}

// mapEntry maps the entry at path read-only, nil when it cannot. The
// mapping stays for the life of the objects decoded from it (they point
// into it); entries are replaced by rename and removed by unlink, never
// truncated, so the pages stay valid.
func mapEntry(path string) []byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() < 4 || st.Size() > 1<<32 {
		return nil
	}
	b, err := unix.MmapFile(int(f.Fd()), int(st.Size()))
	if err != nil {
		return nil
	}
	return b
}

// Save writes o's entry if o holds more than it; errors are ignored (the
// cache is an optimization).
func Save(o *Object) {
	if o.cache == nil || !o.dirty {
		return
	}
	o.dirty = false
	if err := os.MkdirAll(o.cache.dir, 0o755); err != nil {
		return
	}
	b := encodePlan(o, o.cache.key)
	tmp, err := os.CreateTemp(o.cache.dir, ".plan-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(b)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), o.cache.path())
	}
	if err != nil {
		os.Remove(tmp.Name())
		return
	}
	trimPlanCache(o.cache.dir, planCacheLimit)
}

// trimPlanCache removes the least recently used entries of dir until the
// rest fit in limit bytes.
func trimPlanCache(dir string, limit int64) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type ent struct {
		path string
		size int64
		used time.Time
	}
	var all []ent
	total := int64(0)
	for _, d := range ents {
		if !strings.HasSuffix(d.Name(), ".plan") {
			continue
		}
		info, err := d.Info()
		if err != nil {
			continue
		}
		all = append(all, ent{filepath.Join(dir, d.Name()), info.Size(), info.ModTime()})
		total += info.Size()
	}
	sort.Slice(all, func(i, j int) bool { return all[i].used.Before(all[j].used) })
	for _, e := range all {
		if total <= limit {
			break
		}
		if os.Remove(e.path) == nil {
			total -= e.size
		}
	}
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// encodePlan returns o's cache entry under key: the key, the object, its
// sites and its prepared trampolines, then a CRC-32C of all of it.
func encodePlan(o *Object, key string) []byte {
	body, hash := o.Body()
	w := &planWriter{}
	w.str(key)
	w.str(o.BuildID)
	w.u64(uint64(len(o.Segments)))
	for _, s := range o.Segments {
		ex := uint64(0)
		if s.Exec {
			ex = 1
		}
		w.u64(s.Vaddr)
		w.u64(s.Memsz)
		w.u64(s.Off)
		w.u64(s.Filesz)
		w.u64(ex)
	}
	w.u64(uint64(o.NumUnits()))
	w.u64(hash)
	w.bytes(body)
	// Flat arrays, each checked once for size when read: the addresses,
	// the number of units of each site, then all the unit indices.
	w.u64(uint64(len(o.Sites)))
	nref := 0
	for _, s := range o.Sites {
		nref += len(s.Units)
	}
	w.u64(uint64(nref))
	for _, s := range o.Sites {
		w.u64(uint64(s.Addr))
	}
	for _, s := range o.Sites {
		w.u32(uint32(len(s.Units)))
	}
	for _, s := range o.Sites {
		for _, u := range s.Units {
			w.u32(uint32(u))
		}
	}
	for _, pp := range o.prep {
		if pp == nil {
			w.u32(0)
			continue
		}
		w.u32(1)
		errText := ""
		if pp.Err != nil {
			errText = pp.Err.Error()
		}
		w.str(errText)
		whys := make([]string, 0, len(pp.Why))
		for k := range pp.Why {
			whys = append(whys, k)
		}
		sort.Strings(whys)
		w.u64(uint64(len(whys)))
		for _, k := range whys {
			w.str(k)
			w.u32(uint32(pp.Why[k]))
		}
		w.u64(pp.CodeSize)
		w.bytes(pp.Code)
		// The arrays as they are in memory: read back where mapped.
		w.bytes(pp.Rels)
		w.bytes(pp.Recs)
		w.bytes(pp.Sites)
		w.bytes(pp.Want)
		w.bytes(pp.HopWant)
		w.bytes(pp.Deps)
	}
	return binary.LittleEndian.AppendUint32(w.b, crc32.Checksum(w.b, castagnoli))
}

// errPlanCorrupt is any malformed entry.
var errPlanCorrupt = errors.New("plan cache entry does not decode")

// decodePlan decodes an entry made by encodePlan under key. Entries are
// untrusted bytes: every count and offset is checked.
func decodePlan(b []byte, key string) (o *Object, err error) {
	if len(b) < 4 {
		return nil, errPlanCorrupt
	}
	// The CRC and the prepared parts' checks run beside the decoding
	// of the sites (the target waits for all three; sonde has cores to
	// spare). Decoding bytes the CRC then rejects is harmless: every
	// field is checked as it is read.
	crcOK := make(chan bool, 1)
	go func() {
		crcOK <- crc32.Checksum(b[:len(b)-4], castagnoli) == binary.LittleEndian.Uint32(b[len(b)-4:])
	}()
	defer func() {
		if !<-crcOK && err == nil {
			o, err = nil, errPlanCorrupt
		}
	}()
	r := &planReader{binread.New(b[:len(b)-4])}
	if r.str() != key {
		return nil, errors.New("plan cache entry of another key")
	}
	buildID := r.str()
	nsegs := r.count(40)
	segs := make([]units.Segment, nsegs)
	for i := range segs {
		segs[i] = units.Segment{Vaddr: r.U64(), Memsz: r.U64(), Off: r.U64(), Filesz: r.U64(), Exec: r.U64() == 1}
	}
	nunits := r.U64()
	hash := r.U64()
	body := r.bytes()
	if nunits > uint64(len(body)) { // a unit takes at least 9 bytes
		return nil, errPlanCorrupt
	}
	if r.Failed() {
		return nil, r.err()
	}
	o = &Object{}
	// The units' body is checked by the CRC only: decoding it costs more
	// than the rest of the entry, and only Units needs it decoded.
	nsites := r.count(12)
	nref := r.count(4)
	addrs, ks, refsB := r.Bytes(8*nsites), r.Bytes(4*nsites), r.Bytes(4*nref)
	if r.Failed() {
		return nil, r.err()
	}
	for m := range o.prep {
		if r.U32() == 0 {
			continue
		}
		pp := &trampoline.Prepared{Why: map[string]int{}}
		if e := r.str(); e != "" {
			pp.Err = errors.New(e)
		}
		for range r.count(8) {
			k := r.str()
			pp.Why[k] = int(r.U32())
		}
		pp.CodeSize = r.U64()
		pp.Code = r.bytes()
		if uint64(len(pp.Code))+trampoline.PathSlot > pp.CodeSize || pp.CodeSize%uint64(os.Getpagesize()) != 0 {
			r.Fail("code size")
		}
		pp.Rels, pp.Recs, pp.Sites, pp.Want, pp.HopWant = r.bytes(), r.bytes(), r.bytes(), r.bytes(), r.bytes()
		pp.Deps = r.bytes()
		if r.Failed() {
			return nil, r.err()
		}
		o.prep[m] = pp
	}
	if r.Failed() {
		return nil, r.err()
	}
	if r.Len() != 0 {
		return nil, errPlanCorrupt
	}
	checked := make(chan bool, 1)
	go func() {
		ok := true
		for _, pp := range o.prep {
			ok = ok && (pp == nil || pp.Check(nsites))
		}
		checked <- ok
	}()
	sites, err := decodeSites(nsites, int(nunits), addrs, ks, refsB)
	if err != nil {
		<-checked
		return nil, err
	}
	o.Object = units.NewEncoded(buildID, segs, sites, int(nunits), body, hash)
	if !<-checked {
		return nil, errPlanCorrupt
	}
	return o, nil
}

// decodeSites returns the sites of an entry's flat arrays: nsites
// addresses (u64), the number of units of each (u32), then the unit
// indices (u32), each below nunits.
func decodeSites(nsites, nunits int, addrs, ks, refsB []byte) ([]units.Site, error) {
	nref := len(refsB) / 4
	sites := make([]units.Site, nsites)
	refs := make([]int, nref)
	for i := range refs {
		u := int(binary.LittleEndian.Uint32(refsB[4*i:]))
		if u >= nunits {
			return nil, errPlanCorrupt
		}
		refs[i] = u
	}
	last, at := int64(-1), 0
	for i := range sites {
		a := binary.LittleEndian.Uint64(addrs[8*i:])
		k := int(binary.LittleEndian.Uint32(ks[4*i:]))
		if int64(a) <= last || k > nref-at {
			return nil, errPlanCorrupt
		}
		last = int64(a)
		sites[i] = units.Site{Addr: profile.Addr(a), Units: refs[at : at+k : at+k]}
		at += k
	}
	if at != nref {
		return nil, errPlanCorrupt
	}
	return sites, nil
}

// planWriter appends little-endian fields.
type planWriter struct{ b []byte }

func (w *planWriter) u32(v uint32) { w.b = binary.LittleEndian.AppendUint32(w.b, v) }
func (w *planWriter) u64(v uint64) { w.b = binary.LittleEndian.AppendUint64(w.b, v) }
func (w *planWriter) raw(p []byte) { w.b = append(w.b, p...) }
func (w *planWriter) bytes(p []byte) {
	w.u64(uint64(len(p)))
	w.raw(p)
}
func (w *planWriter) str(s string) {
	w.u64(uint64(len(s)))
	w.b = append(w.b, s...)
}

// planReader reads what planWriter wrote with binread's sticky error:
// after the first failure every read returns zeros.
type planReader struct{ binread.Reader }

// err returns nil or errPlanCorrupt with the first failure.
func (r *planReader) err() error {
	if !r.Failed() {
		return nil
	}
	return fmt.Errorf("%w: %w", errPlanCorrupt, r.Err())
}

// count reads a count of items of at least min bytes each, checked
// against the bytes left.
func (r *planReader) count(min int) int {
	v := r.U64()
	if v > uint64(r.Len()/min) {
		r.Failf("count %d of %d-byte items exceeds the %d bytes left", v, min, r.Len())
		return 0
	}
	return int(v)
}

func (r *planReader) bytes() []byte { return r.Bytes(r.count(1)) }
func (r *planReader) str() string   { return string(r.bytes()) }

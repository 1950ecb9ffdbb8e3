package monitor

import (
	"cmp"
	"encoding/binary"
	"slices"
	"sort"
	"sync"

	"sonde/internal/linux/unix"
)

// prepared is an object's trampolines ready to map: the plan's windows
// emitted once (the code at offset 0 of its region, with relocations for
// what points into the object), what each jump overwrites, and why the
// other sites keep int3. It depends on the file and the mode only (counts
// or coverage), so it is what the plan cache keeps. Its arrays are flat
// little-endian records, the same in memory as in a cache entry: an entry
// is used where it is mapped, without a copy.
type prepared struct {
	code     []byte
	codeSize uint64 // page-rounded: the code, then pathSlot bytes
	rels     []byte // relRecLen-byte records: off u32, end u32, target u64 (see textRel)
	recs     []byte // winRecLen-byte window records, by address (see win)
	sites    []byte // u32 site indices, window after window
	want     []byte // the file's bytes under each window, window after window
	hopWant  []byte // the file's bytes under each hop, hop after hop
	// deps are u32 pairs of window indices: windows that go in together
	// or not at all (a window with fall sites and a window whose
	// trampoline jumps to its entry B, planner.fold).
	deps []byte
	n    int // windows
	// why counts, per reason, the sites that keep the int3 path.
	why map[string]int
	err error // set: every site of the object keeps int3
	// The index, made once in the background (startIndex): by site, the
	// window counting it (siteWin, -1: none); the hops' link-time
	// addresses in order (hopAddr) and their windows (hopWin).
	indexOnce sync.Once
	indexed   chan struct{}
	siteWin   []int32
	hopAddr   []uint64
	hopWin    []int32
}

// Record sizes of prepared's arrays.
const (
	relRecLen = 16
	// addr u64, hop u64, off u32, size u32, sitesAt u32, nsites u32,
	// wantAt u32, hopAt u32
	winRecLen = 40
)

// startIndex starts making pp's index (siteWin, hopAddr, hopWin) for
// nsites sites, once: a coverage run needs it for its first look at the
// counters, and making it takes milliseconds that the target, running,
// does not wait for.
func (pp *prepared) startIndex(nsites int) {
	pp.indexOnce.Do(func() {
		pp.indexed = make(chan struct{})
		go func() {
			defer close(pp.indexed)
			le := binary.LittleEndian
			pp.siteWin = make([]int32, nsites)
			for i := range pp.siteWin {
				pp.siteWin[i] = -1
			}
			type hop struct {
				addr uint64
				win  int32
			}
			var hops []hop
			for i := 0; i < pp.n; i++ {
				r := pp.recs[winRecLen*i:]
				for k, e := le.Uint32(r[24:]), le.Uint32(r[24:])+le.Uint32(r[28:]); k < e; k++ {
					if s := le.Uint32(pp.sites[4*k:]); int(s) < nsites {
						pp.siteWin[s] = int32(i)
					}
				}
				if h := le.Uint64(r[8:]); h != 0 {
					hops = append(hops, hop{h, int32(i)})
				}
			}
			slices.SortFunc(hops, func(a, b hop) int { return cmp.Compare(a.addr, b.addr) })
			pp.hopAddr = make([]uint64, len(hops))
			pp.hopWin = make([]int32, len(hops))
			for k, h := range hops {
				pp.hopAddr[k], pp.hopWin[k] = h.addr, h.win
			}
		}()
	})
}

// siteWins returns, by site, the index of the window that counts it
// (-1: none).
func (pp *prepared) siteWins(nsites int) []int32 {
	pp.startIndex(nsites)
	<-pp.indexed
	return pp.siteWin
}

// hopWindow returns the window whose hop is at link-time address h.
func (pp *prepared) hopWindow(nsites int, h uint64) (int, bool) {
	pp.startIndex(nsites)
	<-pp.indexed
	k, ok := slices.BinarySearch(pp.hopAddr, h)
	if !ok {
		return 0, false
	}
	return int(pp.hopWin[k]), true
}

// prepWin is one patched window, as win reads it.
type prepWin struct {
	addr  uint64   // link-time address of its site
	off   uint32   // its trampoline's offset in code
	size  uint32   // bytes the jump overwrites
	sites siteList // the sites counted in it, its own first
	want  []byte   // the file's bytes under the jump
	// hop, when not 0, is the link-time address of the 5-byte jump to the
	// trampoline that the window's jmp rel8 reaches (window.hop), and
	// hopWant the file's bytes there.
	hop     uint64
	hopWant []byte
}

// siteList is a window's site indices, little-endian u32s.
type siteList []byte

func (l siteList) len() int       { return len(l) / 4 }
func (l siteList) at(k int) int32 { return int32(binary.LittleEndian.Uint32(l[4*k:])) }
func (l siteList) each(f func(int)) {
	for k := 0; k < len(l); k += 4 {
		f(int(binary.LittleEndian.Uint32(l[k:])))
	}
}

// win returns window i. Its slices point into pp's arrays.
func (pp *prepared) win(i int) prepWin {
	r := pp.recs[winRecLen*i : winRecLen*(i+1)]
	le := binary.LittleEndian
	w := prepWin{addr: le.Uint64(r), hop: le.Uint64(r[8:]), off: le.Uint32(r[16:]), size: le.Uint32(r[20:])}
	sa, ns, wa := le.Uint32(r[24:]), le.Uint32(r[28:]), le.Uint32(r[32:])
	w.sites = siteList(pp.sites[4*sa : 4*(sa+ns) : 4*(sa+ns)])
	w.want = pp.want[wa : wa+w.size : wa+w.size]
	if w.hop != 0 {
		ha := le.Uint32(r[36:])
		w.hopWant = pp.hopWant[ha : ha+jmpLen : ha+jmpLen]
	}
	return w
}

// check verifies pp's records (read from a cache entry): every offset and
// index within its array, windows in address order without overlap, a
// hop's jmp rel8 in reach, relocations inside the code and in its order; nsites is the
// object's number of sites.
func (pp *prepared) check(nsites int) bool {
	if len(pp.recs)%winRecLen != 0 || len(pp.rels)%relRecLen != 0 || len(pp.sites)%4 != 0 {
		return false
	}
	pp.n = len(pp.recs) / winRecLen
	le := binary.LittleEndian
	end := uint64(0)
	for i := 0; i < pp.n; i++ {
		r := pp.recs[winRecLen*i:]
		addr, hop, off, size := le.Uint64(r), le.Uint64(r[8:]), le.Uint32(r[16:]), le.Uint32(r[20:])
		sa, ns, wa, ha := uint64(le.Uint32(r[24:])), uint64(le.Uint32(r[28:])), uint64(le.Uint32(r[32:])), uint64(le.Uint32(r[36:]))
		min := uint32(jmpLen)
		if hop != 0 {
			min = hopLen
			if d := int64(hop) - int64(addr+hopLen); d != int64(int8(d)) || ha+jmpLen > uint64(len(pp.hopWant)) {
				return false
			}
		}
		if size < min || size > maxWindow || uint64(off) >= uint64(len(pp.code)) || ns == 0 ||
			4*(sa+ns) > uint64(len(pp.sites)) || wa+uint64(size) > uint64(len(pp.want)) || i > 0 && addr < end {
			return false
		}
		end = addr + uint64(size)
	}
	for k := 0; k < len(pp.sites); k += 4 {
		if int(le.Uint32(pp.sites[k:])) >= nsites {
			return false
		}
	}
	if len(pp.deps)%8 != 0 {
		return false
	}
	for k := 0; k < len(pp.deps); k += 4 {
		if int(le.Uint32(pp.deps[k:])) >= pp.n {
			return false
		}
	}
	next := uint64(0) // relocations are in code order, fields apart (writeRelocated)
	for k := 0; k < len(pp.rels); k += relRecLen {
		off, e := uint64(le.Uint32(pp.rels[k:])), uint64(le.Uint32(pp.rels[k+4:]))
		width := uint64(4)
		if e == 0 {
			width = 8
		}
		if off < next || off+width > uint64(len(pp.code)) || e != 0 && e < off+4 {
			return false
		}
		next = off + width
	}
	return true
}

// pathSlot is the room at the end of the code pages for the counters'
// path, which the target opens.
const pathSlot = 64

// prepared returns o's trampolines for the mode, made once.
func (o *Object) prepared(coverage bool) *prepared {
	i := 0
	if coverage {
		i = 1
	}
	if o.prep[i] == nil {
		o.prep[i] = prepare(o.trampolines(), coverage)
		o.dirty = o.cache != nil
	}
	return o.prep[i]
}

// prepare emits the trampolines of plan pl.
func prepare(pl *trampPlan, coverage bool) *prepared {
	pp := &prepared{why: pl.why, err: pl.err}
	if pl.err != nil {
		return pp
	}
	ws := make([]*window, 0, len(pl.wins))
	for _, w := range pl.wins {
		if coverage && w.cov != nil {
			w = w.cov // see planner.enter
		}
		ws = append(ws, w)
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].addr < ws[j].addr })
	// Sized up front (about 30 bytes, two relocations and a counter a
	// window): libpython has 140,000 windows.
	e := &emitter{buf: make([]byte, 0, 40*len(ws)), rels: make([]textRel, 0, 3*len(ws)), cnts: make([]cntRel, 0, 2*len(ws))}
	nsites, nwant := 0, 0
	for _, w := range ws {
		nsites += countInner(w) + 1 + len(w.fall)
		nwant += w.size
	}
	var deps []byte
	winAt := func(a uint64) int {
		i := sort.Search(len(ws), func(i int) bool { return ws[i].addr+uint64(ws[i].size) > a })
		if i < len(ws) && ws[i].addr <= a {
			return i
		}
		return -1
	}
	le := binary.LittleEndian
	recs := make([]byte, 0, winRecLen*len(ws))
	sites := make([]byte, 0, 4*nsites)
	want := make([]byte, 0, nwant)
	var hopWant []byte
	for wi, w := range ws {
		s0, b0, h0 := len(sites)/4, len(want), len(hopWant)
		sites = le.AppendUint32(sites, uint32(w.site))
		if !coverage {
			for _, s := range w.fall {
				sites = le.AppendUint32(sites, uint32(s))
			}
			for _, a := range w.feed {
				if j := winAt(a); j >= 0 && j != wi {
					deps = le.AppendUint32(deps, uint32(wi))
					deps = le.AppendUint32(deps, uint32(j))
				}
			}
		}
		for _, in := range w.insns {
			for _, c := range in.count {
				if c != w.site {
					sites = le.AppendUint32(sites, uint32(c))
				}
			}
			want = append(want, in.code...)
		}
		want = append(want, w.pad...)
		hopWant = append(hopWant, w.hopWant...)
		recs = le.AppendUint64(recs, w.addr)
		recs = le.AppendUint64(recs, w.hop)
		recs = le.AppendUint32(recs, uint32(len(e.buf)))
		recs = le.AppendUint32(recs, uint32(w.size))
		recs = le.AppendUint32(recs, uint32(s0))
		recs = le.AppendUint32(recs, uint32(len(sites)/4-s0))
		recs = le.AppendUint32(recs, uint32(b0))
		recs = le.AppendUint32(recs, uint32(h0))
		e.trampoline(w, coverage)
	}
	page := uint64(unix.Pagesize())
	pp.codeSize = (uint64(len(e.buf)) + pathSlot + page - 1) &^ (page - 1)
	e.fixCounters(pp.codeSize)
	if err := e.fixEntries(); err != nil {
		return &prepared{why: pl.why, err: err}
	}
	pp.deps = deps
	pp.code, pp.rels = e.buf, encodeRels(e.rels)
	pp.recs, pp.sites, pp.want, pp.hopWant, pp.n = recs, sites, want, hopWant, len(ws)
	return pp
}

// encodeRels returns rels as relRecLen-byte records.
func encodeRels(rels []textRel) []byte {
	b := make([]byte, 0, relRecLen*len(rels))
	for _, r := range rels {
		b = binary.LittleEndian.AppendUint32(b, r.off)
		b = binary.LittleEndian.AppendUint32(b, r.end)
		b = binary.LittleEndian.AppendUint64(b, r.target)
	}
	return b
}

// host returns the window whose bytes hold the hop of window i (a slack
// hop, see planner.slackHop), -1 when its hop is in dead bytes or it has
// none. Windows are in address order and do not overlap (check).
func (pp *prepared) host(i int) int {
	le := binary.LittleEndian
	h := le.Uint64(pp.recs[winRecLen*i+8:])
	if h == 0 {
		return -1
	}
	j := sort.Search(pp.n, func(j int) bool { return le.Uint64(pp.recs[winRecLen*j:]) > h }) - 1
	if j < 0 || j == i {
		return -1
	}
	r := pp.recs[winRecLen*j:]
	if h+jmpLen > le.Uint64(r)+uint64(le.Uint32(r[20:])) {
		return -1
	}
	return j
}

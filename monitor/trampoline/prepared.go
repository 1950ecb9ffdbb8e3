package trampoline

import (
	"cmp"
	"encoding/binary"
	"slices"
	"sort"
	"sync"

	"sonde/internal/linux/unix"
)

// Prepared is an object's trampolines ready to map: the plan's windows
// emitted once (the code at offset 0 of its region, with relocations for
// what points into the object), what each jump overwrites, and why the
// other sites keep int3. It depends on the file and the mode only (counts
// or coverage), so it is what the plan cache keeps. Its arrays are flat
// little-endian records, the same in memory as in a cache entry: an entry
// is used where it is mapped, without a copy.
type Prepared struct {
	// Code is the trampolines at offset 0 of their region; CodeSize is
	// page-rounded: the code, then PathSlot bytes.
	Code     []byte
	CodeSize uint64
	Rels     []byte // RelRecLen-byte records: off u32, end u32, target u64 (see textRel)
	Recs     []byte // WinRecLen-byte window records, by address (see Record)
	Sites    []byte // u32 site indices, window after window
	Want     []byte // the file's bytes under each window, window after window
	HopWant  []byte // the file's bytes under each hop, hop after hop
	// Deps are u32 pairs of window indices: windows that go in together
	// or not at all (a window with fall sites and a window whose
	// trampoline jumps to its entry B, planner.fold).
	Deps []byte
	N    int // windows
	// Why counts, per reason, the sites that keep the int3 path.
	Why map[string]int
	Err error // set: every site of the object keeps int3
	// The index, made once in the background (startIndex): by site, the
	// window counting it (siteWin, -1: none); the hops' link-time
	// addresses in order (hopAddr) and their windows (hopWin).
	indexOnce sync.Once
	indexed   chan struct{}
	siteWin   []int32
	hopAddr   []uint64
	hopWin    []int32
}

// Record sizes of Prepared's arrays.
const (
	RelRecLen = 16
	// addr u64, hop u64, off u32, size u32, sitesAt u32, nsites u32,
	// wantAt u32, hopAt u32
	WinRecLen = 40
)

// startIndex starts making pp's index (siteWin, hopAddr, hopWin) for
// nsites sites, once: a coverage run needs it for its first look at the
// counters, and making it takes milliseconds that the target, running,
// does not wait for.
func (pp *Prepared) StartIndex(nsites int) {
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
			for i := 0; i < pp.N; i++ {
				r := pp.Recs[WinRecLen*i:]
				for k, e := le.Uint32(r[24:]), le.Uint32(r[24:])+le.Uint32(r[28:]); k < e; k++ {
					if s := le.Uint32(pp.Sites[4*k:]); int(s) < nsites {
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
func (pp *Prepared) SiteWins(nsites int) []int32 {
	pp.StartIndex(nsites)
	<-pp.indexed
	return pp.siteWin
}

// hopWindow returns the window whose hop is at link-time address h.
func (pp *Prepared) HopWindow(nsites int, h uint64) (int, bool) {
	pp.StartIndex(nsites)
	<-pp.indexed
	k, ok := slices.BinarySearch(pp.hopAddr, h)
	if !ok {
		return 0, false
	}
	return int(pp.hopWin[k]), true
}

// Record is one patched window, as win reads it.
type Record struct {
	Addr  uint64   // link-time address of its site
	Off   uint32   // its trampoline's offset in code
	Size  uint32   // bytes the jump overwrites
	Sites SiteList // the sites counted in it, its own first
	Want  []byte   // the file's bytes under the jump
	// Hop, when not 0, is the link-time address of the 5-byte jump to the
	// trampoline that the window's jmp rel8 reaches (window.hop), and
	// HopWant the file's bytes there.
	Hop     uint64
	HopWant []byte
}

// SiteList is a window's site indices, little-endian u32s.
type SiteList []byte

func (l SiteList) Len() int       { return len(l) / 4 }
func (l SiteList) At(k int) int32 { return int32(binary.LittleEndian.Uint32(l[4*k:])) }
func (l SiteList) Each(f func(int)) {
	for k := 0; k < len(l); k += 4 {
		f(int(binary.LittleEndian.Uint32(l[k:])))
	}
}

// win returns window i. Its slices point into pp's arrays.
func (pp *Prepared) Record(i int) Record {
	r := pp.Recs[WinRecLen*i : WinRecLen*(i+1)]
	le := binary.LittleEndian
	w := Record{Addr: le.Uint64(r), Hop: le.Uint64(r[8:]), Off: le.Uint32(r[16:]), Size: le.Uint32(r[20:])}
	sa, ns, wa := le.Uint32(r[24:]), le.Uint32(r[28:]), le.Uint32(r[32:])
	w.Sites = SiteList(pp.Sites[4*sa : 4*(sa+ns) : 4*(sa+ns)])
	w.Want = pp.Want[wa : wa+w.Size : wa+w.Size]
	if w.Hop != 0 {
		ha := le.Uint32(r[36:])
		w.HopWant = pp.HopWant[ha : ha+JmpLen : ha+JmpLen]
	}
	return w
}

// check verifies pp's records (read from a cache entry): every offset and
// index within its array, windows in address order without overlap, a
// hop's jmp rel8 in reach, relocations inside the code and in its order; nsites is the
// object's number of sites.
func (pp *Prepared) Check(nsites int) bool {
	if len(pp.Recs)%WinRecLen != 0 || len(pp.Rels)%RelRecLen != 0 || len(pp.Sites)%4 != 0 {
		return false
	}
	pp.N = len(pp.Recs) / WinRecLen
	le := binary.LittleEndian
	end := uint64(0)
	for i := 0; i < pp.N; i++ {
		r := pp.Recs[WinRecLen*i:]
		addr, hop, off, size := le.Uint64(r), le.Uint64(r[8:]), le.Uint32(r[16:]), le.Uint32(r[20:])
		sa, ns, wa, ha := uint64(le.Uint32(r[24:])), uint64(le.Uint32(r[28:])), uint64(le.Uint32(r[32:])), uint64(le.Uint32(r[36:]))
		min := uint32(JmpLen)
		if hop != 0 {
			min = HopLen
			if d := int64(hop) - int64(addr+HopLen); d != int64(int8(d)) || ha+JmpLen > uint64(len(pp.HopWant)) {
				return false
			}
		}
		if size < min || size > MaxWindow || uint64(off) >= uint64(len(pp.Code)) || ns == 0 ||
			4*(sa+ns) > uint64(len(pp.Sites)) || wa+uint64(size) > uint64(len(pp.Want)) || i > 0 && addr < end {
			return false
		}
		end = addr + uint64(size)
	}
	for k := 0; k < len(pp.Sites); k += 4 {
		if int(le.Uint32(pp.Sites[k:])) >= nsites {
			return false
		}
	}
	if len(pp.Deps)%8 != 0 {
		return false
	}
	for k := 0; k < len(pp.Deps); k += 4 {
		if int(le.Uint32(pp.Deps[k:])) >= pp.N {
			return false
		}
	}
	next := uint64(0) // relocations are in code order, fields apart (writeRelocated)
	for k := 0; k < len(pp.Rels); k += RelRecLen {
		off, e := uint64(le.Uint32(pp.Rels[k:])), uint64(le.Uint32(pp.Rels[k+4:]))
		width := uint64(4)
		if e == 0 {
			width = 8
		}
		if off < next || off+width > uint64(len(pp.Code)) || e != 0 && e < off+4 {
			return false
		}
		next = off + width
	}
	return true
}

// PathSlot is the room at the end of the code pages for the counters'
// path, which the target opens.
const PathSlot = 64

// Prepare emits the trampolines of plan pl.
func Prepare(pl *Plan, coverage bool) *Prepared {
	pp := &Prepared{Why: pl.why, Err: pl.err}
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
	recs := make([]byte, 0, WinRecLen*len(ws))
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
	pp.CodeSize = (uint64(len(e.buf)) + PathSlot + page - 1) &^ (page - 1)
	e.fixCounters(pp.CodeSize)
	if err := e.fixEntries(); err != nil {
		return &Prepared{Why: pl.why, Err: err}
	}
	pp.Deps = deps
	pp.Code, pp.Rels = e.buf, encodeRels(e.rels)
	pp.Recs, pp.Sites, pp.Want, pp.HopWant, pp.N = recs, sites, want, hopWant, len(ws)
	return pp
}

// encodeRels returns rels as RelRecLen-byte records.
func encodeRels(rels []textRel) []byte {
	b := make([]byte, 0, RelRecLen*len(rels))
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
func (pp *Prepared) Host(i int) int {
	le := binary.LittleEndian
	h := le.Uint64(pp.Recs[WinRecLen*i+8:])
	if h == 0 {
		return -1
	}
	j := sort.Search(pp.N, func(j int) bool { return le.Uint64(pp.Recs[WinRecLen*j:]) > h }) - 1
	if j < 0 || j == i {
		return -1
	}
	r := pp.Recs[WinRecLen*j:]
	if h+JmpLen > le.Uint64(r)+uint64(le.Uint32(r[20:])) {
		return -1
	}
	return j
}

// Window returns the window that counts site si in its own right: its
// link-time address, the bytes its jump overwrites and the sites counted
// in it (si's own among them); ok is false when si keeps int3 or is
// counted inside another site's window.
func (pl *Plan) Window(si int) (addr uint64, size int, counted []int, ok bool) {
	w := pl.wins[si]
	if w == nil {
		return 0, 0, nil, false
	}
	for _, in := range w.insns {
		counted = append(counted, in.count...)
	}
	return w.addr, w.size, counted, true
}

// Counted reports whether site si is counted by a trampoline, in its own
// window or inside another site's; the others keep int3.
func (pl *Plan) Counted(si int) bool {
	_, in := pl.covered[si]
	return in || pl.wins[si] != nil
}

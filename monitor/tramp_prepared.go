package monitor

import (
	"sort"

	"sonde/internal/linux/unix"
)

// prepared is an object's trampolines ready to map: the plan's windows
// emitted once (the code at offset 0 of its region, with relocations for
// what points into the object), what each jump overwrites, and why the
// other sites keep int3. It depends on the file and the mode only (counts
// or coverage), so it is what the plan cache keeps.
type prepared struct {
	code     []byte
	codeSize uint64 // page-rounded: the code, then pathSlot bytes
	rels     []textRel
	wins     []prepWin // by address
	// why counts, per reason, the sites that keep the int3 path.
	why map[string]int
	err error // set: every site of the object keeps int3
	// siteWin maps sites to windows (see siteWins).
	siteWin []int32
	// hops are the windows with a hop, made on first use (hopWins).
	hops     []int32
	hopsDone bool
}

// hopWins returns the indices of the windows that have a hop.
func (pp *prepared) hopWins() []int32 {
	if !pp.hopsDone {
		for i := range pp.wins {
			if pp.wins[i].hop != 0 {
				pp.hops = append(pp.hops, int32(i))
			}
		}
		pp.hopsDone = true
	}
	return pp.hops
}

// prepWin is one patched window.
type prepWin struct {
	addr  uint64  // link-time address of its site
	off   uint32  // its trampoline's offset in code
	size  uint32  // bytes the jump overwrites
	sites []int32 // the sites counted in it, its own first
	want  []byte  // the file's bytes under the jump
	// hop, when not 0, is the link-time address of the 5-byte jump to the
	// trampoline that the window's jmp rel8 reaches (window.hop), and
	// hopWant the file's bytes there.
	hop     uint64
	hopWant []byte
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
		ws = append(ws, w)
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].addr < ws[j].addr })
	// Sized up front (about 30 bytes, two relocations and a counter a
	// window): libpython has 139,000 windows.
	e := &emitter{buf: make([]byte, 0, 40*len(ws)), rels: make([]textRel, 0, 3*len(ws)), cnts: make([]cntRel, 0, 2*len(ws))}
	pp.wins = make([]prepWin, len(ws))
	nsites, nwant := 0, 0
	for _, w := range ws {
		nsites += countInner(w) + 1
		nwant += w.size
	}
	sites := make([]int32, 0, nsites)
	want := make([]byte, 0, nwant)
	for i, w := range ws {
		s0, b0 := len(sites), len(want)
		sites = append(sites, int32(w.site))
		for _, in := range w.insns {
			for _, c := range in.count {
				if c != w.site {
					sites = append(sites, int32(c))
				}
			}
			want = append(want, in.code...)
		}
		want = append(want, w.pad...)
		pp.wins[i] = prepWin{addr: w.addr, off: uint32(len(e.buf)), size: uint32(w.size),
			sites: sites[s0:len(sites):len(sites)], want: want[b0:len(want):len(want)], hop: w.hop, hopWant: w.hopWant}
		e.trampoline(w, coverage)
	}
	page := uint64(unix.Pagesize())
	pp.codeSize = (uint64(len(e.buf)) + pathSlot + page - 1) &^ (page - 1)
	e.fixCounters(pp.codeSize)
	pp.code, pp.rels = e.buf, e.rels
	return pp
}

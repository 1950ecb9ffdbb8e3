package trampoline

import (
	"cmp"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"golang.org/x/arch/x86/x86asm"

	"sonde/monitor/units"
	"sonde/objfile"
)

// The static half of the trampoline engine: from the object file alone,
// which sites can be patched with a 5-byte jmp to a trampoline (their
// "window", the whole instructions that the jmp overwrites, holds no
// branch target but the site itself and nothing that cannot run elsewhere)
// and which keep the int3 path.
//
// A window is safe only if no control transfer can land inside it. The
// targets are found over the whole object (gcc's foo.cold jumps back into
// foo): every direct branch and call target, every instruction after a
// call (a return address), every function symbol, every code address in
// the data (R_X86_64_RELATIVE addends, aligned words of the data
// segments: jump tables of fixed executables, computed-goto tables),
// immediates and RIP-relative addresses that point into the text,
// position-independent jump tables (int32 entries relative to a table
// that a function with an indirect jump addresses RIP-relatively), and
// the landing pads of .gcc_except_table. A function that does not decode
// keeps all its sites on int3.

// Plan is one object's plan.
type Plan struct {
	// wins are the patched sites, by site index.
	wins map[int]*window
	// covered maps a site counted inside another site's window to that
	// site's index.
	covered map[int]int
	// why counts, per reason, the sites that keep the int3 path.
	why map[string]int
	// err, when set, keeps every site of the object on int3.
	err error
}

// window is the displaced code of one patched site.
type window struct {
	site      int
	addr      uint64 // link-time address
	size      int    // bytes displaced, at least JmpLen
	insns     []winInsn
	flagsDead bool // the site is a function entry: no flag is live (psABI)
	// ends says the last instruction never falls through (jmp, ret,
	// call): no jump back.
	ends bool
	// pad are bytes after the last instruction that never run (see
	// deadBytes), covered by the jump; size counts them.
	pad []byte
	// hop, when not 0, is where a 5-byte jump to the trampoline goes, in
	// bytes that never run within rel8 reach: the window itself, too
	// short for 5 bytes, gets a 2-byte jmp rel8 to it. hopWant are the
	// file's bytes there.
	hop     uint64
	hopWant []byte
	// fall are sites counted only when the window is entered from its
	// jump in place (entry A), not by the jumps of other trampolines that
	// go to the code after their counters (entry B); feed are the
	// addresses of those jumps (see planner.fold).
	fall []int
	feed []uint64
	// cov, when set, is the window to use instead in a coverage run: this
	// one holds a branch target that only redirected jumps reach (see
	// planner.enter), which a coverage run, removing windows one by one,
	// cannot keep so.
	cov *window
}

// HopLen is the jmp rel8 a hop window starts with.
const HopLen = 2

// relocKind says how an instruction is moved into a trampoline.
type relocKind uint8

const (
	relCopy    relocKind = iota // bytes as they are
	relRIP                      // RIP-relative operand: disp32 rewritten
	relJmp                      // jmp rel8/rel32: jmp rel32
	relJcc                      // jcc rel8/rel32: jcc rel32
	relCall                     // call rel32: push the original return address, jmp rel32
	relCallInd                  // call *x: push the original return address, jmp *x
)

// winInsn is one displaced instruction.
type winInsn struct {
	addr     uint64
	code     []byte
	count    []int // sites counted just before it runs
	kind     relocKind
	target   uint64 // relJmp, relJcc, relCall: link-time target
	cc       byte   // relJcc: condition code
	pcrelOff int    // relRIP, relCallInd with ripRel: offset of the disp32
	ripRel   bool   // relCallInd: the operand is RIP-relative
	modrm    int    // relCallInd: offset of the ModRM byte
	uncond   bool   // never falls through: ret, indirect jmp, ud2, hlt
	// toB says that a relJmp or relJcc goes to the entry B of the window
	// at its target, in the trampolines (planner.fold).
	toB bool
	// entry says that redirected jumps come in before its counters
	// (planner.enter).
	entry bool
	// flagsDead says that no status flag is live before it (flagsDeadAt):
	// its counters need not save them.
	flagsDead bool
}

const JmpLen = 5 // e9 rel32

// MaxWindow bounds a window's bytes (a plan cache entry with a longer one
// is corrupt).
const MaxWindow = 64

// planner holds the object-wide facts a plan is made from.
type planner struct {
	o       *units.Object
	f       *elf.File
	funcs   []units.Func
	text    []textSeg
	targets map[uint64]bool
	bad     map[uint64]bool // functions (by address) that did not decode
	// jumped holds the targets of direct jumps: a function entry that
	// is jumped to may be reached with a flag still live (hand-written
	// assembly does that), so only entries reached by calls alone count
	// without saving the flags.
	jumped map[uint64]bool
	// starts caches insnStarts by function address.
	starts map[uint64][]uint64
	// allow is a branch target that windowOf may cover (planner.enter).
	allow uint64
	// ext holds, sorted, the branch targets reached otherwise than by a
	// direct jump from the function that holds them: function starts,
	// return addresses, calls, jumps from other functions, code addresses
	// in instructions and data, landing pads (see isExt).
	ext []uint64
}

// isExt reports whether a is a branch target reached otherwise than by a
// direct jump of its own function.
func (p *planner) isExt(a uint64) bool {
	_, ok := slices.BinarySearch(p.ext, a)
	return ok
}

// textSeg is an executable segment's bytes.
type textSeg struct {
	vaddr uint64
	data  []byte
}

func (p *planner) code(a uint64, n int) []byte {
	for _, s := range p.text {
		if a >= s.vaddr && a < s.vaddr+uint64(len(s.data)) {
			off := a - s.vaddr
			end := min(off+uint64(n), uint64(len(s.data)))
			return s.data[off:end]
		}
	}
	return nil
}

func (p *planner) inText(a uint64) bool {
	for _, s := range p.text {
		if a >= s.vaddr && a < s.vaddr+uint64(len(s.data)) {
			return true
		}
	}
	return false
}

// NewPlan makes o's plan from its file; facts, when not nil, delivers
// the file's planner, started by Start while o's units loaded.
func NewPlan(o *units.Object, facts chan Facts) (pl *Plan) {
	pl = &Plan{wins: map[int]*window{}, covered: map[int]int{}, why: map[string]int{}}
	var p *planner
	var err error
	if facts != nil {
		f := <-facts
		p, err = f.p, f.err
	} else {
		p, err = newPlanner(o.File)
	}
	if err != nil {
		pl.err = err
		return pl
	}
	p.o = o
	defer func() {
		if r := recover(); r != nil {
			pl = &Plan{err: fmt.Errorf("read ELF file %s: corrupt: %v", o.File, r)}
		}
	}()
	add := func(si int, w *window) {
		pl.wins[si] = w
		for _, in := range w.insns {
			for _, c := range in.count {
				if c != si {
					pl.covered[c] = si
				}
			}
		}
	}
	var failed []int
	whys := map[int]string{}
	for si := range o.Sites {
		if _, ok := pl.covered[si]; ok {
			continue
		}
		w, why := p.window(si)
		if w == nil {
			failed = append(failed, si)
			whys[si] = why
			continue
		}
		add(si, w)
	}
	// Second chance: windows that start before their site, where they
	// overlap no window of the first pass nor each other.
	taken := make([][2]uint64, 0, len(pl.wins))
	for _, w := range pl.wins {
		taken = append(taken, [2]uint64{w.addr, w.addr + uint64(w.size)})
	}
	sort.Slice(taken, func(i, j int) bool { return taken[i][0] < taken[j][0] })
	free := func(lo, hi uint64) bool {
		i := sort.Search(len(taken), func(i int) bool { return taken[i][1] > lo })
		return i == len(taken) || taken[i][0] >= hi
	}
	var added [][2]uint64
	var left []int
	byStart := make(map[uint64]*window, len(pl.wins))
	for _, w := range pl.wins {
		byStart[w.addr] = w
	}
	for _, si := range failed {
		if _, ok := pl.covered[si]; ok {
			continue
		}
		w := p.backWindow(si)
		if w != nil {
			lo, hi := w.addr, w.addr+uint64(w.size)
			if free(lo, hi) && (len(added) == 0 || added[len(added)-1][1] <= lo) {
				added = append(added, [2]uint64{lo, hi})
				byStart[w.addr] = w
				add(si, w)
				continue
			}
		}
		if p.growWindow(si, taken, added, byStart, add) {
			continue
		}
		left = append(left, si)
	}
	// Last: a 2-byte jmp to a hop in dead bytes nearby, once every other
	// window is placed (a hop must not lie under one).
	all := append(append([][2]uint64(nil), taken...), added...)
	sort.Slice(all, func(i, j int) bool { return all[i][0] < all[j][0] })
	hops := p.deadRanges(all)
	var still []int
	for _, si := range left {
		if _, ok := pl.covered[si]; ok {
			continue
		}
		if w := p.hopWindow(si, all, hops); w != nil {
			add(si, w)
			continue
		}
		still = append(still, si)
	}
	// Then a hop in the slack of a placed window (see slackHop).
	var still2 []int
	var sh *slackHops
	if len(still) > 0 {
		sh = newSlackHops(pl)
		for _, si := range still {
			if _, ok := pl.covered[si]; ok {
				continue
			}
			if !p.slackHop(si, sh, add) {
				still2 = append(still2, si)
			}
		}
	}
	// Last, sites folded into the window after them (see fold).
	if len(still2) > 0 {
		ws := sh.ws // every window, in address order
		for _, si := range still2 {
			if _, ok := pl.covered[si]; ok {
				continue
			}
			if w := p.fold(si, ws, pl); w != nil {
				pl.covered[si] = w.site
				continue
			}
			if w := p.enter(si, ws, pl); w != nil {
				pl.covered[si] = w.site
				continue
			}
			pl.why[whys[si]]++
		}
	}
	return pl
}

// regrow grows window ws[i] through the instruction at a (after it, no
// branch target between), keeping what fold set on it, in ws and in pl.
// It returns the grown window, nil when it cannot grow so.
func (p *planner) regrow(ws []*window, i int, a uint64, pl *Plan) *window {
	w := ws[i]
	if w.ends || w.pad != nil || a-w.addr > MaxWindow {
		return nil
	}
	fn, why := p.function(w.addr)
	if why != "" || a >= fn.Addr+fn.Size {
		return nil
	}
	nw, _ := p.windowFrom(fn, w.addr, w.site, a)
	if nw == nil || nw.size > MaxWindow || i+1 < len(ws) && ws[i+1].addr < nw.addr+uint64(nw.size) {
		return nil
	}
	if w.cov != nil {
		return nil // its interior entries would need the same growth in place
	}
	nw.hop, nw.hopWant, nw.fall, nw.feed = w.hop, w.hopWant, w.fall, w.feed
	for k := range nw.insns {
		if k < len(w.insns) {
			nw.insns[k].toB = w.insns[k].toB
		}
		for _, c := range nw.insns[k].count {
			if c != nw.site {
				pl.covered[c] = nw.site
			}
		}
	}
	ws[i] = nw
	pl.wins[nw.site] = nw
	return nw
}

// feeder is a displaced direct jump: insns[k] of window w.
type feeder struct {
	w *window
	k int
}

// feeders returns every direct jump of fn to y, each displaced in a window
// of ws (the window before one grown through it if need be), nil when
// there is one that is not. fn holds y, and y is no isExt target: its
// jumps are all in fn.
func (p *planner) feeders(fn units.Func, y uint64, ws []*window, pl *Plan) []feeder {
	end := fn.Addr + fn.Size
	winAt := func(a uint64) *window {
		i := sort.Search(len(ws), func(i int) bool { return ws[i].addr+uint64(ws[i].size) > a })
		if i < len(ws) && ws[i].addr <= a {
			return ws[i]
		}
		return nil
	}
	// Every jump to y in fn, each displaced in a window (growing one may
	// replace a window of ws: they are looked up once all are in place).
	var jumps []uint64
	for _, a := range p.insnStarts(fn) {
		code := p.code(a, int(min(end-a, 15)))
		if units.IsEndbr64(code) {
			continue
		}
		in, err := x86asm.Decode(code, 64)
		if err != nil {
			return nil
		}
		rel, ok := in.Args[0].(x86asm.Rel)
		if !ok || uint64(int64(a)+int64(in.Len)+int64(rel)) != y {
			continue
		}
		if winAt(a) == nil {
			// The window that ends before the jump may grow through it.
			i := sort.Search(len(ws), func(i int) bool { return ws[i].addr > a }) - 1
			if i < 0 || p.targets[a] || p.regrow(ws, i, a, pl) == nil {
				return nil
			}
		}
		jumps = append(jumps, a)
	}
	feeders := make([]feeder, 0, len(jumps))
	for _, a := range jumps {
		w := winAt(a)
		k := slices.IndexFunc(w.insns, func(in winInsn) bool { return in.addr == a })
		if k < 0 || w.insns[k].kind != relJmp && w.insns[k].kind != relJcc {
			return nil
		}
		feeders = append(feeders, feeder{w, k})
	}
	if len(feeders) == 0 {
		return nil
	}
	return feeders
}

// enter counts site si, a branch target Y with no room for a jump (the
// ret of a function whose early exit jumps to it, after a window that
// falls through to it), in the window before it, grown through it: when
// every jump to Y is a direct jump of Y's function displaced in a window,
// those trampolines jump to Y's counter inside the grown window's
// trampoline, and in place Y is only reached by falling through. The
// windows go in together or not at all (Prepared.deps): a jump left in
// place would land in the grown window's bytes. A coverage run uses the
// window as it was before (cov) and leaves si to int3.
func (p *planner) enter(si int, ws []*window, pl *Plan) *window {
	y := uint64(p.o.Sites[si].Addr)
	if !p.targets[y] || p.isExt(y) {
		return nil
	}
	fn, why := p.function(y)
	if why != "" {
		return nil
	}
	for k := sort.Search(len(p.funcs), func(k int) bool { return p.funcs[k].Addr > y }) - 1; k >= 0; k-- {
		if f := p.funcs[k]; f.Addr != fn.Addr && y < f.Addr+f.Size {
			return nil
		}
	}
	i := sort.Search(len(ws), func(i int) bool { return ws[i].addr > y }) - 1
	if i < 0 || ws[i].addr+uint64(ws[i].size) > y || ws[i].addr < fn.Addr {
		return nil
	}
	feeders := p.feeders(fn, y, ws, pl)
	if feeders == nil {
		return nil
	}
	w := ws[i] // after feeders: it may have grown
	if w.ends || w.pad != nil || w.cov != nil || w.addr+uint64(w.size) > y || y-w.addr > MaxWindow {
		return nil
	}
	p.allow = y
	nw, _ := p.windowFrom(fn, w.addr, w.site, y)
	p.allow = 0
	if nw == nil || nw.size > MaxWindow || i+1 < len(ws) && ws[i+1].addr < nw.addr+uint64(nw.size) {
		return nil
	}
	nw.hop, nw.hopWant, nw.fall, nw.feed, nw.cov = w.hop, w.hopWant, w.fall, w.feed, w
	k := slices.IndexFunc(nw.insns, func(in winInsn) bool { return in.addr == y })
	if k < 0 {
		return nil
	}
	for j := range nw.insns {
		if j < len(w.insns) {
			nw.insns[j].toB = w.insns[j].toB
		}
		for _, c := range nw.insns[j].count {
			if c != nw.site {
				pl.covered[c] = nw.site
			}
		}
	}
	nw.insns[k].entry = true
	for _, f := range feeders {
		fw := f.w
		if fw == w {
			fw = nw // a jump to y from before it in the window: the same index in the grown one
		}
		fw.insns[f.k].toB = true
		nw.feed = append(nw.feed, fw.insns[f.k].addr)
	}
	ws[i] = nw
	pl.wins[nw.site] = nw
	return nw
}

// fold counts site si, whose instructions up to a branch target Y are
// nops (`nop` after a call, before an epilogue that early returns jump
// to: `nop; leave; ret` at -O0, no room for even a jmp rel8), in the
// window at Y: si runs exactly when Y is reached by falling through from
// it, that is, every time Y runs except when it is jumped to. When every
// jump to Y is a direct jump of Y's function that is displaced in a
// window (none from elsewhere: isExt), the trampolines of those windows
// jump to the code of Y's trampoline after the counter of si (entry B),
// and the jump in place at Y (entry A) is reached only by falling through
// from si. The windows of the jumps and Y's go in together or not at all
// (Prepared.deps); a coverage run, whose windows are removed one by one,
// leaves si to int3 (prepare). It returns Y's window, nil when si cannot
// be folded. ws are the windows, in address order.
func (p *planner) fold(si int, ws []*window, pl *Plan) *window {
	x := uint64(p.o.Sites[si].Addr)
	fn, why := p.function(x)
	if why != "" {
		return nil
	}
	end := fn.Addr + fn.Size
	y := x
	for y == x || !p.targets[y] {
		if y >= end || y-x > 15 {
			return nil
		}
		in, err := x86asm.Decode(p.code(y, int(min(end-y, 15))), 64)
		if err != nil || in.Op != x86asm.NOP {
			return nil
		}
		y += uint64(in.Len)
	}
	if y >= end || p.isExt(y) {
		return nil
	}
	if j := sort.Search(len(p.o.Sites), func(j int) bool { return uint64(p.o.Sites[j].Addr) > x }); j < len(p.o.Sites) && uint64(p.o.Sites[j].Addr) < y {
		return nil // another site among the nops
	}
	// No other function's range holds y (its jumps would not be seen).
	for k := sort.Search(len(p.funcs), func(k int) bool { return p.funcs[k].Addr > y }) - 1; k >= 0; k-- {
		if f := p.funcs[k]; f.Addr != fn.Addr && y < f.Addr+f.Size {
			return nil
		}
	}
	winAt := func(a uint64) *window {
		i := sort.Search(len(ws), func(i int) bool { return ws[i].addr+uint64(ws[i].size) > a })
		if i < len(ws) && ws[i].addr <= a {
			return ws[i]
		}
		return nil
	}
	wy := winAt(y)
	if wy == nil || wy.addr != y || wy.fall != nil {
		return nil
	}
	feeders := p.feeders(fn, y, ws, pl)
	if feeders == nil {
		return nil
	}
	wy = winAt(y)
	for _, f := range feeders {
		f.w.insns[f.k].toB = true
		wy.feed = append(wy.feed, f.w.insns[f.k].addr)
	}
	wy.fall = append(wy.fall, si)
	return wy
}

// slackHops is the state of the slack phase: the windows placed so far in
// address order, the hops placed so far, and how much of each host
// window's slack is taken.
type slackHops struct {
	ws   []*window
	hops []uint64          // sorted
	used map[uint64]uint64 // host window address -> its first free slack byte
}

func newSlackHops(pl *Plan) *slackHops {
	sh := &slackHops{used: map[uint64]uint64{}}
	for _, w := range pl.wins {
		sh.ws = append(sh.ws, w)
		if w.hop != 0 {
			sh.hops = append(sh.hops, w.hop)
		}
	}
	slices.SortFunc(sh.ws, func(a, b *window) int { return cmp.Compare(a.addr, b.addr) })
	slices.Sort(sh.hops)
	return sh
}

// overlaps reports whether [lo, hi) overlaps a window other than skip.
func (sh *slackHops) overlaps(lo, hi uint64, skip *window) bool {
	i := sort.Search(len(sh.ws), func(i int) bool { return sh.ws[i].addr+uint64(sh.ws[i].size) > lo })
	for ; i < len(sh.ws) && sh.ws[i].addr < hi; i++ {
		if sh.ws[i] != skip {
			return true
		}
	}
	return false
}

// slackHop gives site si, which has room for a 2-byte jmp rel8 only, a
// hop in the slack of a window within rel8 reach: the bytes of a window
// after its 5-byte jump never run while the jump is in place (nothing
// jumps inside a window), so they can hold a hop, as dead padding does.
// When a window in reach has no 5 bytes of slack left, it is grown through
// the instructions after it (nothing among them being a branch target,
// they run in its trampoline as they would in place).
//
// -O0 code has little padding and no room at its function ends: the
// epilogue line (`pop %rbp; ret`, `leave; ret`), reached by the jumps of
// early returns, has 2 bytes, and a line after a call that returns there
// may have 3 (`nop; leave; ret`); the entry window of the function or of
// the next one (`push %rbp; mov %rsp,%rbp; sub $0x20,%rsp; mov
// %rdi,-0x18(%rbp)`) is in reach and has or can get the slack.
//
// Such a hop is only valid while its host window's jump is in place:
// armTrampolines places the two together or neither (a hop inside another
// window is a slack hop: Prepared.host), and a coverage run, whose windows
// are removed one by one, leaves these sites to int3.
func (p *planner) slackHop(si int, sh *slackHops, add func(int, *window)) bool {
	a := uint64(p.o.Sites[si].Addr)
	fn, why := p.function(a)
	if why != "" {
		return false
	}
	uw, _ := p.windowOf(fn, a, si, a, HopLen)
	if uw == nil || sh.overlaps(a, a+uint64(uw.size), nil) {
		return false
	}
	lo, hi := a+HopLen-128, a+HopLen+127 // where the hop may start
	i := sort.Search(len(sh.ws), func(i int) bool { return sh.ws[i].addr+MaxWindow > lo })
	for ; i < len(sh.ws) && sh.ws[i].addr <= hi; i++ {
		h := sh.ws[i]
		if h.hop != 0 {
			continue
		}
		at := sh.used[h.addr]
		if at == 0 {
			at = h.addr + JmpLen
		}
		if at < lo || at > hi {
			continue
		}
		nh := h
		if at+JmpLen > h.addr+uint64(h.size) {
			hf, why := p.function(h.addr)
			if why != "" {
				continue
			}
			nh, _ = p.windowOf(hf, h.addr, h.site, h.addr, int(at+JmpLen-h.addr))
			if nh == nil || nh.size > MaxWindow {
				continue
			}
			end := nh.addr + uint64(nh.size)
			if sh.overlaps(h.addr, end, h) || a < end && a+uint64(uw.size) > h.addr {
				continue
			}
			if k, _ := slices.BinarySearch(sh.hops, h.addr); k < len(sh.hops) && sh.hops[k] < end {
				continue // a hop placed in the bytes it would cover
			}
		}
		want := p.code(at, JmpLen)
		if len(want) != JmpLen {
			continue
		}
		if nh != h {
			sh.ws[i] = nh
			add(nh.site, nh)
		}
		sh.used[h.addr] = at + JmpLen
		uw.hop, uw.hopWant = at, want
		add(si, uw)
		k := sort.Search(len(sh.ws), func(k int) bool { return sh.ws[k].addr > a })
		sh.ws = slices.Insert(sh.ws, k, uw)
		k, _ = slices.BinarySearch(sh.hops, at)
		sh.hops = slices.Insert(sh.hops, k, at)
		return true
	}
	return false
}

// deadRange is a run of bytes that never run (after a jmp or ret, no
// branch target, site, function start or window among them), handed out
// 5 bytes at a time from next.
type deadRange struct {
	next, end uint64
}

// deadRanges finds the runs of dead bytes of at least 5 bytes outside
// the windows wins (sorted by start), in address order.
func (p *planner) deadRanges(wins [][2]uint64) []deadRange {
	siteAt := func(a uint64) bool {
		j := sort.Search(len(p.o.Sites), func(j int) bool { return uint64(p.o.Sites[j].Addr) >= a })
		return j < len(p.o.Sites) && uint64(p.o.Sites[j].Addr) == a
	}
	inWin := func(a uint64) bool {
		i := sort.Search(len(wins), func(i int) bool { return wins[i][1] > a })
		return i < len(wins) && wins[i][0] <= a
	}
	var out []deadRange
	for fi, fn := range p.funcs {
		if p.bad[fn.Addr] || fi+1 < len(p.funcs) && p.funcs[fi+1].Addr == fn.Addr {
			continue // aliases: one pass per address
		}
		limit := fn.Addr + fn.Size + 64
		if fi+1 < len(p.funcs) {
			limit = min(limit, p.funcs[fi+1].Addr)
		}
		for _, a := range p.insnStarts(fn) {
			in, why := decodeReloc(p.code(a, 15), a)
			if why != "" || !(in.uncond || in.kind == relJmp) {
				continue
			}
			lo := a + uint64(len(in.code))
			hi := lo
			for hi < limit && hi-lo < 64 && !p.targets[hi] && p.inText(hi) && !siteAt(hi) && !inWin(hi) {
				hi++
			}
			if hi-lo >= JmpLen && (len(out) == 0 || out[len(out)-1].end <= lo) {
				out = append(out, deadRange{lo, hi})
			}
		}
	}
	return out
}

// hopWindow makes a window of at least 2 bytes for site si (which holds
// no room for 5) that jumps to a hop taken from dead: the jmp rel8 at si
// reaches the hop, whose jmp rel32 reaches the trampoline.
func (p *planner) hopWindow(si int, wins [][2]uint64, dead []deadRange) *window {
	a := uint64(p.o.Sites[si].Addr)
	fn, why := p.function(a)
	if why != "" {
		return nil
	}
	w, _ := p.windowOf(fn, a, si, a, HopLen)
	if w == nil {
		return nil
	}
	i := sort.Search(len(wins), func(i int) bool { return wins[i][1] > a })
	if i < len(wins) && wins[i][0] < a+uint64(w.size) {
		return nil // overlaps a window
	}
	// rel8 from a+2: the hop starts in [a+2-128, a+2+127].
	lo, hi := a+HopLen-128, a+HopLen+127
	j := sort.Search(len(dead), func(j int) bool { return dead[j].end > lo })
	for ; j < len(dead) && dead[j].next <= hi; j++ {
		d := &dead[j]
		h := max(d.next, lo)
		if h > hi || h+JmpLen > d.end || h < a+uint64(w.size) && h+JmpLen > a {
			continue
		}
		want := p.code(h, JmpLen)
		if len(want) != JmpLen {
			continue
		}
		if h == d.next {
			d.next += JmpLen
		} else {
			// Taken from the middle: keep the part after it.
			d.next = h + JmpLen
		}
		w.hop, w.hopWant = h, want
		// The window's own bytes are no hop for a later one.
		for k := range dead {
			if dead[k].next < a+uint64(w.size) && dead[k].end > a {
				dead[k].next = max(dead[k].next, a+uint64(w.size))
			}
		}
		return w
	}
	return nil
}

// growWindow lengthens, for site si (not a branch target) that has no
// window of its own, the window that ends at or before it (of the first
// pass, taken, or a back window, added), so that it counts si too:
// nothing between them being a branch target, si runs exactly when that
// window's instructions fall through to it. It updates taken or added and
// byStart and reports whether it could.
func (p *planner) growWindow(si int, taken, added [][2]uint64, byStart map[uint64]*window, add func(int, *window)) bool {
	a := uint64(p.o.Sites[si].Addr)
	if p.targets[a] {
		return false
	}
	i := sort.Search(len(taken), func(i int) bool { return taken[i][0] >= a }) - 1
	j := sort.Search(len(added), func(j int) bool { return added[j][0] >= a }) - 1
	own, other := taken, added
	k := i
	if j >= 0 && (i < 0 || added[j][0] > taken[i][0]) {
		// The nearest window before si is a back window (a site just
		// before si whose own window failed: an epilogue's `add; ret`).
		own, other, k = added, taken, j
	}
	if k < 0 || own[k][1] > a {
		return false
	}
	w := byStart[own[k][0]]
	if w == nil || w.ends || w.pad != nil || a-w.addr > MaxWindow {
		return false
	}
	fn, why := p.function(w.addr)
	if why != "" || a >= fn.Addr+fn.Size {
		return false
	}
	nw, _ := p.windowFrom(fn, w.addr, w.site, a)
	if nw == nil || nw.size > MaxWindow {
		return false
	}
	end := nw.addr + uint64(nw.size)
	if k+1 < len(own) && own[k+1][0] < end {
		return false
	}
	if m := sort.Search(len(other), func(m int) bool { return other[m][1] > w.addr }); m < len(other) && other[m][0] < end {
		return false
	}
	own[k][1] = end
	byStart[w.addr] = nw
	add(w.site, nw)
	return true
}

// Facts is a file's planner made in the background (Start), or why it
// could not be.
type Facts struct {
	p   *planner
	err error
}

// Start makes the planner of file in a goroutine: the object-wide facts
// (every function disassembled for its branch targets) do not depend on
// the units, so they are found while units.LoadUnits reads the line
// table, on another core. NewPlan receives them.
func Start(file string) chan Facts {
	ch := make(chan Facts, 1)
	go func() {
		p, err := newPlanner(file)
		ch <- Facts{p, err}
	}()
	return ch
}

// newPlanner reads file's functions and executable segments and finds
// its branch targets.
func newPlanner(file string) (p *planner, err error) {
	of, err := objfile.Open(file, nil)
	if err != nil {
		return nil, err
	}
	defer of.Close()
	err = objfile.Safe(file, func() error {
		p, err = readPlanner(of)
		return err
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// readPlanner is newPlanner on the opened object of.
func readPlanner(of *objfile.File) (p *planner, err error) {
	f, file := of.ELF, of.Path
	// The object's .symtab, else its debug file's (not .dynsym, which
	// names no local function).
	syms, src := of.Symbols()
	if len(syms) == 0 || src == "dynsym" {
		return nil, errors.New("no symbol table: the branch targets inside functions cannot all be found")
	}
	p = &planner{f: f, funcs: units.Functions(syms), targets: map[uint64]bool{}, bad: map[uint64]bool{}, jumped: map[uint64]bool{}, starts: map[uint64][]uint64{}}
	for _, prog := range f.Progs {
		if prog.Type == elf.PT_LOAD && prog.Flags&elf.PF_X != 0 {
			b := make([]byte, prog.Filesz)
			if _, err := prog.ReadAt(b, 0); err != nil {
				return nil, fmt.Errorf("read text of %s: %w", file, err)
			}
			p.text = append(p.text, textSeg{vaddr: prog.Vaddr, data: b})
		}
	}
	if err := p.findTargets(); err != nil {
		return nil, err
	}
	return p, nil
}

// findTargets fills p.targets and p.bad.
func (p *planner) findTargets() error {
	for _, fn := range p.funcs {
		p.targets[fn.Addr] = true
		p.ext = append(p.ext, fn.Addr)
	}
	// Jump tables are read for the functions with an indirect jump, in
	// them or in their split-off parts (foo.cold, foo.part.0): the table
	// may be addressed in one and jumped through in the other.
	tables := map[string][]uint64{}
	indirect := map[string]bool{}
	ranges := map[string][][2]uint64{}
	for _, fn := range p.funcs {
		if fn.Size == 0 || !p.inText(fn.Addr) {
			continue
		}
		code := p.code(fn.Addr, int(fn.Size))
		if uint64(len(code)) < fn.Size {
			p.bad[fn.Addr] = true
			continue
		}
		fam := family(fn.Name)
		ranges[fam] = append(ranges[fam], [2]uint64{fn.Addr, fn.Addr + fn.Size})
		t, ind := p.scanFunction(fn, code)
		tables[fam] = append(tables[fam], t...)
		indirect[fam] = indirect[fam] || ind
	}
	for fam, ts := range tables {
		if indirect[fam] {
			p.readTables(ts, ranges[fam])
		}
	}
	// Code addresses stored in the data.
	for _, s := range p.f.Sections {
		if s.Type != elf.SHT_RELA || s.Entsize != 24 {
			continue
		}
		data, err := s.Data()
		if err != nil {
			return fmt.Errorf("read %s of %s: %w", s.Name, p.o.File, err)
		}
		for i := 0; i+24 <= len(data); i += 24 {
			typ := binary.LittleEndian.Uint64(data[i+8:]) & 0xffffffff
			const rRelative, rIrelative = 8, 37
			if typ == rRelative || typ == rIrelative {
				if a := binary.LittleEndian.Uint64(data[i+16:]); p.inText(a) {
					p.targets[a] = true
					p.ext = append(p.ext, a)
				}
			}
		}
	}
	// A fixed executable holds absolute code addresses in its data
	// without relocations; position-independent objects only through
	// the relocations above (their file words are not addresses).
	for _, prog := range p.f.Progs {
		if p.f.Type != elf.ET_EXEC || prog.Type != elf.PT_LOAD || prog.Flags&elf.PF_X != 0 {
			continue
		}
		b := make([]byte, prog.Filesz)
		if _, err := prog.ReadAt(b, 0); err != nil {
			return fmt.Errorf("read data of %s: %w", p.o.File, err)
		}
		for i := (8 - prog.Vaddr%8) % 8; i+8 <= uint64(len(b)); i += 8 {
			if a := binary.LittleEndian.Uint64(b[i:]); p.inText(a) {
				p.targets[a] = true
				p.ext = append(p.ext, a)
			}
		}
	}
	pads, err := landingPads(p.f)
	if err != nil {
		return fmt.Errorf("landing pads of %s: %w", p.o.File, err)
	}
	for _, a := range pads {
		p.targets[a] = true
		p.ext = append(p.ext, a)
	}
	slices.Sort(p.ext)
	p.ext = slices.Compact(p.ext)
	return nil
}

// family returns the name of the function a split-off part belongs to:
// foo for foo.cold, foo.part.0, foo.isra.0.cold.
func family(name string) string {
	if i := strings.IndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return name
}

// scanFunction decodes one function and adds the targets it names; it
// returns the data addresses it refers to RIP-relatively (jump table
// candidates) and whether it jumps indirectly.
func (p *planner) scanFunction(fn units.Func, code []byte) (tables []uint64, indirect bool) {
	for off := 0; off < len(code); {
		pc := fn.Addr + uint64(off)
		if units.IsEndbr64(code[off:]) {
			off += 4
			continue
		}
		in, err := x86asm.Decode(code[off:], 64)
		if err != nil || in.Len == 0 || in.Op == 0 {
			p.bad[fn.Addr] = true
			return nil, false
		}
		next := pc + uint64(in.Len)
		off += in.Len
		if in.Op == x86asm.CALL {
			p.targets[next] = true
			p.ext = append(p.ext, next)
		}
		if in.Op == x86asm.JMP {
			if _, ok := in.Args[0].(x86asm.Rel); !ok {
				indirect = true
			}
		}
		for _, arg := range in.Args {
			switch a := arg.(type) {
			case nil:
			case x86asm.Rel:
				t := uint64(int64(next) + int64(a))
				p.targets[t] = true
				if in.Op == x86asm.CALL || t < fn.Addr || t >= fn.Addr+uint64(len(code)) {
					p.ext = append(p.ext, t)
				}
				if in.Op != x86asm.CALL {
					p.jumped[t] = true
				}
			case x86asm.Imm:
				if p.inText(uint64(a)) {
					p.targets[uint64(a)] = true
					p.ext = append(p.ext, uint64(a))
				}
			case x86asm.Mem:
				if a.Base == x86asm.RIP {
					t := uint64(int64(next) + int64(int32(a.Disp))) // x86asm leaves a RIP displacement unsigned
					if p.inText(t) {
						p.targets[t] = true
						p.ext = append(p.ext, t)
					} else {
						tables = append(tables, t)
					}
				}
			}
		}
	}
	return tables, indirect
}

// readTables reads position-independent jump tables: int32 entries
// relative to the table's own address, as long as they land in the
// functions of the family that uses the table (more targets than real
// only cost patchable sites, never a wrong count).
func (p *planner) readTables(tables []uint64, fam [][2]uint64) {
	inFam := func(a uint64) bool {
		for _, r := range fam {
			if a >= r[0] && a < r[1] {
				return true
			}
		}
		return false
	}
	for _, t := range tables {
		for k := uint64(0); k < 1<<16; k++ {
			b := p.dataAt(t+4*k, 4)
			if b == nil {
				break
			}
			a := t + uint64(int64(int32(binary.LittleEndian.Uint32(b))))
			if !inFam(a) {
				break
			}
			p.targets[a] = true
			p.ext = append(p.ext, a)
		}
	}
}

// dataAt returns n file bytes at link-time address a of a loaded segment,
// nil when there are not n.
func (p *planner) dataAt(a uint64, n int) []byte {
	for _, prog := range p.f.Progs {
		if prog.Type == elf.PT_LOAD && a >= prog.Vaddr && a+uint64(n) <= prog.Vaddr+prog.Filesz {
			b := make([]byte, n)
			if _, err := prog.ReadAt(b, int64(a-prog.Vaddr)); err != nil {
				return nil
			}
			return b
		}
	}
	return nil
}

// function returns the function holding a, or says why there is none
// to patch.
func (p *planner) function(a uint64) (units.Func, string) {
	i := sort.Search(len(p.funcs), func(i int) bool { return p.funcs[i].Addr > a }) - 1
	if i < 0 || a >= p.funcs[i].Addr+p.funcs[i].Size {
		return units.Func{}, "outside any function"
	}
	fn := p.funcs[i]
	if p.bad[fn.Addr] {
		return units.Func{}, "in a function that does not decode"
	}
	return fn, ""
}

// window decodes the window of site si, or says why it cannot be patched.
func (p *planner) window(si int) (*window, string) {
	a := uint64(p.o.Sites[si].Addr)
	fn, why := p.function(a)
	if why != "" {
		return nil, why
	}
	return p.windowFrom(fn, a, si, a)
}

// backWindow tries, for a site whose own window failed, a window that
// starts up to a few instructions before it: when nothing between the
// start and the site is a branch target, the site runs exactly when the
// instructions before it fall through to it, which the trampoline's copy
// of them does too.
func (p *planner) backWindow(si int) *window {
	a := uint64(p.o.Sites[si].Addr)
	if p.targets[a] {
		return nil
	}
	fn, why := p.function(a)
	if why != "" {
		return nil
	}
	starts := p.insnStarts(fn)
	k := sort.Search(len(starts), func(i int) bool { return starts[i] >= a })
	if k == len(starts) || starts[k] != a {
		return nil // a site inside an instruction
	}
	for j := k - 1; j >= 0 && j >= k-4; j-- {
		x := starts[j]
		if w, _ := p.windowFrom(fn, x, si, a); w != nil {
			return w
		}
		if p.targets[x] {
			return nil // nothing before x falls through alone
		}
	}
	return nil
}

// insnStarts returns the addresses of fn's instructions (fn decodes: see
// findTargets), decoded once.
func (p *planner) insnStarts(fn units.Func) []uint64 {
	if s, ok := p.starts[fn.Addr]; ok {
		return s
	}
	code := p.code(fn.Addr, int(fn.Size))
	var s []uint64
	for off := 0; off < len(code); {
		s = append(s, fn.Addr+uint64(off))
		if units.IsEndbr64(code[off:]) {
			off += 4
			continue
		}
		in, err := x86asm.Decode(code[off:], 64)
		if err != nil || in.Len == 0 {
			break
		}
		off += in.Len
	}
	p.starts[fn.Addr] = s
	return s
}

// windowFrom decodes a window of fn for site si from start that reaches
// at least past the instruction at through.
func (p *planner) windowFrom(fn units.Func, start uint64, si int, through uint64) (*window, string) {
	return p.windowOf(fn, start, si, through, JmpLen)
}

// windowOf is windowFrom for a window of at least need bytes.
func (p *planner) windowOf(fn units.Func, start uint64, si int, through uint64, need int) (*window, string) {
	a := start
	site := through
	end := fn.Addr + fn.Size
	// Flags are dead at a function's entry (psABI), but foo.cold is no
	// function (foo jumps there, maybe with a flag still to be tested),
	// and an entry that is jumped to may not be one either.
	w := &window{site: si, addr: a, flagsDead: a == fn.Addr && !strings.Contains(fn.Name, ".cold") && !p.jumped[a]}
	// Sites at or after a, in address order, to count inside the window.
	sj := sort.Search(len(p.o.Sites), func(j int) bool { return uint64(p.o.Sites[j].Addr) >= a })
	for pos := a; w.size < need || pos <= site; {
		if w.ends {
			// Past a jmp or ret, bytes that nothing jumps to never run
			// (alignment padding): the jump may cover them.
			if pos > site {
				if pad := p.deadBytes(fn, pos, a+uint64(need)); pad != nil {
					w.pad = pad
					w.size += len(pad)
					break
				}
			}
			if pos >= end {
				return nil, "too short (function ends)"
			}
			return nil, "too short (jmp, ret or call before 5 bytes)"
		}
		if pos >= end {
			return nil, "too short (function ends)"
		}
		if pos != a && p.targets[pos] && (pos != p.allow || pos == 0) {
			return nil, "branch target inside the window"
		}
		in, why := decodeReloc(p.code(pos, int(min(end-pos, 15))), pos)
		if why != "" {
			return nil, why
		}
		for sj < len(p.o.Sites) && uint64(p.o.Sites[sj].Addr) <= pos {
			if uint64(p.o.Sites[sj].Addr) == pos {
				in.count = append(in.count, sj)
			} else {
				return nil, "a site inside an instruction"
			}
			sj++
		}
		if len(in.count) > 0 {
			in.flagsDead = p.flagsDeadAt(fn, pos)
		}
		w.insns = append(w.insns, in)
		w.size += len(in.code)
		pos += uint64(len(in.code))
		switch in.kind {
		case relJmp, relCall, relCallInd:
			w.ends = true
		case relCopy, relRIP:
			w.ends = w.ends || in.uncond
		}
	}
	if sj < len(p.o.Sites) && uint64(p.o.Sites[sj].Addr) < a+uint64(w.size) {
		return nil, "a site inside an instruction"
	}
	return w, ""
}

// flagsDeadAt reports whether no status flag is live at a: in the
// straight-line code from a, an instruction that writes all six of them
// (cmp, test, add, sub, and, or, xor) comes before any that may read one
// and before any branch, call or ret (hand-written assembly may pass a
// flag through a call or a ret). -O0 code reloads its operands from the
// stack with mov before each comparison or addition, so most of its lines
// start with flags dead, and their counters can be a bare lock incq.
func (p *planner) flagsDeadAt(fn units.Func, a uint64) bool {
	end := fn.Addr + fn.Size
	for pos, n := a, 0; pos < end && n < 6; n++ {
		code := p.code(pos, int(min(end-pos, 15)))
		if units.IsEndbr64(code) {
			pos += 4
			continue
		}
		in, err := x86asm.Decode(code, 64)
		if err != nil || in.Len == 0 {
			return false
		}
		switch in.Op {
		case x86asm.CMP, x86asm.TEST, x86asm.ADD, x86asm.SUB, x86asm.AND, x86asm.OR, x86asm.XOR:
			return true
		case x86asm.MOV, x86asm.MOVZX, x86asm.MOVSX, x86asm.MOVSXD, x86asm.LEA, x86asm.PUSH, x86asm.POP, x86asm.NOP,
			x86asm.CDQE, x86asm.CDQ, x86asm.CQO, x86asm.CWDE, x86asm.MOVSS, x86asm.MOVSD_XMM, x86asm.MOVAPS, x86asm.MOVUPS,
			x86asm.MOVD, x86asm.MOVQ, x86asm.CVTSI2SD, x86asm.CVTSI2SS:
			pos += uint64(in.Len)
		default:
			return false
		}
	}
	return false
}

// deadBytes returns the bytes [from, to) that follow an instruction that
// never falls through, when none of them can run: no branch target and no
// site among them, and no function but fn starting before to. nil
// otherwise.
func (p *planner) deadBytes(fn units.Func, from, to uint64) []byte {
	i := sort.Search(len(p.funcs), func(i int) bool { return p.funcs[i].Addr > fn.Addr })
	if i < len(p.funcs) && p.funcs[i].Addr < to {
		return nil
	}
	for q := from; q < to; q++ {
		if p.targets[q] || !p.inText(q) {
			return nil
		}
	}
	j := sort.Search(len(p.o.Sites), func(j int) bool { return uint64(p.o.Sites[j].Addr) >= from })
	if j < len(p.o.Sites) && uint64(p.o.Sites[j].Addr) < to {
		return nil
	}
	b := p.code(from, int(to-from))
	if len(b) != int(to-from) {
		return nil
	}
	return b
}

// opcodeIndex returns the index of the opcode byte after legacy and REX
// prefixes.
func opcodeIndex(code []byte) int {
	i := 0
	for i < len(code) {
		switch b := code[i]; {
		case b == 0x66, b == 0x67, b == 0xf2, b == 0xf3, b == 0x2e, b == 0x3e, b == 0x26, b == 0x64, b == 0x65, b == 0x36, b == 0xf0:
			i++
		case b >= 0x40 && b <= 0x4f:
			return i + 1
		default:
			return i
		}
	}
	return i
}

// decodeReloc decodes the instruction at the start of code (at link-time
// address pc) and says how to move it, or why it cannot be moved.
func decodeReloc(code []byte, pc uint64) (winInsn, string) {
	if units.IsEndbr64(code) {
		return winInsn{addr: pc, code: code[:4]}, ""
	}
	in, err := x86asm.Decode(code, 64)
	if err != nil || in.Len == 0 || in.Op == 0 {
		return winInsn{}, "does not decode"
	}
	w := winInsn{addr: pc, code: code[:in.Len]}
	switch in.Op {
	case x86asm.RET, x86asm.LRET, x86asm.IRET, x86asm.UD2, x86asm.HLT, x86asm.JMP, x86asm.LJMP:
		w.uncond = true // never falls through
	}
	next := pc + uint64(in.Len)
	rel, isRel := in.Args[0].(x86asm.Rel)
	switch in.Op {
	case x86asm.LOOP, x86asm.LOOPE, x86asm.LOOPNE, x86asm.JCXZ, x86asm.JECXZ, x86asm.JRCXZ, x86asm.XBEGIN:
		return w, "rel8-only branch in the window"
	case x86asm.JMP:
		if isRel {
			w.kind, w.target = relJmp, uint64(int64(next)+int64(rel))
			return w, ""
		}
	case x86asm.JA, x86asm.JAE, x86asm.JB, x86asm.JBE, x86asm.JE, x86asm.JG, x86asm.JGE, x86asm.JL, x86asm.JLE,
		x86asm.JNE, x86asm.JNO, x86asm.JNP, x86asm.JNS, x86asm.JO, x86asm.JP, x86asm.JS:
		if !isRel {
			return w, "odd conditional jump"
		}
		op := opcodeIndex(w.code)
		switch {
		case w.code[op] >= 0x70 && w.code[op] <= 0x7f:
			w.cc = w.code[op] & 0xf
		case w.code[op] == 0x0f && op+1 < len(w.code):
			w.cc = w.code[op+1] & 0xf
		default:
			return w, "odd conditional jump"
		}
		w.kind, w.target = relJcc, uint64(int64(next)+int64(rel))
		return w, ""
	case x86asm.CALL:
		if isRel {
			w.kind, w.target = relCall, uint64(int64(next)+int64(rel))
			return w, ""
		}
		op := opcodeIndex(w.code)
		if w.code[op] != 0xff || op+1 >= len(w.code) || (w.code[op+1]>>3)&7 != 2 {
			return w, "odd indirect call"
		}
		if m, ok := in.Args[0].(x86asm.Mem); ok && (m.Base == x86asm.RSP || m.Base == x86asm.ESP) {
			return w, "indirect call through the stack"
		}
		w.kind, w.modrm = relCallInd, op+1
		if in.PCRel != 0 {
			if in.PCRel != 4 || in.AddrSize != 64 {
				return w, "odd RIP-relative operand"
			}
			w.ripRel, w.pcrelOff = true, in.PCRelOff
		}
		return w, ""
	}
	if isRel {
		return w, "odd relative branch"
	}
	if in.PCRel != 0 {
		if in.PCRel != 4 || in.AddrSize != 64 {
			return w, "odd RIP-relative operand"
		}
		w.kind, w.pcrelOff = relRIP, in.PCRelOff
	}
	return w, ""
}

func countInner(w *window) int {
	n := 0
	for _, in := range w.insns {
		n += len(in.count)
	}
	return n - 1
}

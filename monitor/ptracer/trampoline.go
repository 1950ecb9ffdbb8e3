package ptracer

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"sort"

	"sonde/internal/linux/unix"
	"sonde/monitor/counting"
	"sonde/monitor/plancache"
	"sonde/monitor/trampoline"
	"sonde/proc"
	"sonde/profile"
)

// The run-time half of the trampoline engine. Each patched site's first
// bytes become `jmp rel32` to a trampoline in pages sonde maps into the
// target (within ±1 GiB of the object, so that every rel32 reaches):
//
//	lock incq CNT(%rip)          ; at a function entry: flags are dead
//	lea -128(%rsp),%rsp; pushfq; lock incq CNT(%rip); popfq; lea 128(%rsp),%rsp
//	                             ; elsewhere: keep flags and the red zone
//	movb $1,CNT(%rip)            ; --coverage: no flags touched
//	<displaced instructions, relocated>
//	jmp SITE+LEN
//
// The counters live in a memfd that sonde maps too and the target maps
// shared (MAP_SHARED, opened through /proc/SONDE/fd/N): sonde reads them
// without a system call, forked children add to the same counters (their
// fork shares the mapping), and a target killed by SIGKILL or gone
// through exec loses nothing. A hit costs a few nanoseconds instead of a
// trap; `lock` makes threads' totals exact.

// counterRegion is one object's counters in one address space and the
// children forked from it.
type counterRegion struct {
	obj  int    // counting.Result.Objects index
	mem  []byte // 8 bytes per site of the object, sonde's mapping
	fd   int
	only []bool // by site index: counted here
	// seen records, in a coverage run, the sites whose bytes uncover has
	// harvested (and cleared).
	seen []bool
}

// armKey names an object planted in a space.
type armKey struct {
	o     *plancache.Object
	start uint64
}

// trampStats counts, for the run's note, how sites were planted.
type trampStats struct {
	patched, covered, int3 int
	removed                int // coverage: jumps removed after their windows ran again
	why                    map[string]int
}

// writeRelocated writes code, relocated (see relocate) for base and
// bias, at base through mem, a piece at a time: the pieces are relocated
// in a buffer that stays in cache, where a relocated copy of the whole
// code (4 MB for libpython's lines) cost fresh pages. rels are sorted by
// offset (prepared.check).
func writeRelocated(mem Memory, code, rels []byte, base, bias uint64) error {
	const piece = 256 << 10
	buf := make([]byte, 0, piece+8)
	le := binary.LittleEndian
	k := 0
	for lo := 0; lo < len(code); {
		hi := min(lo+piece, len(code))
		// The relocations of the piece; one that straddles its end
		// takes the piece up to the end of its field.
		k0 := k
		for k+trampoline.RelRecLen <= len(rels) && int(le.Uint32(rels[k:])) < hi {
			w := 4
			if le.Uint32(rels[k+4:]) == 0 {
				w = 8
			}
			hi = max(hi, int(le.Uint32(rels[k:]))+w)
			k += trampoline.RelRecLen
		}
		buf = append(buf[:0], code[lo:hi]...)
		if err := trampoline.RelocateAt(buf, uint32(lo), rels[k0:k], base, bias); err != nil {
			return err
		}
		if _, err := mem.WriteMemory(buf, base+uint64(lo)); err != nil {
			return err
		}
		lo = hi
	}
	return nil
}

// armedTramps is one object's trampolines in one address space.
type armedTramps struct {
	pp   *trampoline.Prepared
	bias uint64
	base uint64 // run-time address of the trampolines
	reg  *counterRegion
	// patched says, by pp.wins index, that the jump is in place.
	patched []bool
	// live counts the patched windows.
	live int
}

// clone copies a for a forked child, whose memory holds the same jumps.
func (a *armedTramps) clone() *armedTramps {
	c := *a
	c.patched = append([]bool(nil), a.patched...)
	return &c
}

// armTrampolines places the trampolines of p in space sp (process pid,
// stopped thread tid, every other thread of sp stopped) and puts their
// jumps into img, a copy of the text that the caller writes back; it
// returns the sites left to int3 breakpoints and that image (nil when no
// jump is placed). rips are the pcs of sp's threads.
func (r *ptraceRun) armTrampolines(tid, pid int, sp *space, p *counting.Placed, oi int, rips []uint64) ([]int, *textImage) {
	o := p.Obj
	pp := o.Prepared(r.opts.Coverage)
	all := func(why string) []int {
		s := make([]int, 0, len(o.Sites))
		for si := range o.Sites {
			s = append(s, si)
		}
		if why != "" {
			r.stats.why[why] += len(s)
		}
		return s
	}
	if pp.Err != nil {
		return all(pp.Err.Error()), nil
	}
	if pp.N == 0 {
		return all("no patchable site"), nil
	}
	le := binary.LittleEndian
	bps := make([]uint64, 0, len(sp.bps))
	for a := range sp.bps {
		bps = append(bps, a)
	}
	slices.Sort(bps)
	bias := uint64(0)
	found := false
	use := make([]bool, pp.N)
	keep := make([]bool, len(o.Sites)) // sites counted by trampolines here
	n := 0
	// The text to read: what the chosen windows and hops span, within
	// each mapping (windows in address order mostly fall in the mapping
	// of the last one looked up, [mlo, mhi)).
	var spans []span
	var mlo, mhi uint64
	mark := func(i int) {
		rec := pp.Recs[trampoline.WinRecLen*i : trampoline.WinRecLen*(i+1)]
		use[i] = true
		n++
		for k, e := le.Uint32(rec[24:]), le.Uint32(rec[24:])+le.Uint32(rec[28:]); k < e; k++ {
			keep[le.Uint32(pp.Sites[4*k:])] = true
		}
	}
	var slack [][2]int // windows whose hop is in the slack of another, and that other
	for i := 0; i < pp.N; i++ {
		rec := pp.Recs[trampoline.WinRecLen*i : trampoline.WinRecLen*(i+1)]
		addr, hop, size := le.Uint64(rec), le.Uint64(rec[8:]), uint64(le.Uint32(rec[20:]))
		a := addr + bias
		if !found || a < mlo || a+size > mhi {
			ra, ok := p.RuntimeAddr(profile.Addr(addr))
			if !ok {
				continue
			}
			b := ra - addr
			if found && b != bias {
				return all("object mapped with two biases"), nil
			}
			bias, found, a = b, true, ra
			mlo, mhi = p.MappingOf(a)
			if a+size > mhi {
				continue
			}
		}
		if insideAny(rips, a, int(size)) || anyIn(bps, a, a+size) {
			continue
		}
		lo, hi := a, a+size
		if hop != 0 {
			h := hop + bias
			if h < mlo || h+trampoline.JmpLen > mhi || insideAny(rips, h-1, trampoline.JmpLen+1) || anyIn(bps, h, h+trampoline.JmpLen) {
				continue
			}
			lo, hi = min(lo, h), max(hi, h+trampoline.JmpLen)
			if j := pp.Host(i); j >= 0 {
				// A hop in another window's slack goes in with that
				// window only, and never in a coverage run, which
				// removes windows one by one (planner.slackHop).
				if r.opts.Coverage {
					continue
				}
				slack = append(slack, [2]int{i, j})
			} else {
				mark(i)
			}
		} else {
			mark(i)
		}
		if l := len(spans) - 1; l >= 0 && spans[l].hi > mlo {
			spans[l].lo, spans[l].hi = min(spans[l].lo, lo), max(spans[l].hi, hi)
		} else {
			spans = append(spans, span{lo, hi})
		}
	}
	for _, uh := range slack {
		if use[uh[1]] {
			mark(uh[0])
		}
	}
	var int3 []int
	for si := range o.Sites {
		if !keep[si] {
			int3 = append(int3, si)
		}
	}
	if n == 0 {
		return int3, nil
	}
	cntSize := (uint64(8*len(o.Sites)) + uint64(unix.Pagesize()) - 1) &^ (uint64(unix.Pagesize()) - 1)
	lo, hi := o.Sites[0].Addr, o.Sites[len(o.Sites)-1].Addr
	base, cnt, err := r.pages.mapRegion(tid, pid, sp.mem, uint64(lo)+bias, uint64(hi)+bias, pp.CodeSize, cntSize)
	if err != nil {
		r.stats.why["mapping trampoline pages failed: "+err.Error()] += len(o.Sites)
		return all(""), nil
	}
	reg := &counterRegion{obj: oi, mem: cnt, fd: -1}
	r.regions = append(r.regions, reg)
	reg.only = keep
	if err := writeRelocated(sp.mem, pp.Code, pp.Rels, base, bias); err != nil {
		reg.only = nil
		r.stats.why["write trampolines failed: "+err.Error()] += len(o.Sites)
		return all(""), nil
	}
	// The jumps, into a copy of the text. A window and its hop go in
	// together, and only where both hold the file's bytes: anything else
	// is another tool's breakpoint (a uprobe on the same file writes int3
	// into every process that maps it, and puts its byte back when
	// removed, over whatever is there).
	img := sp.readText(spans)
	at := &armedTramps{pp: pp, bias: bias, base: base, reg: reg, patched: make([]bool, pp.N)}
	if len(pp.Deps) > 0 {
		// Windows that go in together (planner.fold) or not at all: a
		// jump left in place at a folded window's jump would count its
		// fall sites.
		drop := func(i int, why string) {
			use[i] = false
			pp.Record(i).Sites.Each(func(c int) {
				keep[c] = false
				int3 = append(int3, c)
				r.stats.why[why]++
			})
		}
		textOK := func(i int) bool {
			w := pp.Record(i)
			cur := img.at(w.Addr+bias, uint64(w.Size))
			return cur != nil && bytes.Equal(cur, w.Want)
		}
		for changed := true; changed; {
			changed = false
			for k := 0; k+8 <= len(pp.Deps); k += 8 {
				a, b := int(le.Uint32(pp.Deps[k:])), int(le.Uint32(pp.Deps[k+4:]))
				switch {
				case use[a] && use[b] && (!textOK(a) || !textOK(b)):
					drop(a, "text differs from the file (another tool's breakpoint?)")
					drop(b, "text differs from the file (another tool's breakpoint?)")
				case use[a] && !use[b]:
					drop(a, "a window it goes in with cannot")
				case use[b] && !use[a]:
					drop(b, "a window it goes in with cannot")
				default:
					continue
				}
				changed = true
			}
		}
	}
	var jump [trampoline.MaxWindow]byte
	// The windows whose hop lies in another's slack go in last, where
	// that other went in: its jump has put 0xcc where their hop goes.
	user := make(map[int]int, len(slack))
	for _, uh := range slack {
		user[uh[0]] = uh[1]
	}
	place := func(i int) {
		rec := pp.Recs[trampoline.WinRecLen*i : trampoline.WinRecLen*(i+1)]
		addr, hop, off, size := le.Uint64(rec), le.Uint64(rec[8:]), le.Uint32(rec[16:]), uint64(le.Uint32(rec[20:]))
		wa, ha := le.Uint32(rec[32:]), le.Uint32(rec[36:])
		a, h := addr+bias, hop+bias
		cur := img.at(a, size)
		ok := cur != nil && bytes.Equal(cur, pp.Want[wa:uint64(wa)+size])
		var hcur []byte
		if j, slackHop := user[i]; ok && slackHop {
			// The host's bytes, the hop's among them, were checked.
			hcur = img.at(h, trampoline.JmpLen)
			ok = hcur != nil && at.patched[j]
		} else if ok && hop != 0 {
			hcur = img.at(h, trampoline.JmpLen)
			ok = hcur != nil && bytes.Equal(hcur, pp.HopWant[ha:ha+trampoline.JmpLen])
		}
		if !ok {
			why := "text differs from the file (another tool's breakpoint?)"
			if _, slackHop := user[i]; slackHop && hcur != nil {
				why = "hop's host window not patched"
			}
			pp.Record(i).Sites.Each(func(c int) {
				keep[c] = false
				int3 = append(int3, c)
				r.stats.why[why]++
			})
			return
		}
		j := jump[:size]
		to := base + uint64(off)
		if hop != 0 {
			hcur[0] = 0xe9
			le.PutUint32(hcur[1:], uint32(int32(int64(to-(h+trampoline.JmpLen)))))
			img.touch(h, trampoline.JmpLen)
			j[0], j[1] = 0xeb, byte(int8(int64(hop)-int64(addr+trampoline.HopLen)))
			j = j[trampoline.HopLen:]
		} else {
			j[0] = 0xe9
			le.PutUint32(j[1:], uint32(int32(int64(to-(a+trampoline.JmpLen)))))
			j = j[trampoline.JmpLen:]
		}
		for k := range j {
			j[k] = 0xcc // never run: nothing jumps inside the window
		}
		copy(cur, jump[:size])
		img.touch(a, size)
		at.patched[i] = true
		at.live++
		r.stats.patched++
		r.stats.covered += int(le.Uint32(rec[28:])) - 1
	}
	for i := 0; i < pp.N; i++ {
		if _, slackHop := user[i]; use[i] && !slackHop {
			place(i)
		}
	}
	for _, uh := range slack {
		if use[uh[0]] {
			place(uh[0])
		}
	}
	if r.opts.Coverage {
		pp.StartIndex(len(o.Sites)) // for uncover
	}
	sp.tramps = append(sp.tramps, at)
	for why, n := range pp.Why {
		r.stats.why[why] += n
	}
	return int3, img
}

// anyIn reports whether a of as (sorted) lies in [lo, hi).
func anyIn(as []uint64, lo, hi uint64) bool {
	i, _ := slices.BinarySearch(as, lo)
	return i < len(as) && as[i] < hi
}

// insideAny reports whether a pc of rips lies in (a, a+size).
func insideAny(rips []uint64, a uint64, size int) bool {
	for _, pc := range rips {
		if pc > a && pc < a+uint64(size) {
			return true
		}
	}
	return false
}

// patchAt is bytes to write at addr, over the bytes want (nil: whatever
// is there).
type patchAt struct {
	addr  uint64
	bytes []byte
	want  []byte
	idx   int
}

// writePatches writes the patches (sorted by address), reading and
// writing runs of patches less than gap bytes apart in one go, and calls done for each one
// written. It leaves alone, and returns the idx of, the patches whose
// bytes are not want.
func (sp *space) writePatches(ps []patchAt, gap uint64, done func(*patchAt)) ([]int, error) {
	var f func(*patchAt, []byte)
	if done != nil {
		f = func(p *patchAt, _ []byte) { done(p) }
	}
	return sp.writePatchesFrom(ps, gap, f)
}

// writePatchesFrom is writePatches whose done also gets the bytes each
// patch replaced.
func (sp *space) writePatchesFrom(ps []patchAt, gap uint64, done func(p *patchAt, old []byte)) ([]int, error) {
	var skipped []int
	var buf []byte
	for i := 0; i < len(ps); {
		j := i + 1
		end := ps[i].addr + uint64(len(ps[i].bytes))
		for j < len(ps) && ps[j].addr < end+gap {
			end = max(end, ps[j].addr+uint64(len(ps[j].bytes)))
			j++
		}
		start := ps[i].addr
		if uint64(cap(buf)) < end-start {
			buf = make([]byte, end-start)
		}
		buf = buf[:end-start]
		if _, err := sp.mem.ReadMemory(buf, start); err != nil {
			return skipped, fmt.Errorf("read text at %#x of process %d: %w", start, sp.pid, err)
		}
		for k := i; k < j; k++ {
			p := &ps[k]
			off := p.addr - start
			if p.want != nil && !bytes.Equal(buf[off:off+uint64(len(p.want))], p.want) {
				skipped = append(skipped, p.idx)
				continue
			}
			if done != nil {
				done(p, buf[off:off+uint64(len(p.bytes))])
			}
			copy(buf[off:], p.bytes)
		}
		if _, err := sp.mem.WriteMemory(buf, start); err != nil {
			return skipped, fmt.Errorf("patch text at %#x of process %d: %w", start, sp.pid, err)
		}
		i = j
	}
	return skipped, nil
}

// unpatch puts back the file's bytes under the jumps of a's windows wins
// (indices in address order; nil: every patched one), and returns how
// many it removed: each window's own bytes first, then its hop (which
// nothing jumps to any more). A thread stopped on a hop must have been
// moved off it (offHops).
func (sp *space) unpatch(a *armedTramps, wins []int32) int {
	var ps, hs []patchAt
	add := func(i int) {
		if a.patched[i] {
			w := a.pp.Record(i)
			ps = append(ps, patchAt{addr: w.Addr + a.bias, bytes: w.Want, idx: i})
			if w.Hop != 0 {
				hs = append(hs, patchAt{addr: w.Hop + a.bias, bytes: w.HopWant, idx: i})
			}
		}
	}
	if wins == nil {
		for i := 0; i < a.pp.N; i++ {
			add(i)
		}
	} else {
		for _, i := range wins {
			add(int(i))
		}
	}
	// Runs of windows less than a page apart: a few windows scattered
	// over the text cost a write each, not a copy of the whole text, and
	// the thousands of a coverage run's first looks fewer writes (with
	// libpython: 6.4-7.5 ms for 19,500 windows, 7.8-8.8 ms with runs of
	// windows 256 bytes apart).
	n := 0
	sp.writePatches(ps, 4096, func(p *patchAt) { a.patched[p.idx] = false; a.live--; n++ })
	sort.Slice(hs, func(i, j int) bool { return hs[i].addr < hs[j].addr })
	sp.writePatches(hs, 256, nil)
	return n
}

// offHops moves the threads of sp stopped on a hop (its jmp rel8 taken,
// its jmp rel32 not yet) to the trampoline that hop jumps to, as the jump
// would: the hop can then be put back.
func (r *ptraceRun) offHops(sp *space) {
	var regs unix.PtraceRegs
	for o := range r.t.All() {
		if o.Data.sp != sp || o.Running() || unix.PtraceGetRegs(o.TID, &regs) != nil {
			continue
		}
		for _, a := range sp.tramps {
			if to, ok := a.hopTarget(pc(&regs)); ok {
				setPC(&regs, to)
				unix.PtraceSetRegs(o.TID, &regs)
				break
			}
		}
	}
}

// hopTarget returns where the hop at run-time address h jumps, if a
// patched window of a has its hop there.
func (a *armedTramps) hopTarget(h uint64) (uint64, bool) {
	i, ok := a.pp.HopWindow(len(a.reg.only), h-a.bias)
	if !ok || !a.patched[i] {
		return 0, false
	}
	return a.base + uint64(a.pp.Record(i).Off), true
}

// regionMapper gets an object's trampoline and counter pages into a
// target: the seam between arming, which needs only the target's Memory,
// and the system calls that map pages in it (remotePages), so that arming
// runs unchanged against a byte slice in tests.
type regionMapper interface {
	// mapRegion maps codeSize bytes of trampoline pages (private, r-x)
	// and, right after them, cntSize bytes of counters shared with sonde
	// in process pid (stopped thread tid, memory mem), within rel32 reach
	// of [lo, hi]. It returns the pages' run-time address and sonde's
	// view of the counters, which unmapCounters releases.
	mapRegion(tid, pid int, mem Memory, lo, hi, codeSize, cntSize uint64) (base uint64, counters []byte, err error)
	// unmapCounters releases sonde's view of counters mapRegion gave.
	unmapCounters(counters []byte)
}

// remotePages maps trampoline and counter pages into a process t traces
// by running mmap and openat in it (remoteSyscall), the counters in a
// memfd that sonde maps too.
type remotePages struct{ t *Tracer }

// mapRegion implements regionMapper.
func (rp remotePages) mapRegion(tid, pid int, tmem Memory, lo, hi, codeSize, cntSize uint64) (uint64, []byte, error) {
	maps, err := proc.Maps(pid)
	if err != nil {
		return 0, nil, err
	}
	size := codeSize + cntSize
	base, ok := findGap(maps, proc.Exe(pid), lo, hi, size)
	if !ok {
		return 0, nil, fmt.Errorf("no free range of %d bytes within 1 GiB of %#x-%#x", size, lo, hi)
	}
	fd, mem, err := unix.MemfdCreate("sonde-counters", int(cntSize))
	if err != nil {
		return 0, nil, fmt.Errorf("memfd: %w", err)
	}
	defer unix.Close(fd)
	got, err := remoteSyscall(rp.t, tid, pid, tmem, unix.SYS_MMAP, base, codeSize, unix.PROT_READ|unix.PROT_EXEC,
		unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_FIXED_NOREPLACE, ^uint64(0), 0)
	if err == nil && got != base {
		err = fmt.Errorf("mmap gave %#x, not %#x", got, base)
	}
	if err != nil {
		unix.Munmap(mem)
		return 0, nil, fmt.Errorf("map trampoline pages: %w", err)
	}
	path := fmt.Sprintf("/proc/%d/fd/%d\x00", os.Getpid(), fd)
	pathAt := base + codeSize - 64
	if _, err := tmem.WriteMemory([]byte(path), pathAt); err != nil {
		unix.Munmap(mem)
		return 0, nil, err
	}
	fdcwd := int64(unix.AT_FDCWD)
	tfd, err := remoteSyscall(rp.t, tid, pid, tmem, unix.SYS_OPENAT, uint64(fdcwd), pathAt, unix.O_RDWR|unix.O_CLOEXEC)
	if err != nil {
		unix.Munmap(mem)
		return 0, nil, fmt.Errorf("open the counters in the target: %w", err)
	}
	got, err = remoteSyscall(rp.t, tid, pid, tmem, unix.SYS_MMAP, base+codeSize, cntSize, unix.PROT_READ|unix.PROT_WRITE,
		unix.MAP_SHARED|unix.MAP_FIXED_NOREPLACE, tfd, 0)
	remoteSyscall(rp.t, tid, pid, tmem, unix.SYS_CLOSE, tfd)
	if err == nil && got != base+codeSize {
		err = fmt.Errorf("mmap gave %#x, not %#x", got, base+codeSize)
	}
	if err != nil {
		unix.Munmap(mem)
		return 0, nil, fmt.Errorf("map counter pages: %w", err)
	}
	return base, mem, nil
}

// unmapCounters implements regionMapper.
func (remotePages) unmapCounters(counters []byte) { unix.Munmap(counters) }

// findGap returns a page-aligned start of size free bytes within 1 GiB of
// [lo, hi], away from where brk and the stack grow.
func findGap(maps []proc.Mapping, exe string, lo, hi, size uint64) (uint64, bool) {
	const reach = 1 << 30
	const brkRoom, stackRoom = 256 << 20, 64 << 20
	type rng struct{ s, e uint64 }
	var used []rng
	for _, m := range maps {
		used = append(used, rng{m.Start, m.Limit})
		switch {
		case m.Path == "[heap]" || m.Path == exe:
			used = append(used, rng{m.Limit, m.Limit + brkRoom})
		case m.Path == "[stack]":
			used = append(used, rng{m.Start - stackRoom, m.Start})
		}
	}
	used = append(used, rng{0, 1 << 20}, rng{1 << 47, ^uint64(0)})
	sort.Slice(used, func(i, j int) bool { return used[i].s < used[j].s })
	const page = 4096
	best, bestDist := uint64(0), uint64(reach)
	end := uint64(0)
	for _, u := range used {
		if u.s > end && u.s-end >= size {
			g0, g1 := (end+page-1)&^(page-1), u.s&^(page-1)
			if g1 > g0 && g1-g0 >= size {
				var a, d uint64
				switch {
				case g1 <= lo:
					a = g1 - size
					d = hi - a
				case g0 >= hi:
					a = g0
					d = a + size - lo
				default:
					continue // cannot be: [lo, hi] is mapped
				}
				if d < bestDist {
					best, bestDist = a, d
				}
			}
		}
		end = max(end, u.e)
	}
	return best, best != 0
}

// credit adds the trampoline counters to the result and unmaps them.
func (r *ptraceRun) credit() {
	r.creditTo(r.res)
	for _, reg := range r.regions {
		r.pages.unmapCounters(reg.mem)
	}
	r.regions = nil
}

// creditTo adds the trampolines' counters to res (r.res or a snapshot).
func (r *ptraceRun) creditTo(res *counting.Result) {
	for _, reg := range r.regions {
		n := len(res.Objects[reg.obj].Sites)
		for si := 0; si < n && 8*si+8 <= len(reg.mem); si++ {
			if si >= len(reg.only) || !reg.only[si] {
				continue
			}
			v := binary.LittleEndian.Uint64(reg.mem[8*si:])
			if si < len(reg.seen) && reg.seen[si] {
				v = 1
			}
			if v == 0 {
				continue
			}
			if r.opts.Coverage {
				v = 1
			}
			res.AddSiteCount(reg.obj, si, v)
		}
	}
}

// finishTrampolines credits the counters and says in a note how the sites
// were planted.
func (r *ptraceRun) finishTrampolines() {
	r.credit()
	st := &r.stats
	if r.opts.NoTrampolines || st.patched+st.int3 == 0 {
		return
	}
	note := fmt.Sprintf("ptrace engine: %d sites jump to trampolines (%d more counted inside their windows), %d keep int3 breakpoints",
		st.patched, st.covered, st.int3)
	if r.opts.Coverage {
		note += fmt.Sprintf("; %d jumps removed once their windows ran again", st.removed)
	}
	type kv struct {
		why string
		n   int
	}
	var whys []kv
	for w, n := range st.why {
		whys = append(whys, kv{w, n})
	}
	sort.Slice(whys, func(i, j int) bool {
		return whys[i].n > whys[j].n || whys[i].n == whys[j].n && whys[i].why < whys[j].why
	})
	for i, w := range whys {
		if i == 4 {
			break
		}
		note += fmt.Sprintf("; %d %s", w.n, w.why)
	}
	r.res.Notes = append(r.res.Notes, note)
}

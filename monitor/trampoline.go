package monitor

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"sort"

	"sonde/internal/linux/unix"
	"sonde/proc"
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
	obj  int    // Result.Objects index
	mem  []byte // 8 bytes per site of the object, sonde's mapping
	fd   int
	only []bool // by site index: counted here
}

// armKey names an object planted in a space.
type armKey struct {
	o     *Object
	start uint64
}

// trampStats counts, for the run's note, how sites were planted.
type trampStats struct {
	patched, covered, int3 int
	why                    map[string]int
}

// counter increments, by mode.
var (
	incFlagsDead = []byte{0xf0, 0x48, 0xff, 0x05}                               // lock incq rel32(%rip)
	incPre       = []byte{0x48, 0x8d, 0x64, 0x24, 0x80, 0x9c}                   // lea -128(%rsp),%rsp; pushfq
	incPost      = []byte{0x9d, 0x48, 0x8d, 0xa4, 0x24, 0x80, 0x00, 0x00, 0x00} // popfq; lea 128(%rsp),%rsp
	setByte      = []byte{0xc6, 0x05}                                           // movb $imm8,rel32(%rip)
)

// emitter writes one trampoline at a run-time address.
type emitter struct {
	buf  []byte
	base uint64 // run-time address of buf[0]
	err  error
}

func (e *emitter) pc() uint64 { return e.base + uint64(len(e.buf)) }

// rel32 appends target - end as an int32, end being the address after
// the instruction (pc after the 4 bytes plus tail more bytes).
func (e *emitter) rel32(target uint64, tail int) {
	end := e.pc() + 4 + uint64(tail)
	d := int64(target - end)
	if d != int64(int32(d)) && e.err == nil {
		e.err = fmt.Errorf("%#x is out of rel32 reach of %#x", target, end)
	}
	e.buf = binary.LittleEndian.AppendUint32(e.buf, uint32(int32(d)))
}

// counter appends the increment of the counter at cnt.
func (e *emitter) counter(cnt uint64, flagsDead, coverage bool) {
	switch {
	case coverage:
		e.buf = append(e.buf, setByte...)
		e.rel32(cnt, 1)
		e.buf = append(e.buf, 1)
	case flagsDead:
		e.buf = append(e.buf, incFlagsDead...)
		e.rel32(cnt, 0)
	default:
		e.buf = append(e.buf, incPre...)
		e.buf = append(e.buf, incFlagsDead...)
		e.rel32(cnt, 0)
		e.buf = append(e.buf, incPost...)
	}
}

// insn appends the relocated form of in, which sits at in.addr+bias.
func (e *emitter) insn(in *winInsn, bias uint64) {
	oldNext := in.addr + bias + uint64(len(in.code))
	switch in.kind {
	case relCopy:
		e.buf = append(e.buf, in.code...)
	case relRIP:
		e.ripInsn(in.code, in.pcrelOff, oldNext)
	case relJmp:
		e.buf = append(e.buf, 0xe9)
		e.rel32(in.target+bias, 0)
	case relJcc:
		e.buf = append(e.buf, 0x0f, 0x80|in.cc)
		e.rel32(in.target+bias, 0)
	case relCall:
		// pushq RET(%rip); jmp target; RET: .quad original return
		e.buf = append(e.buf, 0xff, 0x35)
		e.buf = binary.LittleEndian.AppendUint32(e.buf, jmpLen)
		e.buf = append(e.buf, 0xe9)
		e.rel32(in.target+bias, 0)
		e.buf = binary.LittleEndian.AppendUint64(e.buf, oldNext)
	case relCallInd:
		// pushq RET(%rip); jmp *x (ModRM /2 -> /4); RET: .quad original return
		e.buf = append(e.buf, 0xff, 0x35)
		e.buf = binary.LittleEndian.AppendUint32(e.buf, uint32(len(in.code)))
		code := append([]byte(nil), in.code...)
		code[in.modrm] = code[in.modrm]&^0x38 | 4<<3
		if in.ripRel {
			e.ripInsn(code, in.pcrelOff, oldNext)
		} else {
			e.buf = append(e.buf, code...)
		}
		e.buf = binary.LittleEndian.AppendUint64(e.buf, oldNext)
	}
}

// ripInsn appends code with its RIP-relative disp32 (at off) rewritten to
// keep pointing where it pointed from its old place (next instruction at
// oldNext).
func (e *emitter) ripInsn(code []byte, off int, oldNext uint64) {
	abs := oldNext + uint64(int64(int32(binary.LittleEndian.Uint32(code[off:]))))
	start := len(e.buf)
	e.buf = append(e.buf, code...)
	newNext := e.base + uint64(start+len(code))
	d := int64(abs - newNext)
	if d != int64(int32(d)) && e.err == nil {
		e.err = fmt.Errorf("%#x is out of rel32 reach of %#x", abs, newNext)
	}
	binary.LittleEndian.PutUint32(e.buf[start+off:], uint32(int32(d)))
}

// trampoline appends the whole trampoline of w.
func (e *emitter) trampoline(w *window, bias uint64, cnt func(site int) uint64, coverage bool) {
	for i := range w.insns {
		in := &w.insns[i]
		for _, s := range in.count {
			e.counter(cnt(s), w.flagsDead && i == 0 && s == w.site, coverage)
		}
		e.insn(in, bias)
	}
	if !w.ends {
		e.buf = append(e.buf, 0xe9)
		e.rel32(w.addr+bias+uint64(w.size), 0)
	}
	for len(e.buf)%16 != 0 {
		e.buf = append(e.buf, 0xcc)
	}
}

// armTrampolines patches the sites of p in space sp (process pid,
// stopped thread tid, every other thread of sp stopped) and returns the
// sites left to int3 breakpoints. rips are the pcs of sp's threads.
func (r *ptraceRun) armTrampolines(tid, pid int, sp *space, p *placed, oi int, rips []uint64) []int {
	o := p.obj
	pl := o.trampolines()
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
	if pl.err != nil {
		return all(pl.err.Error())
	}
	if len(pl.wins) == 0 {
		return all("no patchable site")
	}
	bias := uint64(0)
	found := false
	var wins []*window
	keep := make([]bool, len(o.Sites)) // sites counted by trampolines here
	for si, w := range pl.wins {
		a, ok := p.runtimeAddr(o.Sites[si].Addr)
		if !ok {
			continue
		}
		b := a - w.addr
		if found && b != bias {
			return all("object mapped with two biases")
		}
		bias, found = b, true
		if insideAny(rips, a, w.size) || sp.bpIn(a, w.size) {
			continue
		}
		wins = append(wins, w)
		for _, in := range w.insns {
			for _, c := range in.count {
				keep[c] = true
			}
		}
	}
	sort.Slice(wins, func(i, j int) bool { return wins[i].addr < wins[j].addr })
	var int3 []int
	for si := range o.Sites {
		if !keep[si] {
			int3 = append(int3, si)
		}
	}
	if len(wins) == 0 {
		return int3
	}
	// Size the code with a dry run (every form has a fixed length).
	dry := &emitter{}
	for _, w := range wins {
		dry.trampoline(w, bias, func(int) uint64 { return 0 }, r.opts.Coverage)
	}
	page := uint64(unix.Pagesize())
	pathLen := uint64(64)
	codeSize := (uint64(len(dry.buf)) + pathLen + page - 1) &^ (page - 1)
	cntSize := (uint64(8*len(o.Sites)) + page - 1) &^ (page - 1)
	lo, hi := o.Sites[0].Addr, o.Sites[len(o.Sites)-1].Addr
	base, err := r.mapRegion(tid, pid, sp, uint64(lo)+bias, uint64(hi)+bias, codeSize, cntSize, oi)
	if err != nil {
		r.stats.why["mapping trampoline pages failed: "+err.Error()] += len(o.Sites)
		return all("")
	}
	reg := r.regions[len(r.regions)-1]
	reg.only = keep
	cntBase := base + codeSize
	e := &emitter{base: base}
	offs := make([]uint64, len(wins))
	for i, w := range wins {
		offs[i] = uint64(len(e.buf))
		e.trampoline(w, bias, func(s int) uint64 { return cntBase + 8*uint64(s) }, r.opts.Coverage)
	}
	if e.err != nil {
		reg.only = nil
		r.stats.why["trampoline out of reach: "+e.err.Error()] += len(o.Sites)
		return all("")
	}
	if _, err := sp.mem.WriteAt(e.buf, int64(base)); err != nil {
		reg.only = nil
		r.stats.why["write trampolines failed"] += len(o.Sites)
		return all("")
	}
	// The jumps, written in runs of nearby patches (one write per run
	// instead of one per site).
	patches := make([]patchAt, 0, len(wins))
	for i, w := range wins {
		at := base + offs[i]
		a := w.addr + bias
		j := make([]byte, w.size)
		j[0] = 0xe9
		d := int64(at - (a + jmpLen))
		binary.LittleEndian.PutUint32(j[1:], uint32(int32(d)))
		for k := jmpLen; k < w.size; k++ {
			j[k] = 0xcc // never run: nothing jumps inside the window
		}
		var want []byte
		for _, in := range w.insns {
			want = append(want, in.code...)
		}
		patches = append(patches, patchAt{addr: a, bytes: j, want: want, w: w})
	}
	skipped, err := sp.writePatches(patches)
	if err != nil {
		reg.only = nil
		r.stats.why["write patches failed: "+err.Error()] += len(o.Sites)
		return all("")
	}
	for _, w := range skipped {
		// Not the file's bytes: another tool's breakpoint (a uprobe on
		// the same file writes int3 into every process that maps it, and
		// puts its byte back when removed, over whatever is there).
		for _, in := range w.insns {
			for _, c := range in.count {
				keep[c] = false
				int3 = append(int3, c)
				r.stats.why["text differs from the file (another tool's breakpoint?)"]++
			}
		}
	}
	for _, w := range wins {
		if keep[w.site] {
			r.stats.patched++
			r.stats.covered += countInner(w)
		}
	}
	for why, n := range pl.why {
		r.stats.why[why] += n
	}
	return int3
}

func countInner(w *window) int {
	n := 0
	for _, in := range w.insns {
		n += len(in.count)
	}
	return n - 1
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

// bpIn reports whether a breakpoint of sp lies in [a, a+size).
func (sp *space) bpIn(a uint64, size int) bool {
	if len(sp.bps) < 16 {
		// Usually none or the dynamic loader's: cheaper than lookups.
		for b := range sp.bps {
			if b >= a && b < a+uint64(size) {
				return true
			}
		}
		return false
	}
	for k := uint64(0); k < uint64(size); k++ {
		if _, ok := sp.bps[a+k]; ok {
			return true
		}
	}
	return false
}

// patchAt is bytes to write at addr, over the bytes want.
type patchAt struct {
	addr  uint64
	bytes []byte
	want  []byte
	w     *window
}

// writePatches saves the original bytes under each patch and writes the
// patches, reading and writing runs of nearby patches in one go. It
// leaves alone, and returns, the windows whose bytes are not what the
// file holds.
func (sp *space) writePatches(ps []patchAt) ([]*window, error) {
	var skipped []*window
	sort.Slice(ps, func(i, j int) bool { return ps[i].addr < ps[j].addr })
	for i := 0; i < len(ps); {
		j := i + 1
		end := ps[i].addr + uint64(len(ps[i].bytes))
		for j < len(ps) && ps[j].addr < end+4096 {
			end = max(end, ps[j].addr+uint64(len(ps[j].bytes)))
			j++
		}
		start := ps[i].addr
		buf := make([]byte, end-start)
		if _, err := sp.mem.ReadAt(buf, int64(start)); err != nil {
			return skipped, fmt.Errorf("read text at %#x of process %d: %w", start, sp.pid, err)
		}
		for _, p := range ps[i:j] {
			off := p.addr - start
			if !bytes.Equal(buf[off:off+uint64(len(p.want))], p.want) {
				skipped = append(skipped, p.w)
				continue
			}
			sp.tramps[p.addr] = append([]byte(nil), buf[off:off+uint64(len(p.bytes))]...)
			copy(buf[off:], p.bytes)
		}
		if _, err := sp.mem.WriteAt(buf, int64(start)); err != nil {
			return skipped, fmt.Errorf("patch text at %#x of process %d: %w", start, sp.pid, err)
		}
		i = j
	}
	return skipped, nil
}

// mapRegion maps codeSize bytes of trampoline pages (private, r-x) and,
// right after them, cntSize bytes of counters (the shared memfd) in
// process pid, near [lo, hi], and registers the counters.
func (r *ptraceRun) mapRegion(tid, pid int, sp *space, lo, hi, codeSize, cntSize uint64, oi int) (uint64, error) {
	maps, err := proc.Maps(pid)
	if err != nil {
		return 0, err
	}
	size := codeSize + cntSize
	base, ok := findGap(maps, proc.Exe(pid), lo, hi, size)
	if !ok {
		return 0, fmt.Errorf("no free range of %d bytes within 1 GiB of %#x-%#x", size, lo, hi)
	}
	fd, mem, err := unix.MemfdCreate("sonde-counters", int(cntSize))
	if err != nil {
		return 0, fmt.Errorf("memfd: %w", err)
	}
	defer unix.Close(fd)
	got, err := remoteSyscall(tid, pid, sp.mem, unix.SYS_MMAP, base, codeSize, unix.PROT_READ|unix.PROT_EXEC,
		unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_FIXED_NOREPLACE, ^uint64(0), 0)
	if err == nil && got != base {
		err = fmt.Errorf("mmap gave %#x, not %#x", got, base)
	}
	if err != nil {
		unix.Munmap(mem)
		return 0, fmt.Errorf("map trampoline pages: %w", err)
	}
	path := fmt.Sprintf("/proc/%d/fd/%d\x00", os.Getpid(), fd)
	pathAt := base + codeSize - 64
	if _, err := sp.mem.WriteAt([]byte(path), int64(pathAt)); err != nil {
		unix.Munmap(mem)
		return 0, err
	}
	fdcwd := int64(unix.AT_FDCWD)
	tfd, err := remoteSyscall(tid, pid, sp.mem, unix.SYS_OPENAT, uint64(fdcwd), pathAt, unix.O_RDWR|unix.O_CLOEXEC)
	if err != nil {
		unix.Munmap(mem)
		return 0, fmt.Errorf("open the counters in the target: %w", err)
	}
	got, err = remoteSyscall(tid, pid, sp.mem, unix.SYS_MMAP, base+codeSize, cntSize, unix.PROT_READ|unix.PROT_WRITE,
		unix.MAP_SHARED|unix.MAP_FIXED_NOREPLACE, tfd, 0)
	remoteSyscall(tid, pid, sp.mem, unix.SYS_CLOSE, tfd)
	if err == nil && got != base+codeSize {
		err = fmt.Errorf("mmap gave %#x, not %#x", got, base+codeSize)
	}
	if err != nil {
		unix.Munmap(mem)
		return 0, fmt.Errorf("map counter pages: %w", err)
	}
	r.regions = append(r.regions, &counterRegion{obj: oi, mem: mem, fd: -1})
	return base, nil
}

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
	for _, reg := range r.regions {
		n := len(r.res.Objects[reg.obj].Sites)
		for si := 0; si < n && 8*si+8 <= len(reg.mem); si++ {
			if si >= len(reg.only) || !reg.only[si] {
				continue
			}
			v := binary.LittleEndian.Uint64(reg.mem[8*si:])
			if v == 0 {
				continue
			}
			if r.opts.Coverage {
				v = 1
			}
			r.res.addSiteCount(reg.obj, si, v)
		}
		unix.Munmap(reg.mem)
	}
	r.regions = nil
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

package ptracer

import (
	"fmt"
	"os"
	"sort"
)

// textImage is a copy of ranges of a process's text, patched in memory
// and written back a run of changed pages at a time. Arming an object
// reads its text once and writes each page it changes once; writing patch
// by patch read and wrote the same pages once per kind of patch (hops,
// jumps, breakpoints), and each write of /proc/PID/mem pays for its pages
// again.
type textImage struct {
	runs []textRun // by address, disjoint
	pid  int
	last int // the run the last lookup found: lookups go in address order
}

// textRun is one range of text: its bytes and which of its pages changed.
type textRun struct {
	start uint64
	b     []byte
	dirty []bool // by page, counted from start's page
}

// span is a range of addresses [lo, hi).
type span struct{ lo, hi uint64 }

// readText reads the ranges (by address, disjoint) of sp's text. A range
// that cannot be read is left out: at reports its bytes missing.
func (sp *space) readText(ranges []span) *textImage {
	img := &textImage{pid: sp.pid}
	ps := uint64(os.Getpagesize())
	for _, r := range ranges {
		b := make([]byte, r.hi-r.lo)
		if _, err := sp.mem.ReadMemory(b, r.lo); err != nil {
			continue
		}
		pages := (r.hi+ps-1)/ps - r.lo/ps
		img.runs = append(img.runs, textRun{start: r.lo, b: b, dirty: make([]bool, pages)})
	}
	return img
}

// run returns the run holding [a, a+n), nil if none.
func (img *textImage) run(a, n uint64) *textRun {
	if img.last < len(img.runs) {
		if r := &img.runs[img.last]; a >= r.start && a+n <= r.start+uint64(len(r.b)) {
			return r
		}
	}
	i := sort.Search(len(img.runs), func(i int) bool { return img.runs[i].start+uint64(len(img.runs[i].b)) > a })
	if i == len(img.runs) || a < img.runs[i].start || a+n > img.runs[i].start+uint64(len(img.runs[i].b)) {
		return nil
	}
	img.last = i
	return &img.runs[i]
}

// at returns the n bytes at a, nil when they were not read. The slice is
// the image's: a change made in it is written back once touch marks it
// (or through put).
func (img *textImage) at(a, n uint64) []byte {
	r := img.run(a, n)
	if r == nil {
		return nil
	}
	off := a - r.start
	return r.b[off : off+n : off+n]
}

// put writes b at a and reports whether the image holds [a, a+len(b)).
func (img *textImage) put(a uint64, b []byte) bool {
	cur := img.at(a, uint64(len(b)))
	if cur == nil {
		return false
	}
	copy(cur, b)
	img.touch(a, uint64(len(b)))
	return true
}

// touch marks [a, a+n), which at returned, changed.
func (img *textImage) touch(a, n uint64) {
	r := img.run(a, n)
	ps := uint64(os.Getpagesize())
	for p := a / ps; p <= (a+n-1)/ps; p++ {
		r.dirty[p-r.start/ps] = true
	}
}

// flush writes the changed pages back, a run of adjacent ones per write.
func (img *textImage) flush(mem Memory) error {
	ps := uint64(os.Getpagesize())
	for _, r := range img.runs {
		first := r.start / ps
		for p := 0; p < len(r.dirty); {
			if !r.dirty[p] {
				p++
				continue
			}
			q := p
			for q < len(r.dirty) && r.dirty[q] {
				q++
			}
			lo := max(r.start, (first+uint64(p))*ps)
			hi := min(r.start+uint64(len(r.b)), (first+uint64(q))*ps)
			if _, err := mem.WriteMemory(r.b[lo-r.start:hi-r.start], lo); err != nil {
				return fmt.Errorf("patch text at %#x of process %d: %w", lo, img.pid, err)
			}
			for k := p; k < q; k++ {
				r.dirty[k] = false
			}
			p = q
		}
	}
	return nil
}

package uprobes

import (
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"sonde/internal/linux/bpf"
	"sonde/monitor/counting"
	"sonde/monitor/plancache"
)

// bpfSite is what a BPF counter (its cookie) counts: site si of object oi
// of counting.Result.Objects.
type bpfSite struct{ oi, si int }

// openBPFUprobes attaches the BPF counters to every site of objs, one
// uprobe_multi link per object, and follows the processes of tids (and
// what they fork). Sites whose instruction the kernel refuses are put in
// s.refused, for ptrace breakpoints.
func openBPFUprobes(tids []int, objs []counting.Placed, res *counting.Result, debug *log.Logger) (_ *Set, err error) {
	t0 := time.Now()
	s := &Set{debug: debug}
	type job struct {
		p       counting.Placed
		oi      int
		offsets []uint64
		cookies []uint64
	}
	var jobs []job
	for _, p := range objs {
		j := job{p: p, oi: res.ObjectIndex(p.Obj)}
		code, err := siteCode(p.Obj)
		if err != nil {
			return nil, err
		}
		for si, site := range p.Obj.Sites {
			if p.Only != nil && !p.Only[si] {
				continue
			}
			off, ok := p.Obj.FileOffset(site.Addr)
			if !ok {
				continue
			}
			if refusedPrefix(code[si]) {
				s.refuse(p.Obj, si)
				continue
			}
			j.offsets = append(j.offsets, off)
			j.cookies = append(j.cookies, uint64(len(s.bpfSites)))
			s.bpfSites = append(s.bpfSites, bpfSite{j.oi, si})
		}
		if len(j.offsets) > 0 {
			jobs = append(jobs, j)
		}
	}
	c, err := bpf.NewUprobeCounters(max(1, len(s.bpfSites)))
	if err != nil {
		return nil, err
	}
	s.bpf = c
	defer func() {
		if err != nil {
			s.close()
		}
	}()
	for _, tid := range tids {
		if err := c.Follow(tid); err != nil {
			return nil, err
		}
	}
	for _, j := range jobs {
		if err := s.attachBPF(j.p.Obj, j.offsets, j.cookies); err != nil {
			return nil, err
		}
	}
	debugf(s.debug, "uprobe open: %d BPF probes in %d links in %v", c.Probes(), len(jobs), time.Since(t0))
	return s, nil
}

// attachBPF attaches the probes of one object. The kernel checks each
// instruction of an object that a process maps already and refuses the
// whole link for one it cannot probe (refusedPrefix misses some): then
// the offsets are halved until the refused ones are found.
func (s *Set) attachBPF(o *plancache.Object, offsets, cookies []uint64) error {
	err := s.bpf.Attach(o.Path, offsets, cookies)
	if !errors.Is(err, bpf.ErrProbeRefused) {
		return err
	}
	if len(offsets) == 1 {
		s.refuse(o, s.bpfSites[cookies[0]].si)
		return nil
	}
	h := len(offsets) / 2
	if err := s.attachBPF(o, offsets[:h], cookies[:h]); err != nil {
		return err
	}
	return s.attachBPF(o, offsets[h:], cookies[h:])
}

// refuse records that site si of o cannot be uprobed.
func (s *Set) refuse(o *plancache.Object, si int) {
	if s.refused == nil {
		s.refused = map[*plancache.Object]map[int]bool{}
	}
	if s.refused[o] == nil {
		s.refused[o] = map[int]bool{}
	}
	s.refused[o][si] = true
}

// readBPF adds the BPF counters to res.
func (s *Set) readBPF(res *counting.Result) error {
	counts, err := s.bpf.Counts()
	if err != nil {
		return err
	}
	for i, b := range s.bpfSites {
		res.AddSiteCount(b.oi, b.si, counts[i])
	}
	return nil
}

// siteCode returns the first bytes of each site's instruction of o, read
// from its file (at most 15, an x86 instruction's longest).
func siteCode(o *plancache.Object) ([][]byte, error) {
	f, err := os.Open(o.Path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", o.Path, err)
	}
	defer f.Close()
	out := make([][]byte, len(o.Sites))
	for i, site := range o.Sites {
		off, ok := o.FileOffset(site.Addr)
		if !ok {
			continue
		}
		b := make([]byte, 15)
		n, _ := f.ReadAt(b, int64(off))
		out[i] = b[:n]
	}
	return out, nil
}

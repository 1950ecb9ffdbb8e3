package report

import (
	"path/filepath"
	"regexp"
	"slices"

	"sonde/profile"
)

// Filter selects the part of a profile that views and exports show: the
// command line's --focus, --ignore, --comm and --object. The zero value
// keeps everything.
//
// Samples: --focus keeps a sample when a function of its stack (inline
// frames included, names demangled, as the views print them) matches;
// --ignore drops a sample when one matches (pprof's -focus and -ignore);
// --comm keeps the samples of processes with one of the command names;
// --object keeps the samples whose leaf (the program counter) is in one of
// the objects, named by full path or base name ("libc.so.6").
//
// Units: --focus and --ignore look at the unit's function, --object at its
// object; --comm does not apply to counts (units are not per process) and
// keeps them all. Units that are dropped are dropped from the universe too,
// so coverage of a focused profile is coverage of the focus.
type Filter struct {
	Focus, Ignore *regexp.Regexp
	Comms         []string
	Objects       []string
}

// Empty reports whether f keeps everything.
func (f *Filter) Empty() bool {
	return f == nil || f.Focus == nil && f.Ignore == nil && len(f.Comms) == 0 && len(f.Objects) == 0
}

// Apply returns the part of p that f keeps; p itself is not changed. sym
// symbolizes stacks for --focus and --ignore, each location once.
func (f *Filter) Apply(p *profile.Profile, sym Symbolizer) (*profile.Profile, error) {
	if f.Empty() {
		return p, nil
	}
	r := newResolver(p, sym)
	q := *p
	var keepPID map[int32]bool
	if len(f.Comms) > 0 {
		keepPID = make(map[int32]bool)
		q.Processes = nil
		for _, pr := range p.Processes {
			if slices.Contains(f.Comms, pr.Comm) {
				keepPID[pr.PID] = true
				q.Processes = append(q.Processes, pr)
			}
		}
	}
	q.Samples = nil
	for i := range p.Samples {
		s := &p.Samples[i]
		if keepPID != nil && !keepPID[s.PID] {
			continue
		}
		if len(f.Objects) > 0 && (len(s.Stack) == 0 || !f.object(r, s.Stack[0])) {
			continue
		}
		if f.Focus != nil || f.Ignore != nil {
			focus, ignore := false, false
			for j, loc := range s.Stack {
				st, err := r.resolve(loc, j > 0)
				if err != nil {
					return nil, err
				}
				fo, ig := f.match(st)
				focus, ignore = focus || fo, ignore || ig
			}
			if f.Focus != nil && !focus || ignore {
				continue
			}
		}
		q.Samples = append(q.Samples, *s)
	}
	q.Units = nil
	for i := range p.Units {
		u := &p.Units[i]
		if len(f.Objects) > 0 && !f.object(r, u.Loc) {
			continue
		}
		if f.Focus != nil || f.Ignore != nil {
			st, err := r.unitSite(u)
			if err != nil {
				return nil, err
			}
			focus, ignore := f.match(st)
			if f.Focus != nil && !focus || ignore {
				continue
			}
		}
		q.Units = append(q.Units, *u)
	}
	return &q, nil
}

// object reports whether loc is in one of f.Objects.
func (f *Filter) object(r *resolver, loc profile.Location) bool {
	m, err := r.mapping(loc)
	if err != nil || m == nil {
		return slices.Contains(f.Objects, "[unmapped]")
	}
	return slices.Contains(f.Objects, m.Path) || slices.Contains(f.Objects, filepath.Base(m.Path))
}

// match reports whether a function of s matches Focus and Ignore; a site
// with no function is matched by its object+offset name.
func (f *Filter) match(s *site) (focus, ignore bool) {
	test := func(name string) {
		if f.Focus != nil && f.Focus.MatchString(name) {
			focus = true
		}
		if f.Ignore != nil && f.Ignore.MatchString(name) {
			ignore = true
		}
	}
	if len(s.frames) == 0 {
		test(objectOffset(s))
	}
	for fi := range s.frames {
		test(functionKey(s, &s.frames[fi]).name)
	}
	return focus, ignore
}

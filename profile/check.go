package profile

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// CheckValid reports the first inconsistency in p: a nil mapping, a location
// whose mapping index is out of range, a sample with a number of values other
// than len(SampleTypes), a unit with a number of counts other than
// len(CountTypes) or an unknown kind, two runs with the same ID, a
// process of a run the profile does not hold, or an expression value with
// an index out of range, an unknown status, or a second value of the same
// expression in one sample. It returns nil for a
// consistent profile; readers call it before handing a profile on.
func (p *Profile) CheckValid() error {
	if p == nil {
		return errors.New("invalid profile: nil")
	}
	if p.Period < 0 {
		return fmt.Errorf("invalid profile: negative period %d", p.Period)
	}
	for i, m := range p.Mappings {
		if m == nil {
			return fmt.Errorf("invalid profile: mapping %d is nil", i)
		}
	}
	checkLoc := func(l Location) error {
		if l.Mapping != NoMapping && (l.Mapping < 0 || int(l.Mapping) >= len(p.Mappings)) {
			return fmt.Errorf("mapping index %d out of range [0,%d)", l.Mapping, len(p.Mappings))
		}
		return nil
	}
	for i, s := range p.Samples {
		if len(s.Values) != len(p.SampleTypes) {
			return fmt.Errorf("invalid profile: sample %d has %d values, want %d (one per sample type)", i, len(s.Values), len(p.SampleTypes))
		}
		for j, l := range s.Stack {
			if err := checkLoc(l); err != nil {
				return fmt.Errorf("invalid profile: sample %d frame %d: %w", i, j, err)
			}
		}
		for j, v := range s.Exprs {
			if v.Expr < 0 || int(v.Expr) >= len(p.Exprs) {
				return fmt.Errorf("invalid profile: sample %d value %d: expression index %d out of range [0,%d)", i, j, v.Expr, len(p.Exprs))
			}
			if v.Status < ExprOK || v.Status > ExprUnavailable {
				return fmt.Errorf("invalid profile: sample %d value %d: unknown status %d", i, j, v.Status)
			}
			for _, w := range s.Exprs[:j] {
				if w.Expr == v.Expr {
					return fmt.Errorf("invalid profile: sample %d has two values of expression %d", i, v.Expr)
				}
			}
		}
	}
	for i, u := range p.Units {
		if u.Kind < UnitAddress || u.Kind > UnitEdge {
			return fmt.Errorf("invalid profile: unit %d has unknown kind %d", i, u.Kind)
		}
		if len(u.Counts) != len(p.CountTypes) {
			return fmt.Errorf("invalid profile: unit %d has %d counts, want %d (one per count type)", i, len(u.Counts), len(p.CountTypes))
		}
		if err := checkLoc(u.Loc); err != nil {
			return fmt.Errorf("invalid profile: unit %d: %w", i, err)
		}
		if u.Line < 0 || u.Instrs < 0 || u.Index < 0 {
			return fmt.Errorf("invalid profile: unit %d has a negative line, index or instruction count", i)
		}
	}
	runs := make(map[uint64]bool, len(p.Runs))
	for i, r := range p.Runs {
		if runs[r.ID] {
			return fmt.Errorf("invalid profile: run %d: duplicate run ID %#x", i, r.ID)
		}
		runs[r.ID] = true
		if !r.End.IsZero() && r.End.Before(r.Start) {
			return fmt.Errorf("invalid profile: run %#x ends before it starts", r.ID)
		}
	}
	procs := make(map[[2]uint64]bool, len(p.Processes))
	for i, pr := range p.Processes {
		if len(p.Runs) > 0 && !runs[pr.RunID] {
			return fmt.Errorf("invalid profile: process %d (pid %d) belongs to run %#x, which the profile does not hold", i, pr.PID, pr.RunID)
		}
		k := [2]uint64{pr.RunID, uint64(uint32(pr.PID))}
		if procs[k] {
			return fmt.Errorf("invalid profile: process %d: pid %d listed twice for run %#x", i, pr.PID, pr.RunID)
		}
		procs[k] = true
	}
	return nil
}

// String returns a deterministic text dump of p for golden tests and
// debugging, in the spirit of pprof's Profile.String: one section per
// table, one line per element, in the profile's order. Times print in UTC.
func (p *Profile) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "SampleTypes: %s\n", typesString(p.SampleTypes))
	fmt.Fprintf(&b, "Period: %d\n", p.Period)
	fmt.Fprintf(&b, "CountTypes: %s\n", typesString(p.CountTypes))
	b.WriteString("Runs:\n")
	for _, r := range p.Runs {
		fmt.Fprintf(&b, "  run %#016x collector=%q start=%s end=%s lost=%d command=%s\n",
			r.ID, r.Collector, timeString(r.Start), timeString(r.End), r.Lost, quoteAll(r.Command))
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "    note %q\n", n)
		}
	}
	b.WriteString("Processes:\n")
	for _, pr := range p.Processes {
		fmt.Fprintf(&b, "  run %#016x pid %d ppid %d comm %q exe %q ended %q\n",
			pr.RunID, pr.PID, pr.PPID, pr.Comm, pr.Exe, pr.Ended)
	}
	b.WriteString("Mappings:\n")
	for i, m := range p.Mappings {
		if m == nil {
			fmt.Fprintf(&b, "  %d: <nil>\n", i)
			continue
		}
		fmt.Fprintf(&b, "  %d: %q buildid=%q [%#x,%#x) offset=%#x bias=%#x\n",
			i, m.Path, m.BuildID, m.Start, m.Limit, m.Offset, m.Bias)
	}
	if len(p.Exprs) > 0 {
		// Only profiles with expressions have the section, so that the
		// dumps of all others stay as they were.
		b.WriteString("Exprs:\n")
		for i, e := range p.Exprs {
			fmt.Fprintf(&b, "  %d: spec=%q prog=%q func=%q expr=%q\n", i, e.Spec, e.Prog, e.Func, e.Expr)
		}
	}
	b.WriteString("Samples:\n")
	for _, s := range p.Samples {
		fmt.Fprintf(&b, "  time=%d pid=%d tid=%d values=%s:", s.Time, s.PID, s.TID, intsString(s.Values))
		for _, l := range s.Stack {
			b.WriteByte(' ')
			b.WriteString(locString(l))
		}
		if len(s.Exprs) > 0 {
			b.WriteString(" exprs: " + exprValuesString(s.Exprs))
		}
		b.WriteByte('\n')
	}
	b.WriteString("Units:\n")
	for _, u := range p.Units {
		fmt.Fprintf(&b, "  %s %s scope=%q index=%d func=%q file=%q line=%d instrs=%d counts=%s\n",
			u.Kind, locString(u.Loc), u.Scope, u.Index, u.Func, u.File, u.Line, u.Instrs, uintsString(u.Counts))
	}
	return b.String()
}

func locString(l Location) string {
	if l.Mapping == NoMapping {
		return "-:" + strconv.FormatUint(uint64(l.Addr), 16)
	}
	return strconv.Itoa(int(l.Mapping)) + ":" + strconv.FormatUint(uint64(l.Addr), 16)
}

func timeString(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return "[" + strings.Join(q, " ") + "]"
}

func intsString(vs []int64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(s, ",")
}

func uintsString(vs []uint64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = strconv.FormatUint(v, 10)
	}
	return strings.Join(s, ",")
}

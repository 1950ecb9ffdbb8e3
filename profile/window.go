package profile

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Forever is the open upper end of a window ("1s:").
const Forever = time.Duration(math.MaxInt64)

// Origin returns the instant that windows are measured from: the earliest
// non-zero Run.Start, or the earliest sample time when no run has a start,
// or the zero time when the profile has neither.
func (p *Profile) Origin() time.Time {
	var origin time.Time
	for _, r := range p.Runs {
		if !r.Start.IsZero() && (origin.IsZero() || r.Start.Before(origin)) {
			origin = r.Start
		}
	}
	if !origin.IsZero() {
		return origin
	}
	for i, s := range p.Samples {
		if i == 0 || s.Time < origin.UnixNano() {
			origin = time.Unix(0, s.Time)
		}
	}
	return origin
}

// Window returns a profile holding only the samples taken in [from, to)
// relative to p.Origin(). Use Forever for an open upper end. Units are kept
// whole: counts carry no time. Everything else (types, mappings, processes,
// runs, expressions, object images, listings) is copied; the kept samples
// share their Stack and Values arrays with p.
func (p *Profile) Window(from, to time.Duration) *Profile {
	origin := p.Origin().UnixNano()
	out := &Profile{
		SampleTypes: append([]ValueType(nil), p.SampleTypes...),
		Period:      p.Period,
		CountTypes:  append([]ValueType(nil), p.CountTypes...),
		Mappings:    append([]*Mapping(nil), p.Mappings...),
		Units:       append([]Unit(nil), p.Units...),
		Edges:       append([]Unit(nil), p.Edges...),
		Processes:   append([]Process(nil), p.Processes...),
		Runs:        append([]Run(nil), p.Runs...),
		Exprs:       append([]ExprDef(nil), p.Exprs...),
		Objects:     append([]ObjectImage(nil), p.Objects...),
		Listings:    append([]Listing(nil), p.Listings...),
		Interp:      append([]InterpFrame(nil), p.Interp...),
	}
	for _, s := range p.Samples {
		d := time.Duration(s.Time - origin)
		if d >= from && (to == Forever || d < to) {
			out.Samples = append(out.Samples, s)
		}
	}
	return out
}

// ParseWindow parses the command line's --window FROM:TO: two durations in
// Go syntax ("2s:5.5s", "1m:90s"), or plain numbers of seconds ("2:5.5").
// Either end may be left out: ":3s" is [0, 3s) and "1s:" is [1s, Forever).
func ParseWindow(s string) (from, to time.Duration, err error) {
	a, b, ok := strings.Cut(s, ":")
	if !ok {
		return 0, 0, fmt.Errorf("parse window %q: want FROM:TO, like 2s:5.5s, :3s or 1s:", s)
	}
	from, to = 0, Forever
	if a != "" {
		if from, err = parseOffset(a); err != nil {
			return 0, 0, fmt.Errorf("parse window %q: %w", s, err)
		}
	}
	if b != "" {
		if to, err = parseOffset(b); err != nil {
			return 0, 0, fmt.Errorf("parse window %q: %w", s, err)
		}
	}
	if to <= from {
		return 0, 0, fmt.Errorf("parse window %q: end %v is not after start %v", s, to, from)
	}
	return from, to, nil
}

// parseOffset parses a non-negative duration, or a number of seconds.
func parseOffset(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || math.IsNaN(f) || math.IsInf(f, 0) || f*1e9 >= math.MaxInt64 || f*1e9 <= math.MinInt64 {
			return 0, fmt.Errorf("bad duration %q", s)
		}
		d = time.Duration(f * float64(time.Second))
	}
	if d < 0 {
		return 0, fmt.Errorf("negative duration %q", s)
	}
	return d, nil
}

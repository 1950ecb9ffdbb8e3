package report

import (
	"fmt"
	"math"
	"strings"

	"sonde/profile"
)

// The hierarchical view (PCT's "profile -gdb hier-test", Blake & Bauer 2002
// section 3): one line per distinct call path, leaf first, with its share of
// the samples and, PCT section 6.2, two binomial standard deviations of
// that share, 2·sqrt(p(1-p)/N), in percentage points:
//
//	 67.6% ±1.3  worker <- dispatch_2 <- main
//	 32.4% ±1.3  worker <- dispatch_1 <- main
//
// A path is the function names of the stack, inline frames included,
// innermost first; it stops at main (what calls main is the C runtime, the
// same on every path) or after Options.Depth functions when that is set.
// Consecutive frames of one function (recursion at the same name) are
// kept: they are part of the path.

// hierSamples prints the hierarchical view of the samples.
func hierSamples(b *strings.Builder, r *resolver, depth, top int) error {
	t := r.newTable()
	counts := make(map[rowKey]int64)
	var total, n int64
	var names []string
	for i := range r.p.Samples {
		v, err := sampleValue(r.p, i)
		if err != nil {
			return err
		}
		total += v
		names = names[:0]
	stack:
		for j, loc := range r.p.Samples[i].Stack {
			s, err := r.resolve(loc, j > 0)
			if err != nil {
				return err
			}
			if len(s.frames) == 0 {
				names = append(names, functionKey(s, nil).name)
			}
			for fi := range s.frames {
				names = append(names, functionKey(s, &s.frames[fi]).name)
				if depth > 0 && len(names) >= depth || names[len(names)-1] == "main" {
					break stack
				}
			}
			if depth > 0 && len(names) >= depth {
				break
			}
		}
		if len(names) == 0 {
			names = append(names, noStack)
		}
		k := rowKey{name: strings.Join(names, " <- ")}
		t.get(k).flat += v
		c := sampleCount(r.p, i)
		counts[k] += c
		n += c
	}
	rows, note := cut(t.sorted(), top)
	for _, row := range rows {
		p := 0.0
		if n > 0 {
			p = float64(counts[row.key]) / float64(n)
		}
		pm := 200 * math.Sqrt(p*(1-p)/float64(n))
		fmt.Fprintf(b, "%5.1f%% ±%.1f  %s\n", percent(row.flat, total), pm, row.name)
	}
	b.WriteString(note)
	return nil
}

// sampleCount returns how many samples s stands for: its "samples"/"count"
// value when the profile has that column (an aggregated histogram row
// stands for many), else 1.
func sampleCount(p *profile.Profile, i int) int64 {
	if len(p.SampleTypes) > 0 && p.SampleTypes[0] == (profile.ValueType{Type: "samples", Unit: "count"}) {
		if v := p.Samples[i].Values; len(v) > 0 && v[0] > 0 {
			return v[0]
		}
	}
	return 1
}

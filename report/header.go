package report

import (
	"fmt"
	"strings"

	"sonde/profile"
)

// writeHeader prints the line that says what the profile is: collectors,
// samples and their total, units and their total, runs, processes and lost
// records, then each distinct collector note on a line of its own.
//
//	record: 4000 samples, cpu 4s, 2 runs, 3 processes, 12 lost
func writeHeader(b *strings.Builder, p *profile.Profile) {
	var collectors []string
	seen := make(map[string]bool)
	var lost uint64
	var notes []string
	seenNote := make(map[string]bool)
	for _, r := range p.Runs {
		c := r.Collector
		if c == "" {
			c = "unknown collector"
		}
		if !seen[c] {
			seen[c] = true
			collectors = append(collectors, c)
		}
		lost += r.Lost
		for _, n := range r.Notes {
			if !seenNote[n] {
				seenNote[n] = true
				notes = append(notes, n)
			}
		}
	}
	if len(collectors) == 0 {
		collectors = []string{"unknown collector"}
	}
	parts := []string{}
	if len(p.Samples) > 0 {
		var total, n int64
		for i := range p.Samples {
			v, _ := sampleValue(p, i) // a bad sample is reported by the view
			total += v
			n += sampleCount(p, i) // histogram rows stand for many samples
		}
		s := plural(int(n), "sample")
		if t := sampleType(p); !(t.Type == "samples" && t.Unit == "count") {
			s += fmt.Sprintf(", %s %s", t.Type, formatValue(total, t.Unit))
		}
		parts = append(parts, s)
	}
	if len(p.Units) > 0 {
		// One part per unit kind: counts of different kinds (entries and
		// blocks) do not add up to anything.
		type kindSum struct {
			n, executed int
			total       uint64
		}
		var sums [len(unitKindSlots)]kindSum
		for i := range p.Units {
			s := kindSlot(p.Units[i].Kind)
			if s < 0 {
				continue
			}
			c, _ := unitCount(p, i) // a bad unit is reported by the view
			sums[s].n++
			sums[s].total += c
			if c > 0 {
				sums[s].executed++
			}
		}
		for s, k := range unitKindSlots {
			if ks := sums[s]; ks.n > 0 {
				parts = append(parts, fmt.Sprintf("%s (%d executed, %s %d)", plural(ks.n, k.String()+" unit"), ks.executed, countTypeName(p), ks.total))
			}
		}
	}
	procs := make(map[[2]uint64]bool)
	for _, pr := range p.Processes {
		procs[[2]uint64{pr.RunID, uint64(uint32(pr.PID))}] = true
	}
	parts = append(parts, plural(len(p.Runs), "run"), plural(len(procs), "process"), fmt.Sprintf("%d lost", lost))
	fmt.Fprintf(b, "%s: %s\n", strings.Join(collectors, "+"), strings.Join(parts, ", "))
	for _, n := range notes {
		fmt.Fprintf(b, "note: %s\n", n)
	}
}

// countTypeName names the count column views add up ("count", "calls").
func countTypeName(p *profile.Profile) string {
	if len(p.CountTypes) == 0 || p.CountTypes[0].Type == "" {
		return "count"
	}
	return p.CountTypes[0].Type
}

// plural returns "1 run", "2 runs", "3 processes".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "s") {
		return fmt.Sprintf("%d %ses", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// formatValue prints a value in its unit: nanoseconds scaled to the largest
// unit up to seconds that keeps it at least 1 ("1.50s", "250ms"), as pprof does; other
// units as plain integers.
func formatValue(v int64, unit string) string {
	if unit != "nanoseconds" && unit != "ns" {
		return fmt.Sprintf("%d", v)
	}
	abs := v
	if abs < 0 {
		abs = -abs
	}
	scales := []struct {
		div  float64
		name string
	}{{1e9, "s"}, {1e6, "ms"}, {1e3, "us"}, {1, "ns"}}
	for _, s := range scales {
		if float64(abs) >= s.div || s.name == "ns" {
			f := strings.TrimSuffix(fmt.Sprintf("%.2f", float64(v)/s.div), ".00")
			if f == "0" || f == "-0" {
				return "0"
			}
			return f + s.name
		}
	}
	return fmt.Sprintf("%d", v)
}

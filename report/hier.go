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
// innermost first; it stops at the program's main (what calls main is the C
// runtime, the same on every path) or after Options.Depth functions when
// that is set. The program's main is the outermost frame named main in the
// process's executable (or, when the collector did not name it or no such
// frame is there, in any object file): a Python script's own main() (a
// frame of the "[python]" pseudo-object), a JIT-compiled main, a library's
// function named main and a recursive call of main are part of the path
// like any other function. A stack without such a frame (a program whose
// main tail-calls on, as python3.11's calls Py_BytesMain, or a stack not
// unwound to the end) is shown whole.
// Consecutive frames of one function (recursion at the same name) are
// kept: they are part of the path.

// hierSamples prints the hierarchical view of the samples.
func hierSamples(b *strings.Builder, r *resolver, depth, top int) error {
	t := r.newTable()
	counts := make(map[rowKey]int64)
	var total, n int64
	var names []string
	exes := executables(r.p)
	for i := range r.p.Samples {
		v, err := sampleValue(r.p, i)
		if err != nil {
			return err
		}
		total += v
		names = names[:0]
		// names[:root] ends at the outermost native main, names[:rootExe]
		// at the outermost one in the process's executable.
		root, rootExe := 0, 0
		exe := exes[r.p.Samples[i].PID]
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
				if names[len(names)-1] == "main" && isNativeRoot(s) {
					root = len(names)
					if exe[s.m.Path] {
						rootExe = root
					}
				}
			}
		}
		if rootExe > 0 {
			root = rootExe
		}
		if root > 0 {
			names = names[:root]
		}
		if depth > 0 && len(names) > depth {
			names = names[:depth]
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

// isNativeRoot reports whether a main at site s can be the program's root:
// it lies in an object file, not in memory with no file ("[python]" frames
// of the interpreter, "[jit]", the kernel).
func isNativeRoot(s *site) bool {
	return s.m != nil && !isPseudo(s.m)
}

// executables maps each pid to the paths of its executables (one per run
// that saw the pid, pids being reused), as the collectors named them.
func executables(p *profile.Profile) map[int32]map[string]bool {
	m := make(map[int32]map[string]bool)
	for _, pr := range p.Processes {
		if pr.Exe == "" {
			continue
		}
		if m[pr.PID] == nil {
			m[pr.PID] = make(map[string]bool)
		}
		m[pr.PID][pr.Exe] = true
	}
	return m
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

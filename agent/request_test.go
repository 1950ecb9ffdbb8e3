package agent

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/collector/pdata/pprofile"

	"sonde/export/otlp"
	"sonde/profile"
	"sonde/symbol"
)

// sampleStacks is the oracle of TestRequestStacks: every sample of p on
// its own, its stack symbolized by sym one location at a time, the values
// summed by (pid, sample type, symbolized stack) with no other
// aggregation.
func sampleStacks(t *testing.T, p *profile.Profile, sym otlp.Symbolizer) map[string]int64 {
	t.Helper()
	cpu := slices.Index(p.SampleTypes, profile.ValueType{Type: "cpu", Unit: "nanoseconds"})
	off := p.OffCPUColumn()
	out := make(map[string]int64)
	for i := range p.Samples {
		s := &p.Samples[i]
		typ, col := "cpu", cpu
		if profile.IsOffCPU(s, off) {
			typ, col = otlp.OffCPUType, off
		}
		var b strings.Builder
		fmt.Fprintf(&b, "pid %d %s", s.PID, typ)
		for j, l := range s.Stack {
			addr := l.Addr
			if j > 0 && addr > 0 {
				addr-- // the call instruction of a return address
			}
			var frames []symbol.Frame
			if l.Mapping != profile.NoMapping {
				m := p.Mappings[l.Mapping]
				fmt.Fprintf(&b, "\n  %s %s", m.Path, m.BuildID)
				var err error
				if frames, err = sym.Frames(m, addr); err != nil {
					t.Fatal(err)
				}
			}
			fmt.Fprintf(&b, " %#x", uint64(addr))
			for _, f := range frames {
				fmt.Fprintf(&b, "\n    %s (%s) %s:%d:%d", symbol.Demangle(f.Func), f.Func, f.File, f.Line, f.Column)
			}
		}
		out[b.String()] += s.Values[col]
	}
	return out
}

// requestStacks is the same sum read from a request through its
// dictionary; it fails when a profile holds two samples of one stack (the
// request is not aggregated).
func requestStacks(t *testing.T, req pprofile.Profiles) map[string]int64 {
	t.Helper()
	d := req.Dictionary()
	str := func(i int32) string { return d.StringTable().At(int(i)) }
	out := make(map[string]int64)
	for i := 0; i < req.ResourceProfiles().Len(); i++ {
		rp := req.ResourceProfiles().At(i)
		pid, _ := rp.Resource().Attributes().Get(otlp.AttrPID)
		for j := 0; j < rp.ScopeProfiles().Len(); j++ {
			ps := rp.ScopeProfiles().At(j).Profiles()
			for k := 0; k < ps.Len(); k++ {
				p := ps.At(k)
				typ := str(p.SampleType().TypeStrindex())
				seen := make(map[string]bool)
				for n := 0; n < p.Samples().Len(); n++ {
					s := p.Samples().At(n)
					var b strings.Builder
					fmt.Fprintf(&b, "pid %d %s", pid.Int(), typ)
					st := d.StackTable().At(int(s.StackIndex()))
					for l := 0; l < st.LocationIndices().Len(); l++ {
						loc := d.LocationTable().At(int(st.LocationIndices().At(l)))
						if mi := loc.MappingIndex(); mi > 0 {
							m := d.MappingTable().At(int(mi))
							id := ""
							if m.AttributeIndices().Len() > 0 {
								id = d.AttributeTable().At(int(m.AttributeIndices().At(0))).Value().Str()
							}
							fmt.Fprintf(&b, "\n  %s %s", str(m.FilenameStrindex()), id)
						}
						fmt.Fprintf(&b, " %#x", loc.Address())
						for m := 0; m < loc.Lines().Len(); m++ {
							ln := loc.Lines().At(m)
							fn := d.FunctionTable().At(int(ln.FunctionIndex()))
							fmt.Fprintf(&b, "\n    %s (%s) %s:%d:%d", str(fn.NameStrindex()), str(fn.SystemNameStrindex()), str(fn.FilenameStrindex()), ln.Line(), ln.Column())
						}
					}
					key := b.String()
					if seen[key] {
						t.Errorf("two samples of one stack in one profile:\n%s", key)
					}
					seen[key] = true
					if s.Values().Len() != 1 {
						t.Fatalf("%d values in a sample, want 1", s.Values().Len())
					}
					out[key] += s.Values().At(0)
				}
			}
		}
	}
	return out
}

// TestRequestStacks: the request of an interval of a real spool (two
// copies of work.c, -O2 -g, sampled by the agent with DWARF stacks)
// carries exactly the (pid, stack, file:line, inline frames) -> value
// multiset of its samples taken one by one (sampleStacks), with every
// stack once per profile: aggregating samples before resolving them loses
// nor moves any value. Also on the whole spool, on it in reverse order,
// and with two return addresses (0 and 1) that become the same location.
func TestRequestStacks(t *testing.T) {
	spool := recordWorkSpool(t, 2000)
	a := readerAgent(spool)
	defer a.cache.Close()
	if err := a.read(); err != nil {
		t.Fatal(err)
	}
	if len(a.pend) == 0 {
		t.Fatal("no pending interval in the spool")
	}
	all := *a.prof
	all.Samples = a.samples(0, 1<<62)
	reversed := all
	reversed.Samples = slices.Clone(all.Samples)
	slices.Reverse(reversed.Samples)
	// A sample twice more, its first caller's return address made 0
	// then 1: both are exported as location 0.
	merged := all
	for i := range all.Samples {
		if s := all.Samples[i]; len(s.Stack) > 1 {
			for _, addr := range []profile.Addr{0, 1} {
				c := s
				c.Stack = slices.Clone(s.Stack)
				c.Stack[1].Addr = addr
				merged.Samples = append(slices.Clone(merged.Samples), c)
			}
			break
		}
	}
	tests := []struct {
		name string
		p    *profile.Profile
	}{
		{"whole spool", &all},
		{"reversed", &reversed},
		{"return addresses 0 and 1", &merged},
	}
	for i, m := range a.pend {
		q := all
		q.Samples = a.samples(m.From, m.To)
		tests = append(tests, struct {
			name string
			p    *profile.Profile
		}{fmt.Sprintf("interval %d", i), &q})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.p.Samples) == 0 {
				t.Fatal("no samples")
			}
			want := sampleStacks(t, tt.p, a.sym)
			req, err := otlp.Build(tt.p, a.sym, &otlp.Options{Host: "h", Start: time.Unix(1, 0), End: time.Unix(2, 0)})
			if err != nil {
				t.Fatal(err)
			}
			got := requestStacks(t, req)
			for k, v := range want {
				if got[k] != v {
					t.Errorf("stack of value %d in the samples, %d in the request:\n%s", v, got[k], k)
				}
			}
			for k, v := range got {
				if _, ok := want[k]; !ok {
					t.Errorf("stack of value %d in the request, none in the samples:\n%s", v, k)
				}
			}
			t.Logf("%d samples, %d distinct stacks", len(tt.p.Samples), len(want))
		})
	}
}

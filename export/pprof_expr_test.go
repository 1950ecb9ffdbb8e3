package export

import (
	"reflect"
	"testing"

	"sonde/profile"
)

// TestPprofExprLabels: expression values become labels keyed by the
// expression's spec, read back by pprof's own parser (roundTrip).
func TestPprofExprLabels(t *testing.T) {
	p := sampleProfile()
	p.Exprs = []profile.ExprDef{
		{Spec: "w@worker@n", Prog: "w", Func: "worker", Expr: "n"},
		{Spec: "w@worker@color", Prog: "w", Func: "worker", Expr: "color"},
	}
	p.Samples[0].Exprs = []profile.ExprValue{
		{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: 8376123, Text: "8376123"},
		{Expr: 1, Status: profile.ExprOK, Text: "RED"},
	}
	p.Samples[1].Exprs = []profile.ExprValue{{Expr: 0, Status: profile.ExprOptimizedOut}}
	p.Samples[2].Exprs = []profile.ExprValue{{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: 0.5, Text: "0.5"}}
	out := roundTrip(t, p, appFrames)
	for _, tt := range []struct {
		name   string
		sample int
		num    map[string][]int64
		str    map[string][]string
	}{
		{"integer and enum", 0, map[string][]int64{"w@worker@n": {8376123}}, map[string][]string{"w@worker@color": {"RED"}}},
		{"optimized out", 1, nil, map[string][]string{"w@worker@n": {"<optimized out>"}}},
		{"fraction", 2, nil, map[string][]string{"w@worker@n": {"0.5"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := out.Sample[tt.sample]
			for k, v := range tt.num {
				if !reflect.DeepEqual(s.NumLabel[k], v) {
					t.Errorf("NumLabel[%q] = %v, want %v", k, s.NumLabel[k], v)
				}
			}
			for k, v := range tt.str {
				if !reflect.DeepEqual(s.Label[k], v) {
					t.Errorf("Label[%q] = %v, want %v", k, s.Label[k], v)
				}
			}
		})
	}
	if s := out.Sample[3]; len(s.Label["w@worker@n"])+len(s.NumLabel["w@worker@n"]) != 0 {
		t.Errorf("sample without values has labels %v %v", s.Label, s.NumLabel)
	}
}

package profile

import (
	"strings"
	"testing"
)

func TestParseExprSpec(t *testing.T) {
	for _, tt := range []struct {
		spec string
		want ExprDef
		err  bool
	}{
		{spec: "hier-test@worker@n", want: ExprDef{Spec: "hier-test@worker@n", Prog: "hier-test", Func: "worker", Expr: "n"}},
		{spec: "a*@f@x@y", want: ExprDef{Spec: "a*@f@x@y", Prog: "a*", Func: "f", Expr: "x@y"}},
		{spec: "a@f@req->size", want: ExprDef{Spec: "a@f@req->size", Prog: "a", Func: "f", Expr: "req->size"}},
		{spec: "a@f", err: true},
		{spec: "@f@n", err: true},
		{spec: "a@@n", err: true},
		{spec: "a@f@ ", err: true},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			got, err := ParseExprSpec(tt.spec)
			if (err != nil) != tt.err || got != tt.want {
				t.Errorf("ParseExprSpec(%q) = %+v, %v; want %+v, error %v", tt.spec, got, err, tt.want, tt.err)
			}
		})
	}
}

// TestMergeExprs: expressions are deduplicated by definition and the
// samples' indices follow them.
func TestMergeExprs(t *testing.T) {
	n := ExprDef{Spec: "p@f@n", Prog: "p", Func: "f", Expr: "n"}
	m := ExprDef{Spec: "p@f@m", Prog: "p", Func: "f", Expr: "m"}
	st := []ValueType{{Type: "samples", Unit: "count"}}
	a := &Profile{SampleTypes: st, Exprs: []ExprDef{n}, Samples: []Sample{
		{Values: []int64{1}, Exprs: []ExprValue{{Expr: 0, Status: ExprOK, Text: "1", HasNum: true, Num: 1}}},
	}}
	b := &Profile{SampleTypes: st, Exprs: []ExprDef{m, n}, Samples: []Sample{
		{Values: []int64{1}, Exprs: []ExprValue{{Expr: 1, Status: ExprOK, Text: "2"}, {Expr: 0, Status: ExprUnavailable}}},
		{Values: []int64{1}},
	}}
	p, err := Merge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckValid(); err != nil {
		t.Fatal(err)
	}
	got := p.String()
	for _, want := range []string{
		"Exprs:\n  0: spec=\"p@f@n\" prog=\"p\" func=\"f\" expr=\"n\"\n  1: spec=\"p@f@m\"",
		"exprs: 0:ok:\"1\"=1\n",
		"exprs: 0:ok:\"2\" 1:unavailable:\"\"\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("merged profile lacks %q:\n%s", want, got)
		}
	}
	if w := p.Window(0, Forever); len(w.Exprs) != 2 || len(w.Samples[1].Exprs) != 2 {
		t.Errorf("Window lost the expressions: %+v", w.Exprs)
	}
	// a's sample must be unchanged (Merge copies).
	if a.Samples[0].Exprs[0].Expr != 0 || b.Samples[0].Exprs[0].Expr != 1 {
		t.Error("Merge modified its inputs")
	}
}

func TestCheckValidExprs(t *testing.T) {
	st := []ValueType{{Type: "samples", Unit: "count"}}
	for _, tt := range []struct {
		name string
		vals []ExprValue
		want string
	}{
		{"index out of range", []ExprValue{{Expr: 1, Status: ExprOK}}, "out of range"},
		{"negative index", []ExprValue{{Expr: -1, Status: ExprOK}}, "out of range"},
		{"bad status", []ExprValue{{Expr: 0, Status: 9}}, "unknown status"},
		{"twice", []ExprValue{{Expr: 0, Status: ExprOK}, {Expr: 0, Status: ExprOK}}, "two values"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := &Profile{SampleTypes: st, Exprs: []ExprDef{{Spec: "a@b@c"}}, Samples: []Sample{{Values: []int64{1}, Exprs: tt.vals}}}
			err := p.CheckValid()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("CheckValid = %v, want an error about %q", err, tt.want)
			}
		})
	}
}

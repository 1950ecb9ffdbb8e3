package report

import (
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"sonde/profile"
)

// exprProfile builds a profile by hand with three expressions whose
// figures are known by construction:
//
//   - n: one sample each of 1..100 in pid 7 (mean 50.5, sample standard
//     deviation sqrt(100·101/12) = 29.011, so two standard errors are
//     2·29.011/10 = 5.80; nearest-rank p10 = 10, p25 = 25, p50 = 50,
//     p75 = 75, p90 = 90);
//   - req->size: 64 in 30 samples, 128 in 10, 4096 in 5, one unavailable
//     and one optimized out;
//   - color: text values RED ×3, GREEN ×1 (no numbers).
//
// Every sample is 1 ms of CPU time, one sample.
func exprProfile() *profile.Profile {
	t0 := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	p := &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Period:      1000000,
		Runs:        []profile.Run{{ID: 1, Collector: "record", Start: t0}},
		Exprs: []profile.ExprDef{
			{Spec: "hier-test@worker@n", Prog: "hier-test", Func: "worker", Expr: "n"},
			{Spec: "server@handle@req->size", Prog: "server", Func: "handle", Expr: "req->size"},
			{Spec: "server@paint@color", Prog: "server", Func: "paint", Expr: "color"},
		},
	}
	add := func(v profile.ExprValue) {
		i := len(p.Samples)
		p.Samples = append(p.Samples, profile.Sample{
			Values: []int64{1, 1000000}, PID: 7, TID: 7 + int32(i%2),
			Time:  t0.Add(time.Duration(i+1) * time.Millisecond).UnixNano(),
			Exprs: []profile.ExprValue{v},
		})
	}
	num := func(e int32, x float64) profile.ExprValue {
		return profile.ExprValue{Expr: e, Status: profile.ExprOK, HasNum: true, Num: x, Text: fmt.Sprint(x)}
	}
	for k := 1; k <= 100; k++ {
		add(num(0, float64(k)))
	}
	for k := range 45 {
		switch {
		case k < 30:
			add(num(1, 64))
		case k < 40:
			add(num(1, 128))
		default:
			add(num(1, 4096))
		}
	}
	add(profile.ExprValue{Expr: 1, Status: profile.ExprUnavailable, Text: "cannot read memory at 0x10"})
	add(profile.ExprValue{Expr: 1, Status: profile.ExprOptimizedOut})
	for _, c := range []string{"RED", "GREEN", "RED", "RED"} {
		add(profile.ExprValue{Expr: 2, Status: profile.ExprOK, Text: c})
	}
	// Samples outside every expression's function.
	for range 10 {
		p.Samples = append(p.Samples, profile.Sample{Values: []int64{1, 1000000}, PID: 7, TID: 7, Time: t0.UnixNano()})
	}
	return p
}

func TestExprFormats(t *testing.T) {
	p := exprProfile()
	if err := p.CheckValid(); err != nil {
		t.Fatal(err)
	}
	for _, name := range ExprFormatNames() {
		t.Run(name, func(t *testing.T) {
			f, err := ParseExprFormat(name)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := WriteExprs(&b, p, ExprOptions{Format: f}); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "expr."+name+".golden", b.String())
		})
	}
}

// TestExprFigures checks the figures against the values computed by hand
// in exprProfile's comment, independently of the golden files.
func TestExprFigures(t *testing.T) {
	p := exprProfile()
	for _, tt := range []struct {
		format ExprFormat
		only   string
		want   []string
	}{
		{ExprIntAvg, "n", []string{"50.5 ±5.8  (time-weighted mean of 100 samples"}},
		{ExprQuantiles, "worker@n", []string{"  1  10  25  50  75  90 100\n"}},
		{ExprMinMax, "hier-test@worker@n", []string{"min 1  max 100  (100 samples)"}},
		// 1..100 in 10 ranges of 10 integers, 10% each: ±2·sqrt(.1·.9/100) = ±6.0.
		{ExprHist, "n", []string{"[1, 11)", " 10   10.0% ±6.0", "[91, 101)"}},
		// 30, 10 and 5 of 45 values read: 66.7%, 22.2%, 11.1%.
		{ExprHist, "req->size", []string{"  64       30   66.7% ±14.1", " 128       10   22.2% ±12.4", "4096        5   11.1% ±9.4",
			"optimized out: 1 samples", "unavailable: 1 samples (cannot read memory at 0x10: 1)"}},
		{ExprHist, "color", []string{"  RED        3   75.0% ±43.3", "GREEN        1   25.0% ±43.3"}},
		{ExprIntAvg, "color", []string{"no numeric value"}},
		{ExprRaw, "color", []string{"    0.148000       7       8  RED"}},
	} {
		t.Run(tt.format.String()+"/"+tt.only, func(t *testing.T) {
			var b strings.Builder
			if err := WriteExprs(&b, p, ExprOptions{Format: tt.format, Only: tt.only}); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, b.String())
				}
			}
		})
	}
}

func TestExprSplit(t *testing.T) {
	p := exprProfile()
	var b strings.Builder
	if err := WriteExprSplit(&b, p, "req->size", 0); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "expr.split.golden", b.String())
	// 47 samples of handle: 30 of them 64 (63.8%, ±2·sqrt(.638·.362/47) =
	// ±14.0), 0.030 s of CPU time; handle is 47 of 161 samples.
	for _, w := range []string{"   64       30      0.030s   63.8% ±14.0", "<unavailable>        1", "handle: 47 of 161 samples, 29.2% ±7.2 of the time"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("split lacks %q:\n%s", w, b.String())
		}
	}
}

func TestExprErrors(t *testing.T) {
	p := exprProfile()
	for _, tt := range []struct {
		name string
		run  func() error
		want string
	}{
		{"unknown expression", func() error { return WriteExprs(&strings.Builder{}, p, ExprOptions{Only: "m"}) }, `expression "m": not in the profile (it has hier-test@worker@n`},
		{"no expressions", func() error { return WriteExprs(&strings.Builder{}, &profile.Profile{}, ExprOptions{}) }, "no expression values"},
		{"split of unknown", func() error { return WriteExprSplit(&strings.Builder{}, p, "x", 0) }, `expression "x"`},
		{"bad format", func() error { _, err := ParseExprFormat("avg"); return err }, `unknown expression format "avg"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// TestExprWeighted: samples of the ptrace and gdb samplers weigh the CPU
// time their thread ran. Value 10 in a sample of 3 ms and 20 in one of
// 1 ms: the time-weighted mean is (3·10 + 1·20)/4 = 12.5; the effective
// number of samples is 4²/(3²+1²) = 1.6, the weighted variance
// (3·2.5² + 1·7.5²)/4 = 18.75, times 1.6/0.6 = 50, so the standard error
// is sqrt(50/1.6) = 5.59 and ± two of them 11; the median (half of the
// weight, 2 ms) and p75 (3 ms) are 10, p90 is 20; the shares are 75% and 25%, ±200·sqrt(.75·.25/1.6)
// = ±68.5.
func TestExprWeighted(t *testing.T) {
	p := &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Exprs:       []profile.ExprDef{{Spec: "a@f@x", Prog: "a", Func: "f", Expr: "x"}},
		Samples: []profile.Sample{
			{Values: []int64{1, 3000000}, Exprs: []profile.ExprValue{{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: 10, Text: "10"}}},
			{Values: []int64{1, 1000000}, Exprs: []profile.ExprValue{{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: 20, Text: "20"}}},
		},
	}
	for _, tt := range []struct {
		format ExprFormat
		want   string
	}{
		{ExprIntAvg, "12.5 ±11  (time-weighted mean of 2 samples"},
		{ExprQuantiles, " 10  10  10  10  10  20  20\n"},
		{ExprHist, "   10        1   75.0% ±68.5"},
		{ExprHist, "   20        1   25.0% ±68.5"},
	} {
		var b strings.Builder
		if err := WriteExprs(&b, p, ExprOptions{Format: tt.format}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("%s lacks %q:\n%s", tt.format, tt.want, b.String())
		}
	}
}

// TestExprExtremeValues: values a damaged or hostile data file may hold
// (infinities, NaN, the largest doubles of both signs) never break a
// report.
func TestExprExtremeValues(t *testing.T) {
	vals := []float64{math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, -math.MaxFloat64, 0, 1e-300}
	p := &profile.Profile{
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Exprs:       []profile.ExprDef{{Spec: "a@f@x", Prog: "a", Func: "f", Expr: "x"}},
	}
	// More than maxDistinct distinct values, so that hist bins them.
	for i := range 30 {
		v := vals[i%len(vals)]
		if i >= len(vals) {
			v = float64(i) * 1e306
		}
		p.Samples = append(p.Samples, profile.Sample{Values: []int64{1, int64(i % 3)},
			Exprs: []profile.ExprValue{{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: v, Text: fmt.Sprint(v)}}})
	}
	for _, name := range ExprFormatNames() {
		f, _ := ParseExprFormat(name)
		if err := WriteExprs(io.Discard, p, ExprOptions{Format: f}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := WriteExprSplit(io.Discard, p, "f@x", 3); err != nil {
		t.Error(err)
	}
}

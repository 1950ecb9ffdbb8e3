package report_test

import (
	"bytes"
	"io"
	"math"
	"testing"
	"time"

	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
)

// FuzzExprReport decodes fuzzed data files holding expression values
// (seeded with real ones written by the Writer: numbers, enum texts,
// values not read, infinities) and runs every expression report on them:
// none may panic.
func FuzzExprReport(f *testing.F) {
	var buf bytes.Buffer
	w := datafile.NewWriter(&buf)
	t0 := time.Date(2026, 11, 22, 11, 0, 0, 0, time.UTC)
	if _, err := w.WriteRun(datafile.RunHeader{ID: 1, Collector: "record", Start: t0, Period: 1001001,
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}}); err != nil {
		f.Fatal(err)
	}
	w.WriteExprDef(0, profile.ExprDef{Spec: "a@f@n", Prog: "a", Func: "f", Expr: "n"})
	w.WriteExprDef(1, profile.ExprDef{Spec: "a@g@c", Prog: "a", Func: "g", Expr: "c"})
	nums := []float64{1, 2, 3, 1e9, -7, 0.5, math.Inf(1)}
	for i := range 40 {
		var ev []profile.ExprValue
		switch i % 4 {
		case 0, 1:
			x := nums[i%len(nums)] + float64(i)
			ev = append(ev, profile.ExprValue{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: x, Text: "x"})
		case 2:
			ev = append(ev, profile.ExprValue{Expr: 1, Status: profile.ExprOK, Text: "RED"},
				profile.ExprValue{Expr: 0, Status: profile.ExprUnavailable, Text: "cannot read memory at 0x0"})
		default:
			ev = append(ev, profile.ExprValue{Expr: 0, Status: profile.ExprOptimizedOut})
		}
		w.WriteSample(&profile.Sample{Values: []int64{1, int64(1001001 * (i%3 + 1))}, PID: 7, TID: 7,
			Time: t0.Add(time.Duration(i) * time.Millisecond).UnixNano(), Exprs: ev})
	}
	w.WriteRunEnd(t0.Add(time.Second))
	if err := w.Close(); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		p, _, err := datafile.Decode("fuzz.data", data)
		if err != nil {
			return
		}
		for _, name := range report.ExprFormatNames() {
			format, _ := report.ParseExprFormat(name)
			report.WriteExprs(io.Discard, p, report.ExprOptions{Format: format})
		}
		for _, e := range p.Exprs {
			report.WriteExprSplit(io.Discard, p, e.Spec, 0)
		}
	})
}

package cli

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"sonde/profile"
	"sonde/profile/datafile"
)

// writeExprData writes a data file of 20 samples of worker with n = 1..20
// (and 5 samples elsewhere), by the Writer, for the report flags' tests.
func writeExprData(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "expr.data")
	w, err := datafile.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "record", Start: t0, Period: 1000000,
		SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}}); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteExprDef(0, profile.ExprDef{Spec: "hier-test@worker@n", Prog: "hier-test", Func: "worker", Expr: "n"}); err != nil {
		t.Fatal(err)
	}
	for i := range 25 {
		s := profile.Sample{Values: []int64{1, 1000000}, PID: 9, TID: 9, Time: t0.Add(time.Duration(i) * time.Millisecond).UnixNano()}
		if i < 20 {
			s.Exprs = []profile.ExprValue{{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: float64(i + 1), Text: strconv.Itoa(i + 1)}}
		}
		if err := w.WriteSample(&s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReportExprFlags(t *testing.T) {
	data := writeExprData(t)
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string // in stdout, or in stderr for errors
	}{
		// Mean of 1..20 is 10.5 (%.3g).
		{"bare --expr is int-avg", []string{"--expr", data}, exitOK, "hier-test@worker@n  int-avg\n10.5 ±"},
		{"format as the next word", []string{"--expr", "min-max", data}, exitOK, "min 1  max 20  (20 samples)"},
		{"format after =", []string{"--expr=quantiles", data}, exitOK, "p50"},
		{"flags after the file", []string{data, "--expr", "hist"}, exitOK, "share"},
		{"only one expression", []string{"--expr", "raw", "--expr-only", "worker@n", data}, exitOK, "0.019000       9       9  20"},
		// worker is 20 of 25 samples: 80%, ±2·sqrt(.8·.2/25) = ±16.
		{"by", []string{"--by", "worker@n", data}, exitOK, "worker: 20 of 25 samples, 80.0% ±16.0 of the time"},
		{"unknown format", []string{"--expr=avg", data}, exitUsage, `unknown expression format "avg"`},
		{"with another view", []string{"--expr", "--flat", data}, exitUsage, "give no other view"},
		{"with pprof", []string{"--expr", "--format", "pprof", data}, exitUsage, "text reports"},
		{"unknown expression", []string{"--by", "worker@m", data}, exitError, `expression "worker@m": not in the profile`},
		{"level still works", []string{"--by", "stack", data}, exitUsage, `unknown --by "stack"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Main(append([]string{"report"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
			got := stdout.String()
			if tt.code != exitOK {
				got = stderr.String()
			}
			if code != tt.code || !strings.Contains(got, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, stdout.String(), stderr.String(), tt.code, tt.want)
			}
		})
	}
}

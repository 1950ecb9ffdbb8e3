package cli

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	pp "github.com/google/pprof/profile"

	"sonde/internal/testprog"
)

// schemaProfile is the part of `report --format json` this test reads,
// written from docs/json-schema.md (top level, sample, expression,
// expression value), not from export/json.go's types.
type schemaProfile struct {
	Format  string `json:"format"`
	Exprs   []struct{ Spec, Prog, Func, Expr string }
	Samples []struct {
		PID   int32 `json:"pid"`
		TID   int32 `json:"tid"`
		Time  int64 `json:"time_ns"`
		Exprs *[]struct {
			Expr   int      `json:"expr"`
			Status string   `json:"status"`
			Text   string   `json:"text"`
			Number *float64 `json:"number"`
		} `json:"exprs"`
	} `json:"samples"`
}

// rawRow is one row of `report --expr raw`: seconds since the profile's
// origin, pid, tid, value as printed.
type rawRow struct {
	sec      float64
	pid, tid int32
	value    string
}

var (
	rawHeader = regexp.MustCompile(`^(\S+)  raw$`)
	rawLine   = regexp.MustCompile(`^\s*(\d+\.\d{6})\s+(\d+)\s+(\d+)  (.*)$`)
)

// parseRaw reads `report --expr raw` output as text: a block per
// expression, "SPEC  raw", a column header, then one row per value.
func parseRaw(t *testing.T, out string) map[string][]rawRow {
	t.Helper()
	rows := map[string][]rawRow{}
	spec := ""
	for _, line := range strings.Split(out, "\n") {
		switch m := rawHeader.FindStringSubmatch(line); {
		case m != nil:
			spec = m[1]
			rows[spec] = []rawRow{}
		case strings.TrimSpace(line) == "" || strings.Fields(line)[0] == "time":
		default:
			r := rawLine.FindStringSubmatch(line)
			if r == nil || spec == "" {
				t.Fatalf("raw line %q is not time pid tid value", line)
			}
			sec, _ := strconv.ParseFloat(r[1], 64)
			pid, _ := strconv.ParseInt(r[2], 10, 32)
			tid, _ := strconv.ParseInt(r[3], 10, 32)
			rows[spec] = append(rows[spec], rawRow{sec, int32(pid), int32(tid), r[4]})
		}
	}
	return rows
}

// TestReportJSONExprs records real fixtures with --expr and checks the
// values `report --format json` carries against two other readings of the
// same data file: `report --expr raw` parsed as text (same samples, same
// values, same times) and the labels of `report --format pprof` read back
// by github.com/google/pprof/profile (the same label sets, counted: pprof
// writes samples with the same stack and labels once, values summed).
func TestReportJSONExprs(t *testing.T) {
	requirePerf(t)
	for _, tt := range []struct {
		name  string
		bin   func(t *testing.T) string
		args  []string
		specs []string
		// unavail: some values must be unavailable (loclist's n in r8,
		// caller-saved, in mix's samples: record_expr_test.go).
		unavail bool
	}{
		{
			name: "hier-test O2",
			bin: func(t *testing.T) string {
				return testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}})
			},
			args:  []string{"200000000"},
			specs: []string{"hier-test@worker@n"},
		},
		{
			// n: numbers and unavailable; acc: a pointer, text only; a:
			// longs past 2^53, whose number is rounded and text exact.
			name: "loclist O2",
			bin: func(t *testing.T) string {
				return testprog.Build(t, "expr/loclist.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
			},
			args:    []string{"300"},
			specs:   []string{"loclist@work@n", "loclist@mix@acc", "loclist@mix@a"},
			unavail: true,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bin := tt.bin(t)
			dir := t.TempDir()
			data := filepath.Join(dir, "expr.data")
			args := []string{"-o", data}
			for _, s := range tt.specs {
				args = append(args, "--expr", s)
			}
			if code, stderr := record(t, append(append(args, "--", bin), tt.args...)...); code != 0 {
				t.Fatalf("record exit %d: %s", code, stderr)
			}

			out, errOut, code := repRun(t, "--format", "json", data)
			if code != 0 {
				t.Fatalf("json exit %d: %s", code, errOut)
			}
			var j schemaProfile
			if err := json.Unmarshal([]byte(out), &j); err != nil {
				t.Fatal(err)
			}
			if j.Format != "sonde-profile" || len(j.Exprs) != len(tt.specs) {
				t.Fatalf("format %q, exprs %+v; want %d expressions", j.Format, j.Exprs, len(tt.specs))
			}
			// The definitions are the command line's, in its order.
			for i, s := range tt.specs {
				f := strings.SplitN(s, "@", 3)
				if d := j.Exprs[i]; d.Spec != s || d.Prog != f[0] || d.Func != f[1] || d.Expr != f[2] {
					t.Errorf("exprs[%d] = %+v, want %q split at @", i, d, s)
				}
			}

			rawOut, errOut, code := repRun(t, "--expr", "raw", data)
			if code != 0 {
				t.Fatalf("raw exit %d: %s", code, errOut)
			}
			raw := parseRaw(t, rawOut)

			pprofFile := filepath.Join(dir, "expr.pb.gz")
			if _, errOut, code := repRun(t, "--format", "pprof", "-o", pprofFile, data); code != 0 {
				t.Fatalf("pprof exit %d: %s", code, errOut)
			}
			f, err := os.Open(pprofFile)
			if err != nil {
				t.Fatal(err)
			}
			prof, err := pp.Parse(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			// pprof writes samples with the same stack and labels once,
			// with summed values: the label sets of the JSON samples,
			// counted, must be those of pprof's samples weighted by
			// their "samples" values.
			if len(prof.SampleType) == 0 || prof.SampleType[0].Type != "samples" {
				t.Fatalf("pprof sample types %v, want samples first", prof.SampleType)
			}
			jsonLabels, pprofLabels := map[string]int64{}, map[string]int64{}
			for _, ps := range prof.Sample {
				var ls []string
				for k, v := range ps.NumLabel {
					ls = append(ls, fmt.Sprintf("%s=n%v", k, v))
				}
				for k, v := range ps.Label {
					if k != "comm" {
						ls = append(ls, fmt.Sprintf("%s=t%q", k, v))
					}
				}
				slices.Sort(ls)
				pprofLabels[strings.Join(ls, " ")] += ps.Value[0]
			}

			// Walk the JSON samples once, building what raw must print
			// and checking each against pprof's sample of the same index.
			type want struct {
				ns       int64
				pid, tid int32
				value    string
			}
			wants := make([][]want, len(tt.specs))
			statuses := map[string]int{}
			var numbers, textOnly int
			for k, s := range j.Samples {
				if s.Exprs == nil {
					t.Fatalf("sample %d has no exprs field", k)
				}
				ls := []string{fmt.Sprintf("pid=n%v", []int64{int64(s.PID)}), fmt.Sprintf("tid=n%v", []int64{int64(s.TID)})}
				seen := map[int]bool{}
				for _, v := range *s.Exprs {
					if v.Expr < 0 || v.Expr >= len(tt.specs) || seen[v.Expr] {
						t.Fatalf("sample %d: value %+v: bad or repeated index", k, v)
					}
					seen[v.Expr] = true
					statuses[v.Status]++
					spec := tt.specs[v.Expr]
					// raw's value column: the text, or the status in
					// brackets (report/expr.go valueText, gdb's style).
					shown, label := v.Text, v.Text
					switch v.Status {
					case "ok":
					case "optimized-out":
						shown, label = "<optimized out>", "<optimized out>"
					case "unavailable":
						shown, label = "<unavailable>", "<unavailable>"
						if v.Text != "" {
							shown = "<unavailable: " + v.Text + ">"
						}
					default:
						t.Fatalf("sample %d: status %q is not in the schema", k, v.Status)
					}
					wants[v.Expr] = append(wants[v.Expr], want{s.Time, s.PID, s.TID, shown})
					// A decimal text is a number and the number is the
					// text's value (rounded to float64 as ParseFloat does).
					x, perr := strconv.ParseFloat(v.Text, 64)
					if v.Status == "ok" && perr == nil && (v.Number == nil || *v.Number != x) {
						t.Errorf("sample %d %s: text %q, number %v", k, spec, v.Text, v.Number)
					}
					if v.Number != nil && (v.Status != "ok" || perr != nil) {
						t.Errorf("sample %d %s: status %s, text %q, yet number %v", k, spec, v.Status, v.Text, *v.Number)
					}
					// pprof: integers as numeric labels, the rest as text.
					if v.Number != nil && *v.Number == math.Trunc(*v.Number) && math.Abs(*v.Number) < 1<<63 {
						numbers++
						ls = append(ls, fmt.Sprintf("%s=n%v", spec, []int64{int64(*v.Number)}))
					} else {
						textOnly++
						ls = append(ls, fmt.Sprintf("%s=t%q", spec, []string{label}))
					}
				}
				slices.Sort(ls)
				jsonLabels[strings.Join(ls, " ")]++
			}
			if !maps.Equal(jsonLabels, pprofLabels) {
				for ls, n := range jsonLabels {
					if pprofLabels[ls] != n {
						t.Errorf("labels %s: %d json samples, pprof %d", ls, n, pprofLabels[ls])
					}
				}
				for ls, n := range pprofLabels {
					if _, ok := jsonLabels[ls]; !ok {
						t.Errorf("labels %s: pprof %d samples, json none", ls, n)
					}
				}
			}
			t.Logf("%d samples; values by status %v; %d numeric labels, %d text", len(j.Samples), statuses, numbers, textOnly)
			if statuses["ok"] < 100 {
				t.Fatalf("only %d values read", statuses["ok"])
			}
			if tt.unavail && statuses["unavailable"] == 0 {
				t.Errorf("no unavailable value: the fixture no longer tests that status")
			}

			for i, spec := range tt.specs {
				rows, ok := raw[spec]
				if !ok {
					t.Fatalf("report --expr raw has no block for %s:\n%s", spec, rawOut)
				}
				w := wants[i]
				if len(rows) != len(w) {
					t.Fatalf("%s: raw has %d rows, json %d values", spec, len(rows), len(w))
				}
				for k := range rows {
					r := rows[k]
					// raw prints seconds since the origin with %.6f:
					// compare intervals from the first row, within two
					// roundings.
					d := float64(w[k].ns-w[0].ns)/1e9 - (r.sec - rows[0].sec)
					if r.pid != w[k].pid || r.tid != w[k].tid || r.value != w[k].value || math.Abs(d) > 1.5e-6 {
						t.Fatalf("%s row %d: raw %+v, json %+v (time off by %.2g s)", spec, k, r, w[k], d)
					}
				}
			}
		})
	}
}

package cli

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/examples"
	"sonde/internal/testprog"
)

// TestDemoRecord runs the demo's record step on hier-test built so that
// its call paths exist at -O2, and checks PCT's two paths are printed.
func TestDemoRecord(t *testing.T) {
	requirePerf(t)
	bin := testprog.Build(t, examplePath("hier-test.c"), testprog.Opts{Flags: []string{"-O2", "-g", "-fno-optimize-sibling-calls"}})
	ex := examples.All[0]
	ex.Args = []string{"300000000"}
	// PCT's -expr: the mean of n, 5q/6 = 2.5e+08 for q = 3e8 (see
	// hierTruth), within 10%. One demo run of fixed work may hold too few
	// samples on a fast machine: the demo runs again until the means it
	// printed, pooled by their standard errors, have one under 2% of the
	// truth (10% is then 4.9 standard errors).
	truth := hierTruth(3e8)
	var sumW, sumWX float64
	re := regexp.MustCompile(`@worker@n  int-avg\n(\S+) ±(\S+)`)
	for run := 0; sumW == 0 || 1/math.Sqrt(sumW) > 0.02*truth; run++ {
		if run == 50 {
			t.Fatalf("%d demo runs and the pooled standard error is still %.3g", run, 1/math.Sqrt(sumW))
		}
		out, err := demoRecord(&env{getenv: func(string) string { return "" }}, ex, bin)
		if err != nil {
			t.Fatal(err)
		}
		if run == 0 {
			t.Logf("%s", out)
			for _, want := range []string{"worker <- dispatch_2 <- main", "worker <- dispatch_1 <- main", "sonde report --hier", "sonde report --expr int-avg"} {
				if !strings.Contains(out, want) {
					t.Errorf("demo output lacks %q", want)
				}
			}
		}
		m := re.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no int-avg line in the demo output:\n%s", out)
		}
		v, err1 := strconv.ParseFloat(m[1], 64)
		se2, err2 := strconv.ParseFloat(m[2], 64) // ± two standard errors
		if err1 != nil || err2 != nil || se2 <= 0 {
			t.Fatalf("int-avg line %q", m[0])
		}
		se := se2 / 2
		sumW += 1 / (se * se)
		sumWX += v / (se * se)
	}
	mean := sumWX / sumW
	t.Logf("pooled mean of n %.4g ± %.2g, truth %.3g", mean, 1/math.Sqrt(sumW), truth)
	if math.Abs(mean-truth) > 0.1*truth {
		t.Errorf("demo's pooled mean of n %.4g, truth %.3g", mean, truth)
	}
}

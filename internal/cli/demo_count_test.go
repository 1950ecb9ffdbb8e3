package cli

import (
	"strings"
	"testing"

	"sonde/examples"
	"sonde/internal/testprog"
)

// TestDemoCount runs the demo's count step on Bishop's shell sort: the
// listing shows the three swap lines with one count.
func TestDemoCount(t *testing.T) {
	var ex examples.Example
	for _, x := range examples.All {
		if x.File == "shell.c" {
			ex = x
		}
	}
	if ex.File == "" {
		t.Fatal("no shell.c example")
	}
	bin := testprog.Build(t, "count/shell.c", testprog.Opts{Flags: []string{"-g", "-O0", "-DMAX=1000"}})
	out, err := demoCount(&env{getenv: func(string) string { return "" }}, ex, bin)
	if err != nil {
		t.Fatal(err)
	}
	var counts []string
	for _, l := range strings.Split(out, "\n") {
		for _, s := range []string{"temp = v[j];", "v[j] = v[j + gap];", "v[j + gap] = temp;"} {
			if strings.HasSuffix(l, s) {
				counts = append(counts, strings.Fields(l)[2])
			}
		}
	}
	if len(counts) != 3 || counts[0] != counts[1] || counts[1] != counts[2] {
		t.Errorf("swap counts %v in\n%s", counts, out)
	}
}

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/examples"
	"sonde/internal/testprog"
)

// TestDemoCC runs the demo's sonde cc step on max.c as demoBuild leaves it
// (source next to the binary) and checks the paper's figures in the
// listing: 99,999 comparisons (n-1, by construction) and a handful of new
// maxima (4 for seed 1, the example's default: glibc's rand() sequence).
func TestDemoCC(t *testing.T) {
	testprog.Require(t, "gcc")
	dir := t.TempDir()
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "src", "max.c"))
	if err != nil {
		t.Fatal(err)
	}
	srcPath := filepath.Join(dir, "max.c")
	os.WriteFile(srcPath, src, 0o644)
	bin := filepath.Join(dir, "max")
	if out, err := exec.Command("gcc", "-O2", "-g", "-o", bin, srcPath).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	var ex examples.Example
	for _, x := range examples.All {
		if x.File == "max.c" {
			ex = x
		}
	}
	out, err := demoCC(&env{getenv: func(k string) string { return map[string]string{"CC": "gcc"}[k] }}, ex, bin)
	if err != nil {
		t.Fatal(err)
	}
	if got := listingCount(t, out, "if (v[i] > v[j])"); got != 99999 {
		t.Errorf("comparison: %d, want 99999", got)
	}
	if got := listingCount(t, out, "j = i;"); got < 1 || got > 30 {
		t.Errorf("new maxima: %d, want a handful", got)
	}
	if !strings.Contains(out, "$ sonde report --functions") || !strings.Contains(out, "  max\n") {
		t.Errorf("demo output lacks the functions table:\n%s", out)
	}
}

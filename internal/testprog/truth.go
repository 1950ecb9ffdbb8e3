package testprog

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// ReadTruth reads a fixture's own account of itself, "name number"
// lines (nanoseconds, counts); a name that comes again (runs appended)
// adds up.
func ReadTruth(t testing.TB, path string) map[string]int64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	truth := map[string]int64{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 {
			t.Fatalf("%s: bad line %q", path, line)
		}
		n, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			t.Fatalf("%s: bad line %q", path, line)
		}
		truth[f[0]] += n
	}
	return truth
}

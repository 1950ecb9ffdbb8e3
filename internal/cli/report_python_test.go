package cli

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// TestReportPython records split.py (python3.11 with its Python frames,
// --sampler ptrace, which reads them exactly) and checks two reports of
// the data file:
//
//   - --hier: split.py defines its own main(), a frame of the "[python]"
//     pseudo-object. The paths go on past it to <module> and through the
//     interpreter to the program's native root, the ELF entry _start (nm)
//     (python3.11's main tail-calls Py_BytesMain and is on no stack) or
//     python3.11's main; no path ends at the script's main().
//   - --format pprof read by the real go tool pprof -top: each function's
//     flat and cum equal those of sonde's own report --functions on the
//     same data file, to the rounding of sonde's figures; in particular
//     pprof must not symbolize libpython again (to "[libpython...]") nor
//     cut "<module>" as a C++ template argument list.
func TestReportPython(t *testing.T) {
	py, _ := testprog.Python311(t)
	testprog.Require(t, "go")
	src := readPySource(t, "split.py")
	dir := t.TempDir()
	data := filepath.Join(dir, "split.data")
	code, stderr := record(t, "--sampler", "ptrace", "-g", "-q", "-o", data, "--", py, src.path, "0.5", filepath.Join(dir, "truth"))
	if code != 0 {
		t.Fatalf("record: exit %d: %s", code, stderr)
	}

	t.Run("hier", func(t *testing.T) {
		out, errOut, code := repRun(t, "--hier", data)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		row := regexp.MustCompile(`^\s*([0-9.]+)% ±[0-9.]+\s+(.*)$`)
		var inMain, rooted float64
		for _, l := range strings.Split(out, "\n") {
			m := row.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			share, _ := strconv.ParseFloat(m[1], 64)
			path := m[2]
			for _, f := range []string{"a", "b", "unit"} {
				if strings.HasSuffix(path, " <- "+f+" <- main") || strings.HasPrefix(path, f+" <- main") && !strings.Contains(path, " <- <module>") {
					t.Errorf("path stops at the script's main(): %s", path)
				}
			}
			if !strings.Contains(path, " <- main <- <module> <- ") {
				continue
			}
			inMain += share
			if strings.HasSuffix(path, " <- _start") || strings.HasSuffix(path, " <- Py_BytesMain <- main") {
				rooted += share
			}
		}
		t.Logf("%.1f%% of the samples in the script's main(), %.1f%% at the native root:\n%s", inMain, rooted, out)
		// The share of stacks not unwound to the end is in the record's
		// note (0.3% to 3% here).
		if inMain < 50 || rooted < 0.9*inMain {
			t.Errorf("%.1f%% of the samples under the script's main(), %.1f%% at the native root; want >= 50%% and 90%% of them", inMain, rooted)
		}
	})

	t.Run("pprof", func(t *testing.T) {
		out, errOut, code := repRun(t, "--functions", data)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		pb := filepath.Join(dir, "split.pb.gz")
		if _, errOut, code := repRun(t, "--format", "pprof", "-o", pb, data); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		sonde := sondeFunctions(t, out)
		pprof := pprofFunctionsNs(t, pb)
		if len(sonde) == 0 {
			t.Fatalf("no rows in report --functions:\n%s", out)
		}
		for name, s := range sonde {
			p, ok := pprof[name]
			if !ok {
				t.Errorf("%s: in report --functions, not in go tool pprof -top", name)
				continue
			}
			if math.Abs(float64(p.flat)-s.flat) > s.flatTol {
				t.Errorf("%s: flat %dns in pprof, %.0f±%.0fns in sonde", name, p.flat, s.flat, s.flatTol)
			}
			if s.rows == 1 && p.rows == 1 && math.Abs(float64(p.cum)-s.cum) > s.cumTol {
				t.Errorf("%s: cum %dns in pprof, %.0f±%.0fns in sonde", name, p.cum, s.cum, s.cumTol)
			}
		}
		for name := range pprof {
			if _, ok := sonde[name]; !ok {
				t.Errorf("%s: in go tool pprof -top, not in report --functions", name)
			}
		}
	})
}

// funcFigures is one function's flat and cum in a view; with sonde's
// rounding (tol) and the number of rows that were added up.
type funcFigures struct {
	flat, cum       float64
	flatTol, cumTol float64
	rows            int
}

// unsymbolized turns sonde's name of an address nothing is known about
// ("libpython3.11.so.1.0+0xf5710", "[vdso]@0x7ffd...") into pprof's, the
// object in brackets, which stands for all of the object's such addresses.
func unsymbolized(name string) string {
	// report tells apart functions of one name in several objects by
	// the object; pprof -top adds them up under the name.
	if m := regexp.MustCompile(`^(\S+) \(/[^)]*\)$`).FindStringSubmatch(name); m != nil {
		name = m[1]
	}
	if m := regexp.MustCompile(`^(\[.*\])@0x[0-9a-f]+$`).FindStringSubmatch(name); m != nil {
		// An address in no mapping: pprof names a location without
		// mapping or lines "<unknown>".
		if m[1] == "[unmapped]" {
			return "<unknown>"
		}
		return m[1]
	}
	if m := regexp.MustCompile(`^(.*)\+0x[0-9a-f]+$`).FindStringSubmatch(name); m != nil {
		return "[" + m[1] + "]"
	}
	return name
}

// sondeFunctions parses report --functions of a CPU profile: name ->
// flat and cum in nanoseconds, with the rounding of their printed form.
func sondeFunctions(t *testing.T, out string) map[string]*funcFigures {
	t.Helper()
	rows := make(map[string]*funcFigures)
	for _, l := range strings.Split(out, "\n") {
		fs := strings.Fields(l)
		// flat flat% ± sum% cum cum% function
		if len(fs) < 7 || !strings.HasSuffix(fs[1], "%") || fs[0] == "flat" {
			continue
		}
		flat, flatTol := parseRounded(t, fs[0])
		cum, cumTol := parseRounded(t, fs[4])
		name := unsymbolized(strings.Join(fs[6:], " "))
		r := rows[name]
		if r == nil {
			r = &funcFigures{}
			rows[name] = r
		}
		r.flat += flat
		r.flatTol += flatTol
		r.cum, r.cumTol = cum, cumTol
		r.rows++
	}
	return rows
}

// parseRounded parses report's formatValue ("2.85s", "845.85ms", "0") to
// nanoseconds, with half a unit of its last digit.
func parseRounded(t *testing.T, s string) (v, tol float64) {
	t.Helper()
	if s == "0" {
		return 0, 0.5
	}
	for _, u := range []struct {
		suffix string
		ns     float64
	}{{"ms", 1e6}, {"us", 1e3}, {"ns", 1}, {"s", 1e9}} {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			f, err := strconv.ParseFloat(num, 64)
			if err != nil {
				t.Fatalf("value %q", s)
			}
			decimals := 0
			if i := strings.IndexByte(num, '.'); i >= 0 {
				decimals = len(num) - i - 1
			}
			return f * u.ns, 0.5*math.Pow(10, -float64(decimals))*u.ns + 1
		}
	}
	t.Fatalf("value %q", s)
	return 0, 0
}

// pprofFunctionsNs runs the real go tool pprof -top on file with every
// node shown, in nanoseconds: name (" (inline)", " (partial-inline)" cut)
// -> flat and cum.
func pprofFunctionsNs(t *testing.T, file string) map[string]*struct {
	flat, cum int64
	rows      int
} {
	t.Helper()
	goTool := filepath.Join(strings.TrimSpace(repCmd(t, "go", "env", "GOROOT")), "bin", "go")
	cmd := exec.Command(goTool, "tool", "pprof", "-top", "-nodecount=1000000", "-nodefraction=0", "-edgefraction=0", "-unit=ns", file)
	// pprof finds the objects at their paths, as a user's pprof does.
	cmd.Env = append(os.Environ(), "PPROF_TMPDIR="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof: %v\n%s", err, out)
	}
	t.Logf("go tool pprof -top:\n%s", out)
	rows := make(map[string]*struct {
		flat, cum int64
		rows      int
	})
	in := false
	for _, l := range strings.Split(string(out), "\n") {
		fs := strings.Fields(l)
		if len(fs) >= 5 && fs[0] == "flat" {
			in = true
			continue
		}
		if !in || len(fs) < 6 {
			continue
		}
		flat, err1 := strconv.ParseInt(strings.TrimSuffix(fs[0], "ns"), 10, 64)
		cum, err2 := strconv.ParseInt(strings.TrimSuffix(fs[3], "ns"), 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("go tool pprof -top line %q", l)
		}
		name := strings.Join(fs[5:], " ")
		name = strings.TrimSuffix(strings.TrimSuffix(name, " (inline)"), " (partial-inline)")
		r := rows[name]
		if r == nil {
			r = &struct {
				flat, cum int64
				rows      int
			}{}
			rows[name] = r
		}
		r.flat += flat
		r.cum = cum
		r.rows++
	}
	return rows
}

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

// TestReportLinesRestrict counts Bishop's shell sort with sonde count and
// restricts the listing: --lines=shell prints exactly the line span of
// shell that addr2line gives its bytes (nm -S for the extent), --lines=FILE
// the whole source file by path suffix, and names that match nothing are a
// one-line error naming them, exit 1.
func TestReportLinesRestrict(t *testing.T) {
	bin := testprog.Build(t, "count/shell.c", testprog.Opts{Flags: []string{"-g", "-O0"}})
	data := filepath.Join(t.TempDir(), "c.data")
	if _, errOut, code := countRun(t, "-o", data, "--", bin); code != 0 {
		t.Fatalf("sonde count: exit %d: %s", code, errOut)
	}

	// The oracle: the lines of every byte of shell (nm -S, addr2line).
	var shell []oracle.Symbol
	for _, s := range funcAddrs(t, bin, false) {
		if s.Name == "shell" {
			shell = append(shell, s)
		}
	}
	if len(shell) != 1 {
		t.Fatalf("nm -S %s: %d symbols named shell", bin, len(shell))
	}
	ans, err := oracle.Addr2line(t, bin, oracle.AllAddrs(shell), oracle.Addr2lineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	first, last := 0, 0
	for _, a := range ans {
		if len(a.Frames) == 0 || a.Frames[0].Line <= 0 {
			continue
		}
		l := a.Frames[0].Line
		if first == 0 || l < first {
			first = l
		}
		last = max(last, l)
	}
	t.Logf("addr2line: shell spans shell.c:%d-%d", first, last)
	src, err := os.ReadFile(filepath.Join("..", "testprog", "testdata", "count", "shell.c"))
	if err != nil {
		t.Fatal(err)
	}
	nsrc := strings.Count(string(src), "\n")

	tests := []struct {
		name        string
		arg         string
		first, last int // the listing's first and last LINE
	}{
		{"function", "--lines=shell", first, last},
		{"file base name", "--lines=shell.c", 1, nsrc},
		{"file path suffix", "--lines=count/shell.c", 1, nsrc},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := repRun(t, tt.arg, data)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			_, listing, ok := strings.Cut(out, "\nFILE      LINE      COUNT\n")
			if !ok {
				t.Fatalf("no listing header in\n%s", out)
			}
			var lines []int
			for _, l := range strings.Split(strings.TrimSuffix(listing, "\n"), "\n") {
				fs := strings.Fields(l)
				if fs[0] != "shell.c" {
					t.Errorf("row of another file: %q", l)
				}
				n, err := strconv.Atoi(fs[1])
				if err != nil {
					t.Fatalf("row %q: %v", l, err)
				}
				lines = append(lines, n)
			}
			if len(lines) != tt.last-tt.first+1 || lines[0] != tt.first || lines[len(lines)-1] != tt.last {
				t.Errorf("%s lists lines %v, want %d..%d:\n%s", tt.arg, lines, tt.first, tt.last, out)
			}
		})
	}

	errs := []struct {
		name string
		args []string
		want string
	}{
		{"no such function", []string{"--lines=nosuch"}, "--lines nosuch: no source file or function"},
		// a suffix matches at a "/" only
		{"partial file name", []string{"--lines=hell.c"}, "--lines hell.c: no source file or function"},
		{"instructions of a count profile", []string{"--instructions=shell"}, "--instructions shell: "},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := repRun(t, append(tt.args, data)...)
			if code != exitError || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q, want exit %d and one line holding %q\n%s", code, errOut, exitError, tt.want, out)
			}
		})
	}

	// A bare word after --lines is a data file, not a restriction.
	_, errOut, code := repRun(t, "--lines", "shell", data)
	if code == exitOK || !strings.Contains(errOut, "shell") {
		t.Errorf("--lines shell DATA: exit %d, stderr %q; want the data file shell not found", code, errOut)
	}
}

// TestReportCCRestrict restricts the views of a sonde cc profile of
// Weinberger's max.c: --lines=max prints exactly the source lines that
// addr2line gives max's bytes (nm -S for its extent), --instructions=max
// as many instructions as objdump -d disassembles in max built by gcc -O0
// itself and nothing of main, and a name that matches nothing is an error.
func TestReportCCRestrict(t *testing.T) {
	testprog.Require(t, "gcc")
	testprog.Require(t, "objdump")
	dir := t.TempDir()
	src := filepath.Join(testprog.Dir(), "..", "..", "..", "examples", "src", "max.c")
	bin := filepath.Join(dir, "max")
	t.Setenv("SONDE_CACHE", filepath.Join(dir, "cache"))
	ccRun(t, "cc", "-O0", "-o", bin, src)
	data := filepath.Join(dir, "max.data")
	if _, code := ccExec(t, dir, bin, []string{"SONDE_OUT=" + data}); code != 0 {
		t.Fatalf("max: exit %d", code)
	}

	var maxSym []oracle.Symbol
	for _, s := range funcAddrs(t, bin, false) {
		if s.Name == "max" {
			maxSym = append(maxSym, s)
		}
	}
	if len(maxSym) != 1 {
		t.Fatalf("nm -S %s: %d symbols named max", bin, len(maxSym))
	}
	ans, err := oracle.Addr2line(t, bin, oracle.AllAddrs(maxSym), oracle.Addr2lineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	first, last := 0, 0
	for _, a := range ans {
		if len(a.Frames) == 0 || a.Frames[0].Line <= 0 {
			continue
		}
		l := a.Frames[0].Line
		if first == 0 || l < first {
			first = l
		}
		last = max(last, l)
	}
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	srcLines := strings.Split(string(text), "\n")
	if first == 0 || last > len(srcLines) {
		t.Fatalf("addr2line: max spans lines %d-%d of %d", first, last, len(srcLines))
	}
	t.Logf("addr2line: max spans max.c:%d-%d", first, last)

	out, errs, code := repRun(t, "--lines=max", data)
	if code != 0 {
		t.Fatalf("--lines=max: exit %d: %s", code, errs)
	}
	// header line, the file's name, then one row a line: "%10d  text"
	rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(rows) < 2 || !strings.HasSuffix(rows[1], "max.c") {
		t.Fatalf("--lines=max:\n%s", out)
	}
	rows = rows[2:]
	if len(rows) != last-first+1 {
		t.Fatalf("--lines=max prints %d lines, want %d (%d-%d):\n%s", len(rows), last-first+1, first, last, out)
	}
	for i, r := range rows {
		if len(r) < 12 || r[12:] != strings.TrimRight(srcLines[first-1+i], "\r") {
			t.Errorf("row %d %q, want the text of line %d %q", i, r, first+i, srcLines[first-1+i])
		}
	}

	// objdump's count of max's instructions in the plain build
	plain := filepath.Join(dir, "plain")
	if o, err := exec.Command("gcc", "-O0", "-o", plain, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, o)
	}
	dis, err := exec.Command("objdump", "-d", "--no-show-raw-insn", plain).Output()
	if err != nil {
		t.Fatalf("objdump: %v", err)
	}
	want, in := 0, false
	for _, l := range strings.Split(string(dis), "\n") {
		switch {
		case strings.HasSuffix(l, "<max>:"):
			in = true
		case in && strings.TrimSpace(l) == "":
			in = false
		case in:
			want++
		}
	}
	insts, errs, code := repRun(t, "--instructions=max", data)
	if code != 0 {
		t.Fatalf("--instructions=max: exit %d: %s", code, errs)
	}
	got, funcs := 0, 0
	for _, l := range strings.Split(insts, "\n") {
		switch {
		case strings.HasPrefix(l, " "):
			got++
		case l == "max" || l == "main":
			funcs++
			if l == "main" {
				t.Errorf("--instructions=max lists main:\n%s", insts)
			}
		}
	}
	if got != want || want == 0 || funcs != 1 {
		t.Errorf("--instructions=max lists %d instructions under %d function headings, objdump %d in max:\n%s", got, funcs, want, insts)
	}

	for _, args := range [][]string{{"--lines=nosuch"}, {"--instructions=nosuch"}, {"--instructions=max.c"}} {
		t.Run(args[0], func(t *testing.T) {
			_, errOut, code := repRun(t, append(args, data)...)
			name := args[0][strings.Index(args[0], "=")+1:]
			if code != exitError || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, " "+name+": ") {
				t.Errorf("exit %d, stderr %q; want exit %d and one line naming %s", code, errOut, exitError, name)
			}
		})
	}
}

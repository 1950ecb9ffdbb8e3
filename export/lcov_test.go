package export

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/profile"
)

// lcovSource is a C file whose lines the lcov test counts; genhtml reads
// it to render the report.
const lcovSource = `int used(int x)
{
	return x + 1;
}

int unused(int x)
{
	return x - 1;
}

int main(void)
{
	return used(1) - 2;
}
`

// lcovProfile counts lcovSource as sonde cc would (blocks with static
// positions): used's line 3 ran 5 times, main's line 13 once, unused's
// line 8 never; entries of used 5, main 1, unused 0.
func lcovProfile(src string) *profile.Profile {
	blk := func(fn string, line int, c uint64) profile.Unit {
		return profile.Unit{Kind: profile.UnitBlock, Loc: profile.Location{Mapping: profile.NoMapping}, Scope: "t.c", Func: fn, File: src, Line: line, Counts: []uint64{c}}
	}
	return &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}},
		Units: []profile.Unit{
			blk("used", 2, 5), blk("used", 3, 5), blk("unused", 7, 0), blk("unused", 8, 0),
			blk("main", 12, 1), blk("main", 13, 1),
		},
	}
}

func TestLcovLayout(t *testing.T) {
	var b bytes.Buffer
	if err := WriteLcov(&b, lcovProfile("/src/t.c"), nil); err != nil {
		t.Fatal(err)
	}
	// written out by hand from lcovProfile's comment (geninfo(1) format)
	want := `TN:
SF:/src/t.c
FN:2,used
FN:7,unused
FN:12,main
FNDA:5,used
FNDA:0,unused
FNDA:1,main
FNF:3
FNH:2
DA:2,5
DA:3,5
DA:7,0
DA:8,0
DA:12,1
DA:13,1
LF:6
LH:4
end_of_record
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestLcovAddresses: line units at addresses symbolized through the
// table: worker's line 22 and main's inlined square; function units give
// the entry counts.
func TestLcovAddresses(t *testing.T) {
	l := func(k profile.UnitKind, a profile.Addr, c uint64) profile.Unit {
		return profile.Unit{Kind: k, Loc: profile.Location{Mapping: 0, Addr: a}, Counts: []uint64{c}}
	}
	p := &profile.Profile{
		CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}},
		Mappings:   []*profile.Mapping{{Path: "/bin/app"}},
		Units: []profile.Unit{
			l(profile.UnitLine, 0x1150, 3000), l(profile.UnitLine, 0x1150, 1), // two units on one line: the larger count
			l(profile.UnitLine, 0x1080, 7), l(profile.UnitLine, 0x1300, 0),
			l(profile.UnitFunction, 0x1150, 3), l(profile.UnitFunction, 0x1080, 1),
		},
	}
	var b bytes.Buffer
	if err := WriteLcov(&b, p, appFrames); err != nil {
		t.Fatal(err)
	}
	// 0x1080 is square (w.c:7) inlined into ns::sum inlined into main
	// (w.c:34): the line counts for square's file, the entry for main's.
	want := "TN:\nSF:/src/w.c\nFN:22,worker\nFN:34,main\nFNDA:3,worker\nFNDA:1,main\nFNF:2\nFNH:2\n" +
		"DA:7,7\nDA:22,3000\nLF:2\nLH:2\nend_of_record\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestLcovErrors(t *testing.T) {
	if err := WriteLcov(&bytes.Buffer{}, sampleProfile(), appFrames); err == nil || !strings.Contains(err.Error(), "lcov export: the profile has no counts") {
		t.Errorf("samples: error = %v", err)
	}
	p := &profile.Profile{Mappings: []*profile.Mapping{{Path: "/lib/libnothing.so"}},
		Units: []profile.Unit{{Kind: profile.UnitLine, Loc: profile.Location{Mapping: 0, Addr: 1}, Counts: []uint64{1}}}}
	if err := WriteLcov(&bytes.Buffer{}, p, appFrames); err == nil || !strings.Contains(err.Error(), "no unit could be placed") {
		t.Errorf("no debug info: error = %v", err)
	}
}

// TestGenhtml feeds the tracefile to Debian's genhtml (lcov 1.16) and
// checks the line and function totals it prints against lcovProfile's
// construction: 4 of 6 lines, 2 of 3 functions.
func TestGenhtml(t *testing.T) {
	testprog.Require(t, "genhtml")
	dir := t.TempDir()
	src := filepath.Join(dir, "t.c")
	if err := os.WriteFile(src, []byte(lcovSource), 0o644); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteLcov(&b, lcovProfile(src), nil); err != nil {
		t.Fatal(err)
	}
	info := filepath.Join(dir, "t.info")
	if err := os.WriteFile(info, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("genhtml", "-o", filepath.Join(dir, "html"), info).CombinedOutput()
	if err != nil {
		t.Fatalf("genhtml: %v\n%s", err, out)
	}
	t.Logf("genhtml:\n%s", out)
	for _, re := range []string{`lines\.+: 66\.7% \(4 of 6 lines\)`, `functions\.+: 66\.7% \(2 of 3 functions\)`} {
		if !regexp.MustCompile(re).Match(out) {
			t.Errorf("genhtml output lacks %s", re)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, "html", filepath.Base(dir), "t.c.gcov.html"))
	if err != nil {
		// genhtml names the directory after the source's; find the page
		matches, _ := filepath.Glob(filepath.Join(dir, "html", "*", "t.c.gcov.html"))
		if len(matches) != 1 {
			t.Fatalf("genhtml wrote no page for t.c: %v", err)
		}
		if page, err = os.ReadFile(matches[0]); err != nil {
			t.Fatal(err)
		}
	}
	// the annotated line 3 of used carries its count, 5
	if !regexp.MustCompile(`lineCov">\s*5 :\s*return x \+ 1;`).Match(page) {
		t.Errorf("genhtml's page does not show line 3 with count 5")
	}
}

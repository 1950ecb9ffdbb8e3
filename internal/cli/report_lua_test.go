package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// luaSource returns Debian's Lua 5.4 source tarball (lua5.4_*.orig.tar.gz),
// which test.sh fetches into $HOME/.cache/sonde/lua5.4 ($SONDE_LUA_SRC
// overrides the directory). Missing, it skips the test, or fails it under
// CI=true as testprog.Require does for tools.
func luaSource(t *testing.T) string {
	t.Helper()
	testprog.SkipShort(t, "builds Lua")
	dir := os.Getenv("SONDE_LUA_SRC")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "sonde", "lua5.4")
	}
	tars, _ := filepath.Glob(filepath.Join(dir, "lua5.4_*.orig.tar.gz"))
	if len(tars) == 0 {
		msg := "no Lua 5.4 source in " + dir + " (./test.sh fetches Debian's lua5.4 source package there)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return tars[len(tars)-1]
}

// luaBuild unpacks the Lua tarball into dir and builds src/lua with make,
// CC and CFLAGS given, and returns the source directory.
func luaBuild(t *testing.T, tarball, dir string, env []string, makeArgs ...string) string {
	t.Helper()
	if out, err := exec.Command("tar", "-xzf", tarball, "-C", dir).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}
	tops, _ := filepath.Glob(filepath.Join(dir, "lua-5.4*"))
	if len(tops) != 1 {
		t.Fatalf("the Lua tarball unpacks to %v", tops)
	}
	src := filepath.Join(tops[0], "src")
	// Lua hashes pointers (table keys, its string cache) by address, which
	// differs between the two builds: the same constant in both makes the
	// tables' collisions, and so the branches, the same.
	lim := filepath.Join(src, "llimits.h")
	text, err := os.ReadFile(lim)
	old := "#define point2uint(p)\t((unsigned int)((size_t)(p) & UINT_MAX))"
	if err != nil || !bytes.Contains(text, []byte(old)) {
		t.Fatalf("%s: no %q to replace (%v)", lim, old, err)
	}
	text = bytes.Replace(text, []byte(old), []byte("#define point2uint(p)\t0u"), 1)
	if err := os.WriteFile(lim, text, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("make", append([]string{"-C", src, "lua"}, makeArgs...)...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make %v: %v\n%s", makeArgs, err, out)
	}
	return src
}

// gcovFileLines is gcov JSON's lines of every file, by the file's base
// name: each line's branch counts (throw edges left out) and count, the
// copies of a line in several units (a header's) added.
type gcovFileLines struct {
	branches map[string]map[int][]uint64
	lines    map[string]map[int]uint64
}

// readGcovJSON reads one or more gcov JSON documents (gcov --stdout writes
// one per data file) into per-file lines.
func readGcovJSON(t *testing.T, data []byte) gcovFileLines {
	t.Helper()
	r := gcovFileLines{branches: map[string]map[int][]uint64{}, lines: map[string]map[int]uint64{}}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var g gcovJSON
		if err := dec.Decode(&g); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("gcov json: %v", err)
		}
		for _, f := range g.Files {
			base := filepath.Base(f.File)
			if r.lines[base] == nil {
				r.lines[base], r.branches[base] = map[int]uint64{}, map[int][]uint64{}
			}
			for _, l := range f.Lines {
				r.lines[base][l.LineNumber] += l.Count
				for _, b := range l.Branches {
					if !b.Throw {
						r.branches[base][l.LineNumber] = append(r.branches[base][l.LineNumber], b.Count)
					}
				}
			}
		}
	}
	return r
}

// TestReportBranchesLua builds Lua 5.4.4 (Debian's source, its own
// Makefile, every file of src/ but luac) with make CC="sonde cc" and with
// make CC=gcc CFLAGS=--coverage, otherwise the same flags, runs
// testdata/lua/work.lua (tables, strings, string.format, patterns,
// closures, metatables, coroutines, errors, sorting, utf8) on each, and
// compares sonde's branch counts (report --format gcov-json) with gcov's
// (gcov -b -c --json-format on every .gcda, gcc 12), line by line.
//
// Both are built at -O0: there gcc's conditional jumps are gcov's
// conditions nearly one for one. At -O2 its jumps are duplicated, merged
// and moved across lines: with the same workload 1,213 of gcov's 2,210
// lines were exact and 228 matched no rule, a comparison of gcc's
// optimizer with gcov's GIMPLE rather than of sonde's counts. Lua hashes its
// strings with a seed from the time and addresses, and pointers by
// address; the seed is fixed (-Dluai_makeseed) and llimits.h's point2uint
// made 0 in both builds, so that the tables' collisions, and so the
// branches, are the same in both (the script's output is checked equal).
//
// Per line of gcov's with branches, in this order:
//   - exact: sonde's branch counts (each conditional jump's taken and not
//     taken) are gcov's, as multisets;
//   - by the run of lines: the run of consecutive lines with branches
//     (on either side) that holds the line has gcov's counts, as
//     multisets: a condition spread over lines (a multi-line ?: or ||),
//     whose jumps the two put on different lines of it;
//   - gcov's among sonde's: gcov's counts are a sub-multiset of sonde's,
//     where -O0 code tests a value again that GIMPLE, where gcov counts,
//     does not branch on (a ?: or && result materialized, then tested);
//   - equal totals: the sums of the counts are equal, where one side has
//     conditions the other does not: a switch compiled to a jump table
//     (one range check for gcov's cases), a condition gcov keeps that the
//     code folds (luaL_addchar's (void)(a || f()): gcov's four ways, one
//     jump), and conditions of a statement spread over lines that the two
//     put on different lines;
//   - by the line's count: otherwise the line's count is gcov's (the
//     conditions of a multi-line statement or macro, split differently
//     between its lines).
//
// Lines where only sonde has branches (jumps with no condition in the
// source: a variadic prologue, va_arg) must have gcov's line count.
// A line matching none of these fails the test, and so do fewer than 2000
// lines compared or fewer than 90% exact.
func TestReportBranchesLua(t *testing.T) {
	for _, tool := range []string{"gcc", "gcov", "make", "tar"} {
		testprog.Require(t, tool)
	}
	tarball := luaSource(t)
	sonde := buildSonde(t)
	_, file, _, _ := runtime.Caller(0)
	work := filepath.Join(filepath.Dir(file), "testdata", "lua", "work.lua")
	// Lua seeds its string hashes with the time and addresses; a fixed seed
	// makes the tables' collisions, and so the branches, the same in both.
	cflags := "-O0 -g -DLUA_COMPAT_5_3 -DLUA_USE_LINUX -D'luai_makeseed(L)=0U'"
	libs := "SYSLIBS=-Wl,-E -ldl"

	sdir := t.TempDir()
	ssrc := luaBuild(t, tarball, sdir, []string{"SONDE_CACHE=" + filepath.Join(sdir, "cache")},
		"CC="+sonde+" cc", "CFLAGS="+cflags, libs)
	gdir := t.TempDir()
	gsrc := luaBuild(t, tarball, gdir, nil, "CC=gcc", "CFLAGS="+cflags+" --coverage", "MYLDFLAGS=--coverage", libs)

	var outs [2]string
	for i, src := range []string{ssrc, gsrc} {
		cmd := exec.Command("./lua", work) // the same arg[-1] in both
		cmd.Dir = src
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s/lua work.lua: %v\n%s", src, err, out)
		}
		outs[i] = string(out)
	}
	if outs[0] != outs[1] {
		t.Fatalf("work.lua prints %q built with sonde cc, %q with gcc --coverage", outs[0], outs[1])
	}

	gcda, _ := filepath.Glob(filepath.Join(gsrc, "*.gcda"))
	cmd := exec.Command("gcov", append([]string{"--json-format", "-b", "-c", "--stdout"}, gcda...)...)
	cmd.Dir = gsrc
	graw, err := cmd.Output()
	if err != nil {
		t.Fatalf("gcov: %v", err)
	}
	g := readGcovJSON(t, graw)

	sj := filepath.Join(sdir, "s.json")
	_, errOut, code := repRun(t, "--format", "gcov-json", "-o", sj, filepath.Join(ssrc, "sonde.data"))
	if code != 0 {
		t.Fatalf("--format gcov-json: exit %d: %s", code, errOut)
	}
	if strings.Contains(errOut, "left out") {
		t.Errorf("branches left out at -O0: %s", errOut)
	}
	sraw, err := os.ReadFile(sj)
	if err != nil {
		t.Fatal(err)
	}
	s := readGcovJSON(t, sraw)

	var files []string
	for f := range g.branches {
		files = append(files, f)
	}
	sort.Strings(files)
	var exact, byRun, bySubset, byTotal, byCount, neither int
	for _, f := range files {
		for line, gb := range g.branches[f] {
			sb := s.branches[f][line]
			a, b := slices.Clone(sb), slices.Clone(gb)
			slices.Sort(a)
			slices.Sort(b)
			switch {
			case slices.Equal(a, b):
				exact++
			case runEqual(s.branches[f], g.branches[f], line):
				byRun++
			case subMultiset(b, a):
				bySubset++
			case sum(sb) == sum(gb):
				byTotal++
			case s.lines[f][line] == g.lines[f][line]:
				byCount++
			default:
				neither++
				t.Errorf("%s:%d: sonde's branch counts %v (line count %d), gcov's %v (%d): neither equal nor by the rule", f, line, sb, s.lines[f][line], gb, g.lines[f][line])
			}
		}
	}
	// sonde's jumps on lines where gcov has no branch: jumps with no
	// condition in the source (a variadic function's prologue testing
	// %al, va_arg's registers-or-stack test, a jump table's range check
	// on a case line): the line's count must still be gcov's
	extra := 0
	for _, f := range files {
		for line, sb := range s.branches[f] {
			if _, ok := g.branches[f][line]; ok || len(sb) == 0 {
				continue
			}
			extra++
			if s.lines[f][line] != g.lines[f][line] {
				t.Errorf("%s:%d: only sonde has branches (%v), and its line count %d is not gcov's %d", f, line, sb, s.lines[f][line], g.lines[f][line])
			}
		}
	}
	total := exact + byRun + bySubset + byTotal + byCount + neither
	t.Logf("%d lines with branches (gcov's) in %d files: %d exact, %d by their run of lines, %d gcov's among sonde's, %d by equal totals, %d by the line's count, %d neither; %d lines where only sonde has branches", total, len(files), exact, byRun, bySubset, byTotal, byCount, neither, extra)
	if total < 2000 || exact*10 < total*9 {
		t.Errorf("%d lines compared, %d exact: want 2000 or more, 90%% exact", total, exact)
	}
}

// subMultiset reports whether every count of the sorted a is in the sorted
// b, as many times.
func subMultiset(a, b []uint64) bool {
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j == len(b) || b[j] != x {
			return false
		}
		j++
	}
	return true
}

// runEqual reports whether the run of consecutive lines around line that
// have branches in s or g holds the same branch counts, as multisets, in
// both.
func runEqual(s, g map[int][]uint64, line int) bool {
	has := func(l int) bool { return len(s[l]) > 0 || len(g[l]) > 0 }
	lo, hi := line, line
	for has(lo - 1) {
		lo--
	}
	for has(hi + 1) {
		hi++
	}
	var a, b []uint64
	for l := lo; l <= hi; l++ {
		a = append(a, s[l]...)
		b = append(b, g[l]...)
	}
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

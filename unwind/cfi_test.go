package unwind

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

const libpython = "/root/.pyenv/versions/3.11.7/lib/libpython3.11.so.1.0"

// dwarfRegNames are readelf's names of the x86-64 DWARF registers.
var dwarfRegNames = map[string]int{"rax": 0, "rdx": 1, "rcx": 2, "rbx": 3, "rsi": 4, "rdi": 5, "rbp": 6, "rsp": 7,
	"r8": 8, "r9": 9, "r10": 10, "r11": 11, "r12": 12, "r13": 13, "r14": 14, "r15": 15, "ra": 16}

func cfaString(r *row) string {
	if r.cfaExpr != nil {
		return "exp"
	}
	for name, n := range dwarfRegNames {
		if uint64(n) == r.cfaReg && name != "ra" {
			return fmt.Sprintf("%s%+d", name, r.cfaOff)
		}
	}
	return fmt.Sprintf("r%d%+d", r.cfaReg, r.cfaOff)
}

// ruleString formats a rule as readelf --debug-dump=frames-interp does
// ("c-8", "u"; "u" is also readelf's word for a rule never set).
func ruleString(ru rule) string {
	switch ru.kind {
	case ruleSame, ruleUndefined:
		return "u"
	case ruleOffset:
		return fmt.Sprintf("c%+d", ru.n)
	case ruleValOffset:
		return fmt.Sprintf("v%+d", ru.n)
	case ruleExpression:
		return "exp"
	case ruleValExpr:
		return "vexp"
	case ruleRegister:
		return fmt.Sprintf("r%d", ru.reg)
	}
	return "?"
}

// TestTableAgainstReadelf checks every row of every FDE's CFI table, as
// binutils readelf --debug-dump=frames-interp prints it (GNU readelf 2.40),
// against the row this package computes at the row's address.
func TestTableAgainstReadelf(t *testing.T) {
	readelf := testprog.Require(t, "readelf")
	_, file, _, _ := runtime.Caller(0)
	hier := filepath.Join(filepath.Dir(file), "..", "examples", "src", "hier-test.c")
	objs := []struct{ name, path string }{
		{"hier-test -O2", testprog.Build(t, hier, testprog.Opts{Flags: []string{"-O2", "-g"}})},
		{"hier-test clang -O2", testprog.Build(t, hier, testprog.Opts{Compiler: "clang", Flags: []string{"-O2", "-g"}})},
		{"libpython3.11", libpython},
		{"libc", "/lib/x86_64-linux-gnu/libc.so.6"},
	}
	for _, o := range objs {
		t.Run(o.name, func(t *testing.T) {
			if _, err := os.Stat(o.path); err != nil {
				if os.Getenv("CI") == "true" {
					t.Fatal(err)
				}
				t.Skip(err)
			}
			tab, err := OpenTable(o.path)
			if err != nil {
				t.Fatal(err)
			}
			// readelf exits 1 over libc's missing separate debug file but
			// prints the tables.
			out, err := exec.Command(readelf, "--debug-dump=frames-interp", o.path).Output()
			if err != nil && len(out) == 0 {
				t.Fatalf("readelf: %v", err)
			}
			var cols []string
			var inEH bool
			fdes, rows, diffs := 0, 0, 0
			sc := bufio.NewScanner(bytes.NewReader(out))
			sc.Buffer(nil, 1<<20)
			var inFDE bool
			for sc.Scan() {
				line := sc.Text()
				if strings.HasPrefix(line, "Contents of the ") {
					inEH = strings.Contains(line, ".eh_frame section")
					continue
				}
				if !inEH {
					continue // .debug_frame rows are checked through .eh_frame's addresses
				}
				f := strings.Fields(line)
				switch {
				case len(f) >= 4 && f[3] == "FDE":
					inFDE = true
					fdes++
					lohi := strings.TrimPrefix(f[5], "pc=")
					lo, hi, _ := strings.Cut(lohi, "..")
					l, _ := strconv.ParseUint(lo, 16, 64)
					h, _ := strconv.ParseUint(hi, 16, 64)
					fd := tab.find(l)
					if fd == nil || fd.lo != l || fd.hi != h {
						t.Errorf("FDE %#x..%#x: found %+v", l, h, fd)
						diffs++
					}
				case len(f) >= 4 && f[3] == "CIE":
					inFDE = false
				case len(f) > 0 && f[0] == "LOC":
					cols = f[1:]
				case inFDE && len(f) == len(cols)+1 && len(f[0]) == 16:
					loc, err := strconv.ParseUint(f[0], 16, 64)
					if err != nil {
						continue
					}
					fd := tab.find(loc)
					if fd == nil {
						t.Errorf("row %#x: no FDE", loc)
						diffs++
						continue
					}
					r, err := fd.rowAt(loc)
					if err != nil {
						t.Errorf("row %#x: %v", loc, err)
						diffs++
						continue
					}
					rows++
					for i, c := range cols {
						want := f[i+1]
						var got string
						if c == "CFA" {
							got = cfaString(&r)
						} else if n, ok := dwarfRegNames[c]; ok {
							got = ruleString(r.regs[n])
						} else {
							continue
						}
						if got != want {
							diffs++
							if diffs < 10 {
								t.Errorf("row %#x column %s: got %s, readelf %s", loc, c, got, want)
							}
						}
					}
				}
			}
			t.Logf("%s: %d FDEs, %d rows compared with readelf, %d differences", o.name, fdes, rows, diffs)
			if fdes == 0 || rows == 0 {
				t.Errorf("nothing compared")
			}
		})
	}
}

func FuzzParseTable(f *testing.F) {
	_, file, _, _ := runtime.Caller(0)
	_ = file
	if data, err := os.ReadFile("/bin/true"); err == nil && len(data) > 0 {
		// A real .eh_frame as the seed.
		if tab := ehFrameOf("/bin/true"); tab != nil {
			f.Add(tab, true)
		}
	}
	f.Add([]byte{0x14, 0, 0, 0, 0, 0, 0, 0, 1, 'z', 'R', 0, 1, 0x78, 0x10, 1, 0x1b, 0x0c, 7, 8, 0x90, 1, 0, 0}, true)
	f.Fuzz(func(t *testing.T, data []byte, eh bool) {
		tab, err := ParseTable(data, 0x1000, eh, "fuzz", ".eh_frame")
		if err != nil {
			return
		}
		for i := range tab.fdes {
			fd := &tab.fdes[i]
			fd.rowAt(fd.lo + (fd.hi-fd.lo)/2)
		}
	})
}

package symbol

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

// TestDWP builds programs of two units with -gsplit-dwarf, gathers their
// .dwo files into a DWARF package (llvm-dwp for DWARF 5, binutils' dwp
// and llvm-dwp for DWARF 4 GNU split units), removes the .dwo files, and
// checks that every frame of every function's addresses equals
// llvm-symbolizer's, which reads PROG.dwp: the functions and inline frames
// come from the package. With the package gone too, answers degrade
// (checkDegradedSplit).
func TestDWP(t *testing.T) {
	for _, tc := range []struct {
		name, compiler, dwp string
		flags               []string
	}{
		// gcc 12's DWARF 5 .dwo files are left out: llvm-dwp 14 loops
		// on them and binutils 2.40's dwp crashes.
		{"clang-llvm-dwp", "clang", "llvm-dwp", nil},
		{"gcc-dwarf4-dwp", "gcc", "dwp", []string{"-gdwarf-4"}},
		{"gcc-dwarf4-llvm-dwp", "gcc", "llvm-dwp", []string{"-gdwarf-4"}},
		{"clang-dwarf4-dwp", "clang", "dwp", []string{"-gdwarf-4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testprog.Require(t, tc.compiler)
			dwp := testprog.Require(t, tc.dwp)
			dir := t.TempDir()
			bin := filepath.Join(dir, "prog")
			// Two units: inline.c's, and a second one's, so that the
			// package's index has more than one row.
			second := filepath.Join(dir, "second.c")
			if err := os.WriteFile(second, []byte("static int twice(int x) { return 2 * x; }\nint second(int x) { return twice(x) + 1; }\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{"-O2", "-g", "-gsplit-dwarf"}, tc.flags...)
			cmd := exec.Command(tc.compiler, append(args, "-o", bin, testprog.Path("inline.c"), second)...)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v: %v\n%s", cmd, err, out)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hang guard, not a measure
			defer cancel()
			cmd = exec.CommandContext(ctx, dwp, "-e", bin, "-o", bin+".dwp")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v: %v\n%s", cmd, err, out)
			}
			dwos, _ := filepath.Glob(filepath.Join(dir, "*.dwo"))
			if len(dwos) < 2 {
				t.Fatalf("%s -gsplit-dwarf wrote %d .dwo files in %s, want 2", tc.compiler, len(dwos), dir)
			}
			for _, d := range dwos {
				if err := os.Remove(d); err != nil {
					t.Fatal(err)
				}
			}
			obj, err := Open(bin, nil)
			if err != nil {
				t.Fatal(err)
			}
			if info := obj.Info(); !info.HasInlineFrames || info.Missing != "" {
				t.Errorf("Info() = %+v, want everything from %s.dwp", info, bin)
			}
			addrs := funcAddrs(t, bin, 1)
			want, err := oracle.LLVMSymbolizer(t, bin, addrs, llvmOpts)
			if err != nil {
				t.Fatal(err)
			}
			inlined := 0
			for _, w := range want {
				if len(w.Frames) > 1 {
					inlined++
				}
			}
			if inlined == 0 {
				t.Errorf("llvm-symbolizer gives no inline frames: it did not read %s.dwp", bin)
			}
			n := compareLLVM(t, obj, addrs, want)
			t.Logf("%d addresses (%d with inline frames), %d frames compared", len(addrs), inlined, n)

			if err := os.Remove(bin + ".dwp"); err != nil {
				t.Fatal(err)
			}
			checkDegradedSplit(t, bin)
		})
	}
}

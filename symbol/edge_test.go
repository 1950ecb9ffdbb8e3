package symbol

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

// TestOutsideEverything asks for addresses beyond every section; the last
// symbol ("_end", size 0, at the end of .bss) must not claim them, as
// binutils addr2line 2.40 answers ?? for each. Here llvm-symbolizer 14
// differs (it names 0x1000000 "_end"); we follow binutils on purpose: a
// size-0 symbol covers nothing past the end of its section.
func TestOutsideEverything(t *testing.T) {
	for _, fx := range []fixture{
		{"gcc-O2", "inline.c", "gcc", []string{"-O2", "-g"}},
		{"gcc-O2-nodebug", "inline.c", "gcc", []string{"-O2"}},
	} {
		t.Run(fx.name, func(t *testing.T) {
			bin := testprog.Build(t, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: fx.flags})
			obj, err := Open(bin, nil)
			if err != nil {
				t.Fatal(err)
			}
			addrs := []uint64{0, 0x1000000, 1 << 40, 0xfffffffffffffff0, 0xffffffffffffffff}
			want, err := oracle.Addr2line(t, bin, addrs, oracle.Addr2lineOptions{Inlines: true})
			if err != nil {
				t.Fatal(err)
			}
			for i, a := range addrs {
				got, err := obj.Frames(a)
				if err != nil {
					t.Fatal(err)
				}
				if want[i].Frames != nil || got != nil {
					t.Errorf("%#x: got %+v, want nil (binutils addr2line: %+v)", a, got, want[i].Frames)
				}
			}
		})
	}
}

// TestOpenErrors checks the errors of Open on files that are not usable
// objects: each wraps the documented sentinel or type and names the file.
func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bin := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: []string{"-O2", "-g"}})
	elfData, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		path  string
		check func(error) bool
	}{
		{"missing", filepath.Join(dir, "nope"), func(err error) bool { return errors.Is(err, os.ErrNotExist) }},
		{"text", write("text", []byte("#!/bin/sh\necho hi\n")), func(err error) bool { return errors.Is(err, ErrNotELF) }},
		{"empty", write("empty", nil), func(err error) bool { return errors.Is(err, ErrNotELF) }},
		{"truncated-header", write("trunc", elfData[:40]), func(err error) bool {
			var fe *FormatError
			return errors.As(err, &fe)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			obj, err := Open(tc.path, nil)
			if err == nil {
				obj.Close()
				t.Fatalf("Open(%s) succeeded", tc.path)
			}
			if !tc.check(err) {
				t.Errorf("Open(%s) = %v, wrong kind of error", tc.path, err)
			}
			if !strings.Contains(err.Error(), tc.path) {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
}

// TestCorruptDWARF overwrites a debug section of a fixture with garbage:
// Open must still succeed, Info must say DWARF is unusable, and Frames must
// degrade to the symbol table's names (nm's) instead of failing.
func TestCorruptDWARF(t *testing.T) {
	bin := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: []string{"-O2", "-g"}})
	syms, err := oracle.Nm(t, bin, false)
	if err != nil {
		t.Fatal(err)
	}
	funcs := oracle.FuncRanges(syms)
	for _, tc := range []struct {
		section string
		missing string // in Info().Missing after the queries
	}{
		// Units cannot be indexed: found at Open.
		{".debug_abbrev", "DWARF unusable"},
		// Line programs are decoded on first use: found by Frames.
		{".debug_line", "some DWARF unusable"},
	} {
		t.Run(tc.section, func(t *testing.T) {
			dir := t.TempDir()
			garbage := filepath.Join(dir, "garbage")
			// 0xff bytes: every length reads as huge, every code unknown.
			if err := os.WriteFile(garbage, bytes.Repeat([]byte{0xff}, 64), 0o644); err != nil {
				t.Fatal(err)
			}
			bad := filepath.Join(dir, "prog")
			run(t, "objcopy", "--update-section", tc.section+"="+garbage, bin, bad)
			obj, err := Open(bad, nil)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			for _, f := range funcs {
				fs, err := obj.Frames(f.Addr + f.Size/2)
				if err != nil {
					t.Fatal(err)
				}
				if len(fs) != 1 || fs[0].Func != f.Name || fs[0].FuncAddr != f.Addr {
					t.Errorf("%#x: got %+v, want %s at %#x (nm)", f.Addr+f.Size/2, fs, f.Name, f.Addr)
				}
			}
			if info := obj.Info(); !strings.Contains(info.Missing, tc.missing) || !strings.Contains(info.Missing, bad) {
				t.Errorf("Info().Missing = %q, want it to say %q and name the file", info.Missing, tc.missing)
			}
		})
	}
}

// TestSplitDWARF builds with -gsplit-dwarf with gcc, clang, g++
// and clang++: functions and inline frames come from the .dwo file, and
// every frame must equal llvm-symbolizer's; also with DWARF 4 GNU split
// units. With the .dwo gone, answers degrade (checkDegradedSplit).
func TestSplitDWARF(t *testing.T) {
	for _, fx := range []fixture{
		{"gcc", "inline.c", "gcc", nil},
		{"clang", "inline.c", "clang", nil},
		{"g++", "classes.cc", "g++", nil},
		{"clang++", "classes.cc", "clang++", nil},
		// DWARF 4 GNU split units.
		{"gcc-dwarf4", "inline.c", "gcc", []string{"-gdwarf-4"}},
		{"g++-dwarf4", "classes.cc", "g++", []string{"-gdwarf-4"}},
		{"clang-dwarf4", "inline.c", "clang", []string{"-gdwarf-4"}},
	} {
		t.Run("with-dwo/"+fx.name, func(t *testing.T) {
			// Compile in a temporary directory: clang writes the .dwo to
			// the working directory and names it relative to it.
			dir := t.TempDir()
			testprog.Require(t, fx.compiler)
			bin := filepath.Join(dir, "prog")
			args := append([]string{"-O2", "-g", "-gsplit-dwarf"}, fx.flags...)
			cmd := exec.Command(fx.compiler, append(args, "-o", bin, testprog.Path(fx.src))...)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v: %v\n%s", cmd, err, out)
			}
			obj, err := Open(bin, nil)
			if err != nil {
				t.Fatal(err)
			}
			if info := obj.Info(); !info.HasInlineFrames || info.Missing != "" {
				t.Errorf("Info() = %+v, want everything", info)
			}
			addrs := funcAddrs(t, bin, 1)
			want, err := oracle.LLVMSymbolizer(t, bin, addrs, llvmOpts)
			if err != nil {
				t.Fatal(err)
			}
			n := compareLLVM(t, obj, addrs, want)
			t.Logf("%d addresses, %d frames compared", len(addrs), n)
		})
	}
	for _, tc := range []struct {
		name   string
		flags  []string
		remove bool // delete the .dwo
	}{
		{"without-dwo", []string{"-O2", "-g", "-gsplit-dwarf"}, true},
		{"without-dwo-dwarf4", []string{"-O2", "-gdwarf-4", "-gsplit-dwarf"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "prog")
			run(t, "gcc", append(tc.flags, "-o", bin, testprog.Path("inline.c"))...)
			dwos, _ := filepath.Glob(bin + "*.dwo")
			if len(dwos) == 0 {
				t.Fatalf("gcc -gsplit-dwarf wrote no .dwo next to %s", bin)
			}
			if tc.remove {
				for _, d := range dwos {
					os.Remove(d)
				}
			}
			checkDegradedSplit(t, bin)
		})
	}
}

// checkDegradedSplit checks an object whose split units are not read:
// Info says so, and each answer still carries llvm-symbolizer's outermost
// name (from the symbol table) and innermost line (the line table is in
// the binary).
func checkDegradedSplit(t *testing.T, bin string) {
	t.Helper()
	obj, err := Open(bin, nil)
	if err != nil {
		t.Fatal(err)
	}
	if info := obj.Info(); info.HasInlineFrames || !strings.Contains(info.Missing, "split DWARF") {
		t.Errorf("Info() = %+v, want split DWARF reported", info)
	}
	addrs := funcAddrs(t, bin, 1)
	want, err := oracle.LLVMSymbolizer(t, bin, addrs, llvmOpts)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range addrs {
		got, err := obj.Frames(a)
		if err != nil {
			t.Fatal(err)
		}
		w := want[i].Frames
		if len(w) == 0 || len(got) == 0 {
			if len(w) != len(got) {
				t.Errorf("%#x: got %+v, want %+v", a, got, w)
			}
			continue
		}
		in, out := w[0], w[len(w)-1]
		if got[0].File != in.File || got[0].Line != in.Line || got[len(got)-1].Func != out.Func {
			t.Errorf("%#x: got %+v, want innermost %s:%d and outermost %s (llvm-symbolizer)", a, got, in.File, in.Line, out.Func)
		}
	}
}

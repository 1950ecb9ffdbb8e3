package symbol

import (
	"debug/elf"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

// TestSymbolsOnly strips fixtures down to their symbol tables and compares
// Frames of every function byte with llvm-symbolizer 14 (a name from the
// symbol table, no file or line), and checks Info's account of it.
func TestSymbolsOnly(t *testing.T) {
	for _, tc := range []struct {
		name, src, cc string
		flags         []string
		strip         []string
		missing       string // expected in Info().Missing
		empty         bool   // no symbols at all: every answer nil
	}{
		{"strip-debug", "classes.cc", "g++", []string{"-O2", "-g"}, []string{"--strip-debug"}, "function names from .symtab only", false},
		{"dynsym-only-shared", "inline.c", "gcc", []string{"-O2", "-g", "-shared", "-fPIC"}, []string{"--strip-all"}, "function names from .dynsym only", false},
		{"nothing", "inline.c", "gcc", []string{"-O2", "-no-pie"}, []string{"--strip-all"}, "no function symbols", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			orig := testprog.Build(t, tc.src, testprog.Opts{Compiler: tc.cc, Flags: tc.flags})
			bin := filepath.Join(t.TempDir(), "prog")
			copyFile(t, orig, bin)
			run(t, "strip", append(tc.strip, bin)...)
			obj, err := Open(bin, &Options{DebugDirs: []string{}})
			if err != nil {
				t.Fatal(err)
			}
			defer obj.Close()
			info := obj.Info()
			if !strings.Contains(info.Missing, tc.missing) || info.HasLineNumbers || info.HasInlineFrames || info.HasFunctions == tc.empty {
				t.Errorf("Info() = %+v, want Missing to say %q", info, tc.missing)
			}
			addrs := funcAddrs(t, orig, 1)
			want, err := oracle.LLVMSymbolizer(t, bin, addrs, llvmOpts)
			if err != nil {
				t.Fatal(err)
			}
			nonEmpty := 0
			for _, w := range want {
				if len(w.Frames) > 0 {
					nonEmpty++
				}
			}
			if tc.empty != (nonEmpty == 0) {
				t.Fatalf("llvm-symbolizer named %d of %d addresses; fixture is not what the test needs", nonEmpty, len(addrs))
			}
			n := compareLLVM(t, obj, addrs, want)
			t.Logf("%d addresses, %d frames compared", len(addrs), n)
		})
	}
}

// TestDynsymOnlySystemBinary symbolizes the machine's stripped /usr/bin/git,
// which has only .dynsym: every address inside an exported function
// (from nm -D -S) must name that function, with FuncAddr at its start.
func TestDynsymOnlySystemBinary(t *testing.T) {
	const git = "/usr/bin/git"
	if _, err := os.Stat(git); err != nil {
		testprog.Require(t, "git")
	}
	obj, err := Open(git, &Options{DebugDirs: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	defer obj.Close()
	if !strings.Contains(obj.Info().Missing, ".dynsym") {
		t.Fatalf("Info() = %+v, want names from .dynsym", obj.Info())
	}
	syms, err := oracle.Nm(t, git, true)
	if err != nil {
		t.Fatal(err)
	}
	funcs := oracle.FuncRanges(syms)
	if len(funcs) == 0 {
		t.Fatal("nm -D found no functions in git")
	}
	names := map[uint64]map[string]bool{} // aliases share an address
	for _, s := range syms {
		if names[s.Addr] == nil {
			names[s.Addr] = map[string]bool{}
		}
		names[s.Addr][strings.TrimSuffix(strings.SplitN(s.Name, "@", 2)[0], " ")] = true
	}
	addrs := oracle.RandomAddrs(funcs, 2000, 3)
	bad := 0
	for _, a := range addrs {
		fs, err := obj.Frames(a)
		if err != nil {
			t.Fatal(err)
		}
		var f oracle.Symbol
		for _, fn := range funcs {
			if fn.Addr <= a && a < fn.Addr+fn.Size {
				f = fn
			}
		}
		if len(fs) != 1 || fs[0].FuncAddr != f.Addr || !names[f.Addr][fs[0].Func] || fs[0].File != "" || fs[0].Line != 0 {
			if bad++; bad <= 10 {
				t.Errorf("%#x: got %+v, want %s at %#x (nm -D)", a, fs, f.Name, f.Addr)
			}
		}
	}
	t.Logf("%d addresses in %d .dynsym functions checked", len(addrs), len(funcs))

	// Most of git's code is in no exported function: compare addresses
	// spread over its .text with llvm-symbolizer, which answers from
	// .dynsym too.
	ef, err := elf.Open(git)
	if err != nil {
		t.Fatal(err)
	}
	defer ef.Close()
	text := ef.Section(".text")
	if text == nil {
		t.Fatal("git has no .text")
	}
	addrs = oracle.RandomAddrs([]oracle.Symbol{{Name: ".text", Addr: text.Addr, Size: text.Size}}, 2000, 5)
	want, err := oracle.LLVMSymbolizer(t, git, addrs, llvmOpts)
	if err != nil {
		t.Fatal(err)
	}
	n := compareLLVM(t, obj, addrs, want)
	t.Logf("%d .text addresses, %d frames compared with llvm-symbolizer", len(addrs), n)
}

package symbol

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}

// fixture is one way to build a test program.
type fixture struct {
	name     string
	src      string
	compiler string
	flags    []string
}

// cFixtures are the C and C++ fixtures built with gcc and clang, -O0 and
// -O2, PIE and not, DWARF 5 (the default of both) and 4, with compressed
// debug sections (and gcc's legacy .zdebug ones), as shared libraries, and
// gcc -flto (whose inline frames name functions in other units).
func cFixtures() []fixture {
	var fs []fixture
	for _, src := range []struct{ file, gcc, clang string }{
		{"inline.c", "gcc", "clang"},
		{"classes.cc", "g++", "clang++"},
	} {
		for _, cc := range []string{src.gcc, src.clang} {
			for _, opt := range []string{"-O0", "-O2"} {
				for _, pie := range []string{"-pie", "-no-pie"} {
					flags := []string{opt, "-g", pie}
					if pie == "-pie" {
						flags = append(flags, "-fPIE")
					}
					fs = append(fs, fixture{fmt.Sprintf("%s/%s/%s%s", src.file, cc, opt, pie), src.file, cc, flags})
				}
			}
			fs = append(fs,
				fixture{fmt.Sprintf("%s/%s/-O2-gdwarf-4", src.file, cc), src.file, cc, []string{"-O2", "-gdwarf-4"}},
				fixture{fmt.Sprintf("%s/%s/-O2-gz", src.file, cc), src.file, cc, []string{"-O2", "-g", "-gz"}},
				fixture{fmt.Sprintf("%s/%s/-O2-shared", src.file, cc), src.file, cc, []string{"-O2", "-g", "-shared", "-fPIC"}},
			)
			if cc == src.gcc {
				fs = append(fs,
					// Legacy .zdebug_* sections.
					fixture{fmt.Sprintf("%s/%s/-O2-gz=zlib-gnu", src.file, cc), src.file, cc, []string{"-O2", "-g", "-gz=zlib-gnu"}},
					// DWARF 3: high_pc as an address, not an offset.
					fixture{fmt.Sprintf("%s/%s/-O2-gdwarf-3", src.file, cc), src.file, cc, []string{"-O2", "-gdwarf-3"}},
					// LTO: abstract origins in another unit (DW_FORM_ref_addr).
					fixture{fmt.Sprintf("%s/%s/-O2-flto", src.file, cc), src.file, cc, []string{"-O2", "-g", "-flto"}},
				)
			}
		}
	}
	return fs
}

// funcAddrs returns the byte addresses of every function of bin (from nm),
// every stride-th one.
func funcAddrs(t *testing.T, bin string, stride int) []uint64 {
	t.Helper()
	syms, err := oracle.Nm(t, bin, false)
	if err != nil {
		t.Fatal(err)
	}
	all := oracle.AllAddrs(oracle.FuncRanges(syms))
	var out []uint64
	for i := 0; i < len(all); i += stride {
		out = append(out, all[i])
	}
	return out
}

// compareLLVM checks Frames for every address against llvm-symbolizer's
// answers (function names as linkage names, file, line, column of every
// frame) and returns how many frames it compared.
func compareLLVM(t *testing.T, obj *Object, addrs []uint64, want []oracle.Answer) int {
	t.Helper()
	got, err := obj.FramesBatch(addrs)
	if err != nil {
		t.Fatal(err)
	}
	return checkLLVM(t, addrs, got, want)
}

// checkLLVM compares got, the frames of each address, with
// llvm-symbolizer's answers and returns how many frames it compared.
func checkLLVM(t *testing.T, addrs []uint64, got [][]Frame, want []oracle.Answer) int {
	t.Helper()
	bad, frames := 0, 0
	for i, a := range addrs {
		g := toOracle(got[i])
		w := want[i].Frames
		frames += len(w)
		if fmt.Sprint(g) != fmt.Sprint(w) {
			if bad++; bad <= 10 {
				t.Errorf("%#x: got\n\t%v\nwant (llvm-symbolizer)\n\t%v", a, g, w)
			}
		}
	}
	if bad > 10 {
		t.Errorf("... %d addresses of %d differ", bad, len(addrs))
	}
	return frames
}

func toOracle(fs []Frame) []oracle.Frame {
	var out []oracle.Frame
	for _, f := range fs {
		out = append(out, oracle.Frame{Func: f.Func, File: f.File, Line: f.Line, Column: f.Column, Discriminator: f.Discriminator})
	}
	return out
}

var llvmOpts = oracle.LLVMOptions{Inlining: true}

// TestFramesMatchLLVM compares the frames of every byte address of every
// function of each fixture with
// `llvm-symbolizer --inlining --no-demangle --output-style=JSON --obj=BIN`
// (llvm-symbolizer 14, Debian 12).
func TestFramesMatchLLVM(t *testing.T) {
	for _, fx := range cFixtures() {
		t.Run(fx.name, func(t *testing.T) {
			bin := testprog.Build(t, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: fx.flags})
			addrs := funcAddrs(t, bin, 1)
			want, err := oracle.LLVMSymbolizer(t, bin, addrs, llvmOpts)
			if err != nil {
				t.Fatal(err)
			}
			obj, err := Open(bin, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer obj.Close()
			if info := obj.Info(); !info.HasLineNumbers || !info.HasInlineFrames || info.Missing != "" {
				t.Errorf("Info() = %+v, want DWARF with nothing missing", info)
			}
			n := compareLLVM(t, obj, addrs, want)
			t.Logf("%d addresses, %d frames compared", len(addrs), n)
			checkFuncAddr(t, obj, bin)
		})
	}
}

// checkFuncAddr checks that every frame of every function byte reports
// the start of that function, as nm -S lists it, as FuncAddr.
func checkFuncAddr(t *testing.T, obj *Object, bin string) {
	t.Helper()
	syms, err := oracle.Nm(t, bin, false)
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, f := range oracle.FuncRanges(syms) {
		for a := f.Addr; a < f.Addr+f.Size; a++ {
			fs, err := obj.Frames(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, fr := range fs {
				if fr.FuncAddr != f.Addr {
					if bad++; bad <= 5 {
						t.Errorf("%#x: FuncAddr %#x, want %#x (%s in nm -S)", a, fr.FuncAddr, f.Addr, f.Name)
					}
				}
			}
		}
	}
}

func run(t *testing.T, name string, args ...string) {
	t.Helper()
	testprog.Require(t, name)
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestSeparateDebugFile strips fixtures and finds their DWARF in a separate
// file, through .gnu_debuglink next to the binary and in .debug/, and
// through a DebugDirs entry followed by the binary's directory, and
// through a .build-id/xx/rest.debug tree in a DebugDirs entry; answers are
// compared with llvm-symbolizer on the same stripped binary (given the same
// debug directory).
func TestSeparateDebugFile(t *testing.T) {
	for _, layout := range []string{"debuglink", "debuglink-dotdebug", "debuglink-debugdir", "build-id"} {
		for _, fx := range []fixture{
			{"gcc", "inline.c", "gcc", []string{"-O2", "-g", "-Wl,--build-id"}},
			{"clang++", "classes.cc", "clang++", []string{"-O2", "-g", "-Wl,--build-id"}},
		} {
			t.Run(layout+"/"+fx.name, func(t *testing.T) {
				orig := testprog.Build(t, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: fx.flags})
				dir := t.TempDir()
				bin := filepath.Join(dir, "prog")
				copyFile(t, orig, bin)
				debug := filepath.Join(dir, "prog.debug")
				run(t, "objcopy", "--only-keep-debug", bin, debug)
				run(t, "strip", "--strip-all", bin)
				var opts *Options
				var extra []string
				var want []oracle.Answer
				switch layout {
				case "debuglink":
					run(t, "objcopy", "--add-gnu-debuglink="+debug, bin)
				case "debuglink-dotdebug":
					run(t, "objcopy", "--add-gnu-debuglink="+debug, bin)
					if err := os.Mkdir(filepath.Join(dir, ".debug"), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.Rename(debug, filepath.Join(dir, ".debug", "prog.debug")); err != nil {
						t.Fatal(err)
					}
				case "debuglink-debugdir":
					// DebugDirs entry + the object's directory + the name,
					// as gdb searches. llvm-symbolizer 14 does not look
					// there, so its answers are taken with the debug file
					// still next to the binary.
					run(t, "objcopy", "--add-gnu-debuglink="+debug, bin)
					want = llvmWithArgs(t, bin, funcAddrs(t, orig, 1), nil)
					ddir := filepath.Join(dir, "dbg")
					if err := os.MkdirAll(filepath.Join(ddir, dir), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.Rename(debug, filepath.Join(ddir, dir, "prog.debug")); err != nil {
						t.Fatal(err)
					}
					opts = &Options{DebugDirs: []string{ddir}}
					extra = []string{"--debug-file-directory=" + ddir}
				case "build-id":
					o, err := Open(bin, nil)
					if err != nil {
						t.Fatal(err)
					}
					id := o.BuildID()
					if len(id) < 4 {
						t.Fatalf("no build-id in %s", bin)
					}
					ddir := filepath.Join(dir, "dbg")
					if err := os.MkdirAll(filepath.Join(ddir, ".build-id", id[:2]), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.Rename(debug, filepath.Join(ddir, ".build-id", id[:2], id[2:]+".debug")); err != nil {
						t.Fatal(err)
					}
					opts = &Options{DebugDirs: []string{ddir}}
					extra = []string{"--debug-file-directory=" + ddir}
				}
				obj, err := Open(bin, opts)
				if err != nil {
					t.Fatal(err)
				}
				defer obj.Close()
				if obj.Info().DebugFile == "" || !obj.Info().HasInlineFrames {
					t.Fatalf("Info() = %+v, want a debug file", obj.Info())
				}
				addrs := funcAddrs(t, orig, 1)
				if want == nil {
					want = llvmWithArgs(t, bin, addrs, extra)
				}
				n := compareLLVM(t, obj, addrs, want)
				t.Logf("debug file %s: %d addresses, %d frames compared", obj.Info().DebugFile, len(addrs), n)
			})
		}
	}
}

// TestDebugFileMismatch offers debug files that belong to another build:
// a .gnu_debuglink target whose CRC differs and a .build-id path holding a
// file with another build-id. Neither may be used.
func TestDebugFileMismatch(t *testing.T) {
	orig := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: []string{"-O2", "-g", "-Wl,--build-id"}})
	other := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: []string{"-O1", "-g", "-Wl,--build-id"}})
	dir := t.TempDir()
	bin := filepath.Join(dir, "prog")
	copyFile(t, orig, bin)
	debug := filepath.Join(dir, "prog.debug")
	run(t, "objcopy", "--only-keep-debug", bin, debug)
	run(t, "strip", "--strip-all", bin)
	run(t, "objcopy", "--add-gnu-debuglink="+debug, bin)
	// Replace the debug file by another build's: the CRC no longer matches.
	run(t, "objcopy", "--only-keep-debug", other, debug)
	o, err := Open(bin, &Options{DebugDirs: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	id := o.BuildID()
	if info := o.Info(); info.DebugFile != "" || info.HasLineNumbers {
		t.Errorf("debuglink with a wrong CRC: Info() = %+v, want no debug file", info)
	}
	// The other build's debug file under this build's build-id path.
	ddir := filepath.Join(dir, "dbg")
	if err := os.MkdirAll(filepath.Join(ddir, ".build-id", id[:2]), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(debug, filepath.Join(ddir, ".build-id", id[:2], id[2:]+".debug")); err != nil {
		t.Fatal(err)
	}
	o, err = Open(bin, &Options{DebugDirs: []string{ddir}})
	if err != nil {
		t.Fatal(err)
	}
	if info := o.Info(); info.DebugFile != "" || info.HasLineNumbers {
		t.Errorf("build-id path holding another build: Info() = %+v, want no debug file", info)
	}
}

// llvmWithArgs runs llvm-symbolizer with extra flags (which the oracle
// package has no option for).
func llvmWithArgs(t *testing.T, bin string, addrs []uint64, extra []string) []oracle.Answer {
	t.Helper()
	testprog.Require(t, "llvm-symbolizer")
	var in strings.Builder
	for _, a := range addrs {
		fmt.Fprintf(&in, "%#x\n", a)
	}
	cmd := exec.Command("llvm-symbolizer", append(llvmOpts.Args(bin), extra...)...)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %v", cmd, err)
	}
	ans, err := oracle.ParseLLVMJSON(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(ans) != len(addrs) {
		t.Fatalf("llvm-symbolizer: %d answers for %d addresses", len(ans), len(addrs))
	}
	return ans
}

package symbol

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

// buildRust compiles testdata/rustprog.rs with rustc (Rust's legacy
// mangling by default, v0 with -C symbol-mangling-version=v0).
func buildRust(t *testing.T, flags ...string) string {
	t.Helper()
	testprog.Require(t, "rustc")
	out := filepath.Join(t.TempDir(), "rustprog")
	args := append(append([]string{"-O", "-g"}, flags...), "-o", out, filepath.Join("testdata", "rustprog.rs"))
	if msg, err := exec.Command("rustc", args...).CombinedOutput(); err != nil {
		t.Fatalf("rustc %v: %v\n%s", args, err, msg)
	}
	return out
}

// cxxfilt demangles names with tool: binutils c++filt 2.40 for C++ (and
// Rust legacy, which is Itanium-shaped), llvm-cxxfilt 14 for Rust v0 names
// (c++filt prints v0 crate hashes, "core[c1f1a4ba060b9bfa]::ptr", where
// llvm-cxxfilt and llvm-symbolizer print "core::ptr", as we do).
func cxxfilt(t *testing.T, tool string, names []string) []string {
	t.Helper()
	if len(names) == 0 {
		return nil
	}
	testprog.Require(t, tool)
	cmd := exec.Command(tool)
	cmd.Stdin = strings.NewReader(strings.Join(names, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(names) {
		t.Fatalf("%s: %d lines for %d names", tool, len(lines), len(names))
	}
	return lines
}

// knownUpstream says whether a name hits a known bug of
// github.com/ianlancetaylor/demangle at the pinned version: a template
// argument expression "sr3std24__is_bitwise_relocatable" is wrongly made a
// substitution candidate, shifting later S4_/S5_ references (c++filt and
// llvm-cxxfilt agree with each other).
func knownUpstream(name string) bool {
	return strings.Contains(name, "__is_bitwise_relocatable")
}

// TestDemangle compares Demangle with c++filt on every mangled name of the
// C++ fixture (g++ and clang++, -O0 and -O2) and of the Rust fixture
// (legacy and v0 mangling).
func TestDemangle(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(t *testing.T) string
	}{
		{"g++-O0", func(t *testing.T) string { return cxxBuild(t, "g++", "-O0") }},
		{"g++-O2", func(t *testing.T) string { return cxxBuild(t, "g++", "-O2") }},
		{"clang++-O0", func(t *testing.T) string { return cxxBuild(t, "clang++", "-O0") }},
		{"clang++-O2", func(t *testing.T) string { return cxxBuild(t, "clang++", "-O2") }},
		{"rust-legacy", func(t *testing.T) string { return buildRust(t) }},
		{"rust-v0", func(t *testing.T) string { return buildRust(t, "-C", "symbol-mangling-version=v0") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bin := tc.build(t)
			syms, err := oracle.Nm(t, bin, false)
			if err != nil {
				t.Fatal(err)
			}
			var cxx, rust []string
			seen := map[string]bool{}
			// Rust legacy names are Itanium-shaped, but c++filt prints
			// their hash (libiberty's verbose mode) where addr2line -C
			// does not: TestDemangleRustLegacy checks them.
			for _, s := range syms {
				// nm shows versioned references as "name@VERSION", which
				// is no symbol name.
				if seen[s.Name] || strings.Contains(s.Name, "@") {
					continue
				}
				seen[s.Name] = true
				switch {
				case rustLegacyHash.MatchString(s.Name):
				case strings.HasPrefix(s.Name, "_Z"):
					cxx = append(cxx, s.Name)
				case strings.HasPrefix(s.Name, "_R"):
					rust = append(rust, s.Name)
				}
			}
			names := append(cxx, rust...)
			if len(names) < 5 {
				t.Fatalf("only %d mangled names in %s", len(names), bin)
			}
			want := append(cxxfilt(t, "c++filt", cxx), cxxfilt(t, "llvm-cxxfilt", rust)...)
			bad, known, v0bad := 0, 0, 0
			for i, n := range names {
				got := Demangle(n)
				if knownUpstream(n) {
					known++
					continue
				}
				if got != want[i] && strings.HasPrefix(n, "_R") {
					// ianlancetaylor/demangle misses some v0 forms
					// (constant namespaces "K", unit generic
					// arguments): tolerated up to 2%, each logged.
					v0bad++
					t.Logf("known upstream gap: Demangle(%s)\n\t= %s\n\twant (llvm-cxxfilt) %s", n, got, want[i])
					continue
				}
				if got != want[i] {
					if bad++; bad <= 10 {
						t.Errorf("Demangle(%s)\n\t= %s\n\twant (c++filt or llvm-cxxfilt) %s", n, got, want[i])
					}
				}
			}
			if v0bad*50 > len(rust) {
				t.Errorf("%d of %d Rust v0 names differ from llvm-cxxfilt", v0bad, len(rust))
			}
			t.Logf("%d C++ and %d Rust v0 names compared, %d skipped as a known upstream bug, %d v0 gaps", len(cxx), len(rust), known, v0bad)
		})
	}
}

// rustLegacyHash matches a Rust legacy mangled name: an Itanium nested
// name whose last identifier is "h" and 16 hex digits.
var rustLegacyHash = regexp.MustCompile(`^_ZN.*17h[0-9a-f]{16}E(\..*)?$`)

// TestDemangleRustLegacy compares Demangle with binutils addr2line -C
// (2.40) on every Rust legacy function symbol of the Rust fixture, its
// DWARF stripped so that addr2line names the symbol: the hash is dropped,
// "std::rt::lang_start", as addr2line -C and rustfilt print it.
func TestDemangleRustLegacy(t *testing.T) {
	testprog.Require(t, "addr2line")
	testprog.Require(t, "objcopy")
	bin := buildRust(t)
	stripped := bin + ".nodebug"
	if msg, err := exec.Command("objcopy", "--strip-debug", bin, stripped).CombinedOutput(); err != nil {
		t.Fatalf("objcopy: %v\n%s", err, msg)
	}
	syms, err := oracle.Nm(t, stripped, false)
	if err != nil {
		t.Fatal(err)
	}
	at := map[uint64]int{}
	for _, s := range syms {
		at[s.Addr]++
	}
	var names, addrs []string
	for _, s := range syms {
		// one symbol at the address, so that addr2line names this one
		if (s.Type == 'T' || s.Type == 't') && at[s.Addr] == 1 && rustLegacyHash.MatchString(s.Name) {
			names = append(names, s.Name)
			addrs = append(addrs, fmt.Sprintf("%#x", s.Addr))
		}
	}
	if len(names) < 10 {
		t.Fatalf("only %d Rust legacy function symbols in %s", len(names), bin)
	}
	out, err := exec.Command("addr2line", append([]string{"-f", "-C", "-e", stripped}, addrs...)...).Output()
	if err != nil {
		t.Fatalf("addr2line: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != 2*len(names) {
		t.Fatalf("addr2line: %d lines for %d addresses", len(lines), len(names))
	}
	bad := 0
	for i, n := range names {
		want := lines[2*i]
		got := Demangle(n)
		if got != want {
			if bad++; bad <= 10 {
				t.Errorf("Demangle(%s)\n\t= %s\n\twant (addr2line -C) %s", n, got, want)
			}
		}
		if strings.Contains(got, "::h") && rustLegacyHash.MatchString(n) && strings.HasSuffix(got, n[len(n)-17:len(n)-1]) {
			t.Errorf("Demangle(%s) = %s keeps the hash", n, got)
		}
	}
	t.Logf("%d Rust legacy names compared with addr2line -C, %d differ", len(names), bad)
}

// TestDemangleUnchanged checks that names that are not mangled, or do not
// demangle, come back unchanged (c++filt prints them unchanged too).
func TestDemangleUnchanged(t *testing.T) {
	names := []string{"main", "_start", "", "_", "_Z", "_R", "foo.cold", "_ZNotValid((", "_RNvXXXX"}
	want := cxxfilt(t, "c++filt", names)
	for i, n := range names {
		if got := Demangle(n); got != n || want[i] != n {
			t.Errorf("Demangle(%q) = %q, c++filt %q; want both unchanged", n, got, want[i])
		}
	}
}

func cxxBuild(t *testing.T, cc, opt string) string {
	return testprog.Build(t, "classes.cc", testprog.Opts{Compiler: cc, Flags: []string{opt, "-g"}})
}

// TestRustFramesMatchLLVM compares the frames of random addresses of the
// Rust fixture's functions with llvm-symbolizer's.
func TestRustFramesMatchLLVM(t *testing.T) {
	for _, mangling := range []string{"legacy", "v0"} {
		t.Run(mangling, func(t *testing.T) {
			var bin string
			if mangling == "v0" {
				bin = buildRust(t, "-C", "symbol-mangling-version=v0")
			} else {
				bin = buildRust(t)
			}
			syms, err := oracle.Nm(t, bin, false)
			if err != nil {
				t.Fatal(err)
			}
			addrs := oracle.RandomAddrs(oracle.FuncRanges(syms), 3000, 11)
			want, err := oracle.LLVMSymbolizer(t, bin, addrs, llvmOpts)
			if err != nil {
				t.Fatal(err)
			}
			obj, err := Open(bin, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer obj.Close()
			n := compareLLVM(t, obj, addrs, want)
			t.Logf("%d addresses, %d frames compared", len(addrs), n)
		})
	}
}

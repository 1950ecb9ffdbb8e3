package ir

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// stripInserted removes what Instrument added: every line naming a
// __sonde symbol and the trailing block of globals. What remains must be
// the input, byte for byte.
func stripInserted(out []byte) []byte {
	if k := bytes.Index(out, []byte("\n; sonde attrib instrumentation")); k >= 0 {
		out = out[:k]
	}
	var b bytes.Buffer
	for _, l := range bytes.SplitAfter(out, []byte("\n")) {
		if !bytes.Contains(l, []byte("__sonde")) {
			b.Write(l)
		}
	}
	return b.Bytes()
}

const tail = `define i32 @f(i32 %0) {
  %2 = call i32 @g(i32 %0)
  ret i32 %2
}
`

const body = `define i32 @f(i32 %0) {
entry:
  %2 = call i32 @g(i32 %0)
  %3 = call i32 @f(i32 %2)
  call void @llvm.dbg.declare(metadata i32 0, metadata !1, metadata !DIExpression())
  %4 = call i32 %p(i32 %3)
  %5 = add i32 %4, 1
  ret i32 %5
}
`

// retslot is clang's shape for a function with two returns before
// optimization: both calls are tail calls through the return slot %2;
// the call to g is not (its result is added to).
const retslot = `define i64 @f(i32 %0) {
  %2 = alloca i64, align 8
  %3 = call i32 @small(i32 %0)
  %4 = icmp ne i32 %3, 0
  br i1 %4, label %5, label %7

5:                                                ; preds = %1
  %6 = call i64 @leaf(i32 %0)
  store i64 %6, i64* %2, align 8
  br label %11

7:                                                ; preds = %1
  %8 = call i64 @g(i32 %0)
  %9 = add i64 %8, 1
  %10 = call i64 @add(i64 %9, i64 %8)
  store i64 %10, i64* %2, align 8
  br label %11

11:                                               ; preds = %7, %5
  %12 = load i64, i64* %2, align 8
  ret i64 %12
}
`

const invoke = `define void @h() personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
  invoke void @g()
          to label %1 unwind label %2

1:                                                ; preds = %0
  %x = phi i32 [ 0, %0 ]
  ret void

2:                                                ; preds = %0
  %3 = landingpad { i8*, i32 }
          cleanup
          catch i8* null
  resume { i8*, i32 } %3
}
`

func TestInstrumentPlaces(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		ir                    string
		calls, resets, exempt int
		// want holds regexps the output must match (multi-line).
		want []string
	}{
		{"tail call", tail, 1, 0, 1, []string{`(?m)^define i32 @f\(i32 %0\) \{\n  %__sonde\.1 = load`, `call i32 @g\(i32 %0\)\n  ret`}},
		{"calls", body, 4, 2, 2, []string{
			`(?m)^entry:\n  %__sonde\.1 = load`,
			`call i32 @g\(i32 %0\)\n  store volatile i64\* getelementptr`, // reset after g
			`call i32 @f\(i32 %2\)\n  call void @llvm`,                    // none after self
			`DIExpression\(\)\)\n  %4 = call`,                             // none after an intrinsic
			`call i32 %p\(i32 %3\)\n  store volatile i64\* getelementptr`, // reset after an indirect call
		}},
		{"tail calls through the return slot", retslot, 4, 2, 2, []string{
			`call i32 @small\(i32 %0\)\n  store volatile`,
			`call i64 @leaf\(i32 %0\)\n  store i64 %6`,
			`call i64 @g\(i32 %0\)\n  store volatile`,
			`call i64 @add\(i64 %9, i64 %8\)\n  store i64 %10`,
		}},
		{"invoke and landingpad", invoke, 1, 2, 0, []string{
			`phi i32 \[ 0, %0 \]\n  store volatile i64\* getelementptr.*@__sonde_attrib_current`,
			`catch i8\* null\n  store volatile i64\* getelementptr.*@__sonde_attrib_current`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Instrument([]byte(tc.ir), &Options{Scope: "/x.c"})
			if err != nil {
				t.Fatal(err)
			}
			if res.Calls != tc.calls || res.Resets != tc.resets || res.Exempt != tc.exempt {
				t.Errorf("calls %d resets %d exempt %d; want %d %d %d", res.Calls, res.Resets, res.Exempt, tc.calls, tc.resets, tc.exempt)
			}
			for _, w := range tc.want {
				if !regexp.MustCompile(w).Match(res.IR) {
					t.Errorf("output does not match %s:\n%s", w, res.IR)
				}
			}
			if got := stripInserted(res.IR); !bytes.Equal(got, []byte(tc.ir)) {
				t.Errorf("unchanged text changed:\n%s", got)
			}
		})
	}
}

func TestInstrumentUnprofiled(t *testing.T) {
	res, err := Instrument([]byte(tail+strings.ReplaceAll(tail, "@f(", "@k(")), &Options{Unprofiled: regexp.MustCompile(`^k$`)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Units) != 1 || res.Units[0].Func != "f" {
		t.Fatalf("units %+v, want f only", res.Units)
	}
}

// TestInstrumentClang rewrites clang's own IR of the fixtures and checks
// that clang compiles the result and that untouched text stays
// byte-identical.
func TestInstrumentClang(t *testing.T) {
	testprog.Require(t, "clang")
	for _, tc := range []struct{ src, cc, opt string }{
		{"calls.c", "clang", "-O0"},
		{"calls.c", "clang", "-O2"},
		{"primes.cc", "clang++", "-O2"},
		{"throw.cc", "clang++", "-O1"},
	} {
		t.Run(tc.src+tc.opt, func(t *testing.T) {
			dir := t.TempDir()
			ll := filepath.Join(dir, "x.ll")
			src := testprog.Path(filepath.Join("attrib", tc.src))
			if out, err := exec.Command(tc.cc, tc.opt, "-g", "-S", "-emit-llvm", "-Xclang", "-disable-llvm-passes", "-o", ll, src).CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", tc.cc, err, out)
			}
			text, err := os.ReadFile(ll)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Instrument(text, &Options{Scope: src})
			if err != nil {
				t.Fatal(err)
			}
			if got := stripInserted(res.IR); !bytes.Equal(got, text) {
				t.Errorf("unchanged text changed")
			}
			if len(res.Units) == 0 || res.Resets == 0 {
				t.Errorf("%d units, %d resets", len(res.Units), res.Resets)
			}
			out := filepath.Join(dir, "x.sonde.ll")
			if err := os.WriteFile(out, res.IR, 0o644); err != nil {
				t.Fatal(err)
			}
			if msg, err := exec.Command(tc.cc, tc.opt, "-c", "-o", filepath.Join(dir, "x.o"), "-x", "ir", out).CombinedOutput(); err != nil {
				t.Fatalf("clang rejects the instrumented IR: %v\n%s", err, msg)
			}
		})
	}
}

func TestInstrumentSkips(t *testing.T) {
	for _, tc := range []struct{ name, ir string }{
		// clang 14: __attribute__((naked)) int nk(void) { __asm__(...); }
		{"naked", "define dso_local i32 @nk() #0 {\n  call void asm sideeffect \"ret\", \"~{dirflag},~{fpsr},~{flags}\"()\n  unreachable\n}\n\nattributes #0 = { naked noinline nounwind }\n"},
		{"available_externally", "define available_externally i32 @ae() {\n  ret i32 0\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Instrument([]byte(tc.ir), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Units) != 0 || string(res.IR) != tc.ir {
				t.Errorf("instrumented: %d units\n%s", len(res.Units), res.IR)
			}
		})
	}
}

// TestInstrumentTLSModel compiles calls.c's instrumented IR both ways and
// reads the relocations against "current" with binutils readelf: local-exec
// code for executables reaches it at a fixed offset from the thread
// pointer (R_X86_64_TPOFF32), initial-exec code for shared libraries
// through a GOT entry the dynamic linker fills in (R_X86_64_GOTTPOFF), so
// that every object of a process shares one "current".
func TestInstrumentTLSModel(t *testing.T) {
	testprog.Require(t, "clang")
	testprog.Require(t, "readelf")
	dir := t.TempDir()
	ll := filepath.Join(dir, "x.ll")
	src := testprog.Path(filepath.Join("attrib", "calls.c"))
	if out, err := exec.Command("clang", "-O2", "-fPIC", "-S", "-emit-llvm", "-Xclang", "-disable-llvm-passes", "-o", ll, src).CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, out)
	}
	text, err := os.ReadFile(ll)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		localExec bool
		want      string
		not       string
	}{
		{"local-exec", true, "R_X86_64_TPOFF32", "R_X86_64_GOTTPOFF"},
		{"initial-exec", false, "R_X86_64_GOTTPOFF", "R_X86_64_TPOFF32"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Instrument(text, &Options{Scope: src, LocalExec: tc.localExec})
			if err != nil {
				t.Fatal(err)
			}
			in := filepath.Join(dir, tc.name+".ll")
			obj := filepath.Join(dir, tc.name+".o")
			if err := os.WriteFile(in, res.IR, 0o644); err != nil {
				t.Fatal(err)
			}
			if msg, err := exec.Command("clang", "-O2", "-fPIC", "-c", "-o", obj, "-x", "ir", in).CombinedOutput(); err != nil {
				t.Fatalf("clang: %v\n%s", err, msg)
			}
			out, err := exec.Command("readelf", "-rW", obj).Output()
			if err != nil {
				t.Fatalf("readelf -rW %s: %v", obj, err)
			}
			var relocs []string
			for _, l := range strings.Split(string(out), "\n") {
				if strings.Contains(l, CurrentSymbol) {
					relocs = append(relocs, strings.Fields(l)[2])
				}
			}
			t.Logf("readelf -rW: %d relocations against %s", len(relocs), CurrentSymbol)
			if len(relocs) == 0 {
				t.Fatalf("readelf: no relocation against %s", CurrentSymbol)
			}
			for _, r := range relocs {
				if r != tc.want {
					t.Errorf("relocation %s against %s, want %s only (never %s)", r, CurrentSymbol, tc.want, tc.not)
				}
			}
		})
	}
}

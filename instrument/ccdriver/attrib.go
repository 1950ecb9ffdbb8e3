package ccdriver

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"sonde/instrument/ir"
	"sonde/instrument/runtime"
)

// ErrNeedsClang is returned by AttribMode when the compiler is not clang:
// the mode rewrites LLVM IR.
var ErrNeedsClang = errors.New("--sonde-mode=attrib needs clang (set SONDE_CC=clang or SONDE_CXX=clang++)")

// AttribMode is Appel, Duba and MacQueen's profiler (--sonde-mode=attrib):
// each C or C++ source is compiled to LLVM IR with the user's flags and
// LLVM's passes disabled, instrumented by package sonde/instrument/ir, and
// compiled with the user's flags again, so that the optimizer (inlining
// included) runs over the instrumented IR.
type AttribMode struct {
	// Atomic makes call-count increments atomic (--sonde-atomic).
	Atomic bool
	// Unprofiled leaves matching functions uninstrumented
	// (--sonde-unprofiled=REGEXP).
	Unprofiled *regexp.Regexp

	checked error
	done    bool
}

// Name returns "attrib".
func (m *AttribMode) Name() string { return "attrib" }

// checkClang asks the compiler for its version once.
func (m *AttribMode) checkClang(d *Driver) error {
	if m.done {
		return m.checked
	}
	m.done = true
	out, err := exec.Command(d.Compiler, "--version").Output()
	if err != nil {
		m.checked = fmt.Errorf("%s --version: %w", d.Compiler, err)
	} else if !bytes.Contains(out, []byte("clang")) {
		m.checked = fmt.Errorf("%s is not clang: %w", d.Compiler, ErrNeedsClang)
	}
	return m.checked
}

// Compile compiles j.Src through instrumented IR to j.Obj. Assembly sources
// are assembled as they are: they have no IR.
func (m *AttribMode) Compile(d *Driver, j *Job) error {
	if err := m.checkClang(d); err != nil {
		return err
	}
	switch lang(j.Lang) {
	case langAsm, langAsmCpp:
		s, err := d.CompileToAsm(j)
		if err != nil {
			return err
		}
		return d.Assemble(j, s)
	}
	base := filepath.Join(d.TempDir, stem(j.Obj)+"-"+stem(j.Src))
	ll := base + ".ll"
	args := append([]string{}, j.Flags...)
	args = append(args, "-S", "-emit-llvm", "-Xclang", "-disable-llvm-passes", "-o", ll)
	if j.Explicit {
		args = append(args, "-x", j.Lang)
	}
	args = append(args, j.Src)
	if err := d.run("compiler", d.Compiler, args...); err != nil {
		return err
	}
	text, err := os.ReadFile(ll)
	if err != nil {
		return fmt.Errorf("read IR: %w", err)
	}
	scope, err := filepath.Abs(j.Src)
	if err != nil {
		return fmt.Errorf("source %s: %w", j.Src, err)
	}
	res, err := ir.Instrument(text, &ir.Options{Scope: scope, Atomic: m.Atomic, Unprofiled: m.Unprofiled,
		LocalExec: !picFlags(j.Flags) && !j.Shared})
	if err != nil {
		return fmt.Errorf("instrument %s: %w", ll, err)
	}
	out := base + ".sonde.ll"
	if err := os.WriteFile(out, res.IR, 0o644); err != nil {
		return fmt.Errorf("write instrumented IR: %w", err)
	}
	// The second step compiles IR: the dependency file was written by the
	// first, and preprocessor flags would only draw warnings.
	args = append(noDepFlags(j.Flags), "-Wno-unused-command-line-argument", "-c", "-o", j.Obj, "-x", "ir", out)
	return d.run("compiler", d.Compiler, args...)
}

// picFlags reports whether flags compile position-independent code for a
// shared library (the last of -fPIC, -fpic, -fPIE, -fpie and their -fno-
// forms is -fPIC or -fpic). Code compiled otherwise goes into an
// executable, where the runtime's "current" has a fixed offset from the
// thread pointer.
func picFlags(flags []string) bool {
	pic := false
	for _, a := range flags {
		switch a {
		case "-fPIC", "-fpic":
			pic = true
		case "-fno-PIC", "-fno-pic", "-fPIE", "-fpie", "-fno-PIE", "-fno-pie":
			pic = false
		}
	}
	return pic
}

// noDepFlags returns flags without the dependency-file flags (-MD, -MMD,
// -MF FILE, -MT T, -MQ T, -MP).
func noDepFlags(flags []string) []string {
	var out []string
	for i := 0; i < len(flags); i++ {
		switch a := flags[i]; {
		case a == "-MF" || a == "-MT" || a == "-MQ":
			i++
		case a == "-MD" || a == "-MMD" || a == "-MP" || strings.HasPrefix(a, "-MF") ||
			strings.HasPrefix(a, "-MT") || strings.HasPrefix(a, "-MQ"):
		default:
			out = append(out, a)
		}
	}
	return out
}

// Runtime returns the attrib runtime object and its link flags.
func (m *AttribMode) Runtime(d *Driver) ([]string, error) {
	if err := m.checkClang(d); err != nil {
		return nil, err
	}
	o, err := runtime.AttribObject(d.Compiler, nil, d.CacheDir)
	if err != nil {
		return nil, err
	}
	return append([]string{o}, runtime.AttribLinkFlags...), nil
}

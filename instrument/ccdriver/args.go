// Package ccdriver is the compiler driver behind "sonde cc" and "sonde c++":
// it takes a compiler command line unchanged, hands each C, C++ or assembly
// source to a Mode, which compiles it to an object with the user's own
// flags, then links with the mode's runtime. BlocksMode (the default)
// compiles to assembly, instruments it with package instrument/asm
// (Weinberger's basic-block counters) and assembles the result;
// AttribMode (--sonde-mode=attrib, clang only) compiles to LLVM IR,
// instruments it with package instrument/ir (Appel, Duba and MacQueen's
// call counts and current function) and compiles that. Everything it does
// not understand passes through to the real compiler.
package ccdriver

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
)

// lang is the language of an input file, as -x spells it.
type lang string

const (
	langNone   lang = ""
	langC      lang = "c"
	langCXX    lang = "c++"
	langAsm    lang = "assembler"
	langAsmCpp lang = "assembler-with-cpp"
	langOther  lang = "other" // Fortran and others the compiler knows: compiled to assembly too
)

// input is one source file of the command line.
type input struct {
	path     string
	lang     lang
	explicit bool // the language came from -x
	pos      int  // index in the argument list
}

// cmdline is a parsed compiler command line.
type cmdline struct {
	args []string // after @file expansion and without --sonde flags
	// inputs are the sources sonde compiles itself; other file arguments
	// (objects, libraries) stay where they are.
	inputs []input
	// out is -o's argument, outPos its index (of "-o" itself).
	out    string
	outPos int
	// compileOnly (-c), passThrough (-E, -S, -M/-MM without -MD, queries):
	// the driver hands the line to the compiler unchanged when passThrough
	// is set.
	compileOnly bool
	passThrough string
	hasG        bool
	// shared is -shared: the link makes a shared library.
	shared bool
	// skip marks argument indexes that are not passed to the per-source
	// compile: inputs, -o and its value, -c, -x and its value.
	skip map[int]bool
	// linkOnly marks arguments that only the link step needs.
	linkOnly map[int]bool
	// depFlags marks -MD, -MMD, -MF X, -MT X, -MQ X, -MP: for the compile to
	// assembly only.
	depFlags         map[int]bool
	hasMF, hasMT, md bool
}

// optsWithArg take the next argument as their value when written apart.
var optsWithArg = map[string]bool{
	"-o": true, "-x": true, "-I": true, "-D": true, "-U": true, "-include": true, "-imacros": true,
	"-isystem": true, "-iquote": true, "-idirafter": true, "-iprefix": true, "-iwithprefix": true,
	"-iwithprefixbefore": true, "-isysroot": true, "-imultilib": true, "-MF": true, "-MT": true, "-MQ": true,
	"-L": true, "-l": true, "-Xlinker": true, "-Xassembler": true, "-Xpreprocessor": true, "-Xclang": true,
	"-T": true, "-u": true, "-z": true, "-e": true, "-aux-info": true, "--param": true, "-target": true,
	"--target": false, "-arch": true, "-G": true, "-B": false, "-specs": false, "-dumpdir": true,
	"-dumpbase": true, "-dumpbase-ext": true, "-A": true, "-F": true, "-framework": true,
}

// passThroughOpts make the compiler do something other than compile and
// link: sonde leaves those command lines alone.
var passThroughOpts = map[string]bool{
	"-E": true, "-S": true, "-M": true, "-MM": true, "-fsyntax-only": true, "--version": true,
	"-v": false, "-dumpversion": true, "-dumpmachine": true, "-dumpspecs": true, "--help": true,
	"-###": true, "-emit-llvm": true, "-flto": true, "-m32": true, "-mx32": true, "-m16": true,
}

func extLang(path string, cxx bool) lang {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".c":
		if filepath.Ext(path) == ".C" {
			return langCXX
		}
		if cxx {
			// g++ and clang++ compile .c files as C++... except that they
			// do not: g++ treats .c as C++ only when called as g++.
			return langCXX
		}
		return langC
	case ".i":
		return langC
	case ".cc", ".cpp", ".cxx", ".c++", ".cp", ".ii", ".hpp":
		return langCXX
	case ".s":
		if filepath.Ext(path) == ".S" {
			return langAsmCpp
		}
		return langAsm
	case ".sx":
		return langAsmCpp
	case ".f", ".for", ".ftn", ".f90", ".f95", ".f03", ".f08", ".F", ".fpp", ".m", ".mm":
		return langOther
	}
	return langNone
}

// parse reads a compiler command line (after @file expansion).
func parse(args []string, cxx bool) (*cmdline, error) {
	c := &cmdline{args: args, outPos: -1, skip: map[int]bool{}, linkOnly: map[int]bool{}, depFlags: map[int]bool{}}
	xlang := langNone
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-" {
			c.passThrough = "standard input as source"
			continue
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			l, explicit := xlang, xlang != langNone
			if l == langNone {
				l = extLang(a, cxx)
			}
			if l != langNone {
				c.inputs = append(c.inputs, input{path: a, lang: l, explicit: explicit, pos: i})
				c.skip[i] = true
			} else {
				// An object or library: the link's, not a compile step's
				// (clang warns "linker input unused" there).
				c.linkOnly[i] = true
			}
			continue
		}
		if passThroughOpts[a] || strings.HasPrefix(a, "-print-") || strings.HasPrefix(a, "-flto") {
			c.passThrough = a
		}
		switch {
		case a == "-c":
			c.compileOnly = true
			c.skip[i] = true
		case a == "-o":
			if i+1 >= len(args) {
				return nil, fmt.Errorf("-o: missing file name")
			}
			c.out, c.outPos = args[i+1], i
			c.skip[i], c.skip[i+1] = true, true
			i++
		case strings.HasPrefix(a, "-o"):
			c.out, c.outPos = a[2:], i
			c.skip[i] = true
		case a == "-x":
			if i+1 >= len(args) {
				return nil, fmt.Errorf("-x: missing language")
			}
			xlang = parseLang(args[i+1])
			c.skip[i], c.skip[i+1] = true, true
			i++
		case strings.HasPrefix(a, "-x"):
			xlang = parseLang(a[2:])
			c.skip[i] = true
		case a == "-MD" || a == "-MMD":
			c.md = true
			c.depFlags[i] = true
		case a == "-MP" || a == "-MG":
			c.depFlags[i] = true
		case a == "-MF" || a == "-MT" || a == "-MQ":
			if a == "-MF" {
				c.hasMF = true
			} else {
				c.hasMT = true
			}
			c.depFlags[i] = true
			if i+1 < len(args) {
				c.depFlags[i+1] = true
				i++
			}
		case strings.HasPrefix(a, "-MF"):
			c.hasMF = true
			c.depFlags[i] = true
		case strings.HasPrefix(a, "-MT") || strings.HasPrefix(a, "-MQ"):
			c.hasMT = true
			c.depFlags[i] = true
		case strings.HasPrefix(a, "-g") && !strings.HasPrefix(a, "-gsplit") && !strings.HasPrefix(a, "-gz"):
			// Any -g, -g0 included: an explicit -g0 is the user's choice
			// (the listing then has no lines), not an absence.
			c.hasG = true
		case strings.HasPrefix(a, "-l") || strings.HasPrefix(a, "-L") || strings.HasPrefix(a, "-Wl,") ||
			a == "-Xlinker" || a == "-T" || a == "-u" || a == "-z" || a == "-static" || a == "-shared" ||
			a == "-rdynamic" || a == "-pie" || a == "-no-pie" || a == "-static-pie" || a == "-s" ||
			a == "-nostdlib" || a == "-nostartfiles" || a == "-nodefaultlibs" || strings.HasPrefix(a, "-static-lib") ||
			strings.HasPrefix(a, "-fuse-ld"):
			c.linkOnly[i] = true
			c.shared = c.shared || a == "-shared"
			if optsWithArg[a] && i+1 < len(args) {
				c.linkOnly[i+1] = true
				i++
			}
		default:
			if optsWithArg[a] && i+1 < len(args) {
				i++
			}
		}
	}
	return c, nil
}

func parseLang(s string) lang {
	switch s {
	case "none":
		return langNone
	case "c", "c-header", "cpp-output":
		return langC
	case "c++", "c++-header", "c++-cpp-output":
		return langCXX
	case "assembler":
		return langAsm
	case "assembler-with-cpp":
		return langAsmCpp
	}
	return lang(s) // f95, objective-c...: the compiler knows
}

// expandResponseFiles replaces every @FILE argument with the arguments the
// file holds (whitespace-separated, with single and double quotes and
// backslash escapes, as gcc reads them). A missing file stays as it is, as
// gcc leaves it.
func expandResponseFiles(args []string) ([]string, error) {
	var out []string
	for depth, changed := 0, true; changed; depth++ {
		if depth > 20 {
			return nil, fmt.Errorf("response files nest more than 20 deep")
		}
		changed = false
		out = out[:0:0]
		for _, a := range args {
			if !strings.HasPrefix(a, "@") || len(a) == 1 {
				out = append(out, a)
				continue
			}
			data, err := os.ReadFile(a[1:])
			if err != nil {
				out = append(out, a)
				continue
			}
			out = append(out, splitResponse(string(data))...)
			changed = true
		}
		args = out
	}
	return out, nil
}

func splitResponse(s string) []string {
	var (
		args  []string
		cur   strings.Builder
		in    bool
		quote rune
	)
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\\' && i+1 < len(rs):
			i++
			cur.WriteRune(rs[i])
			in = true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote = r
			in = true
		case unicode.IsSpace(r):
			if in {
				args = append(args, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		args = append(args, cur.String())
	}
	return args
}

package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"sonde/symbol"
)

func addr2lineVerb() *verb {
	return &verb{
		name:    "addr2line",
		summary: "binutils-compatible symbolizer (a co-process for other tools)",
		usage: `
Usage: sonde addr2line [-e FILE] [-a] [-f] [-i] [-C] [-s] [-p] [ADDR...]

Translate link-time addresses of an ELF object into function names and
file:line pairs, with the same output as GNU binutils addr2line for the same
flags: "??" and "??:0" where nothing is known, "??:?" for a function known
only from the symbol table, inline frames innermost first. DWARF gives lines
and inline frames; a Go binary without DWARF is read through its .gopclntab;
an object with only a symbol table still gives function names.

Addresses are hexadecimal, with or without 0x. With no ADDR arguments they
are read from standard input, one per line, and each answer is flushed as
soon as it is written, so that another program can drive sonde addr2line as
a co-process: write one address, read its answer, write the next.

Flags (short ones may be combined, as in -fiCe FILE):
  -e, --exe=FILE        the object to read (default a.out)
  -a, --addresses       print each address (0x%016x) before its answer
  -f, --functions       print the function name before file:line
  -i, --inlines         print every inline frame, innermost first
  -C, --demangle[=STYLE] demangle C++ and Rust names (STYLE: auto, gnu-v3, rust)
  -s, --basenames       print file base names only
  -p, --pretty-print    "func at file:line" on one line (after "0x...: "
                        with -a); with -i each caller follows on its own
                        line as " (inlined by) func at file:line"
  -b, --target=BFDNAME  accepted for ELF targets (elf64-x86-64, ...) only
  -R, -r                accepted for compatibility; demangling has no
                        recursion limit to lift
  -v, --version         print the version

Examples:
  sonde addr2line -f -i -C -e ./server 0x4011a6 0x401230
  printf '0x4011a6\n0x401230\n' | sonde addr2line -a -f -e ./server
  sonde addr2line -pfiC -e /usr/lib/x86_64-linux-gnu/libc.so.6 0x29d90
`,
		run: runAddr2line,
	}
}

// a2lOptions are the binutils addr2line flags sonde understands.
type a2lOptions struct {
	exe       string
	addresses bool // -a
	functions bool // -f
	inlines   bool // -i
	demangle  demangleFlag
	basenames bool // -s
	pretty    bool // -p
	version   bool // -v
}

// demangleFlag is -C/--demangle[=STYLE]: a boolean flag that also accepts a
// demangling style, as binutils does.
type demangleFlag struct{ on bool }

func (d *demangleFlag) String() string   { return fmt.Sprint(d.on) }
func (d *demangleFlag) IsBoolFlag() bool { return true }
func (d *demangleFlag) Set(s string) error {
	switch s {
	case "true", "auto", "gnu-v3", "rust":
		d.on = true
	case "false", "none":
		d.on = false
	default:
		return fmt.Errorf("unknown demangling style %q", s)
	}
	return nil
}

// a2lValueFlags are the short options that take a value, as getopt knows
// them; the long ones are in a2lValueLong.
var (
	a2lValueShort = "eb"
	a2lValueLong  = map[string]bool{"exe": true, "target": true}
)

// getoptArgs rewrites a binutils-style command line for the flag package:
// combined short options (-fiC, -fe FILE, -eFILE) are split, options that
// follow an address are moved before it (getopt permutes them), and the
// addresses are returned apart. "--" ends the options.
func getoptArgs(args []string) (flags, operands []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flags, append(operands, args[i+1:]...), nil
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			if !printable(name) {
				return nil, nil, fmt.Errorf("unrecognized option %q", "--"+name)
			}
			if a2lValueLong[name] && !hasValue {
				if i+1 >= len(args) {
					return nil, nil, fmt.Errorf("option '--%s' requires an argument", name)
				}
				i++
				a += "=" + args[i]
			}
			flags = append(flags, a)
		case len(a) > 1 && a[0] == '-':
			for j := 1; j < len(a); j++ {
				c := a[j]
				if !printable(string(c)) {
					return nil, nil, fmt.Errorf("invalid option -- %q", c)
				}
				if !strings.ContainsRune(a2lValueShort, rune(c)) {
					flags = append(flags, "-"+string(c))
					continue
				}
				v := a[j+1:]
				if v == "" {
					if i+1 >= len(args) {
						return nil, nil, fmt.Errorf("option requires an argument -- '%c'", c)
					}
					i++
					v = args[i]
				}
				flags = append(flags, "-"+string(c)+"="+v)
				break
			}
		default:
			operands = append(operands, a)
		}
	}
	return flags, operands, nil
}

// printable reports whether s is all printable ASCII, so that a flag error
// quoting it stays on one line.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

func runAddr2line(e *env, args []string) int {
	fs := newFlagSet(e, "addr2line")
	var o a2lOptions
	var target string
	var recurse bool
	fs.StringVar(&o.exe, "e", "a.out", "object file")
	fs.StringVar(&o.exe, "exe", "a.out", "object file")
	fs.StringVar(&target, "b", "", "BFD target (ignored: ELF only)")
	fs.StringVar(&target, "target", "", "BFD target (ignored: ELF only)")
	for _, b := range []struct {
		p     *bool
		names []string
	}{
		{&o.addresses, []string{"a", "addresses"}},
		{&o.functions, []string{"f", "functions"}},
		{&o.inlines, []string{"i", "inlines"}},
		{&o.basenames, []string{"s", "basenames"}},
		{&o.pretty, []string{"p", "pretty-print"}},
		{&o.version, []string{"v", "version"}},
		{&recurse, []string{"R", "recurse-limit", "r", "no-recurse-limit"}},
	} {
		for _, n := range b.names {
			fs.BoolVar(b.p, n, false, n)
		}
	}
	fs.Var(&o.demangle, "C", "demangle")
	fs.Var(&o.demangle, "demangle", "demangle")

	flags, addrs, err := getoptArgs(args)
	if err != nil {
		fmt.Fprintf(e.stderr, "sonde addr2line: %v (see 'sonde help addr2line')\n", err)
		return exitUsage
	}
	if code, ok := parseFlags(e, fs, flags); !ok {
		return code
	}
	if o.version {
		fmt.Fprintln(e.stdout, "sonde addr2line", Version)
		return exitOK
	}
	if target != "" && !strings.HasPrefix(target, "elf") {
		return fail(e, "addr2line", fmt.Errorf("target %s: only ELF objects are supported", target))
	}

	obj, err := openA2LObject(o.exe)
	if err != nil {
		fmt.Fprintf(e.stderr, "sonde addr2line: %s: %v\n", o.exe, err)
		return exitError
	}
	defer obj.Close()

	out := bufio.NewWriterSize(e.stdout, 64<<10)
	p := &a2lPrinter{o: &o, w: out, obj: obj, stderr: e.stderr}
	if len(addrs) > 0 {
		// All addresses are known: let the symbolizer decode the DWARF
		// units they need in parallel before answering in order.
		vmas := make([]uint64, len(addrs))
		for i, a := range addrs {
			vmas[i] = scanVMA(a)
		}
		frames, err := obj.FramesBatch(vmas)
		for i, a := range vmas {
			if err != nil {
				p.answer(a) // one by one, so that only bad addresses fail
			} else {
				p.write(a, frames[i])
			}
		}
	} else {
		// Co-process mode: one answer per input line, flushed at once so
		// that the writer of the next address has read this answer.
		in := bufio.NewReader(e.stdin)
		for {
			line, rerr := readChunk(in)
			if line != "" {
				p.answer(scanVMA(line))
				if err := out.Flush(); err != nil {
					return fail(e, "addr2line", fmt.Errorf("write: %w", err))
				}
			}
			if rerr == io.EOF {
				break
			}
			if rerr != nil {
				return fail(e, "addr2line", fmt.Errorf("read standard input: %w", rerr))
			}
		}
	}
	if err := out.Flush(); err != nil {
		return fail(e, "addr2line", fmt.Errorf("write: %w", err))
	}
	p.reportErrors()
	return exitOK
}

// a2lLineMax is the size of binutils addr2line's input buffer: it reads
// standard input with fgets(buf, 100, stdin).
const a2lLineMax = 100

// readChunk reads what one fgets(buf, a2lLineMax, stdin) call reads: up to
// and including a newline, but at most a2lLineMax-1 bytes, so that a longer
// line is several addresses to binutils, and to sonde. At the end of input
// it returns "" and io.EOF.
func readChunk(r *bufio.Reader) (string, error) {
	var b strings.Builder
	for b.Len() < a2lLineMax-1 {
		c, err := r.ReadByte()
		if err != nil {
			if err == io.EOF && b.Len() > 0 {
				return b.String(), nil
			}
			return b.String(), err
		}
		b.WriteByte(c)
		if c == '\n' {
			break
		}
	}
	return b.String(), nil
}

// openA2LObject opens the object and turns the usual failures into the short
// problem binutils names ("No such file", "file format not recognized").
func openA2LObject(path string) (*symbol.Object, error) {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, errors.New("No such file")
	case err != nil:
		return nil, err
	case st.IsDir():
		return nil, errors.New("is a directory")
	}
	obj, err := symbol.Open(path, nil)
	var fe *symbol.FormatError
	switch {
	case err == nil:
		return obj, nil
	case errors.Is(err, symbol.ErrNotELF):
		return nil, errors.New("file format not recognized")
	case errors.As(err, &fe):
		// The caller names the file; say where and what.
		return nil, fmt.Errorf("corrupt ELF file: offset %#x: %s", fe.Off, fe.Msg)
	}
	// Drop the symbolizer's "open ELF file PATH: " for the same reason.
	msg := strings.TrimPrefix(err.Error(), "open ELF file "+path+": ")
	return nil, errors.New(msg)
}

// frameSource is what the printer needs of a symbol.Object.
type frameSource interface {
	Frames(addr uint64) ([]symbol.Frame, error)
}

// a2lPrinter writes answers in binutils addr2line's layout.
type a2lPrinter struct {
	o      *a2lOptions
	w      *bufio.Writer
	obj    frameSource
	stderr io.Writer
	// failed counts addresses whose lookup returned an error; the first
	// error is printed at once, the rest are counted (and printed as "??").
	failed   int
	firstErr error
}

// answer looks addr up and writes its answer.
func (p *a2lPrinter) answer(addr uint64) {
	frames, err := p.obj.Frames(addr)
	if err != nil {
		if p.failed == 0 {
			fmt.Fprintf(p.stderr, "sonde addr2line: %s: %#x: %v\n", p.o.exe, addr, err)
			p.firstErr = err
		}
		p.failed++
		frames = nil
	}
	p.write(addr, frames)
}

func (p *a2lPrinter) reportErrors() {
	if p.failed > 1 {
		fmt.Fprintf(p.stderr, "sonde addr2line: %s: %d more addresses could not be looked up\n", p.o.exe, p.failed-1)
	}
}

// write prints one answer as binutils 2.40 addr2line.c (translate_addresses)
// does:
//   - with -a, "0x%016x" and a newline, or ": " with -p;
//   - an address in no function: "??" (with -f) and "??:0";
//   - otherwise the innermost frame, and with -i each caller after it, as
//     "func" (with -f; "??" when unnamed) then "file:line"; an unknown file is
//     "??" and an unknown line "?"; with -p the pieces join on one line with
//     " at " and " (inlined by) ";
//   - the discriminator of the address's line-table row (frames[0]) follows
//     the line of every frame as " (discriminator N)": binutils keeps the
//     innermost one while it walks the inline chain.
func (p *a2lPrinter) write(addr uint64, frames []symbol.Frame) {
	o, w := p.o, p.w
	if o.addresses {
		fmt.Fprintf(w, "0x%016x", addr)
		if o.pretty {
			w.WriteString(": ")
		} else {
			w.WriteByte('\n')
		}
	}
	if !known(frames) {
		if o.functions {
			if o.pretty {
				w.WriteString("?? ")
			} else {
				w.WriteString("??\n")
			}
		}
		w.WriteString("??:0\n")
		return
	}
	n := 1
	if o.inlines {
		n = len(frames)
	}
	discr := frames[0].Discriminator
	for i, f := range frames[:n] {
		if i > 0 && o.pretty {
			w.WriteString(" (inlined by) ")
		}
		if o.functions {
			name := f.Func
			switch {
			case name == "":
				name = "??"
			case o.demangle.on:
				name = symbol.Demangle(name)
			}
			w.WriteString(name)
			if o.pretty {
				w.WriteString(" at ")
			} else {
				w.WriteByte('\n')
			}
		}
		file := f.File
		if file == "" {
			file = "??"
		} else if o.basenames {
			file = file[strings.LastIndexByte(file, '/')+1:]
		}
		w.WriteString(file)
		w.WriteByte(':')
		if f.Line == 0 {
			w.WriteString("?\n")
			continue
		}
		if discr != 0 {
			fmt.Fprintf(w, "%d (discriminator %d)\n", f.Line, discr)
		} else {
			fmt.Fprintf(w, "%d\n", f.Line)
		}
	}
}

// known reports whether frames say anything about the address.
func known(frames []symbol.Frame) bool {
	for _, f := range frames {
		if f.Func != "" || f.File != "" || f.Line != 0 {
			return true
		}
	}
	return false
}

// scanVMA parses an address as binutils 2.40 addr2line does (bfd_scan_vma
// with base 16), found by probing it: leading white space is skipped; a
// leading '+' makes the rest a C strtoul with base 0 ("+10" is ten, "+010"
// eight, "+0x10" sixteen, "+-5" is -5 modulo 2^64); otherwise an optional 0x
// or 0X and hex digits up to the first other character, so "zzz", "-1" and
// an empty line are 0. Overflow gives the largest address.
func scanVMA(s string) uint64 {
	s = strings.TrimLeft(s, cSpace)
	if strings.HasPrefix(s, "+") {
		return strtoul(s[1:], 0)
	}
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
	}
	v, _ := digits(s, 16)
	return v
}

// cSpace is C's isspace set.
const cSpace = " \t\n\v\f\r"

// strtoul is C's strtoul: white space, an optional sign, a base prefix when
// base is 0 or 16, digits; ULONG_MAX on overflow; a minus sign negates.
func strtoul(s string, base int) uint64 {
	s = strings.TrimLeft(s, cSpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	hasHexPrefix := len(s) >= 3 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && digitValue(s[2]) < 16
	switch {
	case (base == 0 || base == 16) && hasHexPrefix:
		s, base = s[2:], 16
	case base == 0 && strings.HasPrefix(s, "0"):
		base = 8
	case base == 0:
		base = 10
	}
	v, overflow := digits(s, base)
	if overflow {
		return ^uint64(0)
	}
	if neg {
		v = -v
	}
	return v
}

// digits parses the longest prefix of s made of digits in base, reporting
// overflow (then v is the largest value).
func digits(s string, base int) (v uint64, overflow bool) {
	for i := 0; i < len(s); i++ {
		d := digitValue(s[i])
		if d >= base {
			break
		}
		if v > (^uint64(0)-uint64(d))/uint64(base) {
			return ^uint64(0), true
		}
		v = v*uint64(base) + uint64(d)
	}
	return v, false
}

// digitValue is the value of c as a digit in bases up to 36, or 99.
func digitValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'z':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

var _ flag.Value = (*demangleFlag)(nil)

package cli

func ccVerb(name string) *verb {
	compiler := "$SONDE_CC, else cc"
	lang := "C"
	if name == "c++" {
		compiler = "$SONDE_CXX, else c++"
		lang = "C++"
	}
	return &verb{
		name:    name,
		summary: "compiler driver that counts basic blocks (Weinberger) or attributes time (Appel)",
		pending: "issues 5 and 6",
		usage: `
Usage: sonde ` + name + ` [--sonde-NAME[=VALUE]]... COMPILER-ARGS...

A drop-in ` + lang + ` compiler (make CC="sonde cc") that instruments the
compiler's assembly with basic-block counters, or with
--sonde-mode=attrib the compiler's IR with call counts and current-function
time. The real compiler is ` + compiler + `. The instrumented program
adds its counts to $SONDE_OUT (default sonde.data) when it exits.

Examples:
  sonde ` + name + ` -O2 -o max max.c && ./max && sonde report --lines sonde.data
  make CC="sonde cc"
  sonde ` + name + ` --sonde-mode=attrib -O2 -o prog prog.c
`,
	}
}

// Package kallsyms reads the text of /proc/kallsyms, the running kernel's
// symbol table: one "ADDR TYPE NAME [MODULE]" a line. The report names
// kernel frames with it; the sampler finds system calls in kernel stacks.
package kallsyms

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// Symbol is one line of kallsyms.
type Symbol struct {
	Addr uint64
	// Type is nm's letter: t or T text, w or W weak, d data, ...
	Type string
	Name string
	// Module is "[module]" for a module's symbol, "" for the kernel's.
	Module string
}

// Each calls fn for every symbol of r in order. Lines of another form
// are skipped, and so are symbols at address 0: under kptr_restrict every
// address reads as 0. The error is the reader's.
func Each(r io.Reader, fn func(Symbol)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 {
			continue
		}
		a, err := strconv.ParseUint(f[0], 16, 64)
		if err != nil || a == 0 {
			continue
		}
		s := Symbol{Addr: a, Type: f[1], Name: f[2]}
		if len(f) > 3 {
			s.Module = f[3]
		}
		fn(s)
	}
	return sc.Err()
}

// Package examples embeds the example programs of the four papers that
// "sonde demo" builds and profiles: PCT's hier-test.c (Blake & Bauer 2002),
// Weinberger's max.c (1984) and Bishop's Shell sort, shell.c (1987).
package examples

import "embed"

// Sources holds the example C sources, as src/NAME.c.
//
//go:embed src/*.c
var Sources embed.FS

// Example describes one bundled program.
type Example struct {
	// File is the source file's name in Sources.
	File string
	// Paper is the paper the example comes from.
	Paper string
	// Args are the arguments the demo runs it with.
	Args []string
	// CFlags are compiler flags the example needs beyond -O2 -g.
	CFlags []string
	// Hot names the functions where the paper says the time or the counts
	// go, in the order the paper discusses them.
	Hot []string
}

// All lists the bundled examples in the order the demo runs them.
var All = []Example{
	// PCT's dispatch functions call worker and return its value: at -O2
	// gcc and clang turn that call into a jump (a sibling call), and then
	// no stack holds dispatch_N. The paper's 2002 compiler kept the call.
	{File: "hier-test.c", Paper: "Blake & Bauer, PCT (2002): worker() reached 1/3 through dispatch_1, 2/3 through dispatch_2", CFlags: []string{"-fno-optimize-sibling-calls"}, Hot: []string{"worker", "dispatch_1", "dispatch_2", "main"}},
	{File: "max.c", Paper: "Weinberger, cheap dynamic instruction counting (1984): how often is a new maximum found?", Hot: []string{"max", "main"}},
	{File: "shell.c", Paper: "Bishop, profiling under UNIX by patching (1987): a Shell sort of 1000 numbers", Hot: []string{"shell", "main"}},
}

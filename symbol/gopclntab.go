package symbol

import (
	"debug/gosym"
	"fmt"
	"sync"
)

// goTable answers from a Go binary's .gopclntab through debug/gosym, for Go
// binaries linked without DWARF (-ldflags=-w) such as the toolchain's own
// go command. It gives the out-of-line function (gosym does not decode the
// inline tree, FUNCDATA_InlTree) with the file:line of the innermost
// inlined code at the address, which is what `go tool addr2line` prints.
type goTable struct {
	mu  sync.Mutex // gosym's tables are not documented as safe for concurrent use
	tab *gosym.Table
}

// newGoTable parses a .gopclntab whose .text starts at text. It calls
// debug/gosym, so it runs under safeCall.
func newGoTable(data []byte, text uint64, path string) (*goTable, error) {
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text))
	if err != nil {
		return nil, fmt.Errorf("parse .gopclntab of %s: %w", path, err)
	}
	return &goTable{tab: tab}, nil
}

func (g *goTable) frames(addr uint64) []Frame {
	g.mu.Lock()
	defer g.mu.Unlock()
	var frames []Frame
	safeCall("", func() error {
		file, line, fn := g.tab.PCToLine(addr)
		if fn == nil {
			return nil
		}
		frames = []Frame{{Func: fn.Name, File: file, Line: line, FuncAddr: fn.Entry}}
		return nil
	})
	return frames
}

package symbol

import (
	"cmp"
	"debug/elf"
	"sort"

	"sonde/internal/stablesort"
)

// symtab is a symbol table sorted by address, answering which symbol covers
// an address with a binary search.
type symtab struct {
	syms   []sym
	source string // ".symtab" or ".dynsym"
	funcs  int    // how many are STT_FUNC or STT_GNU_IFUNC
}

type sym struct {
	addr, size uint64
	// secEnd is the end address of the symbol's section: a size-0 symbol
	// covers nothing past it (so "_end", which sits at the end of .bss,
	// names nothing above it). 0 when the section is unknown.
	secEnd uint64
	name   string
	fn     bool // STT_FUNC or STT_GNU_IFUNC
	// file is, for a local symbol, the name of the nearest STT_FILE
	// symbol before it in the table: llvm-symbolizer reports it as the
	// file of a frame that has none.
	file string
}

// newSymtab indexes the defined function, object and untyped symbols of
// syms; section and file symbols are ignored. Of several symbols at one
// address it keeps one: a function over data, then the larger size (as
// llvm-symbolizer keeps the largest, avoiding size-0 aliases), then the
// last in the table (as llvm does: of a C++ D1/D2 alias pair it names the
// one listed last).
func newSymtab(esyms []elf.Symbol, secs []*elf.Section, source string) *symtab {
	t := &symtab{source: source}
	var file string
	for _, s := range esyms {
		typ := elf.ST_TYPE(s.Info)
		if typ == elf.STT_FILE {
			file = s.Name
			continue
		}
		switch typ {
		case elf.STT_FUNC, elf.STT_GNU_IFUNC, elf.STT_OBJECT, elf.STT_NOTYPE:
		default:
			continue
		}
		if s.Section == elf.SHN_UNDEF || s.Section == elf.SHN_ABS || s.Name == "" || s.Value == 0 {
			continue
		}
		// Local labels of assemblers (.L...) and ARM mapping symbols are
		// not functions.
		if typ == elf.STT_NOTYPE && (s.Name[0] == '$' || len(s.Name) > 1 && s.Name[0] == '.' && s.Name[1] == 'L') {
			continue
		}
		var secEnd uint64
		if i := int(s.Section); i > 0 && i < len(secs) && secs[i].Flags&elf.SHF_ALLOC != 0 {
			secEnd = secs[i].Addr + secs[i].Size
		}
		sy := sym{addr: s.Value, size: s.Size, secEnd: secEnd, name: s.Name, fn: typ == elf.STT_FUNC || typ == elf.STT_GNU_IFUNC}
		if elf.ST_BIND(s.Info) == elf.STB_LOCAL {
			sy.file = file
		}
		t.syms = append(t.syms, sy)
	}
	// Stably: which of equal symbols the loop below keeps depends on the
	// table's order (stablesort.Sorted says why not slices.SortStableFunc).
	t.syms = stablesort.Sorted(t.syms, func(a, b *sym) int {
		if c := cmp.Compare(a.addr, b.addr); c != 0 {
			return c
		}
		if a.fn != b.fn {
			if a.fn {
				return -1
			}
			return 1
		}
		return cmp.Compare(b.size, a.size)
	})
	out := t.syms[:0]
	for i := 0; i < len(t.syms); {
		best := i
		j := i + 1
		for ; j < len(t.syms) && t.syms[j].addr == t.syms[i].addr; j++ {
			if t.syms[j].fn == t.syms[i].fn && t.syms[j].size == t.syms[i].size {
				best = j
			}
		}
		out = append(out, t.syms[best])
		if t.syms[best].fn {
			t.funcs++
		}
		i = j
	}
	t.syms = out
	return t
}

// find returns the symbol with the greatest start <= addr if it covers addr;
// a symbol of size 0 covers everything up to the next symbol or the end of
// its section, whichever comes first.
func (t *symtab) find(addr uint64) (sym, bool) {
	if t == nil {
		return sym{}, false
	}
	i := sort.Search(len(t.syms), func(i int) bool { return t.syms[i].addr > addr })
	if i == 0 {
		return sym{}, false
	}
	s := t.syms[i-1]
	if s.size != 0 && addr-s.addr >= s.size || s.size == 0 && addr >= s.secEnd {
		return sym{}, false
	}
	return s, true
}

// loadSymtab reads f's .symtab, else its .dynsym; nil if it has neither.
func loadSymtab(f *elf.File) *symtab {
	if syms, err := f.Symbols(); err == nil && len(syms) > 0 {
		return newSymtab(syms, f.Sections, ".symtab")
	}
	if syms, err := f.DynamicSymbols(); err == nil && len(syms) > 0 {
		return newSymtab(syms, f.Sections, ".dynsym")
	}
	return nil
}

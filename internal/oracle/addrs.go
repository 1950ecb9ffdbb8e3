package oracle

import (
	"math/rand/v2"
	"sort"
)

// FuncRanges returns the address ranges [Addr, Addr+Size) of the function
// symbols in syms (see Symbol.IsFunc), sorted by address, one per address
// (aliases such as a C++ D1/D2 destructor pair count once).
func FuncRanges(syms []Symbol) []Symbol {
	var fs []Symbol
	seen := map[uint64]bool{}
	for _, s := range syms {
		if s.IsFunc() && !seen[s.Addr] {
			seen[s.Addr] = true
			fs = append(fs, s)
		}
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].Addr < fs[j].Addr })
	return fs
}

// RandomAddrs returns n addresses drawn uniformly, with a fixed seed, from the
// bytes of the functions in funcs (as FuncRanges returns them): a function
// twice as long is hit twice as often. The same seed gives the same list.
func RandomAddrs(funcs []Symbol, n int, seed uint64) []uint64 {
	if len(funcs) == 0 || n <= 0 {
		return nil
	}
	ends := make([]uint64, len(funcs)) // cumulative sizes
	var total uint64
	for i, f := range funcs {
		total += f.Size
		ends[i] = total
	}
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	addrs := make([]uint64, n)
	for i := range addrs {
		x := r.Uint64N(total)
		k := sort.Search(len(ends), func(j int) bool { return ends[j] > x })
		start := ends[k] - funcs[k].Size
		addrs[i] = funcs[k].Addr + (x - start)
	}
	return addrs
}

// AllAddrs returns every byte address of every function in funcs, in order:
// a dense sample for small fixtures that covers every instruction.
func AllAddrs(funcs []Symbol) []uint64 {
	var addrs []uint64
	for _, f := range funcs {
		for a := f.Addr; a < f.Addr+f.Size; a++ {
			addrs = append(addrs, a)
		}
	}
	return addrs
}

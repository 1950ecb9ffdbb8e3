package report

import (
	"fmt"
	"io"
	"os"
	"sort"
	"sync"

	ksyms "sonde/internal/kallsyms"
	"sonde/symbol"
)

// kernelPath is the pseudo-path of the kernel's mapping (perf's name; the
// sampler's sample.KernelPath).
const kernelPath = "[kernel.kallsyms]"

// kallsyms symbolizes kernel addresses with /proc/kallsyms of the running
// kernel: right for profiles recorded since the last boot. Addresses are
// runtime addresses; with kptr_restrict every address reads as 0 and
// nothing is symbolized.
type kallsyms struct {
	once  sync.Once
	addrs []uint64
	names []string
	err   error
}

// parseKallsyms reads the text of /proc/kallsyms: "ADDR TYPE NAME [MODULE]"
// per line. Only text symbols (t, T, w, W) are kept.
func parseKallsyms(r io.Reader) ([]uint64, []string, error) {
	type sym struct {
		a uint64
		n string
	}
	var syms []sym
	err := ksyms.Each(r, func(ks ksyms.Symbol) {
		switch ks.Type {
		case "t", "T", "w", "W":
		default:
			return
		}
		name := ks.Name
		if ks.Module != "" {
			name += " " + ks.Module // "[module]"
		}
		syms = append(syms, sym{ks.Addr, name})
	})
	if err != nil {
		return nil, nil, err
	}
	sort.SliceStable(syms, func(i, j int) bool { return syms[i].a < syms[j].a })
	addrs := make([]uint64, len(syms))
	names := make([]string, len(syms))
	for i, s := range syms {
		addrs[i], names[i] = s.a, s.n
	}
	return addrs, names, nil
}

func (k *kallsyms) load() {
	f, err := os.Open("/proc/kallsyms")
	if err != nil {
		k.err = fmt.Errorf("read kernel symbols: %w", err)
		return
	}
	defer f.Close()
	k.addrs, k.names, k.err = parseKallsyms(f)
	if k.err == nil && len(k.addrs) == 0 {
		k.err = fmt.Errorf("/proc/kallsyms shows no addresses (kptr_restrict; see sonde doctor)")
	}
}

// frames returns the kernel function holding addr, nil when unknown.
func (k *kallsyms) frames(addr uint64) ([]symbol.Frame, error) {
	k.once.Do(k.load)
	if k.err != nil {
		return nil, k.err
	}
	i := sort.Search(len(k.addrs), func(i int) bool { return k.addrs[i] > addr }) - 1
	if i < 0 {
		return nil, nil
	}
	return []symbol.Frame{{Func: k.names[i]}}, nil
}

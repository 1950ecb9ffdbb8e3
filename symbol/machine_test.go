package symbol

import (
	"os"
	"path/filepath"
	"testing"

	"sonde/internal/oracle"
)

// TestMachineObjects compares 500 random function addresses of each of
// the machine's other real objects with llvm-symbolizer 14: pyenv's
// Python extension modules (-O3, full DWARF 5), cargo (Rust), the stripped
// gdb and libstdc++ (.dynsym only). Set SONDE_MACHINE=1 to run it (it
// depends on what is installed; on the reference machine 79 objects,
// 39,500 addresses, all equal).
func TestMachineObjects(t *testing.T) {
	if os.Getenv("SONDE_MACHINE") == "" {
		t.Skip("set SONDE_MACHINE=1 to compare the machine's objects with llvm-symbolizer")
	}
	objs, _ := filepath.Glob("/root/.pyenv/versions/3.11.7/lib/python3.11/lib-dynload/*.so")
	objs = append(objs, "/root/.cargo/bin/cargo", "/usr/bin/gdb", "/usr/lib/x86_64-linux-gnu/libstdc++.so.6")
	for _, p := range objs {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		t.Run(filepath.Base(p), func(t *testing.T) {
			syms, err := oracle.Nm(t, p, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(oracle.FuncRanges(syms)) == 0 {
				if syms, err = oracle.Nm(t, p, true); err != nil {
					t.Fatal(err)
				}
			}
			funcs := oracle.FuncRanges(syms)
			if len(funcs) == 0 {
				t.Skip("no function symbols")
			}
			addrs := oracle.RandomAddrs(funcs, 500, 9)
			want, err := oracle.LLVMSymbolizer(t, p, addrs, llvmOpts)
			if err != nil {
				t.Fatal(err)
			}
			obj, err := Open(p, nil)
			if err != nil {
				t.Fatal(err)
			}
			compareLLVM(t, obj, addrs, want)
		})
	}
}

package symbol

import (
	"debug/elf"
	"debug/gosym"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// TestGoFuncExtents compares GoFuncExtents with debug/gosym's table of
// the same .gopclntab (an independent decoder: the standard library's)
// for the functions that end Go stacks and main.main, on the Go fixture
// and on the toolchain's go command.
func TestGoFuncExtents(t *testing.T) {
	testprog.Require(t, "go")
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"runtime.goexit", "runtime.main", "runtime.mstart", "runtime.rt0_go", "main.main", "no.such.function"}
	for _, bin := range []string{
		testprog.Build(t, "goprog", testprog.Opts{Compiler: "go"}),
		filepath.Join(strings.TrimSpace(string(goroot)), "bin", "go"),
	} {
		ef, err := elf.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		pcln, err := ef.Section(".gopclntab").Data()
		if err != nil {
			t.Fatal(err)
		}
		text := ef.Section(".text").Addr
		ef.Close()
		tab, err := gosym.NewTable(nil, gosym.NewLineTable(pcln, text))
		if err != nil {
			t.Fatal(err)
		}
		got := GoFuncExtents(pcln, text, names)
		for _, name := range names {
			r, ok := got[name]
			fn := tab.LookupFunc(name)
			switch {
			case fn == nil && ok:
				t.Errorf("%s: %s: got %#x, debug/gosym has no such function", bin, name, r)
			case fn != nil && !ok:
				t.Errorf("%s: %s: not found, debug/gosym has [%#x, %#x)", bin, name, fn.Entry, fn.End)
			case fn != nil && (r[0] != fn.Entry || r[1] != fn.End):
				t.Errorf("%s: %s: got [%#x, %#x), debug/gosym [%#x, %#x)", bin, name, r[0], r[1], fn.Entry, fn.End)
			}
		}
		if _, ok := got["runtime.goexit"]; !ok {
			t.Errorf("%s: runtime.goexit not found", bin)
		}
	}
}

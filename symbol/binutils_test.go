package symbol

import (
	"fmt"
	"strings"
	"testing"

	"sonde/internal/oracle"
	"sonde/internal/testprog"
)

// TestFramesVsBinutils compares the C fixture's frames with binutils
// addr2line 2.40 (-f -i), which we do not follow where it differs from
// llvm-symbolizer. Two differences are deliberate and normalized here:
//
//   - binutils prints the line table's discriminator on every frame; Frame
//     carries it on frames[0] only (outer frames carry the call site's, as
//     llvm-symbolizer reports).
//   - binutils names the outermost frame from DWARF ("_Z7checkedi"), we
//     from the symbol table as llvm-symbolizer does ("_Z7checkedi.cold",
//     g++ -O2 classes.cc; inline.c has no such clones, so the count of
//     renamed frames logged here is 0).
//
// Everything else must be equal. On other builds binutils 2.40 is wrong
// where llvm-symbolizer and we agree, which is why we follow llvm: it
// finds no line rows in legacy .zdebug sections (gcc -gz=zlib-gnu), names
// files "<artificial>" under gcc -flto, gives classes.cc as the file of
// the inline operator new at g++ -O0 (it is <new>), and names the
// functions inlined into a lambda in g++ -O2 code "main".
func TestFramesVsBinutils(t *testing.T) {
	for _, fx := range cFixtures() {
		if fx.src != "inline.c" || strings.Contains(fx.name, "zlib-gnu") || strings.Contains(fx.name, "flto") {
			continue
		}
		t.Run(fx.name, func(t *testing.T) {
			bin := testprog.Build(t, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: fx.flags})
			addrs := funcAddrs(t, bin, 1)
			want, err := oracle.Addr2line(t, bin, addrs, oracle.Addr2lineOptions{Inlines: true})
			if err != nil {
				t.Fatal(err)
			}
			obj, err := Open(bin, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := obj.FramesBatch(addrs)
			if err != nil {
				t.Fatal(err)
			}
			bad, renamed := 0, 0
			for i, a := range addrs {
				var g []oracle.Frame
				for _, f := range got[i] {
					g = append(g, oracle.Frame{Func: f.Func, File: f.File, Line: f.Line, Discriminator: got[i][0].Discriminator})
				}
				w := want[i].Frames
				if n := len(g); n > 0 && n == len(w) && g[n-1].Func != w[n-1].Func && strings.HasPrefix(g[n-1].Func, w[n-1].Func+".") {
					g[n-1].Func = w[n-1].Func
					renamed++
				}
				if fmt.Sprint(g) != fmt.Sprint(w) {
					if bad++; bad <= 10 {
						t.Errorf("%#x: got\n\t%v\nwant (binutils addr2line)\n\t%v", a, g, w)
					}
				}
			}
			t.Logf("%d addresses compared, %d named after their gcc clone symbol", len(addrs), renamed)
		})
	}
}

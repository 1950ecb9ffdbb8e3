package symbol

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"testing"

	"sonde/internal/testprog"
)

// fuzzSeeds are small real ELF files with DWARF, built at test time: C and
// C++ with gcc and clang, DWARF 5 and 4, compressed sections, a shared
// library.
var fuzzSeeds = []fixture{
	{"gcc-O2", "inline.c", "gcc", []string{"-O2", "-g"}},
	{"clang-O0-dwarf4", "inline.c", "clang", []string{"-O0", "-gdwarf-4"}},
	{"gcc-O2-gz", "inline.c", "gcc", []string{"-O2", "-g", "-gz"}},
	{"clang-O2-shared", "inline.c", "clang", []string{"-O2", "-g", "-shared", "-fPIC"}},
	{"g++-O2", "classes.cc", "g++", []string{"-O2", "-g"}},
}

// FuzzOpenFrames opens arbitrary bytes as an object and symbolizes
// addresses in it: no input may panic, and Frames must answer the same
// twice (once through FramesBatch).
func FuzzOpenFrames(f *testing.F) {
	for _, fx := range fuzzSeeds {
		bin := testprog.Build(f, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: fx.flags})
		data, err := os.ReadFile(bin)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("\x7fELF"))
	f.Fuzz(func(t *testing.T, data []byte) {
		obj, err := openReader("fuzz", bytes.NewReader(data), &Options{DebugDirs: []string{}}, nil)
		if err != nil {
			return
		}
		defer obj.Close()
		addrs := []uint64{0, 1, 0x1000, 0x1139, 0x401136, ^uint64(0)}
		if obj.dw != nil {
			for _, r := range obj.dw.cuRanges {
				addrs = append(addrs, r.lo, r.lo+(r.hi-r.lo)/2, r.hi-1)
			}
		}
		if obj.syms != nil {
			for i, s := range obj.syms.syms {
				if i < 64 {
					addrs = append(addrs, s.addr, s.addr+s.size/2)
				}
			}
		}
		batch, err := obj.FramesBatch(addrs)
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range addrs {
			fs, err := obj.Frames(a)
			if err != nil {
				t.Fatal(err)
			}
			if len(fs) != len(batch[i]) {
				t.Fatalf("%#x: Frames gives %d frames, FramesBatch %d", a, len(fs), len(batch[i]))
			}
		}
		obj.Info()
		obj.FileOffsetToAddr(0x1000)
	})
}

// FuzzDWARF feeds arbitrary DWARF sections straight to the DIE walker,
// range lists and line program decoder (FuzzOpenFrames rarely gets past
// the ELF headers): no input may panic or loop.
func FuzzDWARF(f *testing.F) {
	for _, fx := range fuzzSeeds {
		bin := testprog.Build(f, fx.src, testprog.Opts{Compiler: fx.compiler, Flags: fx.flags})
		ef, err := elf.Open(bin)
		if err != nil {
			f.Fatal(err)
		}
		s, err := readDWARFSections(ef, nil, bin)
		ef.Close()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(s.info, s.abbrev, s.line, s.str, s.lineStr, s.strOff, s.addr, s.ranges, s.rngLists)
	}
	f.Fuzz(func(t *testing.T, info, abbrev, line, str, lineStr, strOff, addr, ranges, rngLists []byte) {
		s := &dwarfSections{info: info, abbrev: abbrev, line: line, str: str, lineStr: lineStr,
			strOff: strOff, addr: addr, ranges: ranges, rngLists: rngLists}
		di, err := newDWARF(s, "fuzz")
		if err != nil {
			return
		}
		for i := range di.units {
			cd, err := di.unit(i)
			if err != nil {
				continue
			}
			for _, sg := range cd.segs {
				cd.frames(sg.lo)
			}
			for _, sq := range cd.lines.seqs {
				cd.frames(sq.lo)
			}
		}
	})
}

// FuzzGoInline feeds arbitrary .gopclntab and go:func.* bytes to the
// inline-tree decoder, seeded with the Go fixture's (-ldflags=-w).
func FuzzGoInline(f *testing.F) {
	bin := testprog.Build(f, "goprog", testprog.Opts{Compiler: "go", Flags: []string{"-ldflags=-w"}})
	ef, err := elf.Open(bin)
	if err != nil {
		f.Fatal(err)
	}
	pcln, err := ef.Section(".gopclntab").Data()
	if err != nil {
		f.Fatal(err)
	}
	gofunc, rodata, roAddr := goFuncData(ef)
	text := ef.Section(".text").Addr
	ef.Close()
	if gofunc == 0 {
		f.Fatal("no go:func.* in the Go fixture")
	}
	f.Add(pcln, rodata[gofunc-roAddr:], text)
	f.Fuzz(func(t *testing.T, pcln, funcdata []byte, text uint64) {
		g, err := newGoInline(pcln, text, 0x100000, funcdata, 0x100000, "fuzz")
		if err != nil || g == nil {
			return
		}
		lineAt := func(pc uint64) (string, int) { return "", 0 }
		for i := 0; i < g.nfunc && i < 200; i++ {
			entry := text + uint64(binary.LittleEndian.Uint32(g.pclntab[i*8:]))
			for d := uint64(0); d < 64; d += 7 {
				g.frames(entry+d, lineAt)
				g.frames(entry+d, g.line)
			}
		}
	})
}

// FuzzGoFuncExtents feeds arbitrary .gopclntab bytes to GoFuncExtents,
// seeded with the Go fixture's.
func FuzzGoFuncExtents(f *testing.F) {
	bin := testprog.Build(f, "goprog", testprog.Opts{Compiler: "go"})
	ef, err := elf.Open(bin)
	if err != nil {
		f.Fatal(err)
	}
	pcln, err := ef.Section(".gopclntab").Data()
	if err != nil {
		f.Fatal(err)
	}
	text := ef.Section(".text").Addr
	ef.Close()
	f.Add(pcln, text)
	f.Fuzz(func(t *testing.T, pcln []byte, text uint64) {
		for name, r := range GoFuncExtents(pcln, text, []string{"runtime.goexit", "main.main"}) {
			if name != "runtime.goexit" && name != "main.main" {
				t.Fatalf("found %q, not asked for (%v)", name, r)
			}
		}
	})
}

package oracle

import (
	"os"
	"reflect"
	"testing"

	"sonde/internal/testprog"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}

// The inputs below are real outputs captured from binutils 2.40 addr2line,
// LLVM 14.0.6 llvm-symbolizer and nm on this machine (commands in each row).
func TestParseAddr2line(t *testing.T) {
	tests := []struct {
		name string
		out  string
		want []Answer
	}{{
		// addr2line -a -f -i -e inl2 0x107a 0x0 (inline.c, gcc -O2 -g)
		name: "inline chain and unknown",
		out: "0x000000000000107a\nsquare\n/src/inline.c:7\nsum_squares\n/src/inline.c:13\nmain\n/src/inline.c:33\n" +
			"0x0000000000000000\n??\n??:0\n",
		want: []Answer{
			{Addr: 0x107a, Frames: []Frame{{Func: "square", File: "/src/inline.c", Line: 7}, {Func: "sum_squares", File: "/src/inline.c", Line: 13}, {Func: "main", File: "/src/inline.c", Line: 33}}},
			{Addr: 0},
		},
	}, {
		// addr2line -a -f -i -e libpython3.11.so.1.0 0x13a367
		name: "discriminator",
		out:  "0x000000000013a367\nPyObject_TypeCheck\n/p/./Include/object.h:263 (discriminator 6)\nPyNumber_Check\n/p/Objects/abstract.c:837 (discriminator 6)\n",
		want: []Answer{{Addr: 0x13a367, Frames: []Frame{
			{Func: "PyObject_TypeCheck", File: "/p/./Include/object.h", Line: 263, Discriminator: 6},
			{Func: "PyNumber_Check", File: "/p/Objects/abstract.c", Line: 837, Discriminator: 6}}}},
	}, {
		// addr2line -a -f -e inl2.stripped-debug 0x1000
		name: "symbol without line",
		out:  "0x0000000000001000\n_init\n??:?\n",
		want: []Answer{{Addr: 0x1000, Frames: []Frame{{Func: "_init"}}}},
	}, {
		name: "empty",
		out:  "",
		want: nil,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseAddr2line([]byte(tt.out))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParseAddr2lineErrors(t *testing.T) {
	for name, out := range map[string]string{
		"no address":     "main\nx.c:1\n",
		"odd lines":      "0x0000000000001000\nmain\n",
		"bad line":       "0x0000000000001000\nmain\nx.c:zz\n",
		"no colon":       "0x0000000000001000\nmain\nx.c\n",
		"short address?": "0x10\nmain\nx.c:1\n",
	} {
		t.Run(name, func(t *testing.T) {
			if got, err := ParseAddr2line([]byte(out)); err == nil {
				t.Errorf("ParseAddr2line(%q) = %+v, want an error", out, got)
			}
		})
	}
}

func TestParseLLVMJSON(t *testing.T) {
	tests := []struct {
		name    string
		out     string
		want    []Answer
		wantErr bool
	}{{
		// echo 0x107a 0x0 | llvm-symbolizer --output-style=JSON --inlining --obj=inl2
		name: "stdin lines",
		out: `{"Address":"0x107a","ModuleName":"inl2","Symbol":[{"Column":37,"Discriminator":0,"FileName":"/src/inline.c","FunctionName":"square","Line":7,"StartAddress":"0x1078","StartFileName":"","StartLine":7},{"Column":8,"Discriminator":0,"FileName":"/src/inline.c","FunctionName":"sum_squares","Line":13,"StartAddress":"","StartFileName":"","StartLine":9}]}
{"Address":"0x0","ModuleName":"inl2","Symbol":[{"Column":0,"Discriminator":0,"FileName":"","FunctionName":"","Line":0,"StartAddress":"","StartFileName":"","StartLine":0}]}
`,
		want: []Answer{
			{Addr: 0x107a, Frames: []Frame{{Func: "square", File: "/src/inline.c", Line: 7, Column: 37}, {Func: "sum_squares", File: "/src/inline.c", Line: 13, Column: 8}}},
			{Addr: 0},
		},
	}, {
		// llvm-symbolizer --output-style=JSON --obj=inl2 0x1000 (addresses as arguments: one array)
		name: "argument array",
		out:  `[{"Address":"0x1000","ModuleName":"inl2","Symbol":[{"Column":0,"Discriminator":0,"FileName":"","FunctionName":"_init","Line":0,"StartAddress":"0x1000","StartFileName":"","StartLine":0}]}]`,
		want: []Answer{{Addr: 0x1000, Frames: []Frame{{Func: "_init"}}}},
	}, {
		// llvm-symbolizer --output-style=JSON --obj=/nonexist 0x10
		name:    "error record",
		out:     `[{"Address":"0x10","Error":{"Message":"No such file or directory"},"ModuleName":"/nonexist"}]`,
		wantErr: true,
	}, {
		name:    "not JSON",
		out:     "square\n",
		wantErr: true,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseLLVMJSON([]byte(tt.out))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if !tt.wantErr && !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParseNm(t *testing.T) {
	// nm -S --defined-only inl2 (excerpt)
	out := "0000000000001180 t __do_global_dtors_aux\n0000000000001210 0000000000000002 T dispatch_1\n" +
		"0000000000001060 0000000000000077 T main\n0000000000004010 0000000000000008 D indirect\n"
	got, err := ParseNm([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	want := []Symbol{
		{Name: "__do_global_dtors_aux", Addr: 0x1180, Type: 't'},
		{Name: "dispatch_1", Addr: 0x1210, Size: 2, Type: 'T'},
		{Name: "main", Addr: 0x1060, Size: 0x77, Type: 'T'},
		{Name: "indirect", Addr: 0x4010, Size: 8, Type: 'D'},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	funcs := FuncRanges(got)
	if len(funcs) != 2 || funcs[0].Name != "main" || funcs[1].Name != "dispatch_1" {
		t.Errorf("FuncRanges = %+v, want main and dispatch_1 (sized text symbols, by address)", funcs)
	}
	if n := len(AllAddrs(funcs)); n != 0x77+2 {
		t.Errorf("AllAddrs: %d addresses, want %d", n, 0x77+2)
	}
	addrs := RandomAddrs(funcs, 1000, 1)
	for _, a := range addrs {
		if !(a >= 0x1060 && a < 0x1060+0x77 || a >= 0x1210 && a < 0x1212) {
			t.Fatalf("RandomAddrs gave %#x, outside every function", a)
		}
	}
	if again := RandomAddrs(funcs, 1000, 1); !reflect.DeepEqual(addrs, again) {
		t.Error("RandomAddrs is not deterministic for a fixed seed")
	}
}

// TestOraclesAgree runs the tools on a fixture and checks the parsers
// against each other: binutils addr2line and llvm-symbolizer are independent
// implementations, and on inline.c built by gcc -O2 -g they give the same
// frames for every byte of every function (checked by hand with both tools
// before this test was written).
func TestOraclesAgree(t *testing.T) {
	bin := testprog.Build(t, "inline.c", testprog.Opts{Compiler: "gcc", Flags: []string{"-O2", "-g"}})
	syms, err := Nm(t, bin, false)
	if err != nil {
		t.Fatal(err)
	}
	addrs := AllAddrs(FuncRanges(syms))
	if len(addrs) < 100 {
		t.Fatalf("only %d function bytes in %s", len(addrs), bin)
	}
	ll, err := LLVMSymbolizer(t, bin, addrs, LLVMOptions{Inlining: true})
	if err != nil {
		t.Fatal(err)
	}
	bu, err := Addr2line(t, bin, addrs, Addr2lineOptions{Inlines: true})
	if err != nil {
		t.Fatal(err)
	}
	inlined := 0
	for i := range addrs {
		if ll[i].Addr != addrs[i] || bu[i].Addr != addrs[i] {
			t.Fatalf("answer %d is for %#x/%#x, want %#x", i, ll[i].Addr, bu[i].Addr, addrs[i])
		}
		if len(ll[i].Frames) > 1 {
			inlined++
		}
		if len(ll[i].Frames) != len(bu[i].Frames) {
			t.Errorf("%#x: llvm-symbolizer %d frames, addr2line %d", addrs[i], len(ll[i].Frames), len(bu[i].Frames))
			continue
		}
		for k, f := range ll[i].Frames {
			g := bu[i].Frames[k]
			if f.Func != g.Func || f.File != g.File || f.Line != g.Line {
				t.Errorf("%#x frame %d: llvm-symbolizer %+v, addr2line %+v", addrs[i], k, f, g)
			}
		}
	}
	if inlined == 0 {
		t.Error("no address with inline frames: the fixture was not inlined at -O2")
	}
	t.Logf("%d addresses agree, %d with inline frames", len(addrs), inlined)
}

func TestGoAddr2line(t *testing.T) {
	bin := testprog.Build(t, "goprog", testprog.Opts{Compiler: "go", Flags: []string{"-ldflags=-w"}})
	syms, err := Nm(t, bin, false)
	if err != nil {
		t.Fatal(err)
	}
	var work *Symbol
	for i, s := range syms {
		if s.Name == "main.work" {
			work = &syms[i]
		}
	}
	if work == nil {
		t.Fatal("nm lists no main.work")
	}
	ans, err := GoAddr2line(t, bin, []uint64{work.Addr, 0})
	if err != nil {
		t.Fatal(err)
	}
	if len(ans[0].Frames) != 1 || ans[0].Frames[0].Func != "main.work" || ans[0].Frames[0].Line == 0 {
		t.Errorf("go tool addr2line at main.work = %+v, want main.work with a line", ans[0])
	}
	if ans[1].Frames != nil {
		t.Errorf("go tool addr2line at 0 = %+v, want unknown", ans[1])
	}
}

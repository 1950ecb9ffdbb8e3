package oracle

import "testing"

// The parsers read tool output, which a broken or different tool version can
// make arbitrary: they must return an error, never panic.

func FuzzParseAddr2line(f *testing.F) {
	f.Add([]byte("0x000000000000107a\nsquare\n/src/inline.c:7\nmain\n/src/inline.c:33\n0x0000000000000000\n??\n??:0\n"))
	f.Add([]byte("0x000000000013a367\nPyObject_TypeCheck\n/p/object.h:263 (discriminator 6)\n"))
	f.Add([]byte("0x0000000000001000\n_init\n??:?\n"))
	f.Fuzz(func(t *testing.T, out []byte) {
		ParseAddr2line(out)
	})
}

func FuzzParseLLVMJSON(f *testing.F) {
	f.Add([]byte(`{"Address":"0x107a","ModuleName":"inl2","Symbol":[{"Column":37,"Discriminator":0,"FileName":"/src/inline.c","FunctionName":"square","Line":7}]}`))
	f.Add([]byte(`[{"Address":"0x10","Error":{"Message":"No such file or directory"},"ModuleName":"/nonexist"}]`))
	f.Fuzz(func(t *testing.T, out []byte) {
		ParseLLVMJSON(out)
	})
}

func FuzzParseNm(f *testing.F) {
	f.Add([]byte("0000000000001180 t __do_global_dtors_aux\n0000000000001060 0000000000000077 T main\n"))
	f.Fuzz(func(t *testing.T, out []byte) {
		ParseNm(out)
	})
}

package listing

import (
	"reflect"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	blocks := []Block{
		{Func: "main", Instr: []Instr{{File: "/src/a.c", Line: 3, Text: "pushq\t%rbp"}, {File: "/src/a.c", Line: 4, Text: "rep stosq"}}},
		{Func: "_ZN1A1fEv", Instr: []Instr{{File: "", Line: 0, Text: "ret"}}},
	}
	dir := t.TempDir()
	if err := Write(dir, 0xabc, blocks); err != nil {
		t.Fatal(err)
	}
	got, err := Read(dir, 0xabc)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, blocks) {
		t.Errorf("read %+v, wrote %+v", got, blocks)
	}
	if _, err := Read(dir, 0xdef); err == nil {
		t.Errorf("reading a listing that is not there succeeded")
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tt := range []struct{ name, data, want string }{
		{"empty", "", "empty"},
		{"header", "hello\n", "line 1: not a sonde listing"},
		{"sequence", "sonde listing 1\nblock 1 f\n", "line 2: block \"1\" out of sequence"},
		{"orphan", "sonde listing 1\n3\ta.c\tret\n", "line 2: malformed"},
		{"line", "sonde listing 1\nblock 0 f\nx\ta.c\tret\n", "line 3: bad source line"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("x.sL", []byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "x.sL") {
				t.Errorf("err = %v, want one naming x.sL and %q", err, tt.want)
			}
		})
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(Encode([]Block{{Func: "main", Instr: []Instr{{File: "/a.c", Line: 3, Text: "ret"}}}}))
	f.Add([]byte("sonde listing 1\nblock 0 f\n1\tb\tc\td\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		blocks, err := Decode("fuzz", data)
		if err != nil {
			return
		}
		again, err := Decode("again", Encode(blocks))
		if err != nil || len(again) != len(blocks) {
			t.Fatalf("re-decoding what Encode made: %v (%d blocks of %d)", err, len(again), len(blocks))
		}
	})
}

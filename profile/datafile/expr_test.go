package datafile

import (
	"bytes"
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"sonde/profile"
)

// exprRun is recordRun with two expressions: samples carry values of
// either, both or neither, in every status, with and without numbers.
func exprRun(id uint64) fixtureRun {
	r := recordRun(id)
	r.exprs = []profile.ExprDef{
		{Spec: "worker@worker@n", Prog: "worker", Func: "worker", Expr: "n"},
		{Spec: "w*@handle@req->size", Prog: "w*", Func: "handle", Expr: "req->size"},
	}
	for i := range r.samples {
		var ev []profile.ExprValue
		switch i % 5 {
		case 0:
			ev = []profile.ExprValue{{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: float64(10000000 - i), Text: "9999"}}
		case 1:
			ev = []profile.ExprValue{
				{Expr: 1, Status: profile.ExprOK, HasNum: true, Num: -2.5, Text: "-2.5"},
				{Expr: 0, Status: profile.ExprOptimizedOut, Text: "<optimized out>"},
			}
		case 2:
			ev = []profile.ExprValue{{Expr: 1, Status: profile.ExprUnavailable, Text: "cannot read memory at 0x10"}}
		case 3:
			ev = []profile.ExprValue{{Expr: 0, Status: profile.ExprOK, Text: "RED"}}
		}
		r.samples[i].Exprs = ev
	}
	return r
}

// frames returns the kinds of the frames of a data file, in order.
func frameKinds(t *testing.T, data []byte) []Kind {
	t.Helper()
	var kinds []Kind
	for off := 0; off < len(data); {
		if string(data[off:off+4]) != Magic {
			t.Fatalf("no frame at offset %d", off)
		}
		kinds = append(kinds, Kind(data[off+5]))
		off += HeaderSize + int(binary.LittleEndian.Uint32(data[off+16:]))
	}
	return kinds
}

// withoutKinds returns data without its frames of the given kinds: what a
// reader that predates them sees.
func withoutKinds(data []byte, drop ...Kind) []byte {
	var out []byte
	for off := 0; off < len(data); {
		end := off + HeaderSize + int(binary.LittleEndian.Uint32(data[off+16:]))
		k := Kind(data[off+5])
		keep := true
		for _, d := range drop {
			keep = keep && k != d
		}
		if keep {
			out = append(out, data[off:end]...)
		}
		off = end
	}
	return out
}

// TestExprFrames: an ExprValues frame follows its Samples frame directly;
// without the new kinds the file reads as a plain record file (what older
// readers see), and a plain record file has no ExprValues frame at all.
func TestExprFrames(t *testing.T) {
	data, err := os.ReadFile(writeFile(t, exprRun(0x4444)))
	if err != nil {
		t.Fatal(err)
	}
	kinds := frameKinds(t, data)
	nvals := 0
	for i, k := range kinds {
		if k == KindExprValues {
			nvals++
			if i == 0 || kinds[i-1] != KindSamples {
				t.Errorf("ExprValues frame %d does not follow a Samples frame: %v", i, kinds)
			}
		}
	}
	if nvals == 0 {
		t.Fatalf("no ExprValues frame: %v", kinds)
	}
	old, warns, err := Decode("old.data", withoutKinds(data, KindExprDef, KindExprValues))
	if err != nil || len(warns) > 0 {
		t.Fatalf("Decode without the new kinds: %v %v", err, warns)
	}
	plain := exprRun(0x4444)
	plain.exprs = nil
	for i := range plain.samples {
		plain.samples[i].Exprs = nil
	}
	equal(t, old, want(plain))

	data, err = os.ReadFile(writeFile(t, recordRun(0x1111)))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range frameKinds(t, data) {
		if k == KindExprDef || k == KindExprValues {
			t.Errorf("plain record file has a %s frame", k)
		}
	}
}

// TestExprValuesOrphan: when a Samples frame is lost to damage, its
// ExprValues frame is skipped with a warning and never attached to other
// samples.
func TestExprValuesOrphan(t *testing.T) {
	data, err := os.ReadFile(writeFile(t, exprRun(0x4444)))
	if err != nil {
		t.Fatal(err)
	}
	// Damage the payload of the Samples frame.
	off := 0
	for off < len(data) && Kind(data[off+5]) != KindSamples {
		off += HeaderSize + int(binary.LittleEndian.Uint32(data[off+16:]))
	}
	data[off+HeaderSize+3] ^= 0xff
	p, warns, err := Decode("damaged.data", data)
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, w := range warns {
		msgs = append(msgs, w.Msg)
	}
	all := strings.Join(msgs, "\n")
	if !strings.Contains(all, "corrupt frame") || !strings.Contains(all, "ExprValues frame at offset") {
		t.Errorf("warnings do not name the damaged Samples frame and the orphan ExprValues frame:\n%s", all)
	}
	for i, s := range p.Samples {
		if len(s.Exprs) > 0 {
			t.Errorf("sample %d has values though its Samples frame was lost", i)
		}
	}
	if len(p.Exprs) != 2 {
		t.Errorf("%d expressions, want the 2 ExprDef frames", len(p.Exprs))
	}
}

// TestExprValuesMalformed: an ExprValues frame with a correct CRC but bad
// content (unknown status, undefined expression, a repeated expression) is
// skipped with a warning.
func TestExprValuesMalformed(t *testing.T) {
	for _, tt := range []struct {
		name string
		vals []profile.ExprValue
		want string
	}{
		{"undefined expression", []profile.ExprValue{{Expr: 7, Status: profile.ExprOK}}, "no ExprDef frame"},
		{"repeated expression", []profile.ExprValue{{Expr: 0, Status: profile.ExprOK}, {Expr: 0, Status: profile.ExprUnavailable}}, "two values"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := exprRun(0x4444)
			r.samples = r.samples[:1]
			r.samples[0].Exprs = tt.vals
			var b bytes.Buffer
			w := NewWriter(&b)
			r.write(t, w)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			p, warns, err := Decode("bad.data", b.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if len(warns) != 1 || !strings.Contains(warns[0].Msg, tt.want) {
				t.Errorf("warnings %v, want one about %q", warns, tt.want)
			}
			if len(p.Samples) != 1 || len(p.Samples[0].Exprs) != 0 {
				t.Errorf("samples %+v, want one without values", p.Samples)
			}
		})
	}
}

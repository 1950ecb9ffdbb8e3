package runtime

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sonde/instrument/asm"
)

func words(ws ...uint32) []byte {
	var b []byte
	for _, w := range ws {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}

func counts(cs ...uint64) []byte {
	var b []byte
	for _, c := range cs {
		b = binary.LittleEndian.AppendUint64(b, c)
	}
	return b
}

// TestDerive checks the reading of the derivation table (format in
// asm.DescriptorSection) on tables written out by hand.
func TestDerive(t *testing.T) {
	const neg = 1 << 31
	tests := []struct {
		name    string
		cs      []byte
		table   []byte
		nder    uint64
		want    []uint64
		wantErr string
	}{
		// c2 = c0 - c1 = 5 - 3; c3 = c1 = 3; c4 = c1 - c0 < 0, read as 0.
		{"sums", counts(5, 3), words(2, 0, 1|neg, 1, 1, 2, 1, 0|neg), 3, []uint64{5, 3, 2, 3, 0}, ""},
		{"no derived", counts(7), nil, 0, []uint64{7}, ""},
		{"table too short", counts(5), words(1, 0), 2, nil, "ends at derived counter 1"},
		{"too many terms", counts(5), words(3, 0), 1, nil, "has 3 terms"},
		{"counter out of range", counts(5), words(1, 1), 1, nil, "names counter 1 of 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := derive(tt.cs, tt.table, uint64(len(tt.cs)/8), tt.nder)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("got %v, want %v", got, tt.want)
				}
			}
		})
	}
}

// FuzzDerive feeds derive the derivation tables the instrumenter writes
// for real gcc and clang assembly (instrument/asm/testdata) and mutations
// of them, as a process being read by sonde report -p could hold anything:
// it must return counts or an error, never panic.
func FuzzDerive(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "asm", "testdata", "*.s"))
	for _, s := range seeds {
		src, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		res, err := asm.Instrument(src, nil)
		if err != nil {
			f.Fatal(err)
		}
		var table []uint32
		for _, d := range res.Derived {
			table = append(table, uint32(len(d)))
			for _, tm := range d {
				w := uint32(tm.Counter)
				if tm.Neg {
					w |= 1 << 31
				}
				table = append(table, w)
			}
		}
		cs := make([]byte, 8*res.Counters)
		for i := range res.Counters {
			binary.LittleEndian.PutUint64(cs[8*i:], uint64(1000+i))
		}
		f.Add(cs, words(table...), uint16(len(res.Derived)))
	}
	f.Fuzz(func(t *testing.T, cs, table []byte, nder uint16) {
		nctr := uint64(len(cs) / 8)
		got, err := derive(cs[:8*nctr], table, nctr, uint64(nder))
		if err == nil && uint64(len(got)) != nctr+uint64(nder) {
			t.Fatalf("%d values for %d counters", len(got), nctr+uint64(nder))
		}
	})
}

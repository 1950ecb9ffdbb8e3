package datafile

import (
	"encoding/binary"
	"errors"
	"os"
	"strings"
	"testing"
)

// FuzzReader feeds the reader real files written by the Writer (sampling,
// counting and mixed runs, cut and damaged) and mutations of them. The
// reader must never panic, must return a valid profile or an error, and
// every error and warning must name the file. Each input is decoded twice:
// as it is, and with the CRC of every frame recomputed, so that mutations
// inside payloads reach the frame decoders instead of stopping at the CRC.
func FuzzReader(f *testing.F) {
	for _, runs := range [][]fixtureRun{
		{recordRun(0x1111)},
		{countRun(0x2222)},
		{recordRun(0x1111), countRun(0x2222)},
		{exprRun(0x4444)},
		{exprRun(0x4444), recordRun(0x1111)},
	} {
		data, err := os.ReadFile(writeFile(f, runs...))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)-7])
		damaged := append([]byte(nil), data...)
		damaged[len(damaged)/2] ^= 0x10
		f.Add(damaged)
	}
	if data, err := os.ReadFile(writeObjectFile(f, 0x6666)); err == nil {
		f.Add(data) // Object frames
	}
	if data, err := os.ReadFile(writeListingFile(f, 0x8888, testListing)); err == nil {
		f.Add(data) // Listing frames
	}
	if data, err := os.ReadFile(writeListingFile(f, 0x9998, flowListing)); err == nil {
		f.Add(data) // a Listing frame with the blocks' flow
	}
	if data, err := os.ReadFile(writeJITFile(f, 0x9997)); err == nil {
		f.Add(data) // JIT frames (jit_test.go)
	}
	if data, err := os.ReadFile(writeInterpFile(f, 0x9999, testInterp)); err == nil {
		f.Add(data) // Interp frames
	}
	totals, _, _ := totalsFile(f)
	f.Add(totals)
	f.Add([]byte(Magic))
	f.Add([]byte("not a data file"))
	const name = "fuzz.data"
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecode(t, name, data)
		checkDecode(t, name, fixCRCs(data))
	})
}

// fixCRCs returns a copy of data in which every frame that the headers'
// lengths lead to carries a correct CRC.
func fixCRCs(data []byte) []byte {
	data = append([]byte(nil), data...)
	for off := 0; off+HeaderSize <= len(data); {
		if string(data[off:off+4]) != Magic {
			off++
			continue
		}
		end := off + HeaderSize + int(binary.LittleEndian.Uint32(data[off+16:]))
		if end > len(data) || end < off {
			break
		}
		binary.LittleEndian.PutUint32(data[off+20:], frameCRC(data[off:end]))
		off = end
	}
	return data
}

func checkDecode(t *testing.T, name string, data []byte) {
	t.Helper()
	p, warns, err := Decode(name, data)
	for _, w := range warns {
		if w.File != name || !strings.HasPrefix(w.String(), name+": ") {
			t.Errorf("warning %q does not name the file", w.String())
		}
	}
	if err != nil {
		var de *DecodeError
		if !errors.As(err, &de) || de.File != name || !strings.HasPrefix(err.Error(), name+": ") {
			t.Fatalf("error %q is not a DecodeError naming the file", err)
		}
		return
	}
	if err := p.CheckValid(); err != nil {
		t.Fatalf("invalid profile: %v", err)
	}
}

package datafile

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// frameOffsets returns the start offset of every frame of an undamaged file.
func frameOffsets(t *testing.T, data []byte) []int {
	t.Helper()
	var offs []int
	for off := 0; off < len(data); {
		if string(data[off:off+4]) != Magic {
			t.Fatalf("no magic at offset %d", off)
		}
		offs = append(offs, off)
		off += HeaderSize + int(binary.LittleEndian.Uint32(data[off+16:]))
	}
	return offs
}

// TestCorruptMiddleFrame damages one frame in the middle of a file in
// several ways. The reader must skip exactly that frame, say how many bytes
// it skipped, and read the rest: the oracle is the same file with the frame
// cut out.
func TestCorruptMiddleFrame(t *testing.T) {
	full, err := os.ReadFile(writeFile(t, recordRun(0x1111), countRun(0x2222)))
	if err != nil {
		t.Fatal(err)
	}
	offs := frameOffsets(t, full)
	if len(offs) < 6 {
		t.Fatalf("only %d frames", len(offs))
	}
	victim := 3 // a Mapping frame of the first run
	start, end := offs[victim], offs[victim+1]
	without := append(append([]byte(nil), full[:start]...), full[end:]...)
	wantP, warns, err := Decode("sonde.data", without)
	if err != nil || len(warns) > 0 {
		t.Fatalf("oracle: %v %v", err, warns)
	}
	wantS := wantP.String()

	tests := []struct {
		name   string
		damage func(b []byte) []byte
		msg    string // the warning, with %d for the victim's offset
	}{
		{"payload byte flipped", func(b []byte) []byte { b[start+HeaderSize+2] ^= 0x40; return b },
			"corrupt frame at offset %d (CRC mismatch): skipped " + strconv.Itoa(end-start) + " bytes to the frame at offset " + strconv.Itoa(end)},
		{"magic flipped", func(b []byte) []byte { b[start+1] = 'X'; return b },
			"corrupt frame at offset %d (bad magic): skipped " + strconv.Itoa(end-start) + " bytes"},
		{"CRC flipped", func(b []byte) []byte { b[start+21] ^= 1; return b },
			"corrupt frame at offset %d (CRC mismatch): skipped " + strconv.Itoa(end-start) + " bytes"},
		{"length too long", func(b []byte) []byte { b[start+17] = 0xff; return b },
			"corrupt frame at offset %d: length runs past a later frame; skipped " + strconv.Itoa(end-start) + " bytes"},
		{"length huge", func(b []byte) []byte { b[start+19] = 0xff; return b },
			"corrupt frame at offset %d (payload length"},
		{"length shorter", func(b []byte) []byte { b[start+16]--; return b },
			"corrupt frame at offset %d (CRC mismatch): skipped " + strconv.Itoa(end-start) + " bytes"},
		{"zeroed by a crash", func(b []byte) []byte { clear(b[start:end]); return b },
			"corrupt frame at offset %d (bad magic): skipped " + strconv.Itoa(end-start) + " bytes"},
		{"half written, then another frame", func(b []byte) []byte {
			return append(append(b[:start:start], full[start:start+(end-start)/2]...), full[end:]...)
		}, "corrupt frame at offset %d (CRC mismatch): skipped " + strconv.Itoa((end-start)/2) + " bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.damage(append([]byte(nil), full...))
			got, warns, err := Decode("sonde.data", data)
			if err != nil {
				t.Fatal(err)
			}
			if g := got.String(); g != wantS {
				t.Errorf("profile differs from the file without the frame:\n%s", diff(wantS, g))
			}
			msg := "sonde.data: " + strings.Replace(tt.msg, "%d", strconv.Itoa(start), 1)
			if len(warns) != 1 || !strings.HasPrefix(warns[0].String(), msg) || warns[0].Off != int64(start) {
				t.Errorf("warnings %v, want one starting %q", warns, msg)
			}
		})
	}
}

func TestGarbageBetweenFrames(t *testing.T) {
	full, err := os.ReadFile(writeFile(t, countRun(0x2222)))
	if err != nil {
		t.Fatal(err)
	}
	offs := frameOffsets(t, full)
	at := offs[2]
	garbage := []byte("\x89SN not a frame \x89SND\x01")
	data := append(append(append([]byte(nil), full[:at]...), garbage...), full[at:]...)
	want, _, err := Decode("sonde.data", full)
	if err != nil {
		t.Fatal(err)
	}
	got, warns, err := Decode("sonde.data", data)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := got.String(), want.String(); g != w {
		t.Errorf("profile differs:\n%s", diff(w, g))
	}
	msg := "sonde.data: corrupt frame at offset " + strconv.Itoa(at) + " (bad magic): skipped " + strconv.Itoa(len(garbage)) + " bytes"
	if len(warns) != 1 || !strings.HasPrefix(warns[0].String(), msg) {
		t.Errorf("warnings %v, want %q", warns, msg)
	}
}

func TestNotADataFile(t *testing.T) {
	tests := []struct {
		name string
		data []byte
	}{
		{"text", []byte("hello, world\n")},
		{"ELF", []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00")},
		{"one byte", []byte("x")},
		{"pprof gzip", []byte{0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.data")
			if err := os.WriteFile(path, tt.data, 0o666); err != nil {
				t.Fatal(err)
			}
			_, _, err := ReadFile(path)
			if err == nil || err.Error() != path+": not a sonde data file" {
				t.Fatalf("err = %v, want %q", err, path+": not a sonde data file")
			}
			var de *DecodeError
			if !errors.As(err, &de) || !errors.Is(err, ErrNotDataFile) || de.File != path {
				t.Errorf("err %#v is not a DecodeError wrapping ErrNotDataFile", err)
			}
		})
	}
}

// TestEmptyAndStarting: an empty file, or one whose first frame is still
// being written, is a data file with nothing in it yet.
func TestEmptyAndStarting(t *testing.T) {
	for _, tt := range []struct {
		name  string
		data  []byte
		warns int
	}{
		{"empty", nil, 0},
		{"magic only", []byte(Magic), 1},
		{"half a header", []byte(Magic + "\x01\x01\x00\x00\x11\x11"), 1},
		{"two magic bytes", []byte(Magic[:2]), 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, warns, err := Decode("sonde.data", tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if len(warns) != tt.warns || len(p.Runs) != 0 {
				t.Errorf("warnings %v, runs %d", warns, len(p.Runs))
			}
		})
	}
}

// TestUnknownKindAndVersion: frames of a later version of the format are
// skipped with one warning per kind, and the rest is read.
func TestUnknownKindAndVersion(t *testing.T) {
	full, err := os.ReadFile(writeFile(t, countRun(0x2222)))
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := Decode("sonde.data", full)
	if err != nil {
		t.Fatal(err)
	}
	future := func(version byte, kind Kind, payload string) []byte {
		f := append(make([]byte, HeaderSize), payload...)
		putHeader(f, kind, 0x2222)
		f[4] = version
		binary.LittleEndian.PutUint32(f[20:], frameCRC(f))
		return f
	}
	at := frameOffsets(t, full)[1]
	data := append([]byte(nil), full[:at]...)
	data = append(data, future(1, 42, "new things")...)
	data = append(data, future(1, 42, "more")...)
	data = append(data, future(2, KindSamples, "v2 layout")...)
	data = append(data, full[at:]...)
	got, warns, err := Decode("sonde.data", data)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := got.String(), want.String(); g != w {
		t.Errorf("profile differs:\n%s", diff(w, g))
	}
	var msgs []string
	for _, w := range warns {
		msgs = append(msgs, w.Msg)
	}
	joined := strings.Join(msgs, "\n")
	if len(warns) != 2 || !strings.Contains(joined, "2 frames of unknown kind 42 skipped") ||
		!strings.Contains(joined, "1 frames of unknown version 2 skipped") {
		t.Errorf("warnings:\n%s", joined)
	}
}

// TestSamplesOfCountingRun: a Samples frame of a run without sample types
// (here, with zero values per sample, which matches that run) is skipped
// with a warning, not merged into the other run's columns.
func TestSamplesOfCountingRun(t *testing.T) {
	full, err := os.ReadFile(writeFile(t, recordRun(0x1111), countRun(0x2222)))
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := Decode("sonde.data", full)
	if err != nil {
		t.Fatal(err)
	}
	// nvalues 0, 1 sample: time 0, pid 0, tid 0, depth 0, shared 0.
	frame := append(make([]byte, HeaderSize), 0, 1, 0, 0, 0, 0, 0)
	putHeader(frame, KindSamples, 0x2222)
	data := append(append([]byte(nil), full...), frame...)
	got, warns, err := Decode("sonde.data", data)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := got.String(), want.String(); g != w {
		t.Errorf("profile differs:\n%s", diff(w, g))
	}
	msg := "sonde.data: Samples frame at offset " + strconv.Itoa(len(full)) + ": run 0000000000002222 has no sample types; frame skipped"
	if len(warns) != 1 || warns[0].String() != msg {
		t.Errorf("warnings %v, want %q", warns, msg)
	}
}

// TestLostRunFrame: when a run's Run frame is damaged, the run's other
// frames cannot be interpreted (their columns are unknown); they are
// skipped with one warning, and other runs are read whole.
func TestLostRunFrame(t *testing.T) {
	full, err := os.ReadFile(writeFile(t, recordRun(0x1111), countRun(0x2222)))
	if err != nil {
		t.Fatal(err)
	}
	data := append([]byte(nil), full...)
	data[HeaderSize+1] ^= 0xff // the first run's Run frame
	// The oracle: the second run's frames (written after the first run's)
	// read alone.
	want, _, err := Decode("sonde.data", full[countFrames(t, full)[0]:])
	if err != nil {
		t.Fatal(err)
	}
	got, warns, err := Decode("sonde.data", data)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := got.String(), want.String(); g != w {
		t.Errorf("profile differs from the second run alone:\n%s", diff(w, g))
	}
	if len(warns) != 2 || !strings.Contains(warns[0].Msg, "corrupt frame at offset 0 (CRC mismatch)") ||
		!strings.Contains(warns[1].Msg, "frames of runs without a Run frame skipped (first at offset") {
		t.Errorf("warnings %v", warns)
	}
}

// countFrames returns the offsets of the frames of run 0x2222.
func countFrames(t *testing.T, data []byte) []int {
	var offs []int
	for _, off := range frameOffsets(t, data) {
		if binary.LittleEndian.Uint64(data[off+8:]) == 0x2222 {
			offs = append(offs, off)
		}
	}
	return offs
}

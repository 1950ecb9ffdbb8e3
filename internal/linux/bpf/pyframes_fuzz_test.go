package bpf

import (
	"encoding/binary"
	"testing"
)

// frameRecordBytes encodes r as the program writes it.
func frameRecordBytes(r FrameRecord) []byte {
	b := make([]byte, recHeader+len(r.Frames)*recFrame)
	binary.LittleEndian.PutUint32(b, r.TID)
	binary.LittleEndian.PutUint32(b[4:], r.TGID)
	binary.LittleEndian.PutUint64(b[8:], r.Time)
	binary.LittleEndian.PutUint64(b[16:], r.IP)
	binary.LittleEndian.PutUint64(b[24:], r.SP)
	binary.LittleEndian.PutUint32(b[32:], uint32(len(r.Frames)))
	binary.LittleEndian.PutUint32(b[36:], uint32(r.Status))
	binary.LittleEndian.PutUint64(b[40:], r.Tstate)
	binary.LittleEndian.PutUint64(b[48:], r.Next)
	for i, f := range r.Frames {
		x := b[recHeader+i*recFrame:]
		binary.LittleEndian.PutUint64(x, f.Code)
		binary.LittleEndian.PutUint64(x[8:], f.Instr)
		x[16], x[17] = f.Entry, f.Owner
	}
	return b
}

func FuzzParseFrameRecord(f *testing.F) {
	rec := FrameRecord{TID: 7, TGID: 7, Time: 1e9, IP: 0x401000, SP: 0x7ffc0000, Tstate: 0x5000,
		Frames: []RawFrame{{Code: 0x1000, Instr: 0x1100, Owner: 0}, {Code: 0x2000, Instr: 0x2200, Entry: 1}}}
	good := frameRecordBytes(rec)
	f.Add(good)
	f.Add(good[:recHeader])
	f.Add(good[:len(good)-1])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		var r FrameRecord
		if err := ParseFrameRecord(b, &r); err != nil {
			return
		}
		if len(r.Frames) > MaxFrames || recHeader+len(r.Frames)*recFrame > len(b) {
			t.Fatalf("%d frames from %d bytes", len(r.Frames), len(b))
		}
		var again FrameRecord
		if err := ParseFrameRecord(frameRecordBytes(r), &again); err != nil || again.Time != r.Time || len(again.Frames) != len(r.Frames) {
			t.Fatalf("record %+v does not encode and decode back: %+v, %v", r, again, err)
		}
		for i := range r.Frames {
			if again.Frames[i] != r.Frames[i] {
				t.Fatalf("frame %d: %+v, then %+v", i, r.Frames[i], again.Frames[i])
			}
		}
	})
}

func TestParseFrameRecord(t *testing.T) {
	want := FrameRecord{TID: 7, TGID: 6, Time: 3, IP: 4, SP: 5, Status: StatusTruncated, Tstate: 8, Next: 9,
		Frames: []RawFrame{{Code: 1, Instr: 2, Entry: 1, Owner: 2}}}
	var got FrameRecord
	if err := ParseFrameRecord(frameRecordBytes(want), &got); err != nil {
		t.Fatal(err)
	}
	if got.TID != want.TID || got.TGID != want.TGID || got.Time != want.Time || got.IP != want.IP || got.SP != want.SP ||
		got.Status != want.Status || got.Tstate != want.Tstate || got.Next != want.Next || len(got.Frames) != 1 || got.Frames[0] != want.Frames[0] {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	b := frameRecordBytes(want)
	binary.LittleEndian.PutUint32(b[32:], MaxFrames+1)
	if err := ParseFrameRecord(b, &got); err == nil {
		t.Errorf("%d frames: no error", MaxFrames+1)
	}
}

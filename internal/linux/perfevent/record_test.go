package perfevent

import (
	"encoding/binary"
	"errors"
	"testing"
)

// rec builds a raw record: header, body words, and the sample_id trailer
// (pid, tid, time, cpu) that sample_id_all appends to non-sample records.
func rec(typ RecordType, misc uint16, body []byte, trailer bool) []byte {
	b := make([]byte, 8, 64)
	b = append(b, body...)
	if trailer {
		b = binary.LittleEndian.AppendUint32(b, 10)
		b = binary.LittleEndian.AppendUint32(b, 11)
		b = binary.LittleEndian.AppendUint64(b, 12345)
		b = binary.LittleEndian.AppendUint64(b, 1)
	}
	binary.LittleEndian.PutUint32(b, uint32(typ))
	binary.LittleEndian.PutUint16(b[4:], misc)
	binary.LittleEndian.PutUint16(b[6:], uint16(len(b)))
	return b
}

func u64s(v ...uint64) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, x)
	}
	return b
}

func u32pair(a, b uint32) uint64 { return uint64(a) | uint64(b)<<32 }

// The layouts follow include/uapi/linux/perf_event.h (enum
// perf_event_type) of Linux 6.x.
func TestDecode(t *testing.T) {
	cfg := &Config{Period: 1000, Callchain: true}
	mmapBody := u64s(u32pair(10, 11), 0x7f0000001000, 0x2000, 0x1000)
	id := append([]byte{20, 0, 0, 0}, make([]byte, 20)...)
	id[4], id[23] = 0xab, 0xcd
	mmapBody = append(mmapBody, id...)
	mmapBody = append(mmapBody, u64s(u32pair(5, 2))...)
	mmapBody = append(mmapBody, []byte("/lib/x.so\x00\x00\x00\x00\x00\x00\x00")...)
	tests := []struct {
		name  string
		raw   []byte
		check func(t *testing.T, r *Record)
		err   bool
	}{
		{
			name: "sample with call chain",
			raw:  rec(RecordSample, 2, u64s(0x401000, u32pair(10, 11), 999, u32pair(1, 0), 1000, 3, ContextUser, 0x401000, 0x401234), false),
			check: func(t *testing.T, r *Record) {
				if r.IP != 0x401000 || r.PID != 10 || r.TID != 11 || r.Time != 999 || r.CPU != 1 || r.Period != 1000 ||
					len(r.Callchain) != 3 || r.Callchain[2] != 0x401234 || !IsContext(r.Callchain[0]) {
					t.Errorf("got %+v", r)
				}
			},
		},
		{
			name: "mmap2 with build-id",
			raw:  rec(RecordMmap2, MiscMmapBuildID, mmapBody, true),
			check: func(t *testing.T, r *Record) {
				if r.Addr != 0x7f0000001000 || r.Len != 0x2000 || r.Pgoff != 0x1000 || r.Prot != 5 || r.Filename != "/lib/x.so" ||
					len(r.BuildID) != 20 || r.BuildID[0] != 0xab || r.BuildID[19] != 0xcd || r.Time != 12345 {
					t.Errorf("got %+v", r)
				}
			},
		},
		{
			name: "comm exec",
			raw:  rec(RecordComm, MiscCommExec, append(u64s(u32pair(10, 10)), []byte("burn\x00\x00\x00\x00")...), true),
			check: func(t *testing.T, r *Record) {
				if r.Comm != "burn" || r.Misc&MiscCommExec == 0 || r.PID != 10 {
					t.Errorf("got %+v", r)
				}
			},
		},
		{
			name: "fork",
			raw:  rec(RecordFork, 0, u64s(u32pair(20, 10), u32pair(20, 10), 777), true),
			check: func(t *testing.T, r *Record) {
				if r.PID != 20 || r.PPID != 10 || r.TID != 20 || r.PTID != 10 || r.Time != 777 {
					t.Errorf("got %+v", r)
				}
			},
		},
		{
			name: "lost",
			raw:  rec(RecordLost, 0, u64s(1, 42), true),
			check: func(t *testing.T, r *Record) {
				if r.Lost != 42 {
					t.Errorf("got %+v", r)
				}
			},
		},
		{name: "truncated sample", raw: rec(RecordSample, 0, u64s(0x401000, 1), false), err: true},
		{name: "call chain longer than the record", raw: rec(RecordSample, 0, u64s(1, 2, 3, 4, 5, 1<<40), false), err: true},
		{name: "no room for sample_id", raw: rec(RecordComm, 0, nil, false), err: true},
		{name: "short header", raw: []byte{1, 2, 3}, err: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Record
			err := Decode(cfg, tt.raw, &r)
			if tt.err {
				var de *DecodeError
				if !errors.As(err, &de) {
					t.Fatalf("err = %v, want a DecodeError", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, &r)
		})
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(rec(RecordSample, 2, u64s(0x401000, u32pair(10, 11), 999, u32pair(1, 0), 1000, 2, 0x401000, 0x401234), false), false)
	f.Add(rec(RecordComm, MiscCommExec, append(u64s(u32pair(10, 10)), []byte("burn\x00\x00\x00\x00")...), true), true)
	f.Add(rec(RecordFork, 0, u64s(u32pair(20, 10), u32pair(20, 10), 777), true), false)
	f.Fuzz(func(t *testing.T, raw []byte, dwarf bool) {
		cfg := &Config{Period: 1, Callchain: !dwarf}
		if dwarf {
			cfg.RegsUser, cfg.StackUser = 0x1ff, 64
		}
		var r Record
		Decode(cfg, raw, &r)
	})
}

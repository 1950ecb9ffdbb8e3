package sample

import (
	"testing"

	"sonde/internal/linux/perfevent"
)

// TestCaptureTake matches samples to records as the drain does: same
// thread, same ip, the nearest time within captureWindow; the thread's
// older records go (their samples are past), its newer ones stay.
func TestCaptureTake(t *testing.T) {
	const us = 1000
	recs := []capRecord{
		{time: 1000 * us, ip: 0x10},
		{time: 2000 * us, ip: 0x20},
		{time: 2000*us + 5*us, ip: 0x20}, // a second record of the same ip, nearer
		{time: 3000 * us, ip: 0x30},
	}
	tests := []struct {
		name     string
		tid      uint32
		time, ip uint64
		want     int // index in recs, -1 for none
		left     int // the thread's records left after
	}{
		{"other thread", 8, 2000*us + 4*us, 0x20, -1, 4},
		{"ip differs", 7, 2000*us + 4*us, 0x21, -1, 4},
		{"too far", 7, 2000*us + 2*captureWindow, 0x20, -1, 4},
		{"nearest of two", 7, 2000*us + 4*us, 0x20, 2, 1},
		{"record a little before", 7, 3000*us + 2*us, 0x30, 3, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &pyCapture{byTID: map[int32][]capRecord{7: append([]capRecord(nil), recs...)}}
			got := c.take(&perfevent.Record{TID: tt.tid, Time: tt.time, IP: tt.ip})
			switch {
			case tt.want < 0 && got != nil:
				t.Fatalf("took %+v, want none", *got)
			case tt.want >= 0 && (got == nil || got.time != recs[tt.want].time || got.ip != recs[tt.want].ip):
				t.Fatalf("took %v, want %+v", got, recs[tt.want])
			}
			if n := len(c.byTID[7]); n != tt.left {
				t.Errorf("%d records left, want %d", n, tt.left)
			}
		})
	}
}

package profile

import (
	"strings"
	"testing"
	"time"
)

func TestParseWindow(t *testing.T) {
	tests := []struct {
		in       string
		from, to time.Duration
		wantErr  string
	}{
		{in: "2s:5.5s", from: 2 * time.Second, to: 5500 * time.Millisecond},
		{in: ":3s", from: 0, to: 3 * time.Second},
		{in: "1s:", from: time.Second, to: Forever},
		{in: "1m:90s", from: time.Minute, to: 90 * time.Second},
		{in: "1.5:2", from: 1500 * time.Millisecond, to: 2 * time.Second},
		{in: "250ms:1s", from: 250 * time.Millisecond, to: time.Second},
		{in: ":", from: 0, to: Forever},
		{in: "3s", wantErr: `parse window "3s": want FROM:TO, like 2s:5.5s, :3s or 1s:`},
		{in: "5s:2s", wantErr: `parse window "5s:2s": end 2s is not after start 5s`},
		{in: "2s:2s", wantErr: `parse window "2s:2s": end 2s is not after start 2s`},
		{in: "-1s:2s", wantErr: `parse window "-1s:2s": negative duration "-1s"`},
		{in: "x:2s", wantErr: `parse window "x:2s": bad duration "x"`},
		{in: "1s:NaN", wantErr: `parse window "1s:NaN": bad duration "NaN"`},
		{in: "1e300:", wantErr: `parse window "1e300:": bad duration "1e300"`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			from, to, err := ParseWindow(tt.in)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if from != tt.from || to != tt.to {
				t.Errorf("ParseWindow(%q) = %v, %v; want %v, %v", tt.in, from, to, tt.from, tt.to)
			}
		})
	}
}

func TestWindow(t *testing.T) {
	start := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	// One sample every 100 ms from start+50ms: sample i is at 50+100i ms.
	mk := func(runStart time.Time) *Profile {
		p := &Profile{SampleTypes: []ValueType{{"samples", "count"}},
			Units: []Unit{{Kind: UnitLine, Loc: Location{Mapping: NoMapping}, Counts: []uint64{4}}}, CountTypes: []ValueType{{"count", "count"}},
			Objects:  []ObjectImage{{Path: "[vdso]", Data: []byte("\x7fELF")}},
			Listings: []Listing{{Hash: 1, Blocks: []ListingBlock{{Func: "main"}}}}}
		if !runStart.IsZero() {
			p.Runs = []Run{{ID: 2, Start: runStart.Add(time.Second)}, {ID: 1, Start: runStart}}
		}
		for i := range 100 {
			p.Samples = append(p.Samples, Sample{Values: []int64{int64(i)}, Time: start.Add(50*time.Millisecond + time.Duration(i)*100*time.Millisecond).UnixNano()})
		}
		return p
	}
	tests := []struct {
		name       string
		p          *Profile
		from, to   time.Duration
		first, end int64 // kept samples are those with values in [first, end)
	}{
		// Relative to the earliest run start: 50+100i in [2000, 5500) for i in [20, 55).
		{"run start", mk(start), 2 * time.Second, 5500 * time.Millisecond, 20, 55},
		{"open end", mk(start), time.Second, Forever, 10, 100},
		{"open start", mk(start), 0, 300 * time.Millisecond, 0, 3},
		// Without runs, relative to the first sample (at 50 ms): 100i in [2000, 5500).
		{"no run: first sample", mk(time.Time{}), 2 * time.Second, 5500 * time.Millisecond, 20, 55},
		{"empty window", mk(start), 20 * time.Second, 30 * time.Second, 0, 0},
		// A run that started 1 s before the samples: 1050+100i in [2s, 3s) for i in [10, 20).
		{"earlier run", mk(start.Add(-time.Second)), 2 * time.Second, 3 * time.Second, 10, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.p.Window(tt.from, tt.to)
			if n := int64(len(got.Samples)); n != tt.end-tt.first {
				t.Fatalf("%d samples, want %d", n, tt.end-tt.first)
			}
			for i, s := range got.Samples {
				if s.Values[0] != tt.first+int64(i) {
					t.Fatalf("sample %d has value %d, want %d", i, s.Values[0], tt.first+int64(i))
				}
			}
			if len(got.Units) != 1 || len(got.Runs) != len(tt.p.Runs) || len(tt.p.Samples) != 100 {
				t.Errorf("window dropped units or runs, or changed its input")
			}
			// What a report needs besides samples: the vDSO's image for its
			// symbols, the listings for --instructions.
			if got.ObjectImage("[vdso]", "") == nil || got.Listing(1) == nil {
				t.Errorf("window dropped the object images or listings: %d, %d", len(got.Objects), len(got.Listings))
			}
			if err := got.CheckValid(); err != nil {
				t.Error(err)
			}
		})
	}
}

// FuzzParseWindow: any string parses to a non-empty window or an error
// naming the input, and never panics.
func FuzzParseWindow(f *testing.F) {
	for _, s := range []string{"2s:5.5s", ":3s", "1s:", "1.5:2", "x", "5s:2s", "1e300:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		from, to, err := ParseWindow(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "parse window ") {
				t.Fatalf("error %q", err)
			}
			return
		}
		if from < 0 || to <= from {
			t.Fatalf("ParseWindow(%q) = %v, %v", s, from, to)
		}
	})
}

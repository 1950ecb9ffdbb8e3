package agent

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"sonde/profile"
	"sonde/profile/datafile"
)

// TestPending: an interval is pending from its closed mark until a sent or
// dropped mark of the same bounds, whichever agent wrote them.
func TestPending(t *testing.T) {
	c := func(f, to int64) datafile.AgentMark {
		return datafile.AgentMark{Op: datafile.AgentClosed, From: f, To: to}
	}
	s := func(f, to int64) datafile.AgentMark {
		return datafile.AgentMark{Op: datafile.AgentSent, From: f, To: to}
	}
	d := func(f, to int64) datafile.AgentMark {
		return datafile.AgentMark{Op: datafile.AgentDropped, From: f, To: to}
	}
	tests := []struct {
		name  string
		marks []datafile.AgentMark
		want  []datafile.AgentMark
	}{
		{"none", nil, nil},
		{"closed", []datafile.AgentMark{c(1, 2), c(2, 3)}, []datafile.AgentMark{c(1, 2), c(2, 3)}},
		{"sent and dropped", []datafile.AgentMark{c(1, 2), c(2, 3), c(3, 4), d(1, 2), s(3, 4)}, []datafile.AgentMark{c(2, 3)}},
		{"closed twice", []datafile.AgentMark{c(1, 2), c(1, 2)}, []datafile.AgentMark{c(1, 2)}},
		{"sent before closed is still sent", []datafile.AgentMark{s(1, 2), c(1, 2)}, nil},
		{"other bounds", []datafile.AgentMark{c(1, 3), s(1, 2)}, []datafile.AgentMark{c(1, 3)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Pending(tt.marks); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestAgentMarksRoundTrip: marks written between samples read back in
// order, and the profile of the same bytes ignores them without warnings.
func TestAgentMarksRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	w := datafile.NewWriter(&buf)
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "agent", Start: time.Unix(1, 0), SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}, Period: 10}); err != nil {
		t.Fatal(err)
	}
	want := []datafile.AgentMark{
		{Op: datafile.AgentClosed, From: 100, To: 200},
		{Op: datafile.AgentSent, From: 100, To: 200},
		{Op: datafile.AgentDropped, From: -5, To: 1 << 62},
	}
	w.WriteSample(&profile.Sample{Values: []int64{1, 10}, Time: 150, PID: 1, TID: 1})
	for _, m := range want {
		if err := w.WriteAgentMark(m); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	got, warns, err := datafile.AgentMarks("x.data", buf.Bytes())
	for i := range got {
		if got[i].Off <= 0 || i > 0 && got[i].Off <= got[i-1].Off {
			t.Errorf("mark %d at offset %d", i, got[i].Off)
		}
		if got[i].Run != w.RunID() {
			t.Errorf("mark %d of run %x, want %x", i, got[i].Run, w.RunID())
		}
		got[i].Off, got[i].Run = 0, 0
	}
	if err != nil || len(warns) > 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("got %v %v %v, want %v", got, warns, err, want)
	}
	p, warns, err := datafile.Decode("x.data", buf.Bytes())
	if err != nil || len(warns) > 0 || len(p.Samples) != 1 {
		t.Errorf("decode: %v samples, %v, %v", len(p.Samples), warns, err)
	}
}

// TestSamplesFrom: the offset two closed marks before an interval's.
func TestSamplesFrom(t *testing.T) {
	m := func(op datafile.AgentOp, off int64) datafile.AgentMark { return datafile.AgentMark{Op: op, Off: off} }
	marks := []datafile.AgentMark{m(datafile.AgentClosed, 100), m(datafile.AgentSent, 150), m(datafile.AgentClosed, 200), m(datafile.AgentClosed, 300), m(datafile.AgentClosed, 400)}
	tests := []struct {
		p    datafile.AgentMark
		want int64
	}{
		{marks[0], 0}, {marks[2], 0}, {marks[3], 100}, {marks[4], 200},
	}
	for _, tt := range tests {
		if got := SamplesFrom(marks, tt.p); got != tt.want {
			t.Errorf("interval closed at %d: from %d, want %d", tt.p.Off, got, tt.want)
		}
	}
}

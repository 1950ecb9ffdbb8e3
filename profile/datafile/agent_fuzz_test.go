package datafile

import (
	"bytes"
	"testing"
	"time"

	"sonde/profile"
)

// FuzzAgentMarks: any bytes give marks or warnings, never a panic, and
// every mark read is well formed.
func FuzzAgentMarks(f *testing.F) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.WriteRun(RunHeader{Collector: "agent", Start: time.Unix(1, 0), SampleTypes: []profile.ValueType{{Type: "cpu", Unit: "nanoseconds"}}})
	w.WriteAgentMark(AgentMark{Op: AgentClosed, From: 1, To: 2})
	w.WriteAgentMark(AgentMark{Op: AgentSent, From: 1, To: 2})
	w.Close()
	f.Add(buf.Bytes())
	f.Add(buf.Bytes()[:len(buf.Bytes())-3])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		marks, _, _ := AgentMarks("f.data", data)
		for _, m := range marks {
			if m.Op < AgentClosed || m.Op > AgentDropped || m.To < m.From {
				t.Errorf("bad mark %+v", m)
			}
		}
	})
}

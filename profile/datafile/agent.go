package datafile

import (
	"encoding/binary"
	"fmt"

	"sonde/internal/binread"
)

// AgentOp is what an Agent frame says of an interval.
type AgentOp uint8

// The Agent frame's operations (format.go).
const (
	AgentClosed  AgentOp = 1
	AgentSent    AgentOp = 2
	AgentDropped AgentOp = 3
)

// String returns the operation's name.
func (op AgentOp) String() string {
	switch op {
	case AgentClosed:
		return "closed"
	case AgentSent:
		return "sent"
	case AgentDropped:
		return "dropped"
	}
	return fmt.Sprintf("AgentOp(%d)", uint8(op))
}

// AgentMark is one Agent frame: op of the interval [From, To) of sample
// times, in ns since the Unix epoch.
type AgentMark struct {
	Op       AgentOp
	From, To int64
	// Off is the frame's offset in the file and Run its run's ID, set by
	// AgentMarks and Tail (the writer ignores them).
	Off int64
	Run uint64
}

// WriteAgentMark writes an Agent frame, after any buffered samples.
func (w *Writer) WriteAgentMark(m AgentMark) error {
	return w.frameFunc(KindAgent, func(b []byte) []byte {
		b = binary.AppendUvarint(b, uint64(m.Op))
		b = binary.AppendVarint(b, m.From)
		return binary.AppendVarint(b, m.To)
	})
}

// AgentMarks returns the Agent frames of a data file's bytes in file order
// (of any run), and warnings for the frames it could not read, as Decode
// reads the rest: damaged frames are skipped.
func AgentMarks(name string, data []byte) ([]AgentMark, []Warning, error) {
	d := &decoder{name: name}
	if err := d.scan(data); err != nil {
		return nil, d.warnings, err
	}
	return d.agentMarks(), d.warnings, nil
}

// agentMarks reads the Agent frames among the frames scanned.
func (d *decoder) agentMarks() []AgentMark {
	var marks []AgentMark
	for i := range d.frames {
		f := &d.frames[i]
		if f.version != Version || f.kind != KindAgent {
			continue
		}
		b := &buf{binread.New(f.payload)}
		op := AgentOp(b.Uvarint())
		from, to := b.Varint(), b.Varint()
		if b.Failed() || op < AgentClosed || op > AgentDropped || to < from {
			d.warn(f.off, "Agent frame at offset %d: bad mark; frame skipped", f.off)
			continue
		}
		marks = append(marks, AgentMark{Op: op, From: from, To: to, Off: f.off, Run: f.run})
	}
	return marks
}

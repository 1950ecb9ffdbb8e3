package perfevent

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"sonde/internal/binread"
)

// RecordType is perf_event_header.type.
type RecordType uint32

// The record types sonde decodes (include/uapi/linux/perf_event.h,
// enum perf_event_type).
const (
	RecordMmap        RecordType = 1
	RecordLost        RecordType = 2
	RecordComm        RecordType = 3
	RecordExit        RecordType = 4
	RecordThrottle    RecordType = 5
	RecordUnthrottle  RecordType = 6
	RecordFork        RecordType = 7
	RecordSample      RecordType = 9
	RecordMmap2       RecordType = 10
	RecordLostSamples RecordType = 13
	RecordSwitch      RecordType = 14
	// RecordSwitchCPUWide is PERF_RECORD_SWITCH of a CPU-wide event: the
	// same, with the task switched to or from in PPID and PTID.
	RecordSwitchCPUWide RecordType = 15
)

var recordNames = map[RecordType]string{
	RecordMmap: "MMAP", RecordLost: "LOST", RecordComm: "COMM", RecordExit: "EXIT",
	RecordThrottle: "THROTTLE", RecordUnthrottle: "UNTHROTTLE", RecordFork: "FORK",
	RecordSample: "SAMPLE", RecordMmap2: "MMAP2", RecordLostSamples: "LOST_SAMPLES", RecordSwitch: "SWITCH",
	RecordSwitchCPUWide: "SWITCH_CPU_WIDE",
}

// String returns the kernel's name of the record type without its prefix.
func (t RecordType) String() string {
	if s, ok := recordNames[t]; ok {
		return s
	}
	return fmt.Sprintf("RecordType(%d)", uint32(t))
}

// Header misc bits (perf_event_header.misc).
const (
	MiscCommExec    = 0x2000 // PERF_RECORD_MISC_COMM_EXEC: COMM caused by exec
	MiscMmapBuildID = 0x4000 // PERF_RECORD_MISC_MMAP_BUILD_ID: MMAP2 carries a build-id
	// MiscSwitchOut marks a SWITCH record of a task leaving the CPU
	// (PERF_RECORD_MISC_SWITCH_OUT); without it the task came back.
	MiscSwitchOut = 0x2000
	// MiscSwitchOutPreempt marks a switch-out that was a preemption: the
	// task was runnable, not waiting (PERF_RECORD_MISC_SWITCH_OUT_PREEMPT,
	// Linux 4.17).
	MiscSwitchOutPreempt = 0x4000
)

// contextMax is PERF_CONTEXT_MAX: call chain entries at or above it are
// context markers (PERF_CONTEXT_USER, PERF_CONTEXT_KERNEL), not addresses.
const contextMax = ^uint64(4095 - 1) // (u64)-4095

// Call chain context markers.
const (
	ContextKernel = ^uint64(128 - 1) // PERF_CONTEXT_KERNEL = (u64)-128
	ContextUser   = ^uint64(512 - 1) // PERF_CONTEXT_USER = (u64)-512
)

// IsContext reports whether a call chain entry is a context marker.
func IsContext(ip uint64) bool { return ip >= contextMax }

// Record is one decoded ring buffer record. Decode fills the fields its
// type has; its slices (Callchain, Regs, Stack, BuildID) alias the bytes
// decoded (the ring itself for Event.Peek) or the decoder's buffers: a
// caller that keeps them past the record's life (Event.Next: the next
// call; Event.Peek: Release) must copy them. Its strings are its own.
type Record struct {
	Type RecordType
	Misc uint16
	// PID and TID: of the sample, of the mapping's or comm's task, of the
	// forked or exited task.
	PID, TID uint32
	// Time is the perf clock time (CLOCK_MONOTONIC-like, nanoseconds); for
	// non-sample records it comes from the sample_id trailer.
	Time uint64
	CPU  uint32

	// SAMPLE
	IP        uint64
	Period    uint64
	Callchain []uint64
	RegsABI   uint64
	Regs      []uint64 // in the order of the bits of Config.RegsUser
	Stack     []byte   // the copied user stack, the valid part only

	// MMAP, MMAP2
	Addr, Len, Pgoff uint64
	Prot, Flags      uint32
	BuildID          []byte // MMAP2 with MiscMmapBuildID
	Filename         string

	// COMM
	Comm string

	// FORK, EXIT: the parent; SWITCH_CPU_WIDE: the task switched to
	// (switch-out) or from (switch-in).
	PPID, PTID uint32

	// LOST, LOST_SAMPLES
	Lost uint64
}

// decoder decodes records of one event configuration.
type decoder struct {
	sampleType uint64
	nregs      int
	trailer    int // size of the sample_id trailer
}

func newDecoder(sampleType, regsMask uint64) decoder {
	d := decoder{sampleType: sampleType, nregs: bits.OnesCount64(regsMask)}
	if sampleType&sampleTID != 0 {
		d.trailer += 8
	}
	if sampleType&sampleTime != 0 {
		d.trailer += 8
	}
	if sampleType&sampleCPU != 0 {
		d.trailer += 8
	}
	return d
}

// DecodeError says that a record's bytes do not match its type.
type DecodeError struct {
	Type RecordType
	Off  int // offset in the record
	Msg  string
}

// Error implements error.
func (e *DecodeError) Error() string {
	return fmt.Sprintf("decode %v record at byte %d: %s", e.Type, e.Off, e.Msg)
}

// cstr reads a NUL-terminated string padded to 8 bytes that ends at end.
func cstr(r *binread.Reader, end int) string {
	if end > len(r.Data()) || end < r.Off() {
		r.Fail("string runs past the record")
		return ""
	}
	s := r.Bytes(end - r.Off())
	if i := bytes.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	return string(s)
}

// decode decodes one whole record (header included) into rec. The call
// chain and registers of a sample are appended to words, which it
// returns: rec's slices of them end at their own length, so that an
// append to one never writes over the next record's.
func (d *decoder) decode(raw []byte, rec *Record, words []uint64) ([]uint64, error) {
	if len(raw) < 8 {
		*rec = Record{}
		return words, &DecodeError{Off: 0, Msg: "shorter than a header"}
	}
	typ := RecordType(binary.LittleEndian.Uint32(raw))
	misc := binary.LittleEndian.Uint16(raw[4:])
	*rec = Record{Type: typ, Misc: misc}
	r := binread.NewAt(raw, 8)
	end := len(raw)
	if typ != RecordSample {
		// The sample_id trailer of sample_id_all: pid/tid, time, cpu.
		if end-8 < d.trailer {
			return words, &DecodeError{Type: typ, Off: 8, Msg: "too short for its sample_id"}
		}
		end -= d.trailer
		t := binread.New(raw[end:])
		if d.sampleType&sampleTID != 0 {
			rec.PID, rec.TID = t.U32(), t.U32()
		}
		if d.sampleType&sampleTime != 0 {
			rec.Time = t.U64()
		}
		if d.sampleType&sampleCPU != 0 {
			rec.CPU = t.U32()
			t.U32()
		}
		r.Limit(end)
	}
	switch typ {
	case RecordSample:
		words = d.decodeSample(&r, rec, words)
	case RecordMmap, RecordMmap2:
		rec.PID, rec.TID = r.U32(), r.U32()
		rec.Addr, rec.Len, rec.Pgoff = r.U64(), r.U64(), r.U64()
		if typ == RecordMmap2 {
			if misc&MiscMmapBuildID != 0 {
				id := r.Bytes(24)
				if id != nil {
					n := int(id[0])
					if n > 20 {
						n = 20
					}
					rec.BuildID = id[4 : 4+n]
				}
			} else {
				r.Bytes(24) // maj, min, ino, ino_generation
			}
			rec.Prot, rec.Flags = r.U32(), r.U32()
		}
		rec.Filename = cstr(&r, end)
	case RecordComm:
		rec.PID, rec.TID = r.U32(), r.U32()
		rec.Comm = cstr(&r, end)
	case RecordFork, RecordExit:
		rec.PID, rec.PPID, rec.TID, rec.PTID = r.U32(), r.U32(), r.U32(), r.U32()
		rec.Time = r.U64()
	case RecordSwitchCPUWide:
		rec.PPID, rec.PTID = r.U32(), r.U32() // next_prev_pid, next_prev_tid
	case RecordLost:
		r.U64() // id
		rec.Lost = r.U64()
	case RecordLostSamples:
		rec.Lost = r.U64()
	}
	if err := r.Err(); err != nil {
		// Only here: errors.As's target escapes, an allocation a record.
		var e *binread.Error
		if errors.As(err, &e) {
			return words, &DecodeError{Type: typ, Off: e.Off, Msg: e.Msg}
		}
	}
	return words, nil
}

// maxCallchain bounds the call chain length a record may claim (the
// kernel's own limit is perf_event_max_stack, 127 by default).
const maxCallchain = 1 << 16

func (d *decoder) decodeSample(r *binread.Reader, rec *Record, words []uint64) []uint64 {
	st := d.sampleType
	if st&sampleIP != 0 {
		rec.IP = r.U64()
	}
	if st&sampleTID != 0 {
		rec.PID, rec.TID = r.U32(), r.U32()
	}
	if st&sampleTime != 0 {
		rec.Time = r.U64()
	}
	if st&sampleCPU != 0 {
		rec.CPU = r.U32()
		r.U32()
	}
	if st&samplePeriod != 0 {
		rec.Period = r.U64()
	}
	if st&sampleCallchain != 0 {
		n := r.U64()
		if n > maxCallchain || int(n)*8 > r.Len() {
			r.Failf("call chain of %d entries", n)
			return words
		}
		i := len(words)
		for range n {
			words = append(words, r.U64())
		}
		rec.Callchain = words[i:len(words):len(words)]
	}
	if st&sampleRegsUser != 0 {
		rec.RegsABI = r.U64()
		if rec.RegsABI != 0 {
			i := len(words)
			for range d.nregs {
				words = append(words, r.U64())
			}
			rec.Regs = words[i:len(words):len(words)]
		}
	}
	if st&sampleStackUser != 0 {
		size := r.U64()
		if size != 0 {
			if size > 1<<20 || int(size)+8 > r.Len() {
				r.Failf("user stack of %d bytes", size)
				return words
			}
			data := r.Bytes(int(size))
			dyn := r.U64()
			if dyn < size {
				data = data[:dyn]
			}
			rec.Stack = data
		}
	}
	return words
}

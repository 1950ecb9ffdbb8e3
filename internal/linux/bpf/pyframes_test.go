package bpf

import (
	"encoding/binary"
	"errors"
	"os"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/unix"
	"sonde/internal/testprog"
)

func TestAsmLabels(t *testing.T) {
	tests := []struct {
		name string
		prog func(a *Asm)
		offs []int16 // the jumps' offsets, in order
		err  bool
	}{
		{"forward", func(a *Asm) {
			a.Jump(BPF_JEQ, R1, 0, "end")
			a.Add(Mov64Imm(R0, 1), Mov64Imm(R0, 2))
			a.Label("end")
			a.Add(Exit())
		}, []int16{2}, false},
		{"backward", func(a *Asm) {
			a.Label("top")
			a.Add(Add64Imm(R1, 1))
			a.Jump(BPF_JLT, R1, 10, "top")
			a.Add(Exit())
		}, []int16{-2}, false},
		{"map load counts two", func(a *Asm) {
			a.Goto("end")
			a.AddMapFD(R1, 3)
			a.Label("end")
			a.Add(Exit())
		}, []int16{2}, false},
		{"missing label", func(a *Asm) { a.Goto("nowhere") }, nil, true},
		{"label twice", func(a *Asm) { a.Label("x"); a.Label("x") }, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a Asm
			tt.prog(&a)
			insns, err := a.Insns()
			if (err != nil) != tt.err {
				t.Fatalf("err %v, want error %v", err, tt.err)
			}
			var offs []int16
			for _, in := range insns {
				if in.Op&0x07 == BPF_JMP && in.Op&0xf0 != BPF_CALL && in.Op&0xf0 != BPF_EXIT {
					offs = append(offs, in.Off)
				}
			}
			if !tt.err && !equal16(offs, tt.offs) {
				t.Errorf("offsets %v, want %v", offs, tt.offs)
			}
		})
	}
}

func equal16(a, b []int16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// fakeChain lays out, in memory of this process, the structures a
// FrameCapture follows with CPython 3.11's offsets: _PyRuntime, an
// interpreter, two thread states (the second one tid's), a _PyCFrame and
// n frames. It returns the walk and the frames the record must hold.
func fakeChain(slab []byte, tid, n int) (FrameWalk, uint64, []RawFrame) {
	base := uint64(uintptr(unsafe.Pointer(&slab[0])))
	put := func(off int, v uint64) { binary.LittleEndian.PutUint64(slab[off:], v) }
	const rt, interp, ts1, ts2, cframe, frame0 = 0, 256, 512, 768, 1024, 1280
	w := FrameWalk{Runtime: base + rt, InterpHead: 0x28, ThreadsHead: 0x10, TstateNext: 8, TstateNativeTID: 160,
		TstateFrame: 56, CframeCurrent: 8, HasCframe: true,
		FrameRead: 72, FrameCode: 32, FramePrevious: 48, FrameInstr: 56, FrameEntry: 68, FrameOwner: 69}
	put(rt+0x28, base+interp)
	put(interp+0x10, base+ts1)
	put(ts1+8, base+ts2)
	put(ts1+160, 1) // another thread's
	put(ts2+160, uint64(tid))
	put(ts2+56, base+cframe)
	put(cframe+8, base+frame0)
	var want []RawFrame
	for i := range n {
		f := frame0 + 80*i
		entry := uint8(0)
		if i == n-1 {
			entry = 1
		}
		want = append(want, RawFrame{Code: 0x1000 + uint64(i), Instr: 0x2000 + uint64(i), Entry: entry, Owner: uint8(i % 3)})
		put(f+32, 0x1000+uint64(i))
		put(f+56, 0x2000+uint64(i))
		slab[f+68], slab[f+69] = entry, uint8(i%3)
		if i < n-1 {
			put(f+48, base+uint64(f+80))
		}
	}
	return w, base + ts2, want
}

// TestFrameCapture attaches the capture to a task-clock event of a thread
// of this test that spins, with a FrameWalk over a fake chain in this
// process's memory. Oracles: the chain the test laid out (every record
// holds its three frames and the second thread state, found by walking
// the list the first time and from the map after), and the perf samples
// of the same event: each has one record of the same thread and ip,
// taken within 100 µs of it. It logs the program's mean run time, as the
// kernel counts it.
func TestFrameCapture(t *testing.T) {
	testprog.SkipShort(t, "loads BPF programs")
	c, err := NewFrameCapture(1 << 20)
	if errors.Is(err, ErrNotSupported) {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	const depth = 40 // as TestRecordPythonRecursion's
	slab := make([]byte, 1280+80*depth)
	tidc := make(chan int)
	var stop atomic.Bool
	done := make(chan struct{})
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		tidc <- unix.Gettid()
		for !stop.Load() {
		}
		close(done)
	}()
	tid := <-tidc
	defer func() { stop.Store(true); <-done }()
	w, ts, want := fakeChain(slab, tid, depth)
	if stop, err := EnableRunTimeStats(); err == nil {
		defer stop()
	}
	if err := c.Set(os.Getpid(), w); err != nil {
		t.Fatal(err)
	}
	ev, err := perfevent.Open(&perfevent.Config{Period: 1e6, RingPages: 64}, tid, -1)
	if err != nil {
		t.Skipf("perf event: %v", err)
	}
	defer ev.Close()
	if err := c.Attach(ev.FD()); err != nil {
		t.Fatal(err)
	}
	var samples []perfevent.Record
	var recs []FrameRecord
	deadline := time.Now().Add(20 * time.Second)
	for len(samples) < 200 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		var r perfevent.Record
		for {
			ok, err := ev.Next(&r)
			if !ok {
				break
			}
			if err == nil && r.Type == perfevent.RecordSample {
				samples = append(samples, r)
			}
		}
		c.Read(func(r *FrameRecord) {
			x := *r
			x.Frames = append([]RawFrame(nil), r.Frames...)
			recs = append(recs, x)
		})
	}
	runtime.KeepAlive(slab)
	if len(samples) < 200 {
		t.Fatalf("%d samples in 20 s", len(samples))
	}
	for i, r := range recs {
		if r.TID != uint32(tid) || r.TGID != uint32(os.Getpid()) || r.Status != StatusOK || r.Tstate != ts || len(r.Frames) != len(want) {
			t.Fatalf("record %d: %+v; want tid %d, thread state %#x, %d frames", i, r, tid, ts, len(want))
		}
		for k := range want {
			if r.Frames[k] != want[k] {
				t.Fatalf("record %d frame %d: %+v, want %+v", i, k, r.Frames[k], want[k])
			}
		}
	}
	var worst time.Duration
	j := 0
	for _, s := range samples {
		for j < len(recs) && recs[j].Time+uint64(100*time.Microsecond) < s.Time {
			j++
		}
		if j == len(recs) || recs[j].IP != s.IP || recs[j].TID != s.TID {
			t.Fatalf("sample at %d (ip %#x) has no record", s.Time, s.IP)
		}
		d := time.Duration(int64(recs[j].Time) - int64(s.Time))
		worst = max(worst, d, -d)
		if worst > 100*time.Microsecond {
			t.Fatalf("sample at %d: record at %d", s.Time, recs[j].Time)
		}
		j++
	}
	dropped, err := c.Dropped()
	t.Logf("%d samples, %d records, %d dropped (%v), worst time apart %v", len(samples), len(recs), dropped, err, worst)
	if runs, total, err := c.Program().RunStats(); err == nil && runs > 0 {
		t.Logf("the program ran %d times, %v each on average (%d frames)", runs, total/time.Duration(runs), depth)
	}
}

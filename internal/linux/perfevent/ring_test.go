package perfevent

import (
	"bufio"
	"encoding/binary"
	"os/exec"
	"testing"
	"time"
	"unsafe"

	"sonde/internal/testprog"
)

// stackpattern.c's array: WORDS words, each its own address xor KEY.
const (
	patternKey   = 0x5a5aa5a5c3c33c3c
	patternWords = 128
)

// patternWordsIn counts the words of a user stack copy that begins at
// address sp and holds what stackpattern.c put there: every one of its
// array's words when the copy is right.
func patternWordsIn(sp uint64, stack []byte) int {
	n := 0
	for j := 0; j+8 <= len(stack); j += 8 {
		if binary.LittleEndian.Uint64(stack[j:]) == (sp+uint64(j))^patternKey {
			n++
		}
	}
	return n
}

// TestPeekRelease samples stackpattern.c, whose stack holds a known
// array, into a ring of two pages with 2 KiB stack copies: a record of
// every few wraps around the ring's end. Each round reads what the ring
// holds, alternately with Peek (checking the records only once the whole
// round is peeked: they must stay intact until Release, the wrapped one
// in its own buffer, each record's registers in their own words) and
// with Next (checking each at once). Every sample's stack copy must hold
// the whole array at the stack pointer its registers give: the fixture's
// known content is the oracle of both readers.
func TestPeekRelease(t *testing.T) {
	testprog.RequireRoot(t, "perf_event_open on another process")
	bin := testprog.Build(t, "perfevent/stackpattern.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
	cmd := exec.Command(bin)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	if line, err := bufio.NewReader(stdout).ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("fixture said %q, %v", line, err)
	}
	c := &Config{Period: 50000, RegsUser: 1 << 7 /* PERF_REG_X86_SP */, StackUser: 2048, RingPages: 2}
	ev, err := Open(c, cmd.Process.Pid, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer ev.Close()
	check := func(how string, r *Record) {
		t.Helper()
		if len(r.Regs) != 1 || len(r.Stack) != int(c.StackUser) {
			t.Fatalf("%s: sample with %d registers and %d bytes of stack", how, len(r.Regs), len(r.Stack))
		}
		if n := patternWordsIn(r.Regs[0], r.Stack); n != patternWords {
			t.Errorf("%s: stack copy at sp %#x holds %d of the %d words of the array", how, r.Regs[0], n, patternWords)
		}
	}
	inRing := func(b []byte) bool {
		p, lo := uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(unsafe.Pointer(unsafe.SliceData(ev.data)))
		return p >= lo && p < lo+uintptr(len(ev.data))
	}
	var peeked, nexted, wrapped, multi int
	var recs []Record
	deadline := time.Now().Add(2 * time.Minute) // a bound on a broken machine, not a measure
	for round := 0; peeked < 300 || nexted < 300 || wrapped < 20 || multi < 20; round++ {
		if time.Now().After(deadline) {
			t.Fatalf("%d samples peeked (%d wrapped, %d rounds of several), %d read with Next", peeked, wrapped, multi, nexted)
		}
		time.Sleep(time.Millisecond)
		if round%2 == 1 {
			var r Record
			for {
				ok, err := ev.Next(&r)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
				if r.Type == RecordSample {
					check("Next", &r)
					nexted++
				}
			}
			continue
		}
		recs = recs[:0]
		for {
			var r Record
			ok, err := ev.Peek(&r)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			if r.Type == RecordSample {
				recs = append(recs, r)
			}
		}
		// Time for the kernel to write over any record it was given back.
		time.Sleep(2 * time.Millisecond)
		for i := range recs {
			check("Peek", &recs[i])
			if !inRing(recs[i].Stack) {
				wrapped++
			}
		}
		if len(recs) > 1 {
			multi++
		}
		peeked += len(recs)
		ev.Release()
	}
}

// TestDecodeAllocs: decoding a sample into reused words allocates
// nothing (Peek decodes every record of the rings this way).
func TestDecodeAllocs(t *testing.T) {
	c := &Config{Period: 1000, Callchain: true, RegsUser: 0x3, StackUser: 64}
	body := u64s(0x401000, u32pair(10, 11), 999, u32pair(1, 0), 1000, 2, ContextUser, 0x401000, 2, 7, 8, 64)
	body = append(body, make([]byte, 64)...)
	body = append(body, u64s(48)...)
	raw := rec(RecordSample, 2, body, false)
	d := newDecoder(c.sampleType(), c.RegsUser)
	words := make([]uint64, 0, 64)
	var r Record
	var err error
	n := testing.AllocsPerRun(100, func() {
		words, err = d.decode(raw, &r, words[:0])
	})
	if err != nil || len(r.Callchain) != 2 || len(r.Regs) != 2 || r.Regs[1] != 8 || len(r.Stack) != 48 {
		t.Fatalf("decoded %+v, %v", r, err)
	}
	if n != 0 {
		t.Errorf("%v allocations a record, want 0", n)
	}
}

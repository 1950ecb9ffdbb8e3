package sample

import (
	"bytes"
	"debug/elf"
	"testing"
	"time"

	"sonde/internal/linux/perfevent"
	"sonde/profile"
	"sonde/profile/datafile"
)

// replaySampler returns a sampler that writes one run of sample types
// types to a buffer, for a test that feeds it kernel records, and the
// function that closes the data file and decodes it.
func replaySampler(t *testing.T, types []profile.ValueType, opts Options) (*Sampler, func() *profile.Profile) {
	t.Helper()
	var buf bytes.Buffer
	w := datafile.NewWriter(&buf)
	if _, err := w.WriteRun(datafile.RunHeader{Collector: "record", Start: time.Unix(1, 0), SampleTypes: types, Period: 1000}); err != nil {
		t.Fatal(err)
	}
	s, err := New(w, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s, func() *profile.Profile {
		t.Helper()
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		p, warns, err := datafile.Decode("replay", buf.Bytes())
		if err != nil || len(warns) > 0 {
			t.Fatalf("decode: %v %v", err, warns)
		}
		return p
	}
}

// TestReplay feeds the sampler a recorded sequence of kernel records (no
// perf events, no root) and checks what it writes: exec clears a process's
// mappings, fork copies them, MMAP2 places an object with the bias its ELF
// segments give (debug/elf read here independently), LOST adds up.
func TestReplay(t *testing.T) {
	const libc = "/lib/x86_64-linux-gnu/libc.so.6"
	f, err := elf.Open(libc)
	if err != nil {
		t.Skip(err)
	}
	var text elf.ProgHeader
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && p.Flags&elf.PF_X != 0 {
			text = p.ProgHeader
		}
	}
	f.Close()
	const start = 0x7f0000000000
	pgoff := text.Off &^ 0xfff
	// The link-time address of runtime start+0x40: libc's text segment
	// has link address Vaddr at file offset Off.
	wantAddr := profile.Addr(text.Vaddr - (text.Off - pgoff) + 0x40)

	s, decode := replaySampler(t, SampleTypes, Options{Freq: 1000})
	defer s.Close()
	s.clockOffset = 0
	s.procs[100] = &process{pid: 100, ppid: 1, comm: "sh"}
	recs := []perfevent.Record{
		{Type: perfevent.RecordComm, Misc: perfevent.MiscCommExec, PID: 100, TID: 100, Comm: "prog", Time: 1},
		{Type: perfevent.RecordMmap2, PID: 100, TID: 100, Addr: start, Len: 0x1000, Pgoff: pgoff, Prot: 5, Filename: libc, Time: 2},
		{Type: perfevent.RecordSample, PID: 100, TID: 100, IP: start + 0x40, Period: 1000, Time: 3},
		{Type: perfevent.RecordFork, PID: 101, PPID: 100, TID: 101, PTID: 100, Time: 4},
		{Type: perfevent.RecordSample, PID: 101, TID: 101, IP: start + 0x40, Period: 1000, Time: 5},
		{Type: perfevent.RecordComm, Misc: perfevent.MiscCommExec, PID: 101, TID: 101, Comm: "other", Time: 6},
		{Type: perfevent.RecordSample, PID: 101, TID: 101, IP: start + 0x40, Period: 1000, Time: 7},
		{Type: perfevent.RecordLost, Lost: 5, Time: 8},
		{Type: perfevent.RecordLost, Lost: 2, Time: 9},
	}
	for i := range recs {
		if err := s.handle(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.drain(); err != nil { // writes the Lost frame
		t.Fatal(err)
	}
	p := decode()
	if len(p.Samples) != 3 {
		t.Fatalf("%d samples, want 3", len(p.Samples))
	}
	tests := []struct {
		name    string
		s       profile.Sample
		mapped  bool
		wantPID int32
	}{
		{"after mmap", p.Samples[0], true, 100},
		{"forked child inherits", p.Samples[1], true, 101},
		{"child after exec", p.Samples[2], false, 101},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := tt.s.Stack[0]
			if tt.s.PID != tt.wantPID {
				t.Errorf("pid %d, want %d", tt.s.PID, tt.wantPID)
			}
			if !tt.mapped {
				if loc.Mapping != profile.NoMapping || uint64(loc.Addr) != start+0x40 {
					t.Errorf("location %+v, want the raw address unmapped", loc)
				}
				return
			}
			if loc.Mapping == profile.NoMapping || p.Mappings[loc.Mapping].Path != libc || loc.Addr != wantAddr {
				t.Errorf("location %+v, want %s %#x", loc, libc, uint64(wantAddr))
			}
		})
	}
	if p.Runs[0].Lost != 7 {
		t.Errorf("lost %d, want 7", p.Runs[0].Lost)
	}
	comm := map[int32]string{}
	for _, pr := range p.Processes {
		comm[pr.PID] = pr.Comm
	}
	if comm[100] != "prog" || comm[101] != "other" {
		t.Errorf("processes %+v", p.Processes)
	}
}

// TestReplayReadFromProc: a process whose maps were read from /proc at
// time 10 (record -a reads the running processes after its events open,
// CPU by CPU): its FORK, COMM-exec and MMAP2 records older than that are
// already in those maps, and handled later (the rings are drained after
// the read) they must not undo them; newer ones apply.
func TestReplayReadFromProc(t *testing.T) {
	const libc = "/lib/x86_64-linux-gnu/libc.so.6"
	if _, err := elf.Open(libc); err != nil {
		t.Skip(err)
	}
	const start, other = 0x7f0000000000, 0x7e0000000000
	for _, tt := range []struct {
		name   string
		recs   []perfevent.Record
		mapped []bool // the samples at start+0x40 and at other+0x40
	}{
		{"exec before the read", []perfevent.Record{
			{Type: perfevent.RecordFork, PID: 100, PPID: 1, TID: 100, PTID: 1, Time: 3},
			{Type: perfevent.RecordComm, Misc: perfevent.MiscCommExec, PID: 100, TID: 100, Comm: "prog", Time: 5},
		}, []bool{true, false}},
		{"a mapping gone before the read", []perfevent.Record{
			{Type: perfevent.RecordMmap2, PID: 100, TID: 100, Addr: other, Len: 0x1000, Prot: 5, Filename: libc, Time: 6},
		}, []bool{true, false}},
		{"exec after the read", []perfevent.Record{
			{Type: perfevent.RecordComm, Misc: perfevent.MiscCommExec, PID: 100, TID: 100, Comm: "prog", Time: 11},
		}, []bool{false, false}},
		{"a mapping after the read", []perfevent.Record{
			{Type: perfevent.RecordMmap2, PID: 100, TID: 100, Addr: other, Len: 0x1000, Prot: 5, Filename: libc, Time: 11},
		}, []bool{true, true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, decode := replaySampler(t, SampleTypes, Options{Freq: 1000})
			defer s.Close()
			s.clockOffset = 0
			s.procs[1] = &process{pid: 1, comm: "init"}
			p := &process{pid: 100, ppid: 1, comm: "prog", readAt: 10}
			s.procs[100] = p
			s.mmap(p, start, start+0x1000, 0, libc, "")
			recs := append(tt.recs,
				perfevent.Record{Type: perfevent.RecordSample, PID: 100, TID: 100, IP: start + 0x40, Period: 1000, Time: 12},
				perfevent.Record{Type: perfevent.RecordSample, PID: 100, TID: 100, IP: other + 0x40, Period: 1000, Time: 13})
			for i := range recs {
				if err := s.handle(&recs[i]); err != nil {
					t.Fatal(err)
				}
			}
			prof := decode()
			if len(prof.Samples) != 2 {
				t.Fatalf("%d samples, want 2", len(prof.Samples))
			}
			for i, want := range tt.mapped {
				if got := prof.Samples[i].Stack[0].Mapping != profile.NoMapping; got != want {
					t.Errorf("sample %d mapped %v, want %v", i, got, want)
				}
			}
		})
	}
}

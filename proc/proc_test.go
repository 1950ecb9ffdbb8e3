package proc

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

func TestParseMaps(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []Mapping
		err  bool
	}{
		{
			name: "file and pseudo and anonymous",
			text: "55d0c5a00000-55d0c5a01000 r-xp 00001000 08:01 1234                       /usr/bin/x y\n" +
				"7ffd1c5f0000-7ffd1c5f2000 r-xp 00000000 00:00 0                          [vdso]\n" +
				"7f0000000000-7f0000001000 rw-p 00000000 00:00 0 \n",
			want: []Mapping{
				{Start: 0x55d0c5a00000, Limit: 0x55d0c5a01000, Perms: "r-xp", Offset: 0x1000, Dev: "08:01", Inode: 1234, Path: "/usr/bin/x y"},
				{Start: 0x7ffd1c5f0000, Limit: 0x7ffd1c5f2000, Perms: "r-xp", Dev: "00:00", Path: "[vdso]"},
				{Start: 0x7f0000000000, Limit: 0x7f0000001000, Perms: "rw-p", Dev: "00:00"},
			},
		},
		{name: "deleted", text: "1000-2000 r-xp 0 08:01 5 /tmp/a (deleted)\n",
			want: []Mapping{{Start: 0x1000, Limit: 0x2000, Perms: "r-xp", Dev: "08:01", Inode: 5, Path: "/tmp/a (deleted)"}}},
		{name: "short line", text: "1000-2000 r-xp 0\n", err: true},
		{name: "bad range", text: "1000 r-xp 0 08:01 5 /a\n", err: true},
		{name: "reversed range", text: "2000-1000 r-xp 0 08:01 5 /a\n", err: true},
		{name: "bad perms", text: "1000-2000 rx 0 08:01 5 /a\n", err: true},
		{name: "bad inode", text: "1000-2000 r-xp 0 08:01 z /a\n", err: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseMaps(strings.NewReader(tt.text), "maps")
			if tt.err {
				var pe *ParseError
				if !errors.As(err, &pe) || pe.File != "maps" || pe.Line != 1 {
					t.Fatalf("err = %v, want a ParseError of maps line 1", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d mappings, want %d: %+v", len(got), len(tt.want), got)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("mapping %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestParseStat(t *testing.T) {
	tests := []struct {
		name, text string
		want       Stat
		err        bool
	}{
		{name: "plain", text: "42 (cat) R 7 42 42 0", want: Stat{PID: 42, Comm: "cat", State: "R", PPID: 7}},
		{name: "parens in comm", text: "9 (a) b) (c) S 1 9 9", want: Stat{PID: 9, Comm: "a) b) (c", State: "S", PPID: 1}},
		{name: "no comm", text: "9 a S 1", err: true},
		{name: "no ppid", text: "9 (a) S", err: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseStat(tt.text, "stat")
			if (err != nil) != tt.err {
				t.Fatalf("err = %v, want error %v", err, tt.err)
			}
			if !tt.err && got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestLive reads a live process and checks against ps(1) and the
// process's own knowledge of itself.
func TestLive(t *testing.T) {
	maps, err := Maps(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	found := false
	for _, m := range maps {
		if m.Path == exe && m.Exec() {
			found = true
		}
	}
	if !found {
		t.Errorf("no executable mapping of %s in own maps", exe)
	}
	st, err := ReadStat(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	// Oracle: ps -o ppid= -p PID.
	out, err := exec.Command("ps", "-o", "ppid=", "-p", strconv.Itoa(os.Getpid())).Output()
	if err != nil {
		t.Skipf("ps: %v", err)
	}
	if ppid, _ := strconv.Atoi(strings.TrimSpace(string(out))); ppid != st.PPID || st.PID != os.Getpid() {
		t.Errorf("stat = %+v, ps says ppid %d", st, ppid)
	}
	tids, err := Threads(os.Getpid())
	if err != nil || len(tids) < 1 {
		t.Errorf("Threads = %v, %v", tids, err)
	}
}

func TestParseSchedstat(t *testing.T) {
	tests := []struct {
		name, text string
		run, wait  uint64
		err        bool
	}{
		{name: "three fields", text: "1234567 890 12\n", run: 1234567, wait: 890},
		{name: "one field", text: "12\n", err: true},
		{name: "not a number", text: "x 1 2", err: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run, wait, err := ParseSchedstat(tt.text, "schedstat")
			if (err != nil) != tt.err || run != tt.run || wait != tt.wait {
				t.Errorf("got %d %d %v", run, wait, err)
			}
		})
	}
}

func FuzzParseMaps(f *testing.F) {
	f.Add("55d0c5a00000-55d0c5a01000 r-xp 00001000 08:01 1234 /usr/bin/x\n")
	f.Add("7ffd1c5f0000-7ffd1c5f2000 r-xp 00000000 00:00 0 [vdso]\n1-2 rw-p 0 0:0 0\n")
	f.Fuzz(func(t *testing.T, s string) {
		ms, err := ParseMaps(strings.NewReader(s), "maps")
		for _, m := range ms {
			if m.Limit < m.Start {
				t.Fatalf("accepted reversed range %+v", m)
			}
		}
		_ = err
		ParseStat(s, "stat")
		ParseSchedstat(s, "schedstat")
	})
}

// TestParseCgroup: the cgroup v2 line of /proc/PID/cgroup, on a pure v2
// system and on a hybrid one (this machine's layout: v1 controllers then
// "0::/").
func TestParseCgroup(t *testing.T) {
	tests := []struct {
		name, text, want string
		bad              bool
	}{
		{name: "v2", text: "0::/system.slice/cron.service\n", want: "/system.slice/cron.service"},
		{name: "hybrid", text: "4:memory:/x\n1:cpu:/\n0::/\n", want: "/"},
		{name: "v1 only", text: "4:memory:/x\n", bad: true},
		{name: "relative", text: "0::x\n", bad: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseCgroup(tt.text, "cgroup")
			if (err != nil) != tt.bad || got != tt.want {
				t.Errorf("got %q, %v; want %q (error %v)", got, err, tt.want, tt.bad)
			}
		})
	}
}

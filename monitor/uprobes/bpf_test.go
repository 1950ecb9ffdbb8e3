package uprobes

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"sonde/internal/linux/bpf"
	"sonde/internal/testprog"
	"sonde/monitor/plancache"
	"sonde/monitor/units"
	"sonde/profile"
)

// TestRefusedPrefix: the instructions the kernel's uprobes refuse for
// their prefix (arch/x86/kernel/uprobes.c, is_prefix_bad), with bytes and
// mnemonics as objdump -d prints them for gcc 12 output.
func TestRefusedPrefix(t *testing.T) {
	tests := []struct {
		name string
		code []byte
		want bool
	}{
		{"cs nopw 0x0(%rax,%rax,1)", []byte{0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00}, true},
		{"notrack jmp *%rax", []byte{0x3e, 0xff, 0xe0}, true},
		{"lock cmpxchg %rdx,(%rcx)", []byte{0xf0, 0x48, 0x0f, 0xb1, 0x11}, true},
		{"push %rbp", []byte{0x55}, false},
		{"endbr64", []byte{0xf3, 0x0f, 0x1e, 0xfa}, false},
		{"mov %fs:0x28,%rax", []byte{0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0x00, 0x00, 0x00}, false},
		{"nopw 0x0(%rax,%rax,1)", []byte{0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00}, false},
		{"rep stos %rax,%es:(%rdi)", []byte{0xf3, 0x48, 0xab}, false},
		{"empty", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := refusedPrefix(tc.code); got != tc.want {
				t.Errorf("refusedPrefix(% x) = %v, want %v", tc.code, got, tc.want)
			}
		})
	}
}

// TestBPFRefusedSite: a uprobe_multi link fails as a whole (ENOTSUPP)
// when one instruction cannot be probed in a process that maps the
// object; attachBPF then halves the offsets until it has the refused one
// alone. attach.c runs while the probes are attached to its counted()
// and main() entries and to the first "cs nopw" padding of its text
// (address from objdump -d, the oracle).
func TestBPFRefusedSite(t *testing.T) {
	bin := testprog.Build(t, "count/attach.c", testprog.Opts{Flags: []string{"-g", "-O2"}})
	cmd := exec.Command(bin, "2")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	line := make([]byte, 6)
	if _, err := io.ReadFull(out, line); err != nil || string(line) != "ready\n" {
		t.Fatalf("fixture: %q, %v", line, err)
	}
	u, err := units.LoadUnits(bin, profile.UnitFunction, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	o := plancache.NewObject(u)
	dump, err := exec.Command(testprog.Require(t, "objdump"), "-d", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	var pad uint64
	for _, l := range strings.Split(string(dump), "\n") {
		if strings.Contains(l, "cs nopw") {
			fmt.Sscanf(strings.TrimSpace(l), "%x:", &pad)
			break
		}
	}
	if pad == 0 {
		t.Fatal("objdump shows no cs nopw padding")
	}
	// Sites: counted, the padding, main (a fake Object keeps the test
	// apart from the unit planner).
	fake := plancache.NewObject(&units.Object{Path: bin, Segments: o.Segments})
	var offsets []uint64
	for _, a := range []profile.Addr{o.Sites[siteOf(t, o, "counted")].Addr, profile.Addr(pad), o.Sites[siteOf(t, o, "main")].Addr} {
		fake.Sites = append(fake.Sites, units.Site{Addr: a})
		off, ok := o.FileOffset(a)
		if !ok {
			t.Fatalf("no file offset for %#x", a)
		}
		offsets = append(offsets, off)
	}
	c, err := bpf.NewUprobeCounters(3)
	if errors.Is(err, bpf.ErrNotSupported) && os.Getenv("CI") != "true" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	s := &Set{bpf: c, bpfSites: []bpfSite{{0, 0}, {0, 1}, {0, 2}}}
	defer s.close()
	if err := s.attachBPF(fake, offsets, []uint64{0, 1, 2}); err != nil {
		t.Fatal(err)
	}
	if got := s.refused[fake]; len(got) != 1 || !got[1] {
		t.Errorf("refused sites %v, want only site 1 (the padding at %#x)", got, pad)
	}
	if c.Probes() != 2 {
		t.Errorf("%d probes attached, want 2", c.Probes())
	}
}

// siteOf returns the index of the site of function unit name.
func siteOf(t *testing.T, o *plancache.Object, name string) int {
	t.Helper()
	for si, s := range o.Sites {
		for _, u := range s.Units {
			if o.Units()[u].Func == name {
				return si
			}
		}
	}
	t.Fatalf("no site of %s", name)
	return 0
}

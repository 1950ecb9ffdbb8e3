package ccdriver

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sonde/internal/testprog"
)

// TestCFIAroundCounters checks that the flag-preserving counter sequence
// (lea -128(%rsp); push %rax; ...; pop %rax; lea 128(%rsp)) is described to
// unwinders: in gcc -O2's flags.c (whose sparse() has a block starting with
// jg), the CFA that binutils computes from .eh_frame is 136 bytes further
// from %rsp while %rax is saved, and back where it was after the sequence.
// Oracle: readelf --debug-dump=frames-interp and objdump -d.
func TestCFIAroundCounters(t *testing.T) {
	testprog.Require(t, "gcc")
	testprog.Require(t, "readelf")
	testprog.Require(t, "objdump")
	dir := t.TempDir()
	bin := filepath.Join(dir, "flags")
	var msgs bytes.Buffer
	d := &Driver{Compiler: "gcc", Mode: &BlocksMode{}, Stdout: &msgs, Stderr: &msgs, CacheDir: filepath.Join(dir, "cache")}
	if err := d.Run([]string{"-O2", "-o", bin, testprog.Path("cc/flags.c")}); err != nil {
		t.Fatalf("sonde cc: %v\n%s", err, msgs.String())
	}
	dis, err := exec.Command("objdump", "-d", "--no-show-raw-insn", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	// The addresses of the sequence's instructions, from its first lea to
	// the instruction after its last.
	insn := regexp.MustCompile(`^\s*([0-9a-f]+):\s+(.*)$`)
	var addrs []uint64
	var texts []string
	for _, l := range strings.Split(string(dis), "\n") {
		if m := insn.FindStringSubmatch(l); m != nil {
			a, _ := strconv.ParseUint(m[1], 16, 64)
			addrs = append(addrs, a)
			texts = append(texts, m[2])
		}
	}
	start := -1
	for i, tx := range texts {
		if strings.HasPrefix(tx, "lea") && strings.Contains(tx, "-0x80(%rsp),%rsp") {
			start = i
			break
		}
	}
	if start < 0 || start+7 >= len(texts) {
		t.Fatalf("no flag-preserving counter sequence in flags.c's code")
	}
	frames, err := exec.Command("readelf", "--debug-dump=frames-interp", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	cfa := func(addr uint64) int {
		row := regexp.MustCompile(`^([0-9a-f]{16}) rsp\+(\d+)`)
		fde := regexp.MustCompile(`pc=([0-9a-f]+)\.\.([0-9a-f]+)`)
		in, best := false, -1
		for _, l := range strings.Split(string(frames), "\n") {
			if m := fde.FindStringSubmatch(l); m != nil {
				lo, _ := strconv.ParseUint(m[1], 16, 64)
				hi, _ := strconv.ParseUint(m[2], 16, 64)
				in = lo <= addr && addr < hi
				continue
			}
			if m := row.FindStringSubmatch(l); in && m != nil {
				loc, _ := strconv.ParseUint(m[1], 16, 64)
				if loc <= addr {
					best, _ = strconv.Atoi(m[2])
				}
			}
		}
		if best < 0 {
			t.Fatalf("readelf gives no rsp-based CFA at %#x", addr)
		}
		return best
	}
	base := cfa(addrs[start])
	// start: lea; +1 push; +2..4 the count; +5 pop; +6 lea; +7 the block's
	// own first instruction.
	for i, want := range []int{base, base + 128, base + 136, base + 136, base + 136, base + 136, base + 128, base} {
		if got := cfa(addrs[start+i]); got != want {
			t.Errorf("%#x %s: CFA rsp+%d, want rsp+%d", addrs[start+i], texts[start+i], got, want)
		}
	}
}

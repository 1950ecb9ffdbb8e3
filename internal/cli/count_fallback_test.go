package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"sonde/internal/testprog"
)

// TestCountAutoPtrace runs sonde count as user nobody, who may not open
// uprobes (perf_event_paranoid 2, no tracefs access) but may trace its own
// child: --engine auto counts a command it starts with ptrace, with no
// notice (the summary names the engine), and the counts are the same as
// root's uprobe counts of the same binary.
func TestCountAutoPtrace(t *testing.T) {
	testprog.RequireRoot(t, "running sonde as nobody")
	dir, err := os.MkdirTemp("", "sonde-fallback-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o777)
	sonde := filepath.Join(dir, "sonde")
	if out, err := exec.Command("go", "build", "-o", sonde, "sonde/cmd/sonde").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	src := testprog.Build(t, "count/shell.c", testprog.Opts{Flags: []string{"-g", "-O0"}})
	bin := filepath.Join(dir, "shell")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(sonde, "count", "--units", "functions", "-o", filepath.Join(dir, "n.data"), "--", bin)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("sonde count as nobody: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "ptrace engine") {
		t.Fatalf("want the summary alone, naming the ptrace engine, got:\n%s", out)
	}
	rootData := filepath.Join(dir, "r.data")
	if _, errOut, code := countRun(t, "--units", "functions", "--engine", "uprobe", "-o", rootData, "--", bin); code != 0 {
		t.Fatalf("root count: %s", errOut)
	}
	nobody, _, _ := repRun(t, "--functions", filepath.Join(dir, "n.data"))
	root, _, _ := repRun(t, "--functions", rootData)
	cut := func(s string) string { // the table, without header and notes
		i := strings.Index(s, "  function")
		if i < 0 {
			return s
		}
		return s[i:]
	}
	if cut(nobody) != cut(root) {
		t.Errorf("ptrace (nobody) and uprobe (root) counts differ:\n%s\n%s", nobody, root)
	}
}

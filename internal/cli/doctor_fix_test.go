package cli

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// fakeSysctls is a table of sysctl values; set records the changes.
type fakeSysctls struct {
	values map[string]string
	sets   []string
}

func (f *fakeSysctls) machine(root bool, capEff uint64) sysctls {
	return sysctls{root: root, capEff: capEff,
		get: func(name string) (string, error) {
			v, ok := f.values[name]
			if !ok {
				return "", errors.New("no such sysctl")
			}
			return v, nil
		},
		set: func(name, old, value string) (string, error) {
			f.sets = append(f.sets, name+"="+value)
			return fmt.Sprintf("%s: %s -> %s", name, old, value), nil
		}}
}

// TestSysctlChecks: which settings the doctor calls missing, for root and
// for a user, and what --fix would set them to (Documentation/admin-guide/
// sysctl/kernel.rst, Documentation/admin-guide/LSM/Yama.rst).
func TestSysctlChecks(t *testing.T) {
	const capAll = 1<<capSysPtrace | 1<<capSysAdmin | 1<<capPerfmon
	tests := []struct {
		name     string
		root     bool
		values   map[string]string
		missing  []string // what of the missing checks, by prefix
		wantSets []string // what their fixes set, in order
	}{
		{name: "defaults of this machine, root", root: true,
			values: map[string]string{"kernel.perf_event_paranoid": "2", "kernel.kptr_restrict": "0"}},
		{name: "debian paranoid 3, root", root: true,
			values:  map[string]string{"kernel.perf_event_paranoid": "3", "kernel.kptr_restrict": "0"},
			missing: []string{"perf_event_paranoid = 3 (privileged: true)"}, wantSets: []string{"kernel.perf_event_paranoid=2"}},
		{name: "paranoid 4, user",
			values:  map[string]string{"kernel.perf_event_paranoid": "4", "kernel.kptr_restrict": "0"},
			missing: []string{"perf_event_paranoid = 4 and no CAP_PERFMON"}, wantSets: []string{"kernel.perf_event_paranoid=2"}},
		{name: "kptr_restrict 1, root", root: true,
			values: map[string]string{"kernel.perf_event_paranoid": "2", "kernel.kptr_restrict": "1"}},
		{name: "kptr_restrict 2, root", root: true,
			values:  map[string]string{"kernel.perf_event_paranoid": "2", "kernel.kptr_restrict": "2"},
			missing: []string{"kptr_restrict = 2"}, wantSets: []string{"kernel.kptr_restrict=1"}},
		{name: "kptr_restrict 1, user",
			values:  map[string]string{"kernel.perf_event_paranoid": "2", "kernel.kptr_restrict": "1"},
			missing: []string{"kptr_restrict = 1"}, wantSets: []string{"kernel.kptr_restrict=0"}},
		{name: "ubuntu ptrace_scope 1, root", root: true,
			values:  map[string]string{"kernel.perf_event_paranoid": "2", "kernel.kptr_restrict": "0", "kernel.yama.ptrace_scope": "1"},
			missing: []string{"yama ptrace_scope = 1: you may attach anywhere"}, wantSets: []string{"kernel.yama.ptrace_scope=0"}},
		{name: "ptrace_scope 2, user",
			values:  map[string]string{"kernel.perf_event_paranoid": "2", "kernel.kptr_restrict": "0", "kernel.yama.ptrace_scope": "2"},
			missing: []string{"yama ptrace_scope = 2: you may attach to none"}, wantSets: []string{"kernel.yama.ptrace_scope=0"}},
		{name: "ptrace_scope 3 needs a reboot", root: true,
			values:  map[string]string{"kernel.perf_event_paranoid": "2", "kernel.kptr_restrict": "0", "kernel.yama.ptrace_scope": "3"},
			missing: []string{"yama ptrace_scope = 3"}},
		{name: "ptrace_scope 0", values: map[string]string{"kernel.perf_event_paranoid": "2", "kernel.kptr_restrict": "0", "kernel.yama.ptrace_scope": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeSysctls{values: tt.values}
			var capEff uint64
			if tt.root {
				capEff = capAll
			}
			m := f.machine(tt.root, capEff)
			par, _ := paranoidCheck(m)
			cs := append(append([]check{par}, kptrCheck(m)...), yamaCheck(m))
			var missing []check
			for _, c := range cs {
				if !c.ok {
					missing = append(missing, c)
					if c.cost == "" || c.remedy == "" {
						t.Errorf("missing without cost or remedy: %+v", c)
					}
				}
			}
			if len(missing) != len(tt.missing) {
				t.Fatalf("missing %d checks, want %d: %+v", len(missing), len(tt.missing), missing)
			}
			for i, c := range missing {
				if !strings.HasPrefix(c.what, tt.missing[i]) {
					t.Errorf("missing %q, want %q...", c.what, tt.missing[i])
				}
			}
			var out bytes.Buffer
			ok := applyFixes(&env{stdout: &out}, cs)
			if !ok {
				t.Errorf("applyFixes failed:\n%s", out.String())
			}
			if fmt.Sprint(f.sets) != fmt.Sprint(tt.wantSets) {
				t.Errorf("fixes set %v, want %v", f.sets, tt.wantSets)
			}
			changes := strings.Count(out.String(), "changed  ")
			if changes != len(tt.wantSets) {
				t.Errorf("%d change lines for %d changes:\n%s", changes, len(tt.wantSets), out.String())
			}
		})
	}
}

// TestApplyFixesFailure: a fix that fails is one FAILED line, the others
// are still applied, and applyFixes reports the failure.
func TestApplyFixesFailure(t *testing.T) {
	var applied []string
	cs := []check{
		{what: "a", fix: func() (string, error) { return "", errors.New("set a: permission denied") }},
		{ok: true, what: "b", fix: func() (string, error) { applied = append(applied, "b"); return "b: 1 -> 0", nil }},
		{what: "c", fix: func() (string, error) { applied = append(applied, "c"); return "c: 2 -> 1", nil }},
		{what: "d"},
	}
	var out bytes.Buffer
	if applyFixes(&env{stdout: &out}, cs) {
		t.Error("applyFixes reports success")
	}
	want := "FAILED   set a: permission denied\nchanged  c: 2 -> 1\n"
	if out.String() != want || fmt.Sprint(applied) != "[c]" {
		t.Errorf("applyFixes printed %q and applied %v; want %q and [c]", out.String(), applied, want)
	}
}

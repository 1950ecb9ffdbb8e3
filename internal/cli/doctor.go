package cli

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"sonde/internal/linux/perfevent"
)

func doctorVerb() *verb {
	return &verb{
		name:    "doctor",
		summary: "check what this machine allows sonde to do, and how to allow the rest",
		run:     runDoctor,
		usage: `
Usage: sonde doctor

Checks what this machine allows: perf events (perf_event_paranoid, a real
perf_event_open), kernel symbols (kptr_restrict), ptrace (yama ptrace_scope),
capabilities, seccomp, the uprobe PMU, and the compilers and oracles sonde
uses. For each missing piece it prints what it costs and the exact remedy.
Exit status 0 when 'sonde record' can sample, 1 otherwise.

Examples:
  sonde doctor
`,
	}
}

// check is one line of the doctor's report.
type check struct {
	ok     bool
	what   string // what was found
	cost   string // what is lost when not ok
	remedy string // how to fix it
}

func runDoctor(e *env, args []string) int {
	fs := newFlagSet(e, "doctor")
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "sonde doctor: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	checks, canSample := doctorChecks()
	for _, c := range checks {
		if c.ok {
			fmt.Fprintf(e.stdout, "ok       %s\n", c.what)
			continue
		}
		fmt.Fprintf(e.stdout, "MISSING  %s\n         cost: %s\n         remedy: %s\n", c.what, c.cost, c.remedy)
	}
	if !canSample {
		return exitError
	}
	return exitOK
}

func readTrim(path string) (string, error) {
	b, err := os.ReadFile(path)
	return strings.TrimSpace(string(b)), err
}

// statusField returns a field of /proc/self/status ("CapEff", "Seccomp").
func statusField(name string) string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && k == name {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// Capability bits (include/uapi/linux/capability.h).
const (
	capSysPtrace = 19
	capSysAdmin  = 21
	capPerfmon   = 38
)

func doctorChecks() ([]check, bool) {
	var cs []check
	root := os.Geteuid() == 0
	var capEff uint64
	if v := statusField("CapEff"); v != "" {
		capEff, _ = strconv.ParseUint(v, 16, 64)
	}
	has := func(bit uint) bool { return capEff&(1<<bit) != 0 }

	// perf_event_paranoid (Documentation/admin-guide/sysctl/kernel.rst).
	par, err := readTrim("/proc/sys/kernel/perf_event_paranoid")
	lvl, _ := strconv.Atoi(par)
	privileged := has(capPerfmon) || has(capSysAdmin)
	switch {
	case err != nil:
		cs = append(cs, check{what: "perf events: /proc/sys/kernel/perf_event_paranoid is missing (kernel without perf events?)",
			cost:   "sonde record and top cannot use perf events; they fall back to the slower ptrace sampler",
			remedy: "use a kernel built with CONFIG_PERF_EVENTS"})
	case lvl <= 2 || privileged:
		// 2 keeps unprivileged users out of the kernel, not out of their
		// own processes' user space.
		cs = append(cs, check{ok: true, what: fmt.Sprintf("perf_event_paranoid = %d (privileged: %v): user-space sampling of your processes allowed", lvl, privileged)})
	default:
		cs = append(cs, check{what: fmt.Sprintf("perf_event_paranoid = %d and no CAP_PERFMON: perf events are closed to unprivileged users", lvl),
			cost:   "sonde record and top fall back to the ptrace sampler (tens of µs per sample, stops the target)",
			remedy: "sudo sysctl kernel.perf_event_paranoid=2 (or give sonde CAP_PERFMON: sudo setcap cap_perfmon+ep $(which sonde))"})
	}
	probeErr := perfevent.Probe(false)
	canSample := probeErr == nil
	if probeErr == nil {
		cs = append(cs, check{ok: true, what: "perf_event_open of a task-clock event: works"})
	} else {
		cs = append(cs, check{what: "perf_event_open of a task-clock event: " + probeErr.Error(),
			cost:   "no perf-event sampling; record and top need the ptrace sampler",
			remedy: "lower perf_event_paranoid as above; in a container, allow perf_event_open in its seccomp profile (docker run --security-opt seccomp=unconfined, or --cap-add PERFMON)"})
	}
	if err := perfevent.Probe(true); err == nil {
		cs = append(cs, check{ok: true, what: "kernel sampling (-k): allowed"})
	} else {
		cs = append(cs, check{what: fmt.Sprintf("kernel sampling (-k): not allowed (perf_event_paranoid %d)", lvl),
			cost:   "record -k keeps user frames only; time in system calls is charged to the calling user code",
			remedy: "sudo sysctl kernel.perf_event_paranoid=1 (or CAP_PERFMON)"})
	}
	// kptr_restrict: kernel addresses in /proc/kallsyms.
	if kr, err := readTrim("/proc/sys/kernel/kptr_restrict"); err == nil {
		n, _ := strconv.Atoi(kr)
		if n == 0 || n == 1 && (root || has(capSysAdmin)) {
			cs = append(cs, check{ok: true, what: fmt.Sprintf("kptr_restrict = %d: /proc/kallsyms shows kernel addresses", n)})
		} else {
			cs = append(cs, check{what: fmt.Sprintf("kptr_restrict = %d: /proc/kallsyms hides kernel addresses", n),
				cost:   "kernel frames of -k print as [kernel.kallsyms]@ADDRESS instead of function names",
				remedy: "sudo sysctl kernel.kptr_restrict=0 (or run sonde as root with kptr_restrict=1)"})
		}
	}
	// ptrace: Yama (Documentation/admin-guide/LSM/Yama.rst).
	if ps, err := readTrim("/proc/sys/kernel/yama/ptrace_scope"); err == nil {
		n, _ := strconv.Atoi(ps)
		switch {
		case n == 0 || root || has(capSysPtrace) && n < 3:
			cs = append(cs, check{ok: true, what: fmt.Sprintf("yama ptrace_scope = %d: may attach to running processes (-p, ptrace sampler, count)", n)})
		case n == 3:
			cs = append(cs, check{what: "yama ptrace_scope = 3: ptrace attach disabled until reboot",
				cost:   "no ptrace sampler, no sonde count -p; sonde record -p still works with perf events",
				remedy: "reboot with kernel.yama.ptrace_scope=1 in /etc/sysctl.d/"})
		default:
			cs = append(cs, check{what: fmt.Sprintf("yama ptrace_scope = %d: only descendants may be traced", n),
				cost:   "the ptrace sampler and sonde count cannot attach with -p (commands run by sonde still work)",
				remedy: "sudo sysctl kernel.yama.ptrace_scope=0 (or give sonde CAP_SYS_PTRACE)"})
		}
	} else {
		cs = append(cs, check{ok: true, what: "no Yama LSM: ptrace follows the classic rules (same user, or root)"})
	}
	// seccomp (proc(5): Seccomp 0 disabled, 1 strict, 2 filter).
	switch statusField("Seccomp") {
	case "0", "":
		cs = append(cs, check{ok: true, what: "seccomp: not filtering sonde's system calls"})
	default:
		cs = append(cs, check{what: "seccomp: a filter is active on sonde (container?)",
			cost:   "perf_event_open or ptrace may be refused even where the sysctls allow them",
			remedy: "run the container with a seccomp profile that allows perf_event_open and ptrace"})
	}
	// uprobe PMU, for sonde count's uprobe engine.
	if _, err := os.Stat("/sys/bus/event_source/devices/uprobe/type"); err == nil {
		cs = append(cs, check{ok: true, what: "uprobe PMU: present (sonde count --engine uprobe)"})
	} else {
		cs = append(cs, check{what: "uprobe PMU: absent (/sys/bus/event_source/devices/uprobe)",
			cost:   "sonde count uses its ptrace engine (slower per hit)",
			remedy: "use a kernel with CONFIG_UPROBE_EVENTS"})
	}
	// Tools sonde builds with or checks against.
	for _, tool := range []struct{ name, role, pkg string }{
		{"gcc", "C compiler for sonde cc and the tests", "gcc"},
		{"clang", "LLVM compiler for sonde cc --sonde-mode=attrib", "clang"},
		{"llvm-symbolizer", "symbolizer oracle of the tests", "llvm"},
		{"addr2line", "binutils symbolizer oracle", "binutils"},
		{"readelf", "CFI oracle of the unwinder tests", "binutils"},
		{"perf", "sampling oracle and benchmark anchor", "linux-perf"},
		{"valgrind", "exact-count oracle", "valgrind"},
		{"gdb", "stack oracle", "gdb"},
	} {
		if p, err := exec.LookPath(tool.name); err == nil {
			cs = append(cs, check{ok: true, what: fmt.Sprintf("%s: %s (%s)", tool.name, p, tool.role)})
		} else {
			cs = append(cs, check{what: tool.name + ": not found",
				cost:   "no " + tool.role,
				remedy: "sudo apt-get install " + tool.pkg})
		}
	}
	return cs, canSample
}

package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"sonde/internal/linux/bpf"
	"sonde/internal/linux/perfevent"
	"sonde/internal/linux/tracefs"
)

func doctorVerb() *verb {
	return &verb{
		name:    "doctor",
		summary: "check what this machine allows sonde to do; --fix allows the rest (as root)",
		run:     runDoctor,
		usage: `
Usage: sonde doctor [--fix]

Checks what this machine allows: perf events (perf_event_paranoid, a real
perf_event_open), kernel symbols (kptr_restrict), ptrace (Yama's
ptrace_scope), capabilities, seccomp, the uprobe PMU, tracefs and BPF
uprobe counters (sonde count's in-kernel engine), and the compilers sonde
runs (gcc, clang). For each missing piece it prints what it costs and the
exact remedy. Run as root, it also judges the machine-wide settings for the
other users (perf_event_paranoid above 2, ptrace_scope 1 or 2). The
oracles the tests compare against are listed apart; ./test.sh installs
them. RLIMIT_MEMLOCK is not checked: since Linux 5.11 BPF memory is charged
to the memory cgroup, and sonde's BPF engine needs Linux 6.6.

Exit status 0 when 'sonde record' can sample, 1 otherwise.

Options:
  --fix   apply every remedy that root can apply, printing one line per
          change (what it changed, from -> to), then check again:
            mount tracefs at /sys/kernel/tracing
            kernel.perf_event_paranoid above 2 -> 2 (users sample their
              own processes; kernel sampling by users stays off)
            kernel.kptr_restrict 2 -> 1 (root sees kernel symbols)
            kernel.yama.ptrace_scope 1 or 2 -> 0 (3 needs a reboot)
            gcc, clang: apt-get install -y --no-install-recommends
              (apt-get update first when the install fails)
          sysctl changes last until reboot. Exit status 1 when a change
          failed (not root: nothing can be changed).

Examples:
  sonde doctor
  sudo sonde doctor --fix
`,
	}
}

// check is one line of the doctor's report.
type check struct {
	ok     bool
	what   string // what was found
	cost   string // what is lost when not ok
	remedy string // how to fix it
	// fix, when not nil, applies the remedy (as root) and returns the
	// change made: "WHAT: FROM -> TO".
	fix func() (string, error)
	// pkg, when not empty, is the Debian package that installs the
	// missing tool tool: --fix installs them all with one apt-get.
	pkg, tool string
	// oracle marks a tool the tests use, not sonde: listed apart, not
	// installed by --fix.
	oracle bool
}

func runDoctor(e *env, args []string) int {
	fs := newFlagSet(e, "doctor")
	fix := fs.Bool("fix", false, "apply every remedy that root can apply")
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "sonde doctor: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	checks, canSample := doctorChecks()
	failed := false
	if *fix {
		failed = !applyFixes(e, checks)
		checks, canSample = doctorChecks()
	}
	oracles := false
	for _, c := range checks {
		if c.oracle {
			oracles = true
			continue
		}
		printCheck(e, c)
	}
	if oracles {
		fmt.Fprintln(e.stdout, "For the tests (./test.sh installs these):")
		for _, c := range checks {
			if c.oracle {
				printCheck(e, c)
			}
		}
	}
	if !canSample || failed {
		return exitError
	}
	return exitOK
}

func printCheck(e *env, c check) {
	if c.ok {
		fmt.Fprintf(e.stdout, "ok       %s\n", c.what)
		return
	}
	fmt.Fprintf(e.stdout, "MISSING  %s\n         cost: %s\n         remedy: %s\n", c.what, c.cost, c.remedy)
}

// applyFixes applies the fix of every missing check and installs the
// missing packages of sonde's tools, printing one line per change or
// failure. It reports whether every fix succeeded.
func applyFixes(e *env, checks []check) bool {
	ok, changed := true, 0
	for _, c := range checks {
		if c.ok || c.fix == nil {
			continue
		}
		change, err := c.fix()
		if err != nil {
			fmt.Fprintf(e.stdout, "FAILED   %v\n", err)
			ok = false
			continue
		}
		fmt.Fprintf(e.stdout, "changed  %s\n", change)
		changed++
	}
	var pkgs, tools []string
	for _, c := range checks {
		if !c.ok && c.pkg != "" && !c.oracle {
			if !slices.Contains(pkgs, c.pkg) {
				pkgs = append(pkgs, c.pkg)
			}
			tools = append(tools, c.tool)
		}
	}
	if len(pkgs) > 0 {
		if err := aptInstall(pkgs); err != nil {
			fmt.Fprintf(e.stdout, "FAILED   install %s: %v\n", strings.Join(pkgs, " "), err)
			ok = false
		}
		for _, t := range tools {
			if p, err := exec.LookPath(t); err == nil {
				fmt.Fprintf(e.stdout, "changed  %s: not found -> %s (apt-get install)\n", t, p)
				changed++
			} else if ok {
				fmt.Fprintf(e.stdout, "FAILED   %s: still not found after apt-get install\n", t)
				ok = false
			}
		}
	}
	if changed == 0 && ok {
		fmt.Fprintln(e.stdout, "nothing to change: no missing piece has a remedy that --fix applies")
	}
	return ok
}

// aptInstall installs Debian packages as test.sh does: apt-get install,
// and apt-get update then install again when that fails (a fresh machine
// has no package lists).
func aptInstall(pkgs []string) error {
	if os.Geteuid() != 0 {
		return errors.New("not root (sudo sonde doctor --fix)")
	}
	if _, err := exec.LookPath("apt-get"); err != nil {
		return fmt.Errorf("no apt-get: install them with the system's package manager: %w", err)
	}
	apt := func(args ...string) ([]byte, error) {
		cmd := exec.Command("apt-get", args...)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		return cmd.CombinedOutput()
	}
	install := append([]string{"install", "-y", "--no-install-recommends"}, pkgs...)
	if _, err := apt(install...); err == nil {
		return nil
	}
	if out, err := apt("update"); err != nil {
		return fmt.Errorf("apt-get update: %w: %s", err, lastLine(out))
	}
	if out, err := apt(install...); err != nil {
		return fmt.Errorf("apt-get install: %w: %s", err, lastLine(out))
	}
	return nil
}

// lastLine returns the last non-empty line of out.
func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// sysctlPath returns the file of sysctl name under /proc/sys (dots for
// slashes, as sysctl(8) names them).
func sysctlPath(name string) string { return "/proc/sys/" + strings.ReplaceAll(name, ".", "/") }

// setSysctl writes value to sysctl name and returns "NAME: OLD -> VALUE".
func setSysctl(name, old, value string) (string, error) {
	path := sysctlPath(name)
	if err := os.WriteFile(path, []byte(value+"\n"), 0); err != nil {
		if os.Geteuid() != 0 {
			err = fmt.Errorf("%w (not root: sudo sonde doctor --fix)", err)
		}
		return "", fmt.Errorf("set %s from %s to %s: %w", name, old, value, err)
	}
	now, err := readTrim(path)
	if err != nil {
		return "", fmt.Errorf("set %s: %w", name, err)
	}
	if now != value {
		return "", fmt.Errorf("set %s from %s to %s: it reads %s", name, old, value, now)
	}
	return fmt.Sprintf("%s: %s -> %s", name, old, value), nil
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

// sysctls is what the doctor's sysctl checks read, and --fix writes:
// this process's credentials and the machine's /proc/sys (thisMachine),
// or a table in tests.
type sysctls struct {
	root   bool
	capEff uint64 // effective capabilities (/proc/self/status CapEff)
	// get returns a sysctl's value ("kernel.perf_event_paranoid"); set
	// changes it from old to value and returns "NAME: OLD -> VALUE".
	get func(name string) (string, error)
	set func(name, old, value string) (string, error)
}

// has reports whether capability bit is effective.
func (m sysctls) has(bit uint) bool { return m.capEff&(1<<bit) != 0 }

// thisMachine returns the sysctls of this machine and process.
func thisMachine() sysctls {
	m := sysctls{root: os.Geteuid() == 0, set: setSysctl,
		get: func(name string) (string, error) { return readTrim(sysctlPath(name)) }}
	if v := statusField("CapEff"); v != "" {
		m.capEff, _ = strconv.ParseUint(v, 16, 64)
	}
	return m
}

func doctorChecks() ([]check, bool) {
	m := thisMachine()
	par, lvl := paranoidCheck(m)
	cs := []check{par}
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
		// Not fixed by --fix: kernel profiling by every user is a choice
		// for the machine's owner.
		cs = append(cs, check{what: fmt.Sprintf("kernel sampling (-k): not allowed (perf_event_paranoid %d)", lvl),
			cost:   "record -k keeps user frames only; time in system calls is charged to the calling user code",
			remedy: "run sonde as root, or sudo sysctl kernel.perf_event_paranoid=1 (every user may then profile the kernel), or CAP_PERFMON"})
	}
	cs = append(cs, kptrCheck(m)...)
	cs = append(cs, yamaCheck(m))
	return otherChecks(cs), canSample
}

// paranoidCheck judges perf_event_paranoid and returns its level.
func paranoidCheck(m sysctls) (check, int) {
	// perf_event_paranoid (Documentation/admin-guide/sysctl/kernel.rst;
	// Debian's kernels add 3: no perf events at all without CAP_PERFMON).
	par, err := m.get("kernel.perf_event_paranoid")
	lvl, _ := strconv.Atoi(par)
	privileged := m.has(capPerfmon) || m.has(capSysAdmin)
	fixParanoid := func() (string, error) { return m.set("kernel.perf_event_paranoid", par, "2") }
	switch {
	case err != nil:
		return check{what: "perf events: /proc/sys/kernel/perf_event_paranoid is missing (kernel without perf events?)",
			cost:   "sonde record and top cannot use perf events; they fall back to the slower ptrace sampler",
			remedy: "use a kernel built with CONFIG_PERF_EVENTS"}, lvl
	case lvl <= 2:
		// 2 keeps unprivileged users out of the kernel, not out of their
		// own processes' user space.
		return check{ok: true, what: fmt.Sprintf("perf_event_paranoid = %d (privileged: %v): user-space sampling of your processes allowed", lvl, privileged)}, lvl
	case privileged:
		return check{what: fmt.Sprintf("perf_event_paranoid = %d (privileged: true): you may sample, users other than root may not", lvl),
			cost:   "their sonde record and top fall back to the ptrace sampler (tens of µs per sample, stops the target)",
			remedy: "sudo sysctl kernel.perf_event_paranoid=2 (or sudo sonde doctor --fix)",
			fix:    fixParanoid}, lvl
	default:
		return check{what: fmt.Sprintf("perf_event_paranoid = %d and no CAP_PERFMON: perf events are closed to unprivileged users", lvl),
			cost:   "sonde record and top fall back to the ptrace sampler (tens of µs per sample, stops the target)",
			remedy: "sudo sysctl kernel.perf_event_paranoid=2 (or sudo sonde doctor --fix, or give sonde CAP_PERFMON: sudo setcap cap_perfmon+ep $(which sonde))",
			fix:    fixParanoid}, lvl
	}
}

// kptrCheck judges kptr_restrict (none where the kernel has no such
// sysctl).
func kptrCheck(m sysctls) []check {
	// kptr_restrict: kernel addresses in /proc/kallsyms.
	kr, err := m.get("kernel.kptr_restrict")
	if err != nil {
		return nil
	}
	n, _ := strconv.Atoi(kr)
	if n == 0 || n == 1 && (m.root || m.has(capSysAdmin)) {
		return []check{{ok: true, what: fmt.Sprintf("kptr_restrict = %d: /proc/kallsyms shows kernel addresses", n)}}
	}
	// 1 is enough for root (CAP_SYSLOG); users need 0.
	want := "1"
	if !m.root {
		want = "0"
	}
	return []check{{what: fmt.Sprintf("kptr_restrict = %d: /proc/kallsyms hides kernel addresses", n),
		cost:   "kernel frames of -k print as [kernel.kallsyms]@ADDRESS instead of function names",
		remedy: "sudo sysctl kernel.kptr_restrict=0 (or run sonde as root with kptr_restrict=1: sudo sonde doctor --fix sets that)",
		fix:    func() (string, error) { return m.set("kernel.kptr_restrict", kr, want) }}}
}

// yamaCheck judges Yama's ptrace_scope
// (Documentation/admin-guide/LSM/Yama.rst): 1 lets a process trace its
// descendants only, 2 only processes with CAP_SYS_PTRACE attach, 3 nobody
// until reboot.
func yamaCheck(m sysctls) check {
	ps, err := m.get("kernel.yama.ptrace_scope")
	if err != nil {
		return check{ok: true, what: "no Yama LSM: ptrace follows the classic rules (same user, or root)"}
	}
	n, _ := strconv.Atoi(ps)
	fixScope := func() (string, error) { return m.set("kernel.yama.ptrace_scope", ps, "0") }
	others := "only their descendants"
	if n == 2 {
		others = "none"
	}
	switch {
	case n == 0:
		return check{ok: true, what: "yama ptrace_scope = 0: may attach to running processes (-p, ptrace sampler, count)"}
	case n == 3:
		return check{what: "yama ptrace_scope = 3: ptrace attach disabled until reboot",
			cost:   "no ptrace sampler, no sonde count -p; sonde record -p still works with perf events",
			remedy: "reboot with kernel.yama.ptrace_scope=1 in /etc/sysctl.d/"}
	case m.root || m.has(capSysPtrace):
		return check{what: fmt.Sprintf("yama ptrace_scope = %d: you may attach anywhere, users other than root to %s", n, others),
			cost:   "their ptrace sampler and sonde count cannot attach with -p (commands run by sonde still work)",
			remedy: "sudo sysctl kernel.yama.ptrace_scope=0 (or sudo sonde doctor --fix)",
			fix:    fixScope}
	default:
		return check{what: fmt.Sprintf("yama ptrace_scope = %d: you may attach to %s", n, others),
			cost:   "the ptrace sampler and sonde count cannot attach with -p (commands run by sonde still work)",
			remedy: "sudo sysctl kernel.yama.ptrace_scope=0 (or sudo sonde doctor --fix, or give sonde CAP_SYS_PTRACE)",
			fix:    fixScope}
	}
}

// otherChecks appends to cs the checks of seccomp, the uprobe engine and
// the tools.
func otherChecks(cs []check) []check {
	root := os.Geteuid() == 0
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
	cs = append(cs, uprobeEngineChecks(root)...)
	// Tools sonde runs, then the tests' oracles.
	for _, tool := range []struct {
		name, role, pkg string
		oracle          bool
	}{
		{"gcc", "C compiler for sonde cc and sonde demo", "gcc", false},
		{"clang", "LLVM compiler for sonde cc --sonde-mode=attrib", "clang", false},
		{"llvm-symbolizer", "symbolizer oracle of the tests", "llvm", true},
		{"addr2line", "binutils symbolizer oracle", "binutils", true},
		{"readelf", "CFI oracle of the unwinder tests", "binutils", true},
		{"perf", "sampling oracle and benchmark anchor", "linux-perf", true},
		{"valgrind", "exact-count oracle", "valgrind", true},
		{"gdb", "stack oracle", "gdb", true},
	} {
		if p, err := exec.LookPath(tool.name); err == nil {
			cs = append(cs, check{ok: true, oracle: tool.oracle, what: fmt.Sprintf("%s: %s (%s)", tool.name, p, tool.role)})
			continue
		}
		remedy := "sudo apt-get install " + tool.pkg
		if !tool.oracle {
			remedy += " (or sudo sonde doctor --fix)"
		}
		cs = append(cs, check{what: tool.name + ": not found", oracle: tool.oracle, pkg: tool.pkg, tool: tool.name,
			cost: "no " + tool.role, remedy: remedy})
	}
	return cs
}

// uprobeEngineChecks checks what sonde count's uprobe engine needs beyond
// the PMU: tracefs (the BPF programs read trace event formats there, and
// the perf counters define their probes in uprobe_events so that they
// follow new threads and children), and BPF uprobe counters (loaded for
// real, then closed). BPF is not tried where tracefs is missing: sonde
// would mount it, and the doctor changes nothing without --fix.
func uprobeEngineChecks(root bool) []check {
	var cs []check
	dir, err := tracefs.Find()
	if err != nil {
		cost := "sonde count's uprobe engine cannot use BPF, and its perf counters count only the threads present at the start"
		if root {
			cost += " (sonde, as root, mounts tracefs itself when it needs it)"
		}
		what := "tracefs: " + err.Error()
		if errors.Is(err, tracefs.ErrNotMounted) {
			what = "tracefs: not mounted (not at " + strings.Join(tracefs.Dirs, " nor at ") + ")"
		}
		cs = append(cs, check{what: what,
			cost:   cost,
			remedy: "sudo mount -t tracefs nodev " + tracefs.Path + " (or sudo sonde doctor --fix)",
			fix: func() (string, error) {
				if err := tracefs.Mount(); err != nil {
					return "", err
				}
				return "tracefs: not mounted -> mounted at " + tracefs.Path, nil
			}})
		cs = append(cs, check{what: "BPF uprobe counters: not tried without tracefs",
			cost:   "sonde count counts with one perf counter per probe (0.1-0.2 s each to set up) or with ptrace",
			remedy: "mount tracefs (above)"})
		return cs
	}
	cs = append(cs, check{ok: true, what: "tracefs: mounted at " + dir + " (sonde count's uprobe engine)"})
	c, err := bpf.NewUprobeCounters(1)
	if err == nil {
		c.Close()
		cs = append(cs, check{ok: true, what: "BPF uprobe counters: work (sonde count counts in the kernel, following new threads and processes)"})
		return cs
	}
	remedy := "run sonde count as root (it needs CAP_BPF and CAP_PERFMON)"
	if root {
		remedy = "use Linux 6.6 or later (uprobe_multi links) built with CONFIG_BPF_SYSCALL"
	}
	cs = append(cs, check{what: "BPF uprobe counters: " + err.Error(),
		cost:   "sonde count counts with one perf counter per probe (0.1-0.2 s each to set up) or with ptrace",
		remedy: remedy})
	return cs
}

package monitor

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"sonde/internal/linux/ptrace"
	"sonde/internal/linux/unix"
	"sonde/monitor/counting"
	"sonde/monitor/ptracer"
	"sonde/monitor/units"
	"sonde/proc"
)

// followScript runs the launched command pid, a script whose interpreter
// maps none of the objects the obj: specs of opts name, along its execs
// (pyenv's shim execs env, bash, pyenv's own scripts, then python) to the
// start point of the first program that maps them all, or that runs no
// script: the uprobe engine plants there, where the objects' files are
// the ones that program maps, or, for a library it loads later, the ones
// its own library path leads to. Forks are not followed meanwhile (a
// script's command substitutions run untraced); the options are put
// back at the end. It returns an error when the script ends first.
func followScript(t *ptracer.Tracer, opts *counting.Options, pid int) error {
	names := units.NewSelector(opts.Only).Objects()
	if opts.Cmd == nil || len(names) == 0 || !isScript(opts.Cmd.Path) || mapsAll(pid, names) {
		return nil
	}
	tr := t.Tracee(pid)
	if tr == nil {
		return fmt.Errorf("follow the script %s: process %d is not traced", opts.Cmd.Path, pid)
	}
	if err := unix.PtraceSetOptions(pid, unix.PTRACE_O_TRACEEXEC|unix.PTRACE_O_EXITKILL); err != nil {
		return fmt.Errorf("follow the script %s: %w", opts.Cmd.Path, err)
	}
	sig := 0
	for {
		if err := t.Cont(tr, sig); err != nil {
			return fmt.Errorf("follow the script %s: %w", opts.Cmd.Path, err)
		}
		sig = 0
		ev, _, err := t.WaitFor(tr, true)
		for err == nil && ev.Kind == ptrace.GroupStopped {
			ev, _, err = t.WaitFor(tr, true) // stays stopped until a SIGCONT
		}
		switch {
		case err != nil:
			return fmt.Errorf("follow the script %s: %w", opts.Cmd.Path, err)
		case ev.Kind == ptrace.Exited:
			return fmt.Errorf("the script %s ended (%s) before a program it exec'd mapped obj:%s: nothing was counted (the ptrace engine also follows its children)",
				opts.Cmd.Path, counting.Ended(ev.Status), strings.Join(names, ",obj:"))
		case ev.Kind == ptrace.Execed:
			if err := ptracer.RunToEntry(t, tr); err != nil {
				return err
			}
			if mapsAll(pid, names) || !runsScript(pid) {
				if err := unix.PtraceSetOptions(pid, ptracer.SeizeOptions|unix.PTRACE_O_EXITKILL); err != nil {
					return fmt.Errorf("follow the script %s: %w", opts.Cmd.Path, err)
				}
				return nil
			}
		case ev.Kind == ptrace.Signaled:
			sig = int(ev.Sig) // the script's own signal
		}
	}
}

// mapsAll reports whether process pid maps an object matching each of
// names.
func mapsAll(pid int, names []string) bool {
	maps, err := proc.Maps(pid)
	if err != nil {
		return false
	}
	for _, n := range names {
		found := false
		for _, m := range maps {
			if strings.HasPrefix(m.Path, "/") && units.ObjectMatches(n, m.Path) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// runsScript reports whether process pid, just exec'd, runs a script:
// the kernel starts a "#!" file's interpreter with the script's path
// after the interpreter and its optional argument (execve(2)), and a
// shell given a script has its path as first argument.
func runsScript(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil {
		return false
	}
	args := bytes.Split(bytes.TrimSuffix(data, []byte{0}), []byte{0})
	cwd, _ := os.Readlink(fmt.Sprintf("/proc/%d/cwd", pid))
	root := proc.FileRoot(pid)
	for i := 1; i < len(args) && i <= 2; i++ {
		a := string(args[i])
		if a == "" || a[0] == '-' {
			continue
		}
		if !strings.HasPrefix(a, "/") {
			if cwd == "" {
				continue
			}
			a = cwd + "/" + a
		}
		if isScript(root + "/" + strings.TrimPrefix(a, "/")) {
			return true
		}
	}
	return false
}

// isScript reports whether the file at path starts with "#!".
func isScript(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [2]byte
	_, err = f.ReadAt(b[:], 0)
	return err == nil && string(b[:]) == "#!"
}

package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"syscall"
)

// Exit statuses of a command that could not be run, as the shell sets
// them (POSIX, "Command Search and Execution"): every verb that runs a
// command ends with them.
const (
	exitNotFound    = 127 // no such command or file
	exitNotRunnable = 126 // found, but it cannot be executed
)

// notRun recognizes err as the failure to start a command (exec.LookPath,
// or the execve of exec.Cmd.Start) and returns a one-line message for it,
// as a shell words it, with the shell's exit status.
func notRun(err error) (msg string, code int, ok bool) {
	var ee *exec.Error
	var pe *fs.PathError
	var name string
	var cause error
	switch {
	case errors.As(err, &ee):
		name, cause = ee.Name, ee.Err
	case errors.As(err, &pe) && pe.Op == "fork/exec":
		name, cause = pe.Path, pe.Err
	default:
		return "", 0, false
	}
	st, statErr := os.Stat(name)
	switch {
	case errors.Is(cause, exec.ErrNotFound):
		return name + ": command not found", exitNotFound, true
	case errors.Is(cause, fs.ErrNotExist):
		if statErr == nil {
			// execve's ENOENT for a file that is there: its interpreter
			// (#! line or ELF PT_INTERP) is not.
			return name + ": its interpreter was not found", exitNotFound, true
		}
		return name + ": no such file or directory", exitNotFound, true
	case errors.Is(cause, syscall.EISDIR), statErr == nil && st.IsDir():
		return name + ": is a directory", exitNotRunnable, true
	case errors.Is(cause, fs.ErrPermission):
		return name + ": permission denied (not executable)", exitNotRunnable, true
	case errors.Is(cause, syscall.ENOEXEC), errors.Is(cause, syscall.ETXTBSY):
		return fmt.Sprintf("%s: cannot execute: %v", name, cause), exitNotRunnable, true
	}
	return "", 0, false
}

// failCommand reports err, the failure of verb, in one line; a command
// that could not be run ends with the shell's status for it.
func failCommand(e *env, verb string, err error) int {
	if msg, code, ok := notRun(err); ok {
		fmt.Fprintf(e.stderr, "sonde %s: %s\n", verb, msg)
		return code
	}
	return fail(e, verb, err)
}

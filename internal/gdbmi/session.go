package gdbmi

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ErrExited is returned by Sample once the target process has exited.
var ErrExited = errors.New("gdbmi: target process exited")

// ErrClosed is returned by Sample after Close.
var ErrClosed = errors.New("gdbmi: session closed")

// ErrOptimizedOut is wrapped by a Result's Err when gdb printed
// "<optimized out>" (or "<unavailable>"): the value is not in the program
// at that point, as DWARF says.
var ErrOptimizedOut = errors.New("optimized out")

// GDBError is an ^error answer of gdb to one command.
type GDBError struct {
	Cmd string // the MI command, without token
	Msg string // gdb's msg="..."
}

func (e *GDBError) Error() string { return fmt.Sprintf("gdb %s: %s", e.Cmd, e.Msg) }

// ExprError is the error of one expression of a sample: gdb's message.
type ExprError struct {
	Expr string // the expression as given to Sample
	Msg  string // gdb's message or the value text it printed instead ("<optimized out>")
	Err  error  // ErrOptimizedOut or nil
}

func (e *ExprError) Error() string { return fmt.Sprintf("expression %s: %s", e.Expr, e.Msg) }

// Unwrap returns ErrOptimizedOut for values that DWARF says are not there.
func (e *ExprError) Unwrap() error { return e.Err }

// ThreadSample is one thread's part of a sample.
type ThreadSample struct {
	TID int // the kernel's thread id (LWP)
	// Stack holds the frames' pcs as gdb reports them, innermost first: the
	// stopped pc of frame 0, the return address of each caller. At most
	// MaxFrames.
	Stack []uint64
	// InFunc says whether the stack holds the function asked for; Values
	// are evaluated only then, in its innermost frame.
	InFunc bool
	// Values has one Result per expression, in order, when InFunc.
	Values []Result
}

// Result is one expression's value in one thread's sample.
type Result struct {
	Text string // gdb's text of the value (print pretty off, print elements 200)
	Err  error  // an *ExprError, nil when Text is a value
}

// MaxFrames bounds the frames listed per thread and sample, so that a deep
// recursion costs a bounded time.
const MaxFrames = 256

// Timeouts: attaching loads the symbols of every object (seconds for a large
// program); other commands answer in milliseconds unless gdb is stuck.
const (
	attachTimeout  = 120 * time.Second
	commandTimeout = 30 * time.Second
	exitTimeout    = 5 * time.Second
)

// Session is one gdb process attached to one target process. Its methods
// may be called from several goroutines; they run one at a time.
type Session struct {
	pid    int
	interp string // "mi3", or "mi2" for a gdb older than 9
	gdb    *exec.Cmd
	stdin  io.WriteCloser

	mu     sync.Mutex // serializes commands; held by Sample and Close
	token  int
	closed bool

	dead   chan struct{} // closed when gdb's output ends
	waited chan struct{} // closed when gdb has been waited for
	stderr *tailBuffer

	st      sync.Mutex // guards the fields below, written by the reader
	changed chan struct{}
	// running is the target's state from the last *running / *stopped.
	running bool
	// stops and runs count *stopped and *running records.
	stops, runs int
	// wantStop is set while Sample has the target stopped on purpose; a
	// stop without it is somebody else's signal, resumed by resumeOther.
	wantStop  bool
	detaching bool
	exited    bool
	readErr   error
	lastLog   string // gdb's last &"..." message, for errors
	// threadsChanged is set by =thread-created and =thread-exited.
	threadsChanged bool
	// pending holds the result records (^done, ^error...) read and not
	// yet taken by batch.
	pending []Record

	// threads is the last thread list (owned by the holder of mu).
	threads []thread
	// trace gets every line to and from gdb when $SONDE_GDBMI_TRACE names
	// a file (appended to); it has a lock of its own.
	trace *tailBuffer

	total time.Duration // of successful Samples, guarded by mu
	n     int
}

// Attach starts gdb attached to pid (all threads), sets non-stop off,
// pagination off, print settings fixed (print pretty off, print elements
// 200), passes all signals but SIGINT and SIGTRAP to the program without
// stopping, and lets the process run.
func Attach(pid int) (*Session, error) {
	s, err := start(pid, "mi3")
	if err != nil && strings.Contains(err.Error(), "unrecognized") {
		s, err = start(pid, "mi2")
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

func start(pid int, interp string) (_ *Session, err error) {
	path, err := exec.LookPath("gdb")
	if err != nil {
		return nil, fmt.Errorf("gdbmi: %w", err)
	}
	cmd := exec.Command(path, "--interpreter="+interp, "-nx", "-q")
	// Fixed messages, and no network look-ups of debug info.
	cmd.Env = append(os.Environ(), "LC_ALL=C", "DEBUGINFOD_URLS=")
	// gdb in its own process group: a ^C on the terminal goes to sonde and
	// the target, not to gdb (which would stop the target).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	s := &Session{
		pid:     pid,
		interp:  interp,
		gdb:     cmd,
		dead:    make(chan struct{}),
		waited:  make(chan struct{}),
		stderr:  &tailBuffer{max: 4096},
		changed: make(chan struct{}),
	}
	cmd.Stderr = s.stderr
	if s.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("gdbmi: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("gdbmi: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("gdbmi: start gdb: %w", err)
	}
	if p := os.Getenv("SONDE_GDBMI_TRACE"); p != "" {
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("gdbmi: trace: %w", err)
		}
		s.trace = &tailBuffer{w: f}
	}
	go s.read(stdout)
	go func() {
		<-s.dead
		cmd.Wait()
		close(s.waited)
	}()
	defer func() {
		if err != nil {
			s.kill()
		}
	}()

	settings := []string{
		"-gdb-set mi-async on", // so that -exec-interrupt is read while the target runs
		"-gdb-set non-stop off",
		"-gdb-set pagination off",
		"-gdb-set confirm off",
		"-gdb-set width 0",
		"-gdb-set height 0",
		"-gdb-set print pretty off",
		"-gdb-set print elements 200",
		// -thread-info prints each thread's frame: not its arguments.
		"-gdb-set print frame-arguments none",
		"-gdb-set print frame-info short-location",
		// Every signal but those gdb uses (SIGINT, SIGTRAP) goes to the
		// program unseen.
		`-interpreter-exec console "handle all nostop noprint pass"`,
	}
	for _, c := range settings {
		if _, err := s.exec(commandTimeout, c); err != nil {
			return nil, fmt.Errorf("gdbmi: set up gdb --interpreter=%s: %w", interp, err)
		}
	}
	// gdb 13 asks debuginfod servers when DEBUGINFOD_URLS is set; older
	// versions have no such setting, so its error is not one.
	s.exec(commandTimeout, "-gdb-set debuginfod enabled off")

	// The attach stop is ours: wantStop before the command, as the
	// *stopped may be read before its ^done is handled here.
	s.st.Lock()
	s.wantStop = true
	stops := s.stops
	s.st.Unlock()
	if _, err := s.exec(attachTimeout, fmt.Sprintf("-target-attach %d", pid)); err != nil {
		return nil, fmt.Errorf("gdbmi: attach pid %d: %w", pid, err)
	}
	if err := s.waitFor(attachTimeout, func(st *Session) bool { return st.stops > stops || st.exited }); err != nil {
		return nil, fmt.Errorf("gdbmi: attach pid %d: %w", pid, err)
	}
	if _, err := s.resume(nil); err != nil {
		return nil, fmt.Errorf("gdbmi: attach pid %d: %w", pid, err)
	}
	return s, nil
}

// Sample interrupts the process, and for every thread lists its stack,
// finds the innermost frame of function fn (by name; "" = no expression,
// stack only), selects it and evaluates every expr; then continues the
// process. The error of one expression is its Result's Err, not the
// sample's. Once the process has exited, Sample returns ErrExited.
func (s *Session) Sample(fn string, exprs []string) ([]ThreadSample, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, ErrClosed
	}
	t0 := time.Now()
	if err := s.stop(); err != nil {
		return nil, err
	}
	out, err := s.collect(fn, exprs)
	if err != nil {
		// Never leave the process stopped, whatever collect met.
		s.resume(nil)
		if s.state().exited {
			return nil, ErrExited
		}
		return nil, err
	}
	s.total += time.Since(t0)
	s.n++
	return out, nil
}

// Cost is the mean wall time per successful Sample so far and the number of
// samples.
func (s *Session) Cost() (time.Duration, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n == 0 {
		return 0, 0
	}
	return s.total / time.Duration(s.n), s.n
}

// CPU returns the CPU time (user and system) gdb has used so far: from its
// rusage once it has ended (after Close), from /proc/PID/stat while it runs
// (in clock ticks of 10 ms, USER_HZ on Linux).
func (s *Session) CPU() (time.Duration, error) {
	select {
	case <-s.waited:
		if ps := s.gdb.ProcessState; ps != nil {
			return ps.UserTime() + ps.SystemTime(), nil
		}
		return 0, errors.New("gdbmi: gdb's rusage is unknown")
	default:
	}
	path := fmt.Sprintf("/proc/%d/stat", s.gdb.Process.Pid)
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, fmt.Errorf("gdbmi: %w", err)
	}
	// utime and stime are fields 14 and 15; the command name (field 2)
	// may hold spaces, so count from the ")" that ends it.
	i := bytes.LastIndexByte(b, ')')
	f := strings.Fields(string(b[i+1:]))
	if i < 0 || len(f) < 13 {
		return 0, fmt.Errorf("gdbmi: %s: too few fields", path)
	}
	ut, err1 := strconv.ParseUint(f[11], 10, 64)
	st, err2 := strconv.ParseUint(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("gdbmi: %s: utime %q stime %q", path, f[11], f[12])
	}
	return time.Duration(ut+st) * 10 * time.Millisecond, nil
}

// Close detaches (the process keeps running) and ends gdb; if the process
// has exited, it just ends gdb.
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	var err error
	st := s.state()
	if st.readErr == nil && !st.exited {
		s.st.Lock()
		s.detaching = true
		s.st.Unlock()
		if _, derr := s.exec(commandTimeout, "-target-detach"); derr != nil && !s.state().exited {
			err = fmt.Errorf("gdbmi: detach pid %d: %w", s.pid, derr)
		}
	}
	if s.state().readErr == nil {
		s.exec(exitTimeout, "-gdb-exit")
	}
	s.stdin.Close()
	select {
	case <-s.waited:
	case <-time.After(exitTimeout):
		s.kill()
	}
	s.unstopTarget()
	if s.trace != nil {
		select {
		case <-s.dead: // the reader writes no more
			s.trace.w.(io.Closer).Close()
		default:
		}
	}
	return err
}

// kill ends gdb at once (the kernel detaches it from the target) and makes
// sure the target is not left stopped.
func (s *Session) kill() {
	if s.gdb.Process != nil {
		s.gdb.Process.Kill()
	}
	s.stdin.Close()
	select {
	case <-s.waited:
	case <-time.After(exitTimeout):
	}
	s.unstopTarget()
}

// unstopTarget sends SIGCONT to the target if it is in a group stop (state
// T in /proc/PID/stat): a tracer that dies while its SIGSTOP is pending
// leaves the tracee stopped.
func (s *Session) unstopTarget() {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.pid))
	if err != nil {
		return
	}
	// The state follows the ")" that ends the command name.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) || b[i+2] != 'T' {
		return
	}
	if p, err := os.FindProcess(s.pid); err == nil {
		p.Signal(syscall.SIGCONT)
	}
}

// stop interrupts the running target and waits for its stop.
func (s *Session) stop() error {
	s.st.Lock()
	s.wantStop = true
	st := s.snapshot()
	s.st.Unlock()
	if err := st.check(); err != nil {
		return err
	}
	if !st.running {
		// Stopped already: a signal stop that resumeOther has not yet
		// resumed. Sample takes it as its own.
		return nil
	}
	// The answer is ^done even when the stop comes later; an ^error means
	// the target stopped or exited meanwhile, which the wait below sees.
	s.exec(commandTimeout, "-exec-interrupt")
	if err := s.waitFor(commandTimeout, func(x *Session) bool { return x.stops > st.stops || !x.running || x.exited }); err != nil {
		return err
	}
	return s.state().check()
}

// resume sends cmds and -exec-continue in one batch (gdb runs them in
// order, the target stopped for cmds), waits until gdb says the target
// runs, and returns the answers to cmds.
func (s *Session) resume(cmds []string) ([]answer, error) {
	st := s.state()
	if err := st.check(); err != nil {
		return nil, err
	}
	if st.running {
		s.clearWant()
		return nil, nil
	}
	all := append(cmds[:len(cmds):len(cmds)], "-exec-continue")
	ans, err := s.batch(commandTimeout, all)
	if err == nil {
		err = ans[len(cmds)].err
	}
	if err != nil {
		s.clearWant()
		if s.state().exited {
			return nil, ErrExited
		}
		return nil, err
	}
	err = s.waitFor(commandTimeout, func(x *Session) bool { return x.runs > st.runs || x.exited })
	s.clearWant()
	if err != nil {
		return nil, err
	}
	return ans[:len(cmds)], s.state().check()
}

func (s *Session) clearWant() {
	s.st.Lock()
	s.wantStop = false
	s.st.Unlock()
}

// resumeOther continues the target after a stop that no Sample asked for:
// a SIGINT or SIGTRAP from somewhere else (gdb stops on those two). The
// signal goes on to the program, as it would without gdb. (The CLI's
// "signal SIG" would do it in one command, but it runs the target
// synchronously: gdb reads no MI command, not even -exec-interrupt, until
// the target stops again. So SIG is made "pass" for the -exec-continue
// alone, which then delivers the thread's stop signal.)
func (s *Session) resumeOther(stops int, signal string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.state()
	if s.closed || st.exited || st.readErr != nil || st.running || st.wantStop || st.stops != stops {
		return
	}
	s.st.Lock()
	s.wantStop = true // this stop is now handled
	s.st.Unlock()
	defer s.clearWant()
	pass := signal == "SIGINT" || signal == "SIGTRAP"
	if pass {
		if _, err := s.exec(commandTimeout, fmt.Sprintf(`-interpreter-exec console "handle %s pass"`, signal)); err != nil {
			pass = false
		}
	}
	if _, err := s.exec(commandTimeout, "-exec-continue"); err == nil {
		s.waitFor(commandTimeout, func(x *Session) bool { return x.runs > st.runs || x.exited })
	}
	if pass {
		s.exec(commandTimeout, fmt.Sprintf(`-interpreter-exec console "handle %s nopass"`, signal))
	}
}

// collect lists the threads, their stacks and the expressions' values of
// the stopped target, and lets it run again. Round trips through the pipe
// are most of a sample's cost, so it makes three at most: the thread list
// (only when gdb has announced a thread created or exited since the last
// one), every stack in one batch, and every expression with the
// -exec-continue in one batch; without fn, the stacks go with the
// -exec-continue.
func (s *Session) collect(fn string, exprs []string) ([]ThreadSample, error) {
	threads, err := s.threadList()
	if err != nil {
		return nil, err
	}
	cmds := make([]string, len(threads))
	for i, t := range threads {
		cmds[i] = fmt.Sprintf("-stack-list-frames --thread %s 0 %d", t.id, MaxFrames-1)
	}
	var stacks []answer
	if fn == "" {
		// Stacks only: they go with the -exec-continue.
		stacks, err = s.resume(cmds)
	} else {
		stacks, err = s.batch(commandTimeout, cmds)
	}
	if err != nil {
		return nil, err
	}
	out := make([]ThreadSample, 0, len(threads))
	var evals []string
	type at struct{ thread, expr int }
	var where []at
	for i, t := range threads {
		if stacks[i].err != nil {
			if strings.Contains(stacks[i].err.Error(), "Invalid thread id") {
				s.markThreads()
				continue // gone since the list was made
			}
			// A thread whose stack gdb cannot read is listed with no
			// frames.
			out = append(out, ThreadSample{TID: t.tid})
			continue
		}
		ts := ThreadSample{TID: t.tid}
		frames, _ := stacks[i].rec.Results.List("stack")
		level := ""
		for _, f := range frames {
			fr, ok := f.Value.(Tuple)
			if !ok {
				continue
			}
			addr, _ := fr.Str("addr")
			pc, err := strconv.ParseUint(addr, 0, 64)
			if err != nil {
				break // "<unavailable>": nothing past it is known
			}
			ts.Stack = append(ts.Stack, pc)
			if fn != "" && level == "" {
				if name, _ := fr.Str("func"); funcMatches(name, fn) {
					level, _ = fr.Str("level")
				}
			}
		}
		if level != "" {
			ts.InFunc = true
			ts.Values = make([]Result, len(exprs))
			for j, e := range exprs {
				evals = append(evals, fmt.Sprintf("-data-evaluate-expression --thread %s --frame %s %s", t.id, level, quote(e)))
				where = append(where, at{len(out), j})
			}
		}
		out = append(out, ts)
	}
	if fn == "" {
		return out, nil
	}
	vals, err := s.resume(evals)
	if err != nil {
		return nil, err
	}
	for k, v := range vals {
		w := where[k]
		out[w.thread].Values[w.expr] = result(exprs[w.expr], v)
	}
	return out, nil
}

// result turns gdb's answer to -data-evaluate-expression into a Result.
func result(expr string, v answer) Result {
	if v.err != nil {
		msg := v.err.Error()
		var ge *GDBError
		if errors.As(v.err, &ge) {
			msg = ge.Msg
		}
		return Result{Err: &ExprError{Expr: expr, Msg: msg}}
	}
	text, _ := v.rec.Results.Str("value")
	switch {
	case text == "<optimized out>" || text == "<unavailable>":
		return Result{Err: &ExprError{Expr: expr, Msg: text, Err: ErrOptimizedOut}}
	case strings.HasPrefix(text, "<error: ") && strings.HasSuffix(text, ">"):
		return Result{Err: &ExprError{Expr: expr, Msg: text[len("<error: ") : len(text)-1]}}
	}
	return Result{Text: text}
}

// thread is one thread as gdb numbers it and as the kernel does.
type thread struct {
	id  string // gdb's thread id
	tid int    // the LWP
}

// threadList returns the target's threads: the last -thread-info's, or a
// new one when gdb has announced a thread created or exited since.
func (s *Session) threadList() ([]thread, error) {
	s.st.Lock()
	fresh := !s.threadsChanged && s.threads != nil
	s.threadsChanged = false // a notice from now on asks again
	s.st.Unlock()
	if fresh {
		return s.threads, nil
	}
	r, err := s.exec(commandTimeout, "-thread-info")
	if err != nil {
		return nil, err
	}
	list, ok := r.Results.List("threads")
	if !ok {
		return nil, fmt.Errorf("gdb -thread-info: no threads list")
	}
	ts := []thread{}
	for _, f := range list {
		t, ok := f.Value.(Tuple)
		if !ok {
			continue
		}
		id, _ := t.Str("id")
		target, _ := t.Str("target-id")
		tid, err := parseTID(target)
		if id == "" || err != nil {
			s.markThreads()
			return nil, fmt.Errorf("gdb -thread-info: thread %q: %w", id, err)
		}
		ts = append(ts, thread{id, tid})
	}
	s.threads = ts
	return ts, nil
}

// markThreads makes the next sample list the threads again.
func (s *Session) markThreads() {
	s.st.Lock()
	s.threadsChanged = true
	s.st.Unlock()
}

// funcMatches says whether gdb's name of a frame's function is fn. gdb 13
// names C++ functions qualified and without parameters ("ns::A::get",
// "(anonymous namespace)::g": testdata/gdb13.mi, from g++ 12 -O0 -g); a
// parameter list, which a name may carry ("ns::f(int) const"), is ignored.
func funcMatches(name, fn string) bool {
	if name == fn {
		return true
	}
	name = strings.TrimSuffix(name, " const")
	if !strings.HasSuffix(name, ")") {
		return false
	}
	// The '(' that opens the last parameter list: parentheses nest
	// ("f(void (*)(int))").
	depth := 0
	for i := len(name) - 1; i >= 0; i-- {
		switch name[i] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				return i > 0 && name[:i] == fn
			}
		}
	}
	return false
}

// parseTID reads the LWP out of gdb's target-id: "Thread 0x7f... (LWP
// 1234)", "LWP 1234" or "process 1234".
func parseTID(target string) (int, error) {
	for _, key := range []string{"LWP ", "process "} {
		if i := strings.Index(target, key); i >= 0 {
			rest := target[i+len(key):]
			j := 0
			for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
				j++
			}
			if j > 0 {
				return strconv.Atoi(rest[:j])
			}
		}
	}
	return 0, fmt.Errorf("no LWP in target-id %q", target)
}

type answer struct {
	rec Record
	err error // *GDBError for ^error
}

// exec runs one MI command and returns its result record; ^error is an
// error *GDBError.
func (s *Session) exec(timeout time.Duration, cmd string) (Record, error) {
	a, err := s.batch(timeout, []string{cmd})
	if err != nil {
		return Record{}, err
	}
	return a[0].rec, a[0].err
}

// batch writes cmds at once and returns their answers in order. The error
// is gdb's death, a timeout or a broken pipe; each command's ^error is in
// its answer.
func (s *Session) batch(timeout time.Duration, cmds []string) ([]answer, error) {
	if err := s.state().readErr; err != nil {
		return nil, s.deadError()
	}
	first := s.token + 1
	var buf bytes.Buffer
	for _, c := range cmds {
		s.token++
		fmt.Fprintf(&buf, "%d%s\n", s.token, c)
	}
	if s.trace != nil {
		fmt.Fprintf(s.trace, "> %s", buf.Bytes())
	}
	if _, err := s.stdin.Write(buf.Bytes()); err != nil {
		return nil, fmt.Errorf("gdb %s: %w", cmds[0], s.deadError())
	}
	out := make([]answer, len(cmds))
	got := 0
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		s.st.Lock()
		for _, r := range s.pending {
			n, err := strconv.Atoi(r.Token)
			if err != nil || n < first || n >= first+len(cmds) {
				continue // the late answer of a command that timed out
			}
			i := n - first
			out[i].rec = r
			if r.Class == "error" {
				msg, _ := r.Results.Str("msg")
				out[i].err = &GDBError{Cmd: cmds[i], Msg: msg}
			}
			got++
		}
		s.pending = s.pending[:0]
		ch, dead := s.changed, s.readErr != nil
		s.st.Unlock()
		if got == len(cmds) {
			return out, nil
		}
		if dead {
			return nil, fmt.Errorf("gdb %s: %w", cmds[got], s.deadError())
		}
		select {
		case <-ch:
		case <-timer.C:
			return nil, fmt.Errorf("gdb %s: no answer in %v", cmds[got], timeout)
		}
	}
}

// deadError says that gdb has gone, with the last thing it said.
func (s *Session) deadError() error {
	st := "gdb ended"
	select {
	case <-s.waited:
		// ProcessState is written by the waiting goroutine before waited
		// is closed.
		if ps := s.gdb.ProcessState; ps != nil {
			st = "gdb ended: " + ps.String()
		}
	case <-time.After(time.Second):
	}
	msg := strings.TrimSpace(s.stderr.String())
	if msg == "" {
		msg = s.state().lastLog
	}
	if msg != "" {
		return fmt.Errorf("%s: %s", st, msg)
	}
	return errors.New(st)
}

// read parses gdb's output until it ends and keeps the target's state.
func (s *Session) read(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			if s.trace != nil {
				fmt.Fprintf(s.trace, "< %s", line)
			}
			// A line that is not MI (a warning some library printed to
			// gdb's stdout) is no record: skipped.
			if rec, perr := ParseRecord(line); perr == nil {
				s.dispatch(rec)
			}
		}
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			s.st.Lock()
			s.readErr = err
			s.broadcast()
			s.st.Unlock()
			close(s.dead)
			return
		}
	}
}

func (s *Session) dispatch(r Record) {
	switch r.Kind {
	case KindResult:
		// Kept until the batch that waits for it takes it; a batch takes
		// all and drops the late answers of commands that timed out.
		s.st.Lock()
		s.pending = append(s.pending, r)
		s.broadcast()
		s.st.Unlock()
	case KindExec:
		s.st.Lock()
		defer s.st.Unlock()
		switch r.Class {
		case "running":
			s.running = true
			s.runs++
		case "stopped":
			s.running = false
			s.stops++
			reason, _ := r.Results.Str("reason")
			if strings.HasPrefix(reason, "exited") {
				s.exited = true
			} else if !s.wantStop {
				sig := ""
				if reason == "signal-received" {
					sig, _ = r.Results.Str("signal-name")
				}
				go s.resumeOther(s.stops, sig)
			}
		}
		s.broadcast()
	case KindNotify:
		if r.Class == "thread-created" || r.Class == "thread-exited" {
			s.st.Lock()
			s.threadsChanged = true
			s.st.Unlock()
		}
		if r.Class == "thread-group-exited" {
			s.st.Lock()
			if !s.detaching {
				s.exited = true
				s.running = false
			}
			s.broadcast()
			s.st.Unlock()
		}
	case KindLog:
		s.st.Lock()
		if t := strings.TrimSpace(r.Text); t != "" {
			s.lastLog = t
		}
		s.st.Unlock()
	}
}

// broadcast wakes every waitFor; s.st is held.
func (s *Session) broadcast() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// snapshot copies the state; s.st is held.
func (s *Session) snapshot() stateCopy {
	return stateCopy{running: s.running, stops: s.stops, runs: s.runs, wantStop: s.wantStop,
		exited: s.exited, readErr: s.readErr, lastLog: s.lastLog}
}

func (s *Session) state() stateCopy {
	s.st.Lock()
	defer s.st.Unlock()
	return s.snapshot()
}

type stateCopy struct {
	running     bool
	stops, runs int
	wantStop    bool
	exited      bool
	readErr     error
	lastLog     string
}

// check turns the state into Sample's error: ErrExited, gdb's death, nil.
func (c stateCopy) check() error {
	switch {
	case c.exited:
		return ErrExited
	case c.readErr != nil:
		return fmt.Errorf("gdbmi: gdb output ended: %w", c.readErr)
	}
	return nil
}

// waitFor waits until cond holds of the state, gdb dies or timeout passes.
func (s *Session) waitFor(timeout time.Duration, cond func(*Session) bool) error {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		s.st.Lock()
		ok := cond(s)
		dead := s.readErr
		ch := s.changed
		s.st.Unlock()
		if ok {
			return nil
		}
		if dead != nil {
			return s.deadError()
		}
		select {
		case <-ch:
		case <-timer.C:
			return fmt.Errorf("gdbmi: pid %d: no stop or run event from gdb in %v", s.pid, timeout)
		}
	}
}

// tailBuffer keeps the last max bytes written to it (gdb's stderr), or
// passes them to w (the trace file), from any goroutine.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
	w   io.Writer
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.w != nil {
		return t.w.Write(p)
	}
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

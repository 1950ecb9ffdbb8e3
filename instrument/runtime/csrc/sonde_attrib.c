/* sonde_attrib.c: the runtime of programs built by
   "sonde cc --sonde-mode=attrib" (Appel, Duba and MacQueen's profiler; see
   package sonde/instrument/ir).  Instrumented code increments a call
   counter on every function entry and keeps __sonde_attrib_current, a
   thread-local pointer, at the tick counter of the function running now.
   This runtime gives every thread a CPU-time timer whose signal handler
   adds the CPU time since the thread's last tick to *current: a task-clock
   perf event on the thread, signalling it (F_SETSIG, F_SETOWN_EX) every
   $SONDE_HZ-th of a second of its CPU time (default 1000), else, when perf
   events are not allowed or $SONDE_TIMER=posix, timer_create on
   CLOCK_THREAD_CPUTIME_ID delivered with SIGEV_THREAD_ID (which the kernel
   checks only on its tick, 250 Hz here).  Each tick charges the thread's
   CPU time since its last tick, so the times add up to the threads' CPU
   time.

   The timers' signal is the program's own business otherwise: not SIGPROF
   (which the program may use with setitimer or a profiler of its own) but
   the highest real-time signal that has no handler and is not blocked at
   start-up (glibc keeps the ones below SIGRTMIN; programs that use
   real-time signals mostly take them from SIGRTMIN up).  The handler tells
   its own ticks (the POSIX timer's cookie, the perf event's fd) from
   anybody else's.  The program's calls of sigaction, signal,
   sigprocmask and pthread_sigmask go through wrappers (-Wl,--wrap): a
   program that installs a handler on the timers' signal gets it called
   for every signal that is not a tick (chained, with its flags and mask),
   and sees its own action where it asks; a program that blocks signals
   (sigfillset) leaves the timers' signal unblocked, as glibc does with its
   own, so its threads still get their time.  Every handler the program
   installs runs behind a trampoline that puts current back when the
   handler returns: an instrumented handler makes itself current, and
   nothing else would give the interrupted function its time back.  Where a thread blocks it
   anyway (a raw system call, uninstrumented code), the ticks wait and the
   CPU time they bring is charged to the function current when the block
   ends; the run's note says how much arrived late.  The perf event is
   re-armed by each tick (PERF_EVENT_IOC_REFRESH): a blocked thread has at
   most one timer signal queued, never a queue that eats the user's
   RLIMIT_SIGPENDING.

   It appends the counts to $SONDE_OUT (default sonde.data) as sonde.data
   frames (profile/datafile/format.go): the first time one Run frame
   (collector "attrib", count types calls/count and cpu/nanoseconds), the
   Units frame of every module and one of its own for "(unprofiled)" (time
   when no profiled function was current); then, at every write, one Counts
   frame per module holding what ran since the last write (Counts frames of
   one run add up).  It writes at exit, on fatal signals and whenever the
   signal named by $SONDE_SIGNAL arrives (USR1, USR2, HUP, ... or a number),
   through a descriptor opened at start-up, before the program can confine
   itself (struct sonde_out in sonde_frame.h).

   Shared libraries.  Every link of an attrib-mode executable or shared
   library carries a copy of this runtime; one of them, the primary, does
   the work for the whole process: the first definition of
   __sonde_attrib_module in the dynamic linker's global scope (the
   executable's when it is instrumented; it exports the symbol), else, in a
   library loaded by dlopen with RTLD_LOCAL, the library's own.
   __sonde_attrib_current, the one variable the instrumented code touches,
   resolves the same way, so a process has one "current" per thread and one
   timer per thread.  Each copy's constructor registers its module's
   descriptors (section sonde_attrib, between __start_ and __stop_) with the
   primary, and its destructor (dlclose) writes what ran and unregisters
   them.  Threads get their timer through -Wl,--wrap=pthread_create in
   every instrumented link; threads created by uninstrumented code, and
   threads that ran before a runtime came in by dlopen, have none.

   The frame writer and the start-up and signal plumbing shared with
   sonde_rt.c, the blocks runtime, live in sonde_frame.h.  Everything after
   start-up is async-signal-safe: no malloc, no stdio. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "sonde_frame.h"

struct sonde_attrib_cu {
	uint64_t *calls, *ticks;
	uint64_t nfuncs;
	const unsigned char *units; /* u64 hash, then the Units frame body */
	uint64_t units_len;
};

extern struct sonde_attrib_cu __start_sonde_attrib[] __attribute__((weak, visibility("hidden")));
extern struct sonde_attrib_cu __stop_sonde_attrib[] __attribute__((weak, visibility("hidden")));

/* Time charged while no profiled function is current: before main, in
   threads before their first profiled call, in uninstrumented callbacks'
   callers that were never instrumented. */
static uint64_t unprofiled_ticks;
__attribute__((visibility("default"), tls_model("initial-exec"))) __thread uint64_t *__sonde_attrib_current =
	&unprofiled_ticks;

/* One instrumented executable or shared library: its descriptors, and the
   counts already written (calls and ticks of each function, pair by pair,
   descriptor after descriptor). */
struct module {
	struct sonde_attrib_cu *b, *e;
	uint64_t *snap;
	int units_written;
	volatile int live; /* 0 once unloaded */
};

#define MAXMODULES 256
static struct module modules[MAXMODULES];
static int nmodules;          /* published with release after the entry is filled */
static volatile int any_gone; /* a module was unloaded: check current at each tick */
static uint64_t unprof_snap;

static uint64_t run_id;
static int64_t start_ns;
static struct sonde_out out; /* the data file, opened at start-up */
static int inited, run_written, ended;
static volatile int busy;
static long period_ns = 1000000; /* $SONDE_HZ, default 1000 */
static uint64_t nsignals;        /* timer signals delivered, for the note */
static uint64_t late_ns;         /* CPU time that ticks brought late (signal blocked) */
static pthread_key_t timer_key;
static int use_posix;  /* $SONDE_TIMER=posix: skip the perf event */
static int timer_kind; /* what the last thread got: 1 perf task-clock, 2 POSIX CPU timer */
static int request_sig; /* $SONDE_SIGNAL, 0 for none */
static pid_t owner;     /* the process whose run the counters hold */

/* The timers' signal and the program's own action on it.  Every module's
   wrappers (and the primary's handler) use the primary's copy: the symbol
   is exported and resolves as __sonde_attrib_current does.  acts[slot] is
   the program's action once claimed; a writer fills the other slot and
   then publishes it, so that a handler on another thread reads a whole
   one. */
struct sonde_sigstate {
	int sig;     /* 0 before start-up, or when no signal was free */
	int claimed; /* the program has set an action of its own on sig */
	int slot;
	int lock;
	struct sigaction acts[2];
	/* The program's handlers of the other signals, which the kernel
	   reaches through tramp: it keeps current across the handler. */
	void (*tramp)(int, siginfo_t *, void *);
	struct sigaction progs[NSIG];
};
__attribute__((visibility("default"))) struct sonde_sigstate __sonde_attrib_sigstate;
#define sigstate __sonde_attrib_sigstate

extern int __real_sigaction(int, const struct sigaction *, struct sigaction *);
extern int __real_sigprocmask(int, const sigset_t *, sigset_t *);
extern int __real_pthread_sigmask(int, const sigset_t *, sigset_t *);

/* The POSIX timers' sigev_value, telling their signals from others. */
static char tick_cookie;

/* The calling thread's perf event, -1 when it has none, and its id
   (PERF_EVENT_IOC_ID): a program that closes or dup2s over every
   descriptor may have put a file of its own under that number, which the
   runtime must not close. */
static __thread int tick_fd __attribute__((tls_model("initial-exec"))) = -1;
static __thread uint64_t tick_id __attribute__((tls_model("initial-exec")));

static int werr; /* the errno of the first failed write of a flush, 0 */

static void emit(int fd, int kind, const unsigned char *p, size_t n)
{
	if (emit_frame(fd, run_id, kind, p, n) != 0 && !werr)
		werr = errno ? errno : EIO;
}

static void write_run(int fd)
{
	unsigned char buf[8192], *p = buf;
	p = put_run_head(p, "attrib", start_ns); /* period 0: counts carry nanoseconds themselves */
	p = put_uv(p, 2);
	p = put_str(p, "calls", 5);
	p = put_str(p, "count", 5);
	p = put_str(p, "cpu", 3);
	p = put_str(p, "nanoseconds", 11);
	emit(fd, SONDE_KIND_RUN, buf, (size_t)(p - buf));
}

/* The runtime's own universe: one function unit "(unprofiled)". */
static const unsigned char unprof_body[] = {
	1, 12, '(', 'u', 'n', 'p', 'r', 'o', 'f', 'i', 'l', 'e', 'd', ')', /* strings */
	1,                                                                 /* 1 unit */
	3, 0, 0, 0, 0, 1, 0, 0, 0, /* function, no mapping, addr 0, scope "", index 0, func 1, file "", line 0, 0 instrs */
};
static unsigned char unprof_units[8 + sizeof unprof_body];

/* counts_frame writes the Counts frame of one universe with what ran since
   snap (calls and ticks, function by function) and moves snap to the
   values read: each counter is read once, so increments racing with the
   write are kept for the next one.  It writes nothing when nothing ran,
   unless force.  The frame is built on the stack (sized for the module),
   as the runtime keeps no heap after start-up. */
static void counts_frame(int fd, const unsigned char *hash, const uint64_t *calls, const uint64_t *ticks, uint64_t n,
			 uint64_t *snap, int force)
{
	size_t size = 8 + 20 + 20 * (size_t)n;
	unsigned char small[4096];
	unsigned char *buf = small;
	if (size > sizeof small) {
		buf = __builtin_alloca(size);
	}
	unsigned char *p = buf;
	int any = force;
	memcpy(p, hash, 8);
	p = put_uv(p + 8, n);
	p = put_uv(p, 2);
	for (uint64_t i = 0; i < n; i++) {
		uint64_t c = calls ? __atomic_load_n(&calls[i], __ATOMIC_RELAXED) : 0;
		uint64_t t = __atomic_load_n(&ticks[i], __ATOMIC_RELAXED);
		p = put_uv(p, c - snap[2 * i]);
		p = put_uv(p, t - snap[2 * i + 1]);
		any |= c != snap[2 * i] || t != snap[2 * i + 1];
		snap[2 * i] = c;
		snap[2 * i + 1] = t;
	}
	if (any)
		emit(fd, SONDE_KIND_COUNTS, buf, (size_t)(p - buf));
}

/* write_note says what rate the timer achieved: POSIX CPU-time timers fire
   on the scheduler tick, whatever the period asked. */
static void write_note(int fd)
{
	unsigned char text[400], *p = text;
	static const char a1[] = "attrib: perf task-clock per thread, every ";
	static const char a2[] = "attrib: POSIX CPU timer per thread, every ";
	static const char a0[] = "attrib: no timer (no real-time signal free), every ";
	const char *a = timer_kind == 1 ? a1 : timer_kind == 2 ? a2 : a0;
	size_t alen = timer_kind == 1 ? sizeof a1 - 1 : timer_kind == 2 ? sizeof a2 - 1 : sizeof a0 - 1;
	static const char c[] = " ns; ";
	static const char d[] = " signals in ";
	static const char f[] = " ms of process CPU time; timer signal ";
	static const char g[] = "; ";
	static const char h[] = " ms of CPU time arrived late (the thread had the timer signal blocked) and went to the function current then";
	memcpy(p, a, alen), p += alen;
	p = put_dec(p, (uint64_t)period_ns);
	memcpy(p, c, sizeof c - 1), p += sizeof c - 1;
	p = put_dec(p, __atomic_load_n(&nsignals, __ATOMIC_RELAXED));
	memcpy(p, d, sizeof d - 1), p += sizeof d - 1;
	p = put_dec(p, (uint64_t)(clock_ns(CLOCK_PROCESS_CPUTIME_ID) / 1000000));
	memcpy(p, f, sizeof f - 1), p += sizeof f - 1;
	p = put_dec(p, (uint64_t)sigstate.sig);
	uint64_t late = __atomic_load_n(&late_ns, __ATOMIC_RELAXED) / 1000000;
	if (late) {
		memcpy(p, g, sizeof g - 1), p += sizeof g - 1;
		p = put_dec(p, late);
		memcpy(p, h, sizeof h - 1), p += sizeof h - 1;
	}
	unsigned char note[512];
	unsigned char *q = put_str(note, (const char *)text, (size_t)(p - text));
	emit(fd, SONDE_KIND_NOTE, note, (size_t)(q - note));
}

/* flush_locked appends what ran since the last write; the caller holds
   busy.  how is 0 for a write that lets the program go on, 1 at exit, or
   a fatal signal's number: those end the run. */
static void flush_locked(int how)
{
	if (!run_id || ended)
		return;
	int fd = sonde_out_fd(&out);
	if (fd < 0)
		return;
	werr = 0;
	int first = !run_written;
	if (first) {
		write_run(fd);
		emit(fd, SONDE_KIND_UNITS, unprof_units, sizeof unprof_units);
		run_written = 1;
	}
	int n = __atomic_load_n(&nmodules, __ATOMIC_ACQUIRE);
	for (int i = 0; i < n; i++) {
		struct module *m = &modules[i];
		if (!m->live || !m->snap)
			continue;
		int force = !m->units_written;
		if (force) {
			/* A module loaded after the first write brings its universe
			   then: the reader takes Units frames anywhere in a run. */
			for (struct sonde_attrib_cu *cu = m->b; cu < m->e; cu++)
				emit(fd, SONDE_KIND_UNITS, cu->units, cu->units_len);
			m->units_written = 1;
		}
		uint64_t *snap = m->snap;
		for (struct sonde_attrib_cu *cu = m->b; cu < m->e; cu++) {
			counts_frame(fd, cu->units, cu->calls, cu->ticks, cu->nfuncs, snap, force);
			snap += 2 * cu->nfuncs;
		}
	}
	uint64_t up[2] = {0, unprof_snap};
	counts_frame(fd, unprof_units, NULL, &unprofiled_ticks, 1, up, first);
	unprof_snap = up[1];
	if (how != 0) {
		write_note(fd);
		if (how > 1 && emit_killed(fd, run_id, how) != 0 && !werr)
			werr = errno;
		if (emit_run_end(fd, run_id) != 0 && !werr)
			werr = errno;
		ended = 1;
	}
	if (werr)
		sonde_out_fail(&out, "write", werr);
}

static void flush(int how)
{
	if (__atomic_exchange_n(&busy, 1, __ATOMIC_ACQUIRE))
		return; /* another thread is writing, or this one was interrupted doing so */
	flush_locked(how);
	__atomic_store_n(&busy, 0, __ATOMIC_RELEASE);
}

static void charge_rest(void);

static void at_exit(void)
{
	charge_rest();
	flush(1);
}

static void on_fatal(int sig)
{
	flush(sig);
	sonde_reraise(sig);
}

static void on_request(int sig)
{
	(void)sig;
	int saved = errno;
	flush(0);
	errno = saved;
}

/* The thread's CPU time at its last tick. */
static __thread int64_t last_cpu __attribute__((tls_model("initial-exec")));

/* counted reports whether p is a tick counter of a loaded module (or the
   runtime's own): after a dlclose, a thread's current may still point
   into the library that is gone. */
static int counted(const uint64_t *p)
{
	if (p == &unprofiled_ticks)
		return 1;
	int n = __atomic_load_n(&nmodules, __ATOMIC_ACQUIRE);
	for (int i = 0; i < n; i++) {
		struct module *m = &modules[i];
		if (!m->live)
			continue;
		for (struct sonde_attrib_cu *cu = m->b; cu < m->e; cu++)
			if (p >= cu->ticks && p < cu->ticks + cu->nfuncs)
				return 1;
	}
	return 0;
}

/* on_tick charges the thread's CPU time since its last tick to whatever
   function is current in it.  Measuring the time, rather than adding one
   period per signal, keeps the total equal to the CPU time whatever the
   timer does: POSIX CPU timers fire on the kernel's tick (one signal for
   several periods) and a task-clock event on a busy machine may signal
   more often than once a period. */
static void chain(int sig, siginfo_t *si, void *uc);

/* late_slack is how much CPU time may pass between two ticks of a thread
   that does not block the timers' signal: a period, and for a POSIX CPU
   timer one kernel tick more (4 ms at 250 Hz, 10 at 100); a perf event's
   signal may also wait for the next kernel tick.  Longer, the thread had
   the signal blocked. */
static int64_t late_slack(void) { return 2 * period_ns > 25000000 ? 2 * period_ns : 25000000; }

/* charge_rest charges the calling thread's CPU time since its last tick
   to its current function, when the thread ends or the program exits:
   the tail shorter than a period, or, in a thread that blocked the timers'
   signal to its end, all of its time (counted late). */
static void charge_rest(void)
{
	if (!sigstate.sig || !timer_kind)
		return;
	sigset_t set, saved;
	sigemptyset(&set);
	sigaddset(&set, sigstate.sig);
	__real_pthread_sigmask(SIG_BLOCK, &set, &saved);
	int64_t now = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	int64_t d = now - last_cpu;
	last_cpu = now;
	uint64_t *cur = __sonde_attrib_current;
	if (__atomic_load_n(&any_gone, __ATOMIC_RELAXED) && !counted(cur))
		cur = __sonde_attrib_current = &unprofiled_ticks;
	if (d > 0)
		__atomic_fetch_add(cur, (uint64_t)d, __ATOMIC_RELAXED);
	if (d > late_slack())
		__atomic_fetch_add(&late_ns, (uint64_t)d, __ATOMIC_RELAXED);
	__real_pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

static void on_tick(int sig, siginfo_t *si, void *uc)
{
	int perf = (si->si_code == POLL_IN || si->si_code == POLL_HUP) && tick_fd >= 0 && si->si_fd == tick_fd;
	if (!perf && !(si->si_code == SI_TIMER && si->si_value.sival_ptr == &tick_cookie)) {
		/* A timer's or an fd's signal that the program did not ask for
		   (it has no action on the signal) is a stale tick of a timer
		   that is gone; anything else is the program's, or sent by
		   somebody, and takes its course. */
		if (!sigstate.claimed && (si->si_code == SI_TIMER || si->si_code == POLL_IN || si->si_code == POLL_HUP))
			return;
		chain(sig, si, uc);
		return;
	}
	int saved = errno;
	int64_t now = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	int64_t d = now - last_cpu;
	last_cpu = now;
	if (d > late_slack())
		__atomic_fetch_add(&late_ns, (uint64_t)(d - period_ns), __ATOMIC_RELAXED);
	if (perf && si->si_code == POLL_HUP)
		ioctl(tick_fd, PERF_EVENT_IOC_REFRESH, 1); /* the event stopped after its one overflow */
	uint64_t *cur = __sonde_attrib_current;
	if (__atomic_load_n(&any_gone, __ATOMIC_RELAXED) && !counted(cur))
		cur = __sonde_attrib_current = &unprofiled_ticks;
	if (d > 0)
		__atomic_fetch_add(cur, (uint64_t)d, __ATOMIC_RELAXED);
	__atomic_fetch_add(&nsignals, 1, __ATOMIC_RELAXED);
	errno = saved;
}

/* The thread's timer is kept in a thread-specific value, which must not be
   NULL for the destructor to run: a perf event is its fd + 1 with bit 32
   set, a POSIX timer its id + 1 (ids start at 0). */
#define PERF_TAG (1ull << 32)
static void stop_timer(void *v)
{
	uint64_t x = (uint64_t)(uintptr_t)v;
	if (x & PERF_TAG) {
		int fd = (int)(x - PERF_TAG - 1);
		uint64_t id;
		if (fd == tick_fd && ioctl(fd, PERF_EVENT_IOC_ID, &id) == 0 && id == tick_id)
			close(fd);
		if (fd == tick_fd)
			tick_fd = -1;
	} else if (x)
		timer_delete((timer_t)(uintptr_t)(x - 1));
}

/* thread_end is the timer key's destructor, run by each thread that had a
   timer as it ends. */
static void thread_end(void *v)
{
	charge_rest();
	stop_timer(v);
}

/* perf_timer opens a task-clock perf event on the calling thread that
   signals it (the timers' signal, F_SETOWN_EX to its tid) every period_ns
   of its CPU time.  Unlike POSIX CPU timers, which the kernel checks on
   its tick (250 Hz here), it overflows at the rate asked for.  It is
   armed for one overflow at a time (PERF_EVENT_IOC_REFRESH, which stops
   the event after it and signals POLL_HUP): on_tick re-arms it. */
static int perf_timer(pid_t tid)
{
	struct perf_event_attr a;
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.sample_period = (uint64_t)period_ns;
	a.wakeup_events = 1;
	a.exclude_hv = 1;
	a.disabled = 1;
	int fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -1;
	/* Out of the program's way (and before O_ASYNC: the signal carries
	   the number the descriptor had then). */
	fd = sonde_fd_high(fd);
	struct f_owner_ex o = {F_OWNER_TID, tid};
	if (fcntl(fd, F_SETFL, O_ASYNC) != 0 || fcntl(fd, F_SETSIG, sigstate.sig) != 0 ||
	    fcntl(fd, F_SETOWN_EX, &o) != 0) {
		close(fd);
		return -1;
	}
	tick_fd = fd;
	if (ioctl(fd, PERF_EVENT_IOC_ID, &tick_id) != 0 || ioctl(fd, PERF_EVENT_IOC_REFRESH, 1) != 0) {
		tick_fd = -1;
		close(fd);
		return -1;
	}
	return fd;
}

/* start_timer gives the calling thread its CPU-time timer: a perf
   task-clock event, else a POSIX timer on CLOCK_THREAD_CPUTIME_ID. */
static void start_timer(void)
{
	pid_t tid = (pid_t)syscall(SYS_gettid);
	last_cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	tick_fd = -1;
	if (!sigstate.sig)
		return; /* no signal to tick with */
	if (!use_posix) {
		int fd = perf_timer(tid);
		if (fd >= 0) {
			timer_kind = 1;
			pthread_setspecific(timer_key, (void *)(uintptr_t)((uint64_t)fd + 1 + PERF_TAG));
			return;
		}
	}
	struct sigevent ev;
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = sigstate.sig;
	ev.sigev_value.sival_ptr = &tick_cookie;
	ev._sigev_un._tid = tid;
	timer_t t;
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &t) != 0)
		return;
	struct itimerspec it;
	it.it_interval.tv_sec = period_ns / 1000000000;
	it.it_interval.tv_nsec = period_ns % 1000000000;
	it.it_value = it.it_interval;
	timer_settime(t, 0, &it, NULL);
	timer_kind = 2;
	pthread_setspecific(timer_key, (void *)(uintptr_t)((uint64_t)(uintptr_t)t + 1));
}


/* A forked child has no timers (POSIX timers are not inherited) and the
   parent's counts: it starts a run of its own from what the counters hold
   now. */
static void in_child(void)
{
	int n = __atomic_load_n(&nmodules, __ATOMIC_ACQUIRE);
	for (int i = 0; i < n; i++) {
		struct module *m = &modules[i];
		if (!m->live || !m->snap)
			continue;
		uint64_t *snap = m->snap;
		for (struct sonde_attrib_cu *cu = m->b; cu < m->e; cu++) {
			for (uint64_t k = 0; k < cu->nfuncs; k++) {
				snap[2 * k] = cu->calls[k];
				snap[2 * k + 1] = cu->ticks[k];
			}
			snap += 2 * cu->nfuncs;
		}
		m->units_written = 0;
	}
	unprof_snap = unprofiled_ticks;
	nsignals = 0;
	late_ns = 0;
	owner = getpid();
	uint64_t id = sonde_random_id(run_id * 0x9e3779b97f4a7c15ull + (uint64_t)getpid());
	run_id = id ? id : 1;
	start_ns = clock_ns(CLOCK_REALTIME);
	run_written = 0;
	ended = 0;
	busy = 0;
	/* The parent's perf event fd counts the parent's thread. */
	stop_timer(pthread_getspecific(timer_key));
	start_timer();
}

/* init sets the primary up, once: the first module registering with it
   does (from its constructor, so before main for linked modules). */
static void init(void)
{
	if (inited)
		return;
	inited = 1;
	sonde_crc_init();
	put_u64(unprof_units, fnv1a64(unprof_body, sizeof unprof_body));
	memcpy(unprof_units + 8, unprof_body, sizeof unprof_body);
	const char *hz = getenv("SONDE_HZ");
	if (hz && *hz) {
		long v = atol(hz);
		if (v > 0 && v <= 1000000)
			period_ns = 1000000000 / v;
	}
	sonde_out_open(&out);
	owner = getpid();
	run_id = sonde_random_id((uint64_t)clock_ns(CLOCK_REALTIME) ^ ((uint64_t)getpid() << 32) ^ 0x5eed);
	start_ns = clock_ns(CLOCK_REALTIME);
	atexit(at_exit);
	const char *tk = getenv("SONDE_TIMER");
	use_posix = tk && strcmp(tk, "posix") == 0;
	pthread_key_create(&timer_key, thread_end);
	pthread_atfork(NULL, NULL, in_child);

	sonde_catch_fatal(on_fatal);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_tick;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	int req = sonde_signal_number(getenv("SONDE_SIGNAL"));
	/* The timers' signal: the highest real-time one that nobody handles
	   and this thread does not block. */
	sigset_t blocked;
	__real_pthread_sigmask(SIG_BLOCK, NULL, &blocked);
	for (int sig = SIGRTMAX; sig >= SIGRTMIN; sig--) {
		struct sigaction old;
		if (sig == req || sigismember(&blocked, sig) == 1 || __real_sigaction(sig, NULL, &old) != 0 ||
		    (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
			continue;
		if (__real_sigaction(sig, &sa, NULL) == 0) {
			__atomic_store_n(&sigstate.sig, sig, __ATOMIC_RELEASE);
			break;
		}
	}
	if (req > 0 && req < NSIG) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_request;
		sa.sa_flags = SA_RESTART;
		sigemptyset(&sa.sa_mask);
		sigaction(req, &sa, NULL);
		request_sig = req;
	}
	start_timer();
}

enum { OP_REGISTER, OP_UNREGISTER, OP_THREAD, OP_END, OP_RESUME };

/* quiet_thread stops the calling thread's timer and takes its pending
   ticks, before an exec: a tick that fired during the exec (the task
   clock counts the kernel's time too) would stay pending across it and
   kill the new image, where the signal is back at its default action.
   Another thread's ticks die with it (exec ends the other threads).  A
   pending signal that is not a tick goes to the program's handler. */
static void quiet_thread(void)
{
	int ts = sigstate.sig;
	if (!ts)
		return;
	sigset_t set, saved;
	sigemptyset(&set);
	sigaddset(&set, ts);
	__real_pthread_sigmask(SIG_BLOCK, &set, &saved);
	stop_timer(pthread_getspecific(timer_key));
	pthread_setspecific(timer_key, NULL);
	struct timespec zero = {0, 0};
	siginfo_t si;
	while (sigtimedwait(&set, &si, &zero) == ts) {
		int tick = si.si_code == SI_TIMER ? si.si_value.sival_ptr == &tick_cookie
						   : si.si_code == POLL_IN || si.si_code == POLL_HUP;
		if (!tick)
			chain(ts, &si, NULL);
	}
	__real_pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

/* new_run starts a run after a failed exec: what ran since the run ended
   goes to a run of its own, which writes its Run and Units frames again. */
static void new_run(void)
{
	int n = __atomic_load_n(&nmodules, __ATOMIC_ACQUIRE);
	for (int i = 0; i < n; i++)
		modules[i].units_written = 0;
	uint64_t id = sonde_random_id(run_id * 0x9e3779b97f4a7c15ull + (uint64_t)getpid());
	run_id = id ? id : 1;
	start_ns = clock_ns(CLOCK_REALTIME);
	nsignals = 0;
	late_ns = 0;
	run_written = 0;
	ended = 0;
}

/* module_op is the primary's entry point for every copy of the runtime:
   register or unregister a module's descriptors [b, e), start the
   calling thread's timer, end the run before _exit or exec (OP_END) and
   start a new one after a failed exec (OP_RESUME).  The last two do
   nothing in a vfork child: it shares the parent's counters. */
static void module_op(int op, struct sonde_attrib_cu *b, struct sonde_attrib_cu *e)
{
	switch (op) {
	case OP_REGISTER: {
		init();
		int n = nmodules;
		if (n == MAXMODULES)
			return;
		uint64_t nf = 0;
		for (struct sonde_attrib_cu *cu = b; cu < e; cu++)
			nf += cu->nfuncs;
		void *snap = mmap(NULL, (size_t)(16 * nf + 16), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (snap == MAP_FAILED)
			return;
		modules[n] = (struct module){.b = b, .e = e, .snap = snap, .live = 1};
		__atomic_store_n(&nmodules, n + 1, __ATOMIC_RELEASE);
		break;
	}
	case OP_UNREGISTER: {
		/* Write what the module counted while its counters still exist,
		   then forget it.  A flush in progress on another thread (a
		   signal handler) finishes first. */
		while (__atomic_exchange_n(&busy, 1, __ATOMIC_ACQUIRE))
			sched_yield();
		flush_locked(0);
		int n = __atomic_load_n(&nmodules, __ATOMIC_ACQUIRE);
		for (int i = 0; i < n; i++)
			if (modules[i].b == b && modules[i].live) {
				modules[i].live = 0;
				__atomic_store_n(&any_gone, 1, __ATOMIC_RELEASE);
			}
		if (!counted(__sonde_attrib_current))
			__sonde_attrib_current = &unprofiled_ticks;
		__atomic_store_n(&busy, 0, __ATOMIC_RELEASE);
		break;
	}
	case OP_THREAD:
		start_timer();
		break;
	case OP_END:
		if (inited && getpid() == owner) {
			charge_rest();
			flush(1);
			quiet_thread();
		}
		break;
	case OP_RESUME:
		if (inited && getpid() == owner && ended) {
			new_run();
			start_timer();
		}
		break;
	}
}

/* __sonde_attrib_module is module_op under the name the dynamic linker
   resolves to the primary. */
__attribute__((visibility("default"))) void __sonde_attrib_module(int op, struct sonde_attrib_cu *b,
								   struct sonde_attrib_cu *e)
	__attribute__((alias("module_op")));

/* primary is the primary's module_op, found by the constructor. */
static void (*primary)(int, struct sonde_attrib_cu *, struct sonde_attrib_cu *);

struct start {
	void *(*fn)(void *);
	void *arg;
};

static void *thread_start(void *p)
{
	struct start s = *(struct start *)p;
	free(p);
	if (primary)
		primary(OP_THREAD, NULL, NULL);
	return s.fn(s.arg);
}

/* Linked with -Wl,--wrap=pthread_create: every thread the module creates
   starts its own timer first. */
int __real_pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg)
{
	struct start *s = malloc(sizeof *s);
	if (!s)
		return __real_pthread_create(t, a, fn, arg);
	s->fn = fn;
	s->arg = arg;
	int r = __real_pthread_create(t, a, thread_start, s);
	if (r != 0)
		free(s);
	return r;
}

__attribute__((constructor)) static void sonde_attrib_init(void)
{
	struct sonde_attrib_cu *b = __start_sonde_attrib, *e = __stop_sonde_attrib;
	if (!b || b == e)
		return;
	/* The first definition in the global scope is the primary; a library
	   loaded with RTLD_LOCAL into an uninstrumented program finds none
	   and is its own (as its references to __sonde_attrib_current then
	   resolve to its own variable). */
	primary = (void (*)(int, struct sonde_attrib_cu *, struct sonde_attrib_cu *))dlsym(RTLD_DEFAULT,
											     "__sonde_attrib_module");
	if (!primary)
		primary = module_op;
	primary(OP_REGISTER, b, e);
}

/* sonde_attrib_fini runs when the module is unloaded (dlclose) or at exit,
   after the atexit handlers.  A library's counters go away with it: write
   them first.  When the primary itself goes, its handlers must not stay
   behind in the process. */
__attribute__((destructor)) static void sonde_attrib_fini(void)
{
	struct sonde_attrib_cu *b = __start_sonde_attrib, *e = __stop_sonde_attrib;
	if (!b || b == e || !primary)
		return;
	if (primary != module_op) {
		primary(OP_UNREGISTER, b, e);
		return;
	}
	flush(1);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	if (request_sig)
		__real_sigaction(request_sig, &sa, NULL);
	/* The timers' signal goes back to the program's action, if it set
	   one, else it is ignored: other threads' timers may still fire. */
	int ts = sigstate.sig;
	if (ts) {
		__atomic_store_n(&sigstate.sig, 0, __ATOMIC_RELEASE);
		__real_sigaction(ts, sigstate.claimed ? &sigstate.acts[sigstate.slot] : &sa, NULL);
	}
	stop_timer(pthread_getspecific(timer_key));
	pthread_setspecific(timer_key, NULL);
	pthread_key_delete(timer_key);
}

/* The program's own signal calls.  Linked with -Wl,--wrap=sigaction (and
   signal, __sysv_signal, sigprocmask, pthread_sigmask) in every
   instrumented link; the runtime's own calls of them come here too and
   pass through, as does everything that is not about the timers' signal. */

/* chain hands a signal that is not a tick to the program's action on the
   timers' signal, as the kernel would have: its handler with its mask,
   SA_RESETHAND honoured; ignored; or the default action (a real-time
   signal's is to end the process: the counts are written first). */
static void chain(int sig, siginfo_t *si, void *uc)
{
	struct sigaction a;
	if (sigstate.claimed) {
		a = sigstate.acts[__atomic_load_n(&sigstate.slot, __ATOMIC_ACQUIRE)];
	} else {
		memset(&a, 0, sizeof a);
		a.sa_handler = SIG_DFL;
	}
	if (!(a.sa_flags & SA_SIGINFO) && a.sa_handler == SIG_IGN)
		return;
	if (!(a.sa_flags & SA_SIGINFO) && a.sa_handler == SIG_DFL) {
		flush(sig);
		struct sigaction dfl;
		memset(&dfl, 0, sizeof dfl);
		dfl.sa_handler = SIG_DFL;
		__real_sigaction(sig, &dfl, NULL);
		sigset_t set;
		sigemptyset(&set);
		sigaddset(&set, sig);
		__real_pthread_sigmask(SIG_UNBLOCK, &set, NULL);
		raise(sig);
		return;
	}
	if (a.sa_flags & SA_RESETHAND) {
		struct sigaction dfl;
		memset(&dfl, 0, sizeof dfl);
		dfl.sa_handler = SIG_DFL;
		int n = 1 - sigstate.slot;
		sigstate.acts[n] = dfl;
		__atomic_store_n(&sigstate.slot, n, __ATOMIC_RELEASE);
	}
	sigset_t mask, saved;
	mask = a.sa_mask;
	if (a.sa_flags & SA_NODEFER) {
		/* The kernel blocked sig for on_tick; the program asked not to. */
		sigset_t set;
		sigemptyset(&set);
		sigaddset(&set, sig);
		__real_pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	}
	__real_pthread_sigmask(SIG_BLOCK, &mask, &saved);
	uint64_t *cur = __sonde_attrib_current;
	if (a.sa_flags & SA_SIGINFO)
		a.sa_sigaction(sig, si, uc);
	else
		a.sa_handler(sig);
	__sonde_attrib_current = cur;
	__real_pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

/* trampoline runs the program's handler of sig and then puts current
   back: an instrumented handler makes itself current on entry, and
   nothing would reset it when it returns into the function it
   interrupted, which would lose its time to the handler. */
static void trampoline(int sig, siginfo_t *si, void *uc)
{
	uint64_t *cur = __sonde_attrib_current;
	const struct sigaction *a = &sigstate.progs[sig];
	if (a->sa_flags & SA_SIGINFO)
		a->sa_sigaction(sig, si, uc);
	else if (a->sa_handler != SIG_DFL && a->sa_handler != SIG_IGN)
		a->sa_handler(sig);
	__sonde_attrib_current = cur;
}

static void lock_sigstate(sigset_t *saved)
{
	sigset_t all;
	sigfillset(&all);
	__real_pthread_sigmask(SIG_BLOCK, &all, saved);
	while (__atomic_exchange_n(&sigstate.lock, 1, __ATOMIC_ACQUIRE))
		sched_yield();
}

static void unlock_sigstate(const sigset_t *saved)
{
	__atomic_store_n(&sigstate.lock, 0, __ATOMIC_RELEASE);
	__real_pthread_sigmask(SIG_SETMASK, saved, NULL);
}

/* handled_action installs the program's action act on sig (not the
   timers' signal) with trampoline in front of a handler, and returns in
   old the program's previous action as the program set it. */
static int handled_action(int sig, const struct sigaction *act, struct sigaction *old)
{
	sigset_t saved;
	lock_sigstate(&saved);
	if (!sigstate.tramp)
		sigstate.tramp = trampoline;
	void (*tr)(int, siginfo_t *, void *) = sigstate.tramp;
	struct sigaction before = sigstate.progs[sig], mine, prev;
	const struct sigaction *use = act;
	if (act && ((act->sa_flags & SA_SIGINFO) || (act->sa_handler != SIG_DFL && act->sa_handler != SIG_IGN))) {
		sigstate.progs[sig] = *act;
		mine = *act;
		mine.sa_sigaction = tr;
		mine.sa_flags |= SA_SIGINFO;
		use = &mine;
	}
	int r = __real_sigaction(sig, use, &prev);
	if (r != 0)
		sigstate.progs[sig] = before;
	else if (old)
		*old = (prev.sa_flags & SA_SIGINFO) && prev.sa_sigaction == tr ? before : prev;
	int e = errno;
	unlock_sigstate(&saved);
	errno = e;
	return r;
}

/* set_action records act as the program's action on the timers' signal
   and returns the one it had (SIG_DFL until it sets one: the signal was
   free at start-up).  All signals are blocked meanwhile, so that a handler
   calling signal() cannot deadlock on the lock its thread holds. */
static void set_action(const struct sigaction *act, struct sigaction *old)
{
	sigset_t saved;
	lock_sigstate(&saved);
	if (old) {
		if (sigstate.claimed) {
			*old = sigstate.acts[sigstate.slot];
		} else {
			memset(old, 0, sizeof *old);
			old->sa_handler = SIG_DFL;
		}
	}
	if (act) {
		int n = 1 - sigstate.slot;
		sigstate.acts[n] = *act;
		__atomic_store_n(&sigstate.slot, n, __ATOMIC_RELEASE);
		__atomic_store_n(&sigstate.claimed, 1, __ATOMIC_RELEASE);
	}
	unlock_sigstate(&saved);
}

int __wrap_sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	int ts = __atomic_load_n(&sigstate.sig, __ATOMIC_ACQUIRE);
	if (sig <= 0 || sig >= NSIG)
		return __real_sigaction(sig, act, old);
	if (!ts || sig != ts)
		return handled_action(sig, act, old);
	set_action(act, old);
	return 0;
}

/* signal_as sets handler on sig with the flags the caller's flavour of
   signal() uses, through __wrap_sigaction. */
static sighandler_t signal_as(int sig, sighandler_t handler, int flags)
{
	struct sigaction a, old;
	memset(&a, 0, sizeof a);
	a.sa_handler = handler;
	a.sa_flags = flags;
	sigemptyset(&a.sa_mask);
	if (__wrap_sigaction(sig, &a, &old) != 0)
		return SIG_ERR;
	return old.sa_handler;
}

extern sighandler_t __real_signal(int, sighandler_t);
extern sighandler_t __real___sysv_signal(int, sighandler_t);

/* signal: BSD semantics, as glibc's. */
sighandler_t __wrap_signal(int sig, sighandler_t handler)
{
	if (sig <= 0 || sig >= NSIG)
		return __real_signal(sig, handler);
	return signal_as(sig, handler, SA_RESTART);
}

/* __sysv_signal is what <signal.h> calls signal() in strict ISO C
   compilations (-std=c11 without _DEFAULT_SOURCE). */
sighandler_t __wrap___sysv_signal(int sig, sighandler_t handler)
{
	if (sig <= 0 || sig >= NSIG)
		return __real___sysv_signal(sig, handler);
	return signal_as(sig, handler, SA_RESETHAND | SA_NODEFER);
}

/* keep_tick returns the mask to set instead of set: the same without the
   timers' signal, unless the program handles that signal itself (then
   its blocks are its own). */
static const sigset_t *keep_tick(int how, const sigset_t *set, sigset_t *copy)
{
	int ts = __atomic_load_n(&sigstate.sig, __ATOMIC_ACQUIRE);
	if (!set || !ts || how == SIG_UNBLOCK || sigstate.claimed || sigismember(set, ts) != 1)
		return set;
	*copy = *set;
	sigdelset(copy, ts);
	return copy;
}

int __wrap_sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	sigset_t copy;
	return __real_sigprocmask(how, keep_tick(how, set, &copy), old);
}

int __wrap_pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	sigset_t copy;
	return __real_pthread_sigmask(how, keep_tick(how, set, &copy), old);
}

/* The wrappers of _exit, _Exit and the exec family (sonde_exec.h) end the
   run through the primary, which holds the counters of every module. */
static void before_exec(void)
{
	int saved = errno;
	if (primary)
		primary(OP_END, NULL, NULL);
	errno = saved;
}

static void after_exec(void)
{
	int saved = errno;
	if (primary)
		primary(OP_RESUME, NULL, NULL);
	errno = saved;
}

#include "sonde_exec.h"

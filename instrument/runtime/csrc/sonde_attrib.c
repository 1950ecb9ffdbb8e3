/* sonde_attrib.c: the runtime of programs built by
   "sonde cc --sonde-mode=attrib" (Appel, Duba and MacQueen's profiler; see
   package sonde/instrument/ir).  Instrumented code increments a call
   counter on every function entry and keeps __sonde_attrib_current, a
   thread-local pointer, at the tick counter of the function running now.
   This runtime gives every thread a CPU-time timer whose SIGPROF handler
   adds the CPU time since the thread's last tick to *current: a task-clock
   perf event on the thread, signalling it (F_SETSIG, F_SETOWN_EX) every
   $SONDE_HZ-th of a second of its CPU time (default 1000), else, when perf
   events are not allowed or $SONDE_TIMER=posix, timer_create on
   CLOCK_THREAD_CPUTIME_ID delivered with SIGEV_THREAD_ID (which the kernel
   checks only on its tick, 250 Hz here).  Each tick charges the thread's
   CPU time since its last tick, so the times add up to the threads' CPU
   time.

   It appends the counts to $SONDE_OUT (default sonde.data) as sonde.data
   frames (profile/datafile/format.go): the first time one Run frame
   (collector "attrib", count types calls/count and cpu/nanoseconds), the
   Units frame of every module and one of its own for "(unprofiled)" (time
   when no profiled function was current); then, at every write, one Counts
   frame per module holding what ran since the last write (Counts frames of
   one run add up).  It writes at exit, on fatal signals and whenever the
   signal named by $SONDE_SIGNAL arrives (USR1, USR2, HUP, ... or a number).

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
static char out_path[4096];
static int inited, run_written, ended;
static volatile int busy;
static long period_ns = 1000000; /* $SONDE_HZ, default 1000 */
static uint64_t nsignals;        /* timer signals delivered, for the note */
static pthread_key_t timer_key;
static int use_posix;  /* $SONDE_TIMER=posix: skip the perf event */
static int timer_kind; /* what the last thread got: 1 perf task-clock, 2 POSIX CPU timer */
static int request_sig; /* $SONDE_SIGNAL, 0 for none */

static void emit(int fd, int kind, const unsigned char *p, size_t n) { emit_frame(fd, run_id, kind, p, n); }

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
	unsigned char text[200], *p = text;
	static const char a1[] = "attrib: perf task-clock per thread, every ";
	static const char a2[] = "attrib: POSIX CPU timer per thread, every ";
	static const char a0[] = "attrib: no timer, every ";
	const char *a = timer_kind == 1 ? a1 : timer_kind == 2 ? a2 : a0;
	size_t alen = timer_kind == 1 ? sizeof a1 - 1 : timer_kind == 2 ? sizeof a2 - 1 : sizeof a0 - 1;
	static const char c[] = " ns; ";
	static const char d[] = " signals in ";
	static const char f[] = " ms of process CPU time";
	memcpy(p, a, alen), p += alen;
	p = put_dec(p, (uint64_t)period_ns);
	memcpy(p, c, sizeof c - 1), p += sizeof c - 1;
	p = put_dec(p, __atomic_load_n(&nsignals, __ATOMIC_RELAXED));
	memcpy(p, d, sizeof d - 1), p += sizeof d - 1;
	p = put_dec(p, (uint64_t)(clock_ns(CLOCK_PROCESS_CPUTIME_ID) / 1000000));
	memcpy(p, f, sizeof f - 1), p += sizeof f - 1;
	unsigned char note[256];
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
	int fd = open(out_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
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
		if (how > 1)
			emit_killed(fd, run_id, how);
		emit_run_end(fd, run_id);
		ended = 1;
	}
	close(fd);
}

static void flush(int how)
{
	if (__atomic_exchange_n(&busy, 1, __ATOMIC_ACQUIRE))
		return; /* another thread is writing, or this one was interrupted doing so */
	flush_locked(how);
	__atomic_store_n(&busy, 0, __ATOMIC_RELEASE);
}

static void at_exit(void) { flush(1); }

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
static void on_tick(int sig, siginfo_t *si, void *uc)
{
	(void)sig, (void)uc;
	if (si->si_code != SI_TIMER && si->si_code != POLL_IN && si->si_code != POLL_HUP)
		return; /* somebody else's SIGPROF */
	int saved = errno;
	int64_t now = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	int64_t d = now - last_cpu;
	last_cpu = now;
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
	if (x & PERF_TAG)
		close((int)(x - PERF_TAG - 1));
	else if (x)
		timer_delete((timer_t)(uintptr_t)(x - 1));
}


/* perf_timer opens a task-clock perf event on the calling thread that
   signals it (SIGPROF, F_SETOWN_EX to its tid) every period_ns of its CPU
   time.  Unlike POSIX CPU timers, which the kernel checks on its tick
   (250 Hz here), it overflows at the rate asked for. */
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
	int fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -1;
	struct f_owner_ex o = {F_OWNER_TID, tid};
	if (fcntl(fd, F_SETFL, O_ASYNC) != 0 || fcntl(fd, F_SETSIG, SIGPROF) != 0 || fcntl(fd, F_SETOWN_EX, &o) != 0 ||
	    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) != 0) {
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
	ev.sigev_signo = SIGPROF;
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
	sonde_out_path(out_path, sizeof out_path);
	run_id = sonde_random_id((uint64_t)clock_ns(CLOCK_REALTIME) ^ ((uint64_t)getpid() << 32) ^ 0x5eed);
	start_ns = clock_ns(CLOCK_REALTIME);
	atexit(at_exit);
	const char *tk = getenv("SONDE_TIMER");
	use_posix = tk && strcmp(tk, "posix") == 0;
	pthread_key_create(&timer_key, stop_timer);
	pthread_atfork(NULL, NULL, in_child);

	sonde_catch_fatal(on_fatal);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_tick;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPROF, &sa, NULL);
	int req = sonde_signal_number(getenv("SONDE_SIGNAL"));
	if (req > 0 && req < NSIG && req != SIGPROF) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_request;
		sa.sa_flags = SA_RESTART;
		sigemptyset(&sa.sa_mask);
		sigaction(req, &sa, NULL);
		request_sig = req;
	}
	start_timer();
}

enum { OP_REGISTER, OP_UNREGISTER, OP_THREAD };

/* module_op is the primary's entry point for every copy of the runtime:
   register or unregister a module's descriptors [b, e), or start the
   calling thread's timer. */
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
	sigaction(SIGPROF, &sa, NULL);
	if (request_sig)
		sigaction(request_sig, &sa, NULL);
	stop_timer(pthread_getspecific(timer_key));
	pthread_setspecific(timer_key, NULL);
	pthread_key_delete(timer_key);
}

/* sonde_attrib.c: the runtime of programs built by
   "sonde cc --sonde-mode=attrib" (Appel, Duba and MacQueen's profiler; see
   package sonde/instrument/ir).  Instrumented code increments a call
   counter on every function entry and keeps __sonde_attrib_current, a
   thread-local pointer, at the tick counter of the function running now.
   This runtime gives every thread a CPU-time timer whose SIGPROF handler
   adds the CPU time since the thread's last tick to *current: a task-clock perf event on the
   thread, signalling it (F_SETSIG, F_SETOWN_EX) every $SONDE_HZ-th of a
   second of its CPU time (default 1000), else, when perf events are not
   allowed or $SONDE_TIMER=posix, timer_create on CLOCK_THREAD_CPUTIME_ID
   delivered with SIGEV_THREAD_ID (which the kernel checks only on its tick,
   250 Hz here).  Each tick charges the thread's CPU time since its last
   tick, so the times add up to the threads' CPU time.  It appends the counts to $SONDE_OUT (default sonde.data) as
   sonde.data frames (profile/datafile/format.go) at exit and on fatal
   signals: one Run frame (collector "attrib", count types calls/count and
   cpu/nanoseconds), the Units frame of every module and one of its own for
   "(unprofiled)" (time when no profiled function was current), then one
   Counts frame each.

   The frame writer and the start-up and signal plumbing shared with
   sonde_rt.c, the blocks runtime, live in sonde_frame.h.  Everything after
   start-up is async-signal-safe: no malloc, no stdio. */
#define _GNU_SOURCE
#include <pthread.h>
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
__thread uint64_t *__sonde_attrib_current __attribute__((tls_model("initial-exec"))) = &unprofiled_ticks;

static uint64_t run_id;
static int64_t start_ns;
static char out_path[4096];
static int written;
static volatile int busy;
static long period_ns = 1000000; /* $SONDE_HZ, default 1000 */
static uint64_t nsignals;        /* timer signals delivered, for the note */
static pthread_key_t timer_key;
static int use_posix;  /* $SONDE_TIMER=posix: skip the perf event */
static int timer_kind; /* what the last thread got: 1 perf task-clock, 2 POSIX CPU timer */

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

/* counts_frame writes the Counts frame of one universe: calls and
   nanoseconds, unit by unit.  The frame is built in pieces of at most
   64 KiB on the stack, so large modules are written in one writev of a
   buffer sized for them: the runtime keeps no heap after start-up. */
static void counts_frame(int fd, const unsigned char *hash, const uint64_t *calls, const uint64_t *ticks, uint64_t n)
{
	size_t size = 8 + 20 + 20 * (size_t)n;
	unsigned char small[4096];
	unsigned char *buf = small;
	if (size > sizeof small) {
		buf = __builtin_alloca(size);
	}
	unsigned char *p = buf;
	memcpy(p, hash, 8);
	p = put_uv(p + 8, n);
	p = put_uv(p, 2);
	for (uint64_t i = 0; i < n; i++) {
		p = put_uv(p, calls ? __atomic_load_n(&calls[i], __ATOMIC_RELAXED) : 0);
		p = put_uv(p, __atomic_load_n(&ticks[i], __ATOMIC_RELAXED));
	}
	emit(fd, SONDE_KIND_COUNTS, buf, (size_t)(p - buf));
}

/* flush writes the whole run once: at exit, or on a fatal signal (how is
   then the signal number). */
static void flush(int how)
{
	struct sonde_attrib_cu *cu, *b = __start_sonde_attrib, *e = __stop_sonde_attrib;
	if (!b || b == e || written || !run_id)
		return;
	if (__atomic_exchange_n(&busy, 1, __ATOMIC_ACQUIRE))
		return;
	int fd = open(out_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		goto out;
	written = 1;
	write_run(fd);
	for (cu = b; cu < e; cu++)
		emit(fd, SONDE_KIND_UNITS, cu->units, cu->units_len);
	unsigned char up[8 + sizeof unprof_body];
	put_u64(up, fnv1a64(unprof_body, sizeof unprof_body));
	memcpy(up + 8, unprof_body, sizeof unprof_body);
	emit(fd, SONDE_KIND_UNITS, up, sizeof up);
	for (cu = b; cu < e; cu++)
		counts_frame(fd, cu->units, cu->calls, cu->ticks, cu->nfuncs);
	counts_frame(fd, up, NULL, &unprofiled_ticks, 1);

	/* The note says what rate the timer achieved: POSIX CPU-time timers
	   fire on the scheduler tick, whatever the period asked. */
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
	if (how > 1)
		emit_killed(fd, run_id, how);
	emit_run_end(fd, run_id);
	close(fd);
out:
	__atomic_store_n(&busy, 0, __ATOMIC_RELEASE);
}

static void at_exit(void) { flush(1); }

static void on_fatal(int sig)
{
	flush(sig);
	sonde_reraise(sig);
}

/* The thread's CPU time at its last tick. */
static __thread int64_t last_cpu __attribute__((tls_model("initial-exec")));

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
	if (d > 0)
		__atomic_fetch_add(__sonde_attrib_current, (uint64_t)d, __ATOMIC_RELAXED);
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

struct start {
	void *(*fn)(void *);
	void *arg;
};

static void *thread_start(void *p)
{
	struct start s = *(struct start *)p;
	free(p);
	start_timer();
	return s.fn(s.arg);
}

/* Linked with -Wl,--wrap=pthread_create: every thread the program
   creates starts its own timer first. */
int __real_pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
__attribute__((visibility("default"))) int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a,
								  void *(*fn)(void *), void *arg)
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

/* A forked child has no timers (POSIX timers are not inherited) and the
   parent's counts: it starts a run of its own from zero. */
static void in_child(void)
{
	struct sonde_attrib_cu *cu, *b = __start_sonde_attrib, *e = __stop_sonde_attrib;
	for (cu = b; cu < e; cu++)
		for (uint64_t i = 0; i < cu->nfuncs; i++)
			cu->calls[i] = cu->ticks[i] = 0;
	unprofiled_ticks = 0;
	nsignals = 0;
	uint64_t id = sonde_random_id(run_id * 0x9e3779b97f4a7c15ull + (uint64_t)getpid());
	run_id = id ? id : 1;
	start_ns = clock_ns(CLOCK_REALTIME);
	written = 0;
	busy = 0;
	/* The parent's perf event fd counts the parent's thread. */
	stop_timer(pthread_getspecific(timer_key));
	start_timer();
}

__attribute__((constructor)) static void sonde_attrib_init(void)
{
	struct sonde_attrib_cu *b = __start_sonde_attrib, *e = __stop_sonde_attrib;
	if (!b || b == e)
		return;
	sonde_crc_init();
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
	start_timer();
}

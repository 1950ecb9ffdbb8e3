/* sonde_rt.c: the runtime of programs built by "sonde cc" (see package
   sonde/instrument/runtime). It finds the descriptors that the instrumenter
   put in section sonde_cus and appends the program's counts to $SONDE_OUT
   (default sonde.data in the working directory at start-up) as sonde.data
   frames (profile/datafile/format.go), through a descriptor opened at
   start-up (see struct sonde_out in sonde_frame.h): one Run frame, one Units frame per
   compilation unit and one Listing frame per unit that carries its listing
   (the descriptors of section sonde_listings) the first time, then one
   Counts frame per unit holding what ran since the last write.  It writes at exit, on a fatal signal
   (then lets the signal take its usual course) and whenever the signal named
   by $SONDE_SIGNAL arrives.  Everything after start-up is async-signal-safe:
   no malloc, no stdio.  The frame writer and the start-up and signal
   plumbing it shares with the attrib runtime are in sonde_frame.h.

   Not every block has a counter: the instrumenter counts only the blocks
   whose counts cannot be derived from the others by flow conservation
   (Knuth and Stevenson; instrument/asm/derive.go), and the runtime derives
   the rest before it writes, so the data file holds one count per unit as
   always.  A descriptor's counter word holds the number of measured
   counters M in its low 32 bits and of derived ones D in its high 32; its
   unit word holds the number of units U and, in its high 32 bits, the
   length W in uint32 words of the derivation table that follows the
   unit-to-counter map: per derived counter, its number of terms, then the
   terms, a measured counter's index with bit 31 set when it is subtracted.
   Map entries from M to M+D-1 name derived counters.  A derived count can
   come out negative only when a thread is stopped inside a block (a crash,
   a flush on request while a loop runs); it is written as 0 then, and the
   written total never goes down.

   The program's calls of _exit, _Exit and the exec family come to the
   __wrap_ functions of sonde_exec.h (the driver links with
   -Wl,--wrap=NAME for each name in package runtime's Wrapped), which write
   the counts as exit does and then make the real call.  A failed exec starts a new run from
   the snapshot, so nothing is written twice. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sonde_frame.h"

struct sonde_cu {
	uint64_t *counters;
	uint64_t nblocks; /* measured | derived << 32 */
	const unsigned char *units; /* u64 hash, then the Units frame body */
	uint64_t units_len;
	const uint32_t *map; /* unit -> counter, then the derivation table */
	uint64_t nunits;     /* units | table words << 32 */
};

static uint64_t measured(const struct sonde_cu *cu) { return cu->nblocks & 0xffffffffu; }
static uint64_t all_counters(const struct sonde_cu *cu) { return measured(cu) + (cu->nblocks >> 32); }
static uint64_t units_of(const struct sonde_cu *cu) { return cu->nunits & 0xffffffffu; }

/* derive fills v[M..M+D-1] from the measured counts v[0..M-1]: each derived
   count is its terms' sum, as a signed number (negative only mid-block). */
static void derive(const struct sonde_cu *cu, int64_t *v)
{
	uint64_t m = measured(cu), d = cu->nblocks >> 32, words = cu->nunits >> 32;
	const uint32_t *t = cu->map + units_of(cu), *end = t + words;
	for (uint64_t i = 0; i < d && t < end; i++) {
		uint32_t n = *t++;
		int64_t sum = 0;
		for (uint32_t j = 0; j < n && t < end; j++, t++) {
			uint32_t k = *t & 0x7fffffffu;
			int64_t c = k < m ? v[k] : 0;
			sum += (*t >> 31) ? -c : c;
		}
		v[m + i] = sum;
	}
}

extern struct sonde_cu __start_sonde_cus[] __attribute__((weak, visibility("hidden")));
extern struct sonde_cu __stop_sonde_cus[] __attribute__((weak, visibility("hidden")));

/* A unit's listing (the instructions of its blocks, for sonde report
   --instructions): a Listing frame's payload, written as it is.  Units
   instrumented before listings travelled in the data file have none. */
struct sonde_listing {
	const unsigned char *payload;
	uint64_t len;
};

extern struct sonde_listing __start_sonde_listings[] __attribute__((weak, visibility("hidden")));
extern struct sonde_listing __stop_sonde_listings[] __attribute__((weak, visibility("hidden")));

static uint64_t run_id;
static int64_t start_ns;
static struct sonde_out out; /* the data file, opened at start-up */
static uint64_t *snapshot; /* counts already written, per counter (measured and derived) */
static unsigned char *frame; /* room for the largest Counts frame */
static uint64_t *delta;        /* room for the largest unit's counters */
static int run_written, ended;
static volatile int busy;
static pid_t owner; /* the process whose run the counters hold */

static int werr; /* the errno of the first failed write of a flush, 0 */

static void emit(int fd, int kind, const unsigned char *p, size_t n)
{
	if (emit_frame(fd, run_id, kind, p, n) != 0 && !werr)
		werr = errno ? errno : EIO;
}

static int64_t now_ns(void) { return clock_ns(CLOCK_REALTIME); }

static void write_run(int fd)
{
	unsigned char buf[8192], *p = buf;
	p = put_run_head(p, "cc", start_ns);
	p = put_uv(p, 1);
	p = put_str(p, "count", 5);
	p = put_str(p, "count", 5);
	emit(fd, SONDE_KIND_RUN, buf, (size_t)(p - buf));
}

/* flush appends what ran since the last flush. how is 0 for a flush that
   lets the program go on, 1 at exit, or a signal number. */
static void flush(int how)
{
	struct sonde_cu *cu, *b = __start_sonde_cus, *e = __stop_sonde_cus;
	if (!b || b == e || !snapshot || ended)
		return;
	if (__atomic_exchange_n(&busy, 1, __ATOMIC_ACQUIRE))
		return;
	int fd = sonde_out_fd(&out);
	if (fd < 0)
		goto out;
	werr = 0;
	int first = !run_written;
	if (first) {
		write_run(fd);
		for (cu = b; cu < e; cu++)
			emit(fd, SONDE_KIND_UNITS, cu->units, cu->units_len);
		struct sonde_listing *l = __start_sonde_listings, *le = __stop_sonde_listings;
		for (; l && l < le; l++)
			emit(fd, SONDE_KIND_LISTING, l->payload, l->len);
		run_written = 1;
	}
	uint64_t *snap = snapshot;
	for (cu = b; cu < e; cu++) {
		int any = 0;
		uint64_t m = measured(cu), all = all_counters(cu), nunits = units_of(cu);
		/* Read each counter once: what ran since the last flush goes to
		   delta, and the snapshot moves to the value read, so increments
		   racing with the flush are kept for the next one.  Derived
		   totals come from the measured ones read. */
		int64_t *tot = (int64_t *)delta;
		for (uint64_t k = 0; k < m; k++)
			tot[k] = (int64_t)__atomic_load_n(&cu->counters[k], __ATOMIC_RELAXED);
		derive(cu, tot);
		for (uint64_t k = 0; k < all; k++) {
			uint64_t now = tot[k] < 0 ? 0 : (uint64_t)tot[k];
			if (k >= m && now < snap[k])
				now = snap[k];
			delta[k] = now - snap[k];
			snap[k] = now;
			any |= delta[k] != 0;
		}
		if (any || first) {
			unsigned char *p = frame;
			memcpy(p, cu->units, 8);
			p = put_uv(p + 8, nunits);
			p = put_uv(p, 1);
			for (uint64_t i = 0; i < nunits; i++)
				p = put_uv(p, cu->map[i] < all ? delta[cu->map[i]] : 0);
			emit(fd, SONDE_KIND_COUNTS, frame, (size_t)(p - frame));
		}
		snap += all;
	}
	if (how != 0) {
		if (how > 1 && emit_killed(fd, run_id, how) != 0 && !werr)
			werr = errno;
		if (emit_run_end(fd, run_id) != 0 && !werr)
			werr = errno;
		ended = 1;
	}
	if (werr)
		sonde_out_fail(&out, "write", werr);
out:
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

/* new_run starts a run whose counts begin at the snapshot. */
static void new_run(void)
{
	uint64_t id = sonde_random_id(run_id * 0x9e3779b97f4a7c15ull + (uint64_t)getpid());
	run_id = id ? id : 1;
	start_ns = now_ns();
	run_written = 0;
	ended = 0;
	busy = 0;
}

/* In a forked child the counts so far are the parent's: the child starts a
   run of its own from the parent's snapshot of now. */
static void in_child(void)
{
	struct sonde_cu *cu, *b = __start_sonde_cus, *e = __stop_sonde_cus;
	uint64_t *snap = snapshot;
	if (!snap)
		return;
	for (cu = b; cu < e; cu++) {
		uint64_t m = measured(cu), all = all_counters(cu);
		int64_t *tot = (int64_t *)delta;
		for (uint64_t k = 0; k < m; k++)
			tot[k] = (int64_t)__atomic_load_n(&cu->counters[k], __ATOMIC_RELAXED);
		derive(cu, tot);
		for (uint64_t k = 0; k < all; k++)
			snap[k] = tot[k] < 0 ? 0 : (uint64_t)tot[k];
		snap += all;
	}
	owner = getpid();
	new_run();
}

__attribute__((constructor)) static void sonde_init(void)
{
	struct sonde_cu *cu, *b = __start_sonde_cus, *e = __stop_sonde_cus;
	if (!b || b == e)
		return;
	sonde_crc_init();
	uint64_t nctr = 0, maxctr = 0, maxframe = 0;
	for (cu = b; cu < e; cu++) {
		nctr += all_counters(cu);
		if (all_counters(cu) > maxctr)
			maxctr = all_counters(cu);
		if (8 + 20 + 10 * units_of(cu) > maxframe)
			maxframe = 8 + 20 + 10 * units_of(cu);
	}
	size_t size = (size_t)(8 * (nctr + maxctr) + maxframe);
	void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return;
	snapshot = m;
	delta = snapshot + nctr;
	frame = (unsigned char *)(delta + maxctr);

	sonde_out_open(&out);
	run_id = sonde_random_id((uint64_t)now_ns() ^ ((uint64_t)getpid() << 32) ^ 0x5eed);
	start_ns = now_ns();
	owner = getpid();
	atexit(at_exit);
	pthread_atfork(NULL, NULL, in_child);

	sonde_catch_fatal(on_fatal);
	struct sigaction sa;
	int req = sonde_signal_number(getenv("SONDE_SIGNAL"));
	if (req > 0 && req < NSIG) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_request;
		sa.sa_flags = SA_RESTART;
		sigemptyset(&sa.sa_mask);
		sigaction(req, &sa, NULL);
	}
}

/* The wrappers.  A child of vfork (or of clone with CLONE_VM) shares the
   parent's memory: its increments land in the parent's counters, which the
   parent writes once, later, so the child writes nothing (getpid tells it
   apart: pthread_atfork handlers do not run for vfork).  Before an exec
   the run ends as at exit; if the exec fails the process goes on in a new
   run that starts from what was just written. */
static int own(void) { return snapshot && getpid() == owner; }

static void before_exec(void)
{
	if (own()) {
		int saved = errno;
		flush(1);
		errno = saved;
	}
}

static void after_exec(void)
{
	if (own() && ended)
		new_run();
}

#include "sonde_exec.h"

/* sonde_rt.c: the runtime of programs built by "sonde cc" (see package
   sonde/instrument/runtime). It finds the descriptors that the instrumenter
   put in section sonde_cus and appends the program's counts to $SONDE_OUT
   (default sonde.data in the working directory at start-up) as sonde.data
   frames (profile/datafile/format.go): one Run frame and one Units frame per
   compilation unit the first time, then one Counts frame per unit holding
   what ran since the last write.  It writes at exit, on a fatal signal
   (then lets the signal take its usual course) and whenever the signal named
   by $SONDE_SIGNAL arrives.  Everything after start-up is async-signal-safe:
   no malloc, no stdio. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

struct sonde_cu {
	uint64_t *counters;
	uint64_t nblocks;
	const unsigned char *units; /* u64 hash, then the Units frame body */
	uint64_t units_len;
	const uint32_t *map; /* unit -> counter */
	uint64_t nunits;
};

extern struct sonde_cu __start_sonde_cus[] __attribute__((weak, visibility("hidden")));
extern struct sonde_cu __stop_sonde_cus[] __attribute__((weak, visibility("hidden")));

static uint32_t crc_table[256];
static uint64_t run_id;
static int64_t start_ns;
static char out_path[4096];
static uint64_t *snapshot; /* counts already written, per counter */
static unsigned char *frame; /* room for the largest Counts frame */
static uint64_t *delta;        /* room for the largest unit's counters */
static int run_written, ended;
static volatile int busy;
static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

static uint32_t crc32_update(uint32_t crc, const unsigned char *p, size_t n)
{
	crc = ~crc;
	while (n--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

static unsigned char *put_uv(unsigned char *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*p++ = (unsigned char)v;
	return p;
}

static unsigned char *put_str(unsigned char *p, const char *s, size_t n)
{
	p = put_uv(p, n);
	memcpy(p, s, n);
	return p + n;
}

static void put_header(unsigned char *h, int kind, size_t n)
{
	memcpy(h, "\x89SND", 4);
	h[4] = 1;
	h[5] = (unsigned char)kind;
	h[6] = h[7] = 0;
	for (int i = 0; i < 8; i++)
		h[8 + i] = (unsigned char)(run_id >> (8 * i));
	for (int i = 0; i < 4; i++)
		h[16 + i] = (unsigned char)(n >> (8 * i));
}

/* emit writes one frame: header, then payload p[0..n), with one writev so
   that O_APPEND puts it in one piece. */
static void emit(int fd, int kind, const unsigned char *p, size_t n)
{
	unsigned char h[24];
	put_header(h, kind, n);
	uint32_t crc = crc32_update(0, h, 20);
	crc = crc32_update(crc, p, n);
	for (int i = 0; i < 4; i++)
		h[20 + i] = (unsigned char)(crc >> (8 * i));
	struct iovec iov[2] = {{h, 24}, {(void *)p, n}};
	ssize_t r;
	do
		r = writev(fd, iov, 2);
	while (r < 0 && errno == EINTR);
}

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static uint64_t zigzag(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }

static void write_run(int fd)
{
	unsigned char buf[8192], *p = buf;
	char cmd[4096];
	ssize_t n = 0;
	int cfd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
	if (cfd >= 0) {
		n = read(cfd, cmd, sizeof cmd);
		close(cfd);
		if (n < 0)
			n = 0;
	}
	p = put_str(p, "cc", 2);
	uint64_t argc = 0;
	for (ssize_t i = 0; i < n; i++)
		if (cmd[i] == 0)
			argc++;
	p = put_uv(p, argc);
	for (ssize_t i = 0, s = 0; i < n; i++)
		if (cmd[i] == 0) {
			p = put_str(p, cmd + s, (size_t)(i - s));
			s = i + 1;
		}
	p = put_uv(p, zigzag(start_ns));
	p = put_uv(p, 0); /* no sample types */
	p = put_uv(p, 0); /* period */
	p = put_uv(p, 1);
	p = put_str(p, "count", 5);
	p = put_str(p, "count", 5);
	emit(fd, 1, buf, (size_t)(p - buf));
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
	int fd = open(out_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		goto out;
	int first = !run_written;
	if (first) {
		write_run(fd);
		for (cu = b; cu < e; cu++)
			emit(fd, 5, cu->units, cu->units_len);
		run_written = 1;
	}
	uint64_t *snap = snapshot;
	for (cu = b; cu < e; cu++) {
		int any = 0;
		/* Read each counter once: what ran since the last flush goes to
		   delta, and the snapshot moves to the value read, so increments
		   racing with the flush are kept for the next one. */
		for (uint64_t k = 0; k < cu->nblocks; k++) {
			uint64_t now = __atomic_load_n(&cu->counters[k], __ATOMIC_RELAXED);
			delta[k] = now - snap[k];
			snap[k] = now;
			any |= delta[k] != 0;
		}
		if (any || first) {
			unsigned char *p = frame;
			memcpy(p, cu->units, 8);
			p = put_uv(p + 8, cu->nunits);
			p = put_uv(p, 1);
			for (uint64_t i = 0; i < cu->nunits; i++)
				p = put_uv(p, delta[cu->map[i]]);
			emit(fd, 6, frame, (size_t)(p - frame));
		}
		snap += cu->nblocks;
	}
	if (how != 0) {
		unsigned char buf[64], *p = buf;
		if (how > 1) {
			static const char msg[] = "killed by signal ";
			char note[64];
			size_t n = sizeof msg - 1;
			memcpy(note, msg, n);
			int s = how;
			char d[4];
			int k = 0;
			do
				d[k++] = (char)('0' + s % 10);
			while ((s /= 10) && k < 4);
			while (k)
				note[n++] = d[--k];
			unsigned char nb[80], *np = put_str(nb, note, n);
			emit(fd, 10, nb, (size_t)(np - nb));
		}
		p = put_uv(p, zigzag(now_ns()));
		emit(fd, 9, buf, (size_t)(p - buf));
		ended = 1;
	}
	close(fd);
out:
	__atomic_store_n(&busy, 0, __ATOMIC_RELEASE);
}

static void at_exit(void) { flush(1); }

static void on_fatal(int sig)
{
	flush(sig);
	/* SA_RESETHAND restored the default action; raise again so that the
	   program dies of the signal as it would have, core dump included. */
	signal(sig, SIG_DFL);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

static void on_request(int sig)
{
	(void)sig;
	int saved = errno;
	flush(0);
	errno = saved;
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
		for (uint64_t k = 0; k < cu->nblocks; k++)
			snap[k] = __atomic_load_n(&cu->counters[k], __ATOMIC_RELAXED);
		snap += cu->nblocks;
	}
	uint64_t id = 0;
	if (getrandom(&id, sizeof id, GRND_NONBLOCK) != sizeof id || id == 0)
		id = run_id * 0x9e3779b97f4a7c15ull + (uint64_t)getpid();
	run_id = id ? id : 1;
	start_ns = now_ns();
	run_written = 0;
	ended = 0;
	busy = 0;
}

static int signal_number(const char *s)
{
	static const struct {
		const char *name;
		int sig;
	} names[] = {{"USR1", SIGUSR1}, {"USR2", SIGUSR2}, {"HUP", SIGHUP}, {"INT", SIGINT},
		     {"TERM", SIGTERM}, {"QUIT", SIGQUIT}, {"ALRM", SIGALRM}, {"PROF", SIGPROF},
		     {"WINCH", SIGWINCH}, {"CONT", SIGCONT}};
	if (!s || !*s)
		return 0;
	if (s[0] >= '0' && s[0] <= '9')
		return atoi(s);
	if (strncmp(s, "SIG", 3) == 0)
		s += 3;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(s, names[i].name) == 0)
			return names[i].sig;
	return 0;
}

__attribute__((constructor)) static void sonde_init(void)
{
	struct sonde_cu *cu, *b = __start_sonde_cus, *e = __stop_sonde_cus;
	if (!b || b == e)
		return;
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[i] = c;
	}
	uint64_t nctr = 0, maxctr = 0, maxframe = 0;
	for (cu = b; cu < e; cu++) {
		nctr += cu->nblocks;
		if (cu->nblocks > maxctr)
			maxctr = cu->nblocks;
		if (8 + 20 + 10 * cu->nunits > maxframe)
			maxframe = 8 + 20 + 10 * cu->nunits;
	}
	size_t size = (size_t)(8 * (nctr + maxctr) + maxframe);
	void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return;
	snapshot = m;
	delta = snapshot + nctr;
	frame = (unsigned char *)(delta + maxctr);

	const char *out = getenv("SONDE_OUT");
	if (!out || !*out)
		out = "sonde.data";
	size_t n = 0;
	if (out[0] != '/' && getcwd(out_path, sizeof out_path - 2)) {
		n = strlen(out_path);
		out_path[n++] = '/';
	}
	size_t k = strlen(out);
	if (n + k >= sizeof out_path)
		n = 0, k = k < sizeof out_path - 1 ? k : sizeof out_path - 1;
	memcpy(out_path + n, out, k);
	out_path[n + k] = 0;

	if (getrandom(&run_id, sizeof run_id, GRND_NONBLOCK) != sizeof run_id || run_id == 0)
		run_id = (uint64_t)now_ns() ^ ((uint64_t)getpid() << 32) ^ 0x5eed;
	start_ns = now_ns();
	atexit(at_exit);
	pthread_atfork(NULL, NULL, in_child);

	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
			sigaction(fatal[i], &sa, NULL);
	int req = signal_number(getenv("SONDE_SIGNAL"));
	if (req > 0 && req < NSIG) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_request;
		sa.sa_flags = SA_RESTART;
		sigemptyset(&sa.sa_mask);
		sigaction(req, &sa, NULL);
	}
}

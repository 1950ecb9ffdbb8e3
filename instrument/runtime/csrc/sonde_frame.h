/* sonde_frame.h: what both C runtimes (sonde_rt.c, the blocks runtime of
   "sonde cc", and sonde_attrib.c, the runtime of --sonde-mode=attrib) share
   to write sonde.data frames (profile/datafile/format.go) with nothing but
   write(2): CRC-32, uvarints, strings, FNV-1a, one writev per frame on an
   O_APPEND descriptor (so that frames of several writers interleave whole),
   the Run frame's head, the "killed by signal N" note and the RunEnd frame,
   the run id, $SONDE_OUT, and the fatal-signal plumbing.  Everything here
   is async-signal-safe once sonde_crc_init has run, except
   sonde_out_path, sonde_random_id and sonde_catch_fatal, which run at
   start-up or in a forked child.  Helpers a runtime may not use are
   static inline, so that neither warns about unused functions. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* Frame kinds (datafile.Kind). */
enum {
	SONDE_KIND_RUN = 1,
	SONDE_KIND_UNITS = 5,
	SONDE_KIND_COUNTS = 6,
	SONDE_KIND_RUN_END = 9,
	SONDE_KIND_NOTE = 10,
};

static uint32_t crc_table[256];

/* sonde_crc_init fills the CRC-32 (IEEE) table; call it once, at start. */
static inline void sonde_crc_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[i] = c;
	}
}

static inline uint32_t crc32_update(uint32_t crc, const unsigned char *p, size_t n)
{
	crc = ~crc;
	while (n--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

static inline unsigned char *put_uv(unsigned char *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*p++ = (unsigned char)v;
	return p;
}

static inline unsigned char *put_str(unsigned char *p, const char *s, size_t n)
{
	p = put_uv(p, n);
	memcpy(p, s, n);
	return p + n;
}

/* put_dec writes v in decimal, for notes. */
static inline unsigned char *put_dec(unsigned char *p, uint64_t v)
{
	char d[24];
	int k = 0;
	do
		d[k++] = (char)('0' + v % 10);
	while ((v /= 10) && k < 24);
	while (k)
		*p++ = (unsigned char)d[--k];
	return p;
}

static inline void put_u64(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static inline uint64_t zigzag(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }

static inline uint64_t fnv1a64(const unsigned char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	while (n--)
		h = (h ^ *p++) * 0x100000001b3ull;
	return h;
}

/* sonde_signal_number reads $SONDE_SIGNAL, the signal on which a runtime
   writes its counters while the program keeps running: a name with or
   without SIG, or a number; 0 when unset or unknown. */
static inline int sonde_signal_number(const char *s)
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

static inline int64_t clock_ns(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* emit_frame writes one frame of run run_id: header, then payload
   p[0..n), with one writev so that O_APPEND puts it in one piece. */
static inline void emit_frame(int fd, uint64_t run_id, int kind, const unsigned char *p, size_t n)
{
	unsigned char h[24];
	memcpy(h, "\x89SND", 4);
	h[4] = 1;
	h[5] = (unsigned char)kind;
	h[6] = h[7] = 0;
	put_u64(h + 8, run_id);
	for (int i = 0; i < 4; i++)
		h[16 + i] = (unsigned char)(n >> (8 * i));
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

/* put_run_head writes the Run frame's body up to its count types:
   collector, the program's argv (from /proc/self/cmdline), start time, no
   sample types, period 0.  The caller appends the count types.  p must
   have room for 4 KiB of command line and the collector's name. */
static inline unsigned char *put_run_head(unsigned char *p, const char *collector, int64_t start_ns)
{
	char cmd[4096];
	ssize_t n = 0;
	int cfd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
	if (cfd >= 0) {
		n = read(cfd, cmd, sizeof cmd);
		close(cfd);
		if (n < 0)
			n = 0;
	}
	p = put_str(p, collector, strlen(collector));
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
	return p;
}

/* emit_killed writes the Note "killed by signal SIG". */
static inline void emit_killed(int fd, uint64_t run_id, int sig)
{
	static const char k[] = "killed by signal ";
	unsigned char nb[64], *q = nb + 1;
	memcpy(q, k, sizeof k - 1), q += sizeof k - 1;
	q = put_dec(q, (uint64_t)sig);
	nb[0] = (unsigned char)(q - nb - 1); /* the string's uvarint length: < 128 */
	emit_frame(fd, run_id, SONDE_KIND_NOTE, nb, (size_t)(q - nb));
}

/* emit_run_end writes the RunEnd frame, stamped now. */
static inline void emit_run_end(int fd, uint64_t run_id)
{
	unsigned char end[16], *p = put_uv(end, zigzag(clock_ns(CLOCK_REALTIME)));
	emit_frame(fd, run_id, SONDE_KIND_RUN_END, end, (size_t)(p - end));
}

/* sonde_out_path resolves $SONDE_OUT (default sonde.data) against the
   working directory at start-up into out[0..size), so that a program that
   changes directory still writes where it was asked to. */
static inline void sonde_out_path(char *out_path, size_t size)
{
	const char *out = getenv("SONDE_OUT");
	if (!out || !*out)
		out = "sonde.data";
	size_t n = 0;
	if (out[0] != '/' && getcwd(out_path, size - 2)) {
		n = strlen(out_path);
		out_path[n++] = '/';
	}
	size_t k = strlen(out);
	if (n + k >= size)
		n = 0, k = k < size - 1 ? k : size - 1;
	memcpy(out_path + n, out, k);
	out_path[n + k] = 0;
}

/* sonde_random_id returns a random run id, or fallback when getrandom
   cannot give one (or gives 0). */
static inline uint64_t sonde_random_id(uint64_t fallback)
{
	uint64_t id = 0;
	if (getrandom(&id, sizeof id, GRND_NONBLOCK) != sizeof id || id == 0)
		return fallback;
	return id;
}

/* sonde_catch_fatal installs handler, once, on the fatal signals the
   program leaves at their default action; the handler is expected to write
   its counts and then call sonde_reraise. */
static inline void sonde_catch_fatal(void (*handler)(int))
{
	static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
			sigaction(fatal[i], &sa, NULL);
}

/* sonde_reraise lets sig take its usual course after the counts are
   written: SA_RESETHAND restored the default action; raise again so that
   the program dies of the signal as it would have, core dump included. */
static inline void sonde_reraise(int sig)
{
	signal(sig, SIG_DFL);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

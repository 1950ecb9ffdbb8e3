/* sonde_frame.h: what both C runtimes (sonde_rt.c, the blocks runtime of
   "sonde cc", and sonde_attrib.c, the runtime of --sonde-mode=attrib) share
   to write sonde.data frames (profile/datafile/format.go) with nothing but
   write(2): CRC-32, uvarints, strings, FNV-1a, one writev per frame on an
   O_APPEND descriptor (so that frames of several writers interleave whole),
   the Run frame's head, the "killed by signal N" note and the RunEnd frame,
   the run id, $SONDE_OUT, and the fatal-signal plumbing.  Everything here
   is async-signal-safe once sonde_crc_init has run, except
   sonde_out_path, sonde_out_open, sonde_random_id and sonde_catch_fatal,
   which run at start-up or in a forked child.  Helpers a runtime may not use are
   static inline, so that neither warns about unused functions. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
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
	SONDE_KIND_LISTING = 15,
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
   p[0..n), with one writev so that O_APPEND puts it in one piece.  It
   returns 0, or -1 with errno set when the frame was not written whole
   (a short write sets EIO). */
static inline int emit_frame(int fd, uint64_t run_id, int kind, const unsigned char *p, size_t n)
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
	if (r < 0)
		return -1;
	if ((size_t)r != 24 + n) {
		errno = EIO;
		return -1;
	}
	return 0;
}

/* The command line, read at start-up (sonde_read_cmdline) while
   /proc/self/cmdline can still be opened. */
static char sonde_cmdline[4096];
static ssize_t sonde_cmdline_len = -1;

/* sonde_read_cmdline reads /proc/self/cmdline (the first 4 KiB) into
   buf[0..size); it returns the length, 0 when it cannot be read. */
static inline ssize_t sonde_read_cmdline(char *buf, size_t size)
{
	ssize_t n = 0;
	int cfd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
	if (cfd >= 0) {
		n = read(cfd, buf, size);
		close(cfd);
		if (n < 0)
			n = 0;
	}
	return n;
}

/* put_run_head writes the Run frame's body up to its count types:
   collector, the program's argv (from /proc/self/cmdline, as read at
   start-up), start time, no sample types, period 0.  The caller appends
   the count types.  p must have room for 4 KiB of command line and the
   collector's name. */
static inline unsigned char *put_run_head(unsigned char *p, const char *collector, int64_t start_ns)
{
	char buf[4096];
	const char *cmd = sonde_cmdline;
	ssize_t n = sonde_cmdline_len;
	if (n < 0) {
		cmd = buf;
		n = sonde_read_cmdline(buf, sizeof buf);
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
static inline int emit_killed(int fd, uint64_t run_id, int sig)
{
	static const char k[] = "killed by signal ";
	unsigned char nb[64], *q = nb + 1;
	memcpy(q, k, sizeof k - 1), q += sizeof k - 1;
	q = put_dec(q, (uint64_t)sig);
	nb[0] = (unsigned char)(q - nb - 1); /* the string's uvarint length: < 128 */
	return emit_frame(fd, run_id, SONDE_KIND_NOTE, nb, (size_t)(q - nb));
}

/* emit_run_end writes the RunEnd frame, stamped now. */
static inline int emit_run_end(int fd, uint64_t run_id)
{
	unsigned char end[16], *p = put_uv(end, zigzag(clock_ns(CLOCK_REALTIME)));
	return emit_frame(fd, run_id, SONDE_KIND_RUN_END, end, (size_t)(p - end));
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

/* sonde_fd_high moves fd to a number far above the ones a program opens
   (from 768, or three quarters of a lower RLIMIT_NOFILE soft limit, up:
   not higher, as the kernel sizes a process's descriptor table, which
   fork copies, by its highest descriptor), keeping FD_CLOEXEC, so that
   the program's own open()s still get the numbers they would get without
   sonde (3, 4, ...).  It returns the new descriptor, or fd itself when it
   cannot move it. */
static inline int sonde_fd_high(int fd)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur < 64)
		return fd;
	rlim_t low = rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > 1024 ? 768 : rl.rlim_cur / 4 * 3;
	int hi = fcntl(fd, F_DUPFD_CLOEXEC, (int)low);
	if (hi < 0)
		return fd;
	close(fd);
	return hi;
}

/* The data file.  It is opened at start-up (sonde_out_open, from the
   runtime's constructor), before the program can confine itself
   (Landlock, seccomp, a chroot, dropped privileges), and every later write
   goes through the descriptor kept here: O_APPEND, so that the frames of
   forked children and of other processes interleave whole, and
   O_CLOEXEC, so that an exec'd program does not inherit it.  The path is
   resolved against the working directory at start-up: a program that
   changes directory still writes where it was asked to.

   A program may close the descriptor (daemons close every fd above 2) or
   put another file in its place (dup2): before each write the runtime
   checks with fstat that the descriptor still is the file it opened, with
   O_APPEND, and otherwise opens the path again (the program's own file
   under that number is left alone).  When neither the descriptor nor a new
   open gives a file to write (a sandbox forbids it, the disk is full), the
   runtime says so on stderr, once, with the file's name and the errno. */
struct sonde_out {
	char path[4096];
	int fd;       /* -1 when none */
	dev_t dev;    /* of the file fd was opened on */
	ino_t ino;
	int said;     /* the failure was told on stderr */
};

/* sonde_out_open resolves $SONDE_OUT and opens it, and reads the command
   line for the Run frame; on failure o->fd is -1 and the first write tries
   again. */
static inline void sonde_out_open(struct sonde_out *o)
{
	struct stat st;
	sonde_cmdline_len = sonde_read_cmdline(sonde_cmdline, sizeof sonde_cmdline);
	sonde_out_path(o->path, sizeof o->path);
	o->fd = open(o->path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (o->fd < 0)
		return;
	if (fstat(o->fd, &st) != 0) {
		close(o->fd);
		o->fd = -1;
		return;
	}
	o->fd = sonde_fd_high(o->fd);
	o->dev = st.st_dev;
	o->ino = st.st_ino;
}

/* sonde_errno_text names the errors a data file's open or write meets. */
static inline const char *sonde_errno_text(int e)
{
	switch (e) {
	case EACCES: return "EACCES, permission denied";
	case EPERM: return "EPERM, operation not permitted";
	case ENOENT: return "ENOENT, no such file or directory";
	case EBADF: return "EBADF, bad file descriptor";
	case ENOSPC: return "ENOSPC, no space left on device";
	case EDQUOT: return "EDQUOT, disk quota exceeded";
	case EROFS: return "EROFS, read-only file system";
	case EMFILE: return "EMFILE, too many open files";
	case ENFILE: return "ENFILE, too many open files in system";
	case EFBIG: return "EFBIG, file too large";
	case EISDIR: return "EISDIR, is a directory";
	case ENOTDIR: return "ENOTDIR, not a directory";
	case EIO: return "EIO, input/output error";
	case ENOSYS: return "ENOSYS, function not implemented";
	}
	return "error";
}

/* sonde_out_fail tells stderr, once per process, that the counts could
   not be written: "sonde: cannot write PATH (open: errno 13, EACCES,
   permission denied): the counts of this run are lost". */
static inline void sonde_out_fail(struct sonde_out *o, const char *op, int e)
{
	if (o->said)
		return;
	o->said = 1;
	static const char a[] = "sonde: cannot write ", c[] = ": errno ", d[] = "): the counts of this run are lost\n";
	unsigned char msg[4096 + 200], *p = msg;
	size_t n = strlen(o->path);
	if (n > 4096)
		n = 4096;
	const char *t = sonde_errno_text(e);
	memcpy(p, a, sizeof a - 1), p += sizeof a - 1;
	memcpy(p, o->path, n), p += n;
	*p++ = ' ', *p++ = '(';
	memcpy(p, op, strlen(op)), p += strlen(op);
	memcpy(p, c, sizeof c - 1), p += sizeof c - 1;
	p = put_dec(p, (uint64_t)e);
	*p++ = ',', *p++ = ' ';
	memcpy(p, t, strlen(t)), p += strlen(t);
	memcpy(p, d, sizeof d - 1), p += sizeof d - 1;
	ssize_t r;
	do
		r = write(2, msg, (size_t)(p - msg));
	while (r < 0 && errno == EINTR);
}

/* sonde_out_fd returns the descriptor to write the data file through: the
   one kept, if it still is the file opened, else the file opened again.
   It returns -1 (and tells stderr once) when there is none. */
static inline int sonde_out_fd(struct sonde_out *o)
{
	struct stat st;
	if (o->fd >= 0) {
		int fl = fcntl(o->fd, F_GETFL);
		if (fl >= 0 && (fl & O_APPEND) && (fl & O_ACCMODE) != O_RDONLY && fstat(o->fd, &st) == 0 &&
		    st.st_dev == o->dev && st.st_ino == o->ino)
			return o->fd;
		o->fd = -1; /* closed, or the program's own file now */
	}
	int fd = open(o->path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0) {
		sonde_out_fail(o, "open", errno);
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		sonde_out_fail(o, "fstat", errno);
		close(fd);
		return -1;
	}
	o->fd = sonde_fd_high(fd);
	o->dev = st.st_dev;
	o->ino = st.st_ino;
	return o->fd;
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

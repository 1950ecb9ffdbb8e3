/* sonde_frame.h: writing sonde.data frames (profile/datafile/format.go)
   from C with nothing but write(2): CRC-32, uvarints, strings, FNV-1a and
   one writev per frame on an O_APPEND descriptor, so that frames of
   several writers interleave whole.  Everything here is async-signal-safe
   once sonde_crc_init has run.  It is included by the attrib runtime
   (sonde_attrib.c) and written to be shared with the blocks runtime
   (sonde_rt.c), which has the same helpers of its own. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>

static uint32_t crc_table[256];

/* sonde_crc_init fills the CRC-32 (IEEE) table; call it once, at start. */
static void sonde_crc_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[i] = c;
	}
}

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

/* emit writes one frame of run run_id: header, then payload p[0..n). */
static void emit_frame(int fd, uint64_t run_id, int kind, const unsigned char *p, size_t n)
{
	unsigned char h[24];
	memcpy(h, "\x89SND", 4);
	h[4] = 1;
	h[5] = (unsigned char)kind;
	h[6] = h[7] = 0;
	for (int i = 0; i < 8; i++)
		h[8 + i] = (unsigned char)(run_id >> (8 * i));
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

static int64_t clock_ns(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static uint64_t zigzag(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }

static uint64_t fnv1a64(const unsigned char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	while (n--)
		h = (h ^ *p++) * 0x100000001b3ull;
	return h;
}

static void put_u64(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}


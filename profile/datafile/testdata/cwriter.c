/* cwriter: an independent C writer of sonde.data frames, written from the
 * recipes in format.go ("Writing from C"), for TestCWriter. It appends one
 * run of a program with a fixed universe of units: a Run, a Units and a
 * Counts frame, each with one write(2) on an O_APPEND descriptor.
 *
 * usage: cwriter FILE MULTIPLIER   (counts are 1..NUNITS times MULTIPLIER)
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static uint32_t crc_table[256];

static void crc_init(void) {
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[i] = c;
	}
}

static uint32_t crc32(uint32_t crc, const unsigned char *p, size_t n) {
	crc = ~crc;
	while (n--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

static uint64_t fnv1a64(const unsigned char *p, size_t n) {
	uint64_t h = 0xcbf29ce484222325ull;
	while (n--) {
		h ^= *p++;
		h *= 0x100000001b3ull;
	}
	return h;
}

struct buf {
	unsigned char b[4096];
	size_t n;
};

static void put(struct buf *b, const void *p, size_t n) { memcpy(b->b + b->n, p, n); b->n += n; }
static void u8(struct buf *b, unsigned v) { b->b[b->n++] = (unsigned char)v; }
static void u32le(unsigned char *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i)); }
static void u64(struct buf *b, uint64_t v) { for (int i = 0; i < 8; i++) u8(b, (unsigned)(v >> (8 * i)) & 0xff); }
static void uv(struct buf *b, uint64_t v) {
	while (v >= 0x80) { u8(b, (unsigned)(v & 0x7f) | 0x80); v >>= 7; }
	u8(b, (unsigned)v);
}
static void sv(struct buf *b, int64_t v) { uv(b, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63)); }
static void str(struct buf *b, const char *s) { uv(b, strlen(s)); put(b, s, strlen(s)); }

/* begin leaves room for the header; emit fills it in and writes the frame. */
static void begin(struct buf *b) { b->n = 24; }

static int emit(int fd, struct buf *b, int kind, uint64_t run) {
	unsigned char *h = b->b;
	memcpy(h, "\x89SND", 4);
	h[4] = 1; h[5] = (unsigned char)kind; h[6] = h[7] = 0;
	for (int i = 0; i < 8; i++) h[8 + i] = (unsigned char)(run >> (8 * i));
	u32le(h + 16, (uint32_t)(b->n - 24));
	uint32_t crc = crc32(0, h, 20);
	crc = crc32(crc, h + 24, b->n - 24);
	u32le(h + 20, crc);
	return write(fd, b->b, b->n) == (ssize_t)b->n ? 0 : -1;
}

#define NUNITS 5

int main(int argc, char **argv) {
	if (argc != 3) {
		fprintf(stderr, "usage: cwriter FILE MULTIPLIER\n");
		return 2;
	}
	uint64_t mult = strtoull(argv[2], 0, 10);
	crc_init();
	uint64_t run = 0;
	int rfd = open("/dev/urandom", O_RDONLY);
	if (rfd < 0 || read(rfd, &run, 8) != 8)
		return 1;
	close(rfd);
	run |= 1; /* never 0 */
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);

	int fd = open(argv[1], O_WRONLY | O_CREAT | O_APPEND, 0666);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	struct buf b;

	begin(&b); /* Run */
	str(&b, "cc");
	uv(&b, 2); str(&b, "cwriter"); str(&b, argv[2]);
	sv(&b, (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec);
	uv(&b, 0);
	sv(&b, 0);
	uv(&b, 1); str(&b, "count"); str(&b, "count");
	if (emit(fd, &b, 1, run))
		return 1;

	/* Units: string table ["prog.c", "main", "helper"]; NUNITS units. */
	struct buf body;
	body.n = 0;
	uv(&body, 3); str(&body, "prog.c"); str(&body, "main"); str(&body, "helper");
	uv(&body, NUNITS);
	for (int i = 0; i < NUNITS; i++) {
		uv(&body, i == 0 ? 3 : 4);     /* a function, then blocks */
		uv(&body, 0);                  /* no mapping */
		uv(&body, 0);                  /* no address */
		uv(&body, 1);                  /* scope "prog.c" */
		uv(&body, (uint64_t)i);        /* index */
		uv(&body, i < 3 ? 2 : 3);      /* func */
		uv(&body, 1);                  /* file "prog.c" */
		uv(&body, 10 + (uint64_t)i);   /* line */
		uv(&body, (uint64_t)i * 3);    /* instructions */
	}
	uint64_t hash = fnv1a64(body.b, body.n);
	begin(&b);
	u64(&b, hash);
	put(&b, body.b, body.n);
	if (emit(fd, &b, 5, run))
		return 1;

	begin(&b); /* Counts */
	u64(&b, hash);
	uv(&b, NUNITS);
	uv(&b, 1);
	for (int i = 0; i < NUNITS; i++)
		uv(&b, (uint64_t)(i + 1) * mult);
	if (emit(fd, &b, 6, run))
		return 1;
	printf("%016llx\n", (unsigned long long)hash);
	return close(fd) ? 1 : 0;
}

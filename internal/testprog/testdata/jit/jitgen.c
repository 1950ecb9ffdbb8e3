// jitgen: a tiny JIT that describes its code the way runtimes do for perf.
// It writes loops of machine code into anonymous executable memory and
// names them in a jitdump file (DIR/jit-PID.dump, mapped once as the
// marker, perf's jitdump-specification.txt) and in /tmp/perf-PID.map:
//
//   phase 1: jit_alpha at A, jit_beta at A+0x40 (jitdump, with lines for
//            alpha: alpha.js:10 at its entry, alpha.js:11 for its loop)
//   phase 2: jit_alpha moved to B (JIT_CODE_MOVE), jit_gamma loaded at A,
//            where alpha was; jit_delta at C, named only by the perf map.
//
// Each function burns CPU; the program runs each for a given CPU time
// (UNIT ms: alpha 2 units, beta 1, gamma 2, delta 1 in all) and prints each
// function's CPU time as measured around its calls by the thread's clock:
// "alpha 0.600 beta 0.300 gamma 0.600 delta 0.300", to stdout and to
// DIR/truth.txt.
//
// With JITGEN_DAMAGE set, a record whose size field says 5 follows the
// phase 2 loads in the jitdump, and the perf map gets a line that is not
// "START SIZE name": a profiler must keep what came before and say so.
//
// usage: jitgen DIR UNIT_MS
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static FILE *dump;

static uint64_t mono(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

static double cpu(void) {
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void put32(uint32_t v) { fwrite(&v, 4, 1, dump); }
static void put64(uint64_t v) { fwrite(&v, 8, 1, dump); }

static void prefix(uint32_t id, uint32_t size) {
	put32(id);
	put32(size);
	put64(mono());
}

// load writes JIT_CODE_LOAD for size bytes of code at addr.
static void load(void *addr, uint64_t size, uint64_t index, const char *name) {
	prefix(0, 16 + 40 + strlen(name) + 1 + size);
	put32(getpid());
	put32(getpid());
	put64((uintptr_t)addr);
	put64((uintptr_t)addr);
	put64(size);
	put64(index);
	fwrite(name, strlen(name) + 1, 1, dump);
	fwrite(addr, size, 1, dump);
	fflush(dump);
}

// move writes JIT_CODE_MOVE.
static void move(void *from, void *to, uint64_t size, uint64_t index) {
	prefix(1, 16 + 48);
	put32(getpid());
	put32(getpid());
	put64((uintptr_t)to);
	put64((uintptr_t)from);
	put64((uintptr_t)to);
	put64(size);
	put64(index);
	fflush(dump);
}

// lines writes JIT_CODE_DEBUG_INFO for the code at addr: file:10 at its
// entry, file:11 from the loop on.
static void lines(void *addr, const char *file) {
	uint32_t size = 16 + 16 + 2 * (16 + strlen(file) + 1);
	uint32_t pad = (8 - size % 8) % 8;
	prefix(2, size + pad);
	put64((uintptr_t)addr);
	put64(2);
	put64((uintptr_t)addr);
	put32(10);
	put32(0);
	fwrite(file, strlen(file) + 1, 1, dump);
	put64((uintptr_t)addr + 5);
	put32(11);
	put32(0);
	fwrite(file, strlen(file) + 1, 1, dump);
	for (uint32_t i = 0; i < pad; i++)
		fputc(0, dump);
	fflush(dump);
}

#define FN 0x40 // bytes each function takes

// emit writes "mov ecx, n; 1: dec ecx; jnz 1b; ret" at p, padded with int3.
static void emit(unsigned char *p, uint32_t n) {
	unsigned char code[] = {0xb9, 0, 0, 0, 0, 0xff, 0xc9, 0x75, 0xfc, 0xc3};
	memcpy(code + 1, &n, 4);
	memset(p, 0xcc, FN);
	memcpy(p, code, sizeof code);
}

typedef void (*fn)(void);

// run calls f until it has used ms of CPU time; returns the CPU time it
// used.
static double run(fn f, double ms) {
	double used = 0;
	while (used < ms / 1000) {
		double t0 = cpu();
		for (int i = 0; i < 20; i++)
			f();
		used += cpu() - t0;
	}
	return used;
}

int main(int argc, char **argv) {
	if (argc != 3) {
		fprintf(stderr, "usage: jitgen DIR UNIT_MS\n");
		return 2;
	}
	double unit = atof(argv[2]);
	char path[4096];
	snprintf(path, sizeof path, "%s/jit-%d.dump", argv[1], getpid());
	int fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0644);
	if (fd < 0) {
		perror(path);
		return 1;
	}
	// The marker: an executable mapping of the file, for the profiler.
	if (mmap(NULL, sysconf(_SC_PAGESIZE), PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0) == MAP_FAILED) {
		perror("mmap marker");
		return 1;
	}
	dump = fdopen(fd, "w+");
	put32(0x4A695444);
	put32(1);
	put32(40);
	put32(62);
	put32(0);
	put32(getpid());
	put64(mono());
	put64(0);
	fflush(dump);

	unsigned char *mem = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		perror("mmap code");
		return 1;
	}
	unsigned char *a = mem, *b = mem + 4096, *c = mem + 8192;
	const uint32_t iters = 20000;

	emit(a, iters);
	emit(a + FN, iters);
	lines(a, "alpha.js");
	load(a, FN, 1, "jit_alpha");
	load(a + FN, FN, 2, "jit_beta");
	double alpha = run((fn)a, unit);
	double beta = run((fn)(a + FN), unit);

	// Phase 2: alpha moves to b; gamma takes alpha's old place.
	memcpy(b, a, FN);
	move(a, b, FN, 1);
	emit(a, iters);
	load(a, FN, 3, "jit_gamma");
	emit(c, iters);
	char map[64];
	snprintf(map, sizeof map, "/tmp/perf-%d.map", getpid());
	FILE *pm = fopen(map, "w");
	if (!pm) {
		perror(map);
		return 1;
	}
	fprintf(pm, "%lx %x jit_delta\n", (unsigned long)(uintptr_t)c, FN);
	if (getenv("JITGEN_DAMAGE")) {
		prefix(0, 5);
		fflush(dump);
		fprintf(pm, "not a perf map line\n");
	}
	fclose(pm);
	alpha += run((fn)b, unit);
	double gamma = run((fn)a, 2 * unit);
	double delta = run((fn)c, unit);

	prefix(3, 16); // JIT_CODE_CLOSE
	fclose(dump);
	printf("alpha %.3f beta %.3f gamma %.3f delta %.3f\n", alpha, beta, gamma, delta);
	snprintf(path, sizeof path, "%s/truth.txt", argv[1]);
	FILE *truth = fopen(path, "w");
	if (!truth) {
		perror(path);
		return 1;
	}
	fprintf(truth, "alpha %.3f beta %.3f gamma %.3f delta %.3f\n", alpha, beta, gamma, delta);
	fclose(truth);
	return 0;
}

/* sandbox.c: a program that confines itself after start-up, as xz 5.x
   does with Landlock, or loses its descriptors, as daemons do.  Usage:
   sandbox HOW N [END] [FILE].  It calls step N times (the known count),
   then, as HOW says:
     seccomp    a seccomp filter makes open, openat, openat2 and creat fail
                with EACCES (always available);
     landlock   a Landlock ruleset with no rules forbids every file access
                (exits with status 77 when the kernel has no Landlock);
     closeall   closes every descriptor above 2;
     closeall+seccomp  both: nothing can reach the data file any more;
     dup2       opens FILE and dup2s it over every other open descriptor
                above 2, writes one line to it;
     none       nothing;
   tries to open a file of its own to show the sandbox works ("open:
   EACCES"; else the descriptor's number, which sonde's must not take),
   and ends as END says: exit (default), _exit or abort. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile unsigned long sink;

__attribute__((noinline)) void step(unsigned long i)
{
	sink += i; /* step */
}

static void seccomp_no_open(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat, 4, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_open, 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_creat, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 437 /* openat2 */, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
	};
	struct sock_fprog prog = {sizeof f / sizeof f[0], f};
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) {
		perror("seccomp");
		exit(2);
	}
}

static void landlock_no_files(void)
{
	int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
	if (abi < 1) {
		printf("no landlock: %s\n", strerror(errno));
		exit(77);
	}
	struct landlock_ruleset_attr ra = {.handled_access_fs = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1};
	int rs = (int)syscall(SYS_landlock_create_ruleset, &ra, sizeof ra, 0);
	if (rs < 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || syscall(SYS_landlock_restrict_self, rs, 0) != 0) {
		perror("landlock");
		exit(2);
	}
	close(rs);
}

static void close_all(void)
{
	struct rlimit rl;
	getrlimit(RLIMIT_NOFILE, &rl);
	for (int fd = 3; fd < (int)rl.rlim_cur; fd++)
		close(fd);
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	const char *how = argv[1], *end = argc > 3 ? argv[3] : "exit";
	unsigned long n = strtoul(argv[2], NULL, 10);
	for (unsigned long i = 0; i < n; i++)
		step(i);
	if (strcmp(how, "seccomp") == 0) {
		seccomp_no_open();
	} else if (strcmp(how, "landlock") == 0) {
		landlock_no_files();
	} else if (strcmp(how, "closeall") == 0) {
		close_all();
	} else if (strcmp(how, "closeall+seccomp") == 0) {
		close_all();
		seccomp_no_open();
	} else if (strcmp(how, "dup2") == 0) {
		int own = open(argc > 4 ? argv[4] : "own.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (own < 0) {
			perror("open");
			return 2;
		}
		struct rlimit rl;
		getrlimit(RLIMIT_NOFILE, &rl);
		for (int fd = 3; fd < (int)rl.rlim_cur; fd++)
			if (fd != own && fcntl(fd, F_GETFD) >= 0)
				dup2(own, fd);
		if (write(own, "mine\n", 5) != 5)
			return 2;
	} else if (strcmp(how, "none") != 0) {
		return 2;
	}
	int fd = open("sandbox-probe.txt", O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (fd < 0)
		printf("open: %s\n", errno == EACCES ? "EACCES" : strerror(errno));
	else
		printf("open: ok, fd %d\n", fd), close(fd); /* as without sonde */
	fflush(stdout);
	if (strcmp(end, "_exit") == 0)
		_exit(0);
	if (strcmp(end, "abort") == 0)
		abort();
	return 0;
}

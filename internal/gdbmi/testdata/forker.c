/* forker: runs `true` N times through system(3) (posix_spawn, a vfork-style
   clone in glibc 2.36) and once through fork + exec, burning CPU between
   them, and prints how many of the children exited 0. Under gdb with its
   default detach-on-fork, every child must run free of gdb and the parent
   must go on. It starts its work once a tracer holds it (TracerPid in
   /proc/self/status), so that however slow gdb's attach, the children are
   started under gdb and not before. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

volatile long sink;

long burn(long n) {
	while (n-- > 0)
		sink += n;
	return sink;
}

/* traced waits up to two minutes for a tracer; it says whether one came. */
static int traced(void) {
	for (int i = 0; i < 120000; i++) {
		char line[256];
		int pid = 0;
		FILE *f = fopen("/proc/self/status", "r");
		if (!f)
			return 0;
		while (fgets(line, sizeof line, f))
			if (strncmp(line, "TracerPid:", 10) == 0)
				pid = atoi(line + 10);
		fclose(f);
		if (pid != 0)
			return 1;
		usleep(1000);
	}
	return 0;
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 20, ok = 0;
	if (!traced()) {
		fprintf(stderr, "forker: no tracer came\n");
		return 2;
	}
	for (int i = 0; i < n; i++) {
		burn(5000000);
		if (system("true") == 0)
			ok++;
	}
	pid_t pid = fork();
	if (pid == 0) {
		execlp("true", "true", (char *)NULL);
		_exit(127);
	}
	int st;
	if (waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0)
		ok++;
	printf("children ok: %d of %d\n", ok, n + 1);
	return 0;
}

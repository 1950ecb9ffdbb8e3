/* exec.c: work of known counts, then an end that bypasses exit(3).
   argv[1] picks the end; every mode first runs "before" 300 times.
     _exit, _Exit   status 3 with no exit handlers
     execve ... fexecve, execl, execle
                    replace the image by this program with argument
                    "second", which runs its loop 40 times and exits 0
     execvp, execlp the same through a PATH search of "true"
     enoent         an exec of a missing file fails; "after" runs 20 times
     vfork          the child runs spin 7 times and execs "second"; the
                    parent waits and runs spin 5 times
   Output goes through write(2): a stdio buffer would die with the image. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
volatile long sink;

static void say(const char *s) { write(1, s, strlen(s)); }

__attribute__((noinline)) static void spin(int n)
{
	for (int i = 0; i < n; i++)
		sink += i; /* spin */
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	const char *m = argv[1];
	char *self = "/proc/self/exe";
	char *again[] = {argv[0], "second", NULL};
	char *tru[] = {"true", NULL};
	if (!strcmp(m, "second")) {
		for (int i = 0; i < 40; i++)
			sink += 2 * i; /* second */
		say("second\n");
		return 0;
	}
	for (int i = 0; i < 300; i++)
		sink += i; /* before */
	say("before\n");
	if (!strcmp(m, "_exit"))
		_exit(3);
	if (!strcmp(m, "_Exit"))
		_Exit(3);
	if (!strcmp(m, "execve"))
		execve(self, again, environ);
	if (!strcmp(m, "execv"))
		execv(self, again);
	if (!strcmp(m, "execvpe"))
		execvpe(self, again, environ);
	if (!strcmp(m, "execl"))
		execl(self, argv[0], "second", (char *)NULL);
	if (!strcmp(m, "execle"))
		execle(self, argv[0], "second", (char *)NULL, environ);
	if (!strcmp(m, "fexecve")) {
		int fd = open(self, O_RDONLY | O_CLOEXEC);
		fexecve(fd, again, environ);
	}
	if (!strcmp(m, "execvp"))
		execvp("true", tru);
	if (!strcmp(m, "execlp"))
		execlp("true", "true", (char *)NULL);
	if (!strcmp(m, "enoent")) {
		execv("/nonexistent/sonde-exec-test", again);
		for (int i = 0; i < 20; i++)
			sink += 3 * i; /* after */
		say("after\n");
		return 0;
	}
	if (!strcmp(m, "vfork")) {
		pid_t pid = vfork();
		if (pid == 0) {
			spin(7);
			execv(self, again);
			_exit(127);
		}
		int st;
		waitpid(pid, &st, 0);
		spin(5);
		say(WIFEXITED(st) && WEXITSTATUS(st) == 0 ? "waited\n" : "child failed\n");
		return 0;
	}
	return 4;
}

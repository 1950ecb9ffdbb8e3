/* forkexec.c: the parent calls counted() 10 times; a forked child calls it
   100 times; a vforked child execs this program with "child", which calls
   it 1000 times; a forked child execs /bin/true. Nothing may die of
   SIGTRAP. Exit status 0 only when every child exited 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

volatile long sink;

__attribute__((noinline)) void counted(long i)
{
	sink += i;
}

static void calls(int n)
{
	int i;
	for (i = 0; i < n; i++)
		counted(i);
}

static int reap(pid_t pid)
{
	int st;
	if (waitpid(pid, &st, 0) != pid)
		return 1;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fprintf(stderr, "child %d ended with status %#x\n", (int)pid, st);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	pid_t pid;
	int bad = 0;

	if (argc > 1 && strcmp(argv[1], "child") == 0) {
		calls(1000);
		return 0;
	}
	calls(10);
	pid = fork();
	if (pid == 0) {
		calls(100);
		_exit(0);
	}
	bad |= reap(pid);
	pid = vfork();
	if (pid == 0) {
		execl("/proc/self/exe", argv[0], "child", (char *)NULL);
		_exit(127);
	}
	bad |= reap(pid);
	pid = fork();
	if (pid == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	bad |= reap(pid);
	printf("forkexec %s\n", bad ? "failed" : "ok");
	return bad;
}

/* fork.c: work runs 100 times, then the process forks; the child runs it
   30 times and exits, the parent waits for it and runs it 50 more times.
   By hand: the parent's run has work 150 and main 1, the child's work 30
   (its counts start at the fork). */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile unsigned long sink;

__attribute__((noinline)) void work(unsigned long i) { sink += i; }

int main(void)
{
	for (int i = 0; i < 100; i++)
		work(i);
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		for (int i = 0; i < 30; i++)
			work(i);
		exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	for (int i = 0; i < 50; i++)
		work(i);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}

/* fork.c: the parent runs a loop 300 times, forks, then the child runs
   another loop 70 times and exits; the parent waits and runs the second
   loop 5 times. Each process writes its own run: the parent's counts
   before the fork must not be counted twice. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

volatile long sink;

static void spin(int n)
{
	for (int i = 0; i < n; i++)
		sink += i;
}

int main(void)
{
	for (int i = 0; i < 300; i++)
		sink += i; /* before the fork */
	pid_t pid = fork();
	if (pid == 0) {
		spin(70);
		return 0;
	}
	waitpid(pid, NULL, 0);
	spin(5);
	printf("done\n");
	return 0;
}

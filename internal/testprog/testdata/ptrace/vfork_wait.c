/* vfork_wait.c: vforks a child that waits until the file argv[1] exists
   and then execs argv[2] (a program that exits 0); the parent, blocked in
   vfork meanwhile, then waits for the child and exits with its status.
   A tracer that detaches from the child only once the parent has stopped
   never detaches either: the parent cannot stop before the child execs. */
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	pid_t c = vfork();
	if (c == 0) {
		struct timespec tick = {0, 1000000L};
		while (access(argv[1], F_OK) != 0)
			nanosleep(&tick, 0);
		execl(argv[2], argv[2], (char *)0);
		_exit(127);
	}
	int st = 0;
	waitpid(c, &st, 0);
	return WEXITSTATUS(st);
}

/* events.c: makes each event a tracer sees once, in a known order, and
   prints what it saw itself: a thread (clone), a SIGUSR1 to itself
   (handled), a child by fork that exits 3, a SIGSTOP to itself (a
   group-stop, which whoever traces it ends with SIGCONT), and a child by
   vfork that execs argv[1] (a program that exits 0). */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t usr1;

static void on_usr1(int sig)
{
	(void)sig;
	usr1++;
}

static void *thread_main(void *arg)
{
	return arg;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	signal(SIGUSR1, on_usr1);
	pthread_t t;
	pthread_create(&t, 0, thread_main, 0);
	pthread_join(t, 0);
	raise(SIGUSR1);
	pid_t c = fork();
	if (c == 0)
		_exit(3);
	int st = 0;
	waitpid(c, &st, 0);
	raise(SIGSTOP);
	pid_t v = vfork();
	if (v == 0) {
		execl(argv[1], argv[1], (char *)0);
		_exit(127);
	}
	int vst = 0;
	waitpid(v, &vst, 0);
	printf("usr1 %d fork %d vfork %d\n", (int)usr1, WEXITSTATUS(st), WEXITSTATUS(vst));
	return 0;
}

/* sigown.c: a program with signals of its own, to check that the attrib
   runtime's timers neither take nor disturb them.  Usage:
   sigown UNITS [raw].
   - SIGPROF has the program's handler and a one-shot ITIMER_PROF of 20 ms
     of process CPU time: the handler runs exactly once.
   - SIGRTMIN has an SA_SIGINFO handler: five sigqueue()s to itself, then
     a one-shot POSIX timer on CLOCK_MONOTONIC signalling SIGRTMIN: six
     calls, each value seen.
   - one spins 1 unit of work in the main thread, three 3 units in a
     thread that blocks every signal first (pthread_sigmask of a full set;
     with "raw", the rt_sigprocmask system call, which no wrapper sees):
     a known split of 25% and 75% of their time.
   - Then SIGRTMAX (where the attrib runtime puts its timers when it is
     free) gets a handler with signal() and is raised three times: three
     calls, and no timer tick may reach the handler.
   It prints the handlers' counts, which must not depend on how it was
   built, and on stderr the CPU time each spinning function took by its
   thread's clock ("cpu one NS three NS"): on a loaded machine a unit of
   work does not always take the same CPU time. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

static long units;
static int raw;
static volatile sig_atomic_t prof_hits, rtmin_hits, rtmin_sum, rtmax_hits;

static void on_prof(int sig) { (void)sig, prof_hits++; }

static void on_rtmin(int sig, siginfo_t *si, void *uc)
{
	(void)sig, (void)uc;
	rtmin_hits++;
	rtmin_sum += si->si_value.sival_int;
}

static void on_rtmax(int sig) { (void)sig, rtmax_hits++; }

/* A macro, not a function: the time must be the spinning function's own. */
#define SPIN(k)                                                            \
	unsigned x = 1;                                                    \
	for (long i = 0; i < (k) * units; i++)                             \
		x = (x ^ (x >> 13)) * 2654435761u + (unsigned)i;           \
	return (void *)((long)x + (long)p)

NOINLINE void *one(void *p) { SPIN(1); }
NOINLINE void *three(void *p) { SPIN(3); }

static long long cpu_one, cpu_three;

static long long thread_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void *blocked(void *p)
{
	sigset_t all;
	sigfillset(&all);
	if (raw)
		syscall(SYS_rt_sigprocmask, SIG_BLOCK, &all, NULL, 8);
	else
		pthread_sigmask(SIG_BLOCK, &all, NULL);
	long long t0 = thread_ns();
	void *r = three(p);
	cpu_three = thread_ns() - t0;
	return r;
}

int main(int argc, char **argv)
{
	units = argc > 1 ? atol(argv[1]) : 1000000;
	raw = argc > 2 && strcmp(argv[2], "raw") == 0;

	signal(SIGPROF, on_prof);
	struct itimerval it = {{0, 0}, {0, 20000}};
	setitimer(ITIMER_PROF, &it, NULL);

	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_rtmin;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGRTMIN, &sa, NULL);
	for (int i = 1; i <= 5; i++)
		sigqueue(getpid(), SIGRTMIN, (union sigval){.sival_int = i});
	struct sigevent ev;
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	ev.sigev_value.sival_int = 100;
	timer_t t;
	timer_create(CLOCK_MONOTONIC, &ev, &t);
	struct itimerspec its = {{0, 0}, {0, 1000000}};
	timer_settime(t, 0, &its, NULL);
	while (rtmin_hits < 6)
		usleep(1000);
	timer_delete(t);

	pthread_t th;
	pthread_create(&th, NULL, blocked, NULL);
	long long t0 = thread_ns();
	unsigned long s = (unsigned long)one(NULL);
	cpu_one = thread_ns() - t0;
	void *r;
	pthread_join(th, &r);
	s += (unsigned long)r;
	/* The one-shot ITIMER_PROF fires after 20 ms of process CPU time,
	   long before the work is done. */
	while (!prof_hits)
		s += (unsigned long)one(NULL);

	signal(SIGRTMAX, on_rtmax);
	for (int i = 0; i < 3; i++)
		raise(SIGRTMAX);

	printf("prof %d rtmin %d (values %d) rtmax %d\n", (int)prof_hits, (int)rtmin_hits, (int)rtmin_sum,
	       (int)rtmax_hits);
	fprintf(stderr, "cpu one %lld three %lld\n", cpu_one, cpu_three);
	return s == 42; /* keeps the work; never true in practice */
}

/* sonde_exec.h: the wrappers of _exit, _Exit and the exec family that
   both runtimes link in (-Wl,--wrap=NAME for each name in package
   runtime's Wrapped), as gcov wraps them.  The includer defines
   before_exec, which ends the run as exit does (and keeps errno), and
   after_exec, which starts a new run when the exec failed and the process
   goes on; both do nothing in a vfork child, which shares the parent's
   memory and so its counters. */
#include <stdarg.h>

#define REAL __attribute__((visibility("default")))
extern REAL __attribute__((noreturn)) void __real__exit(int);
extern REAL __attribute__((noreturn)) void __real__Exit(int);
extern REAL int __real_execve(const char *, char *const[], char *const[]);
extern REAL int __real_execv(const char *, char *const[]);
extern REAL int __real_execvp(const char *, char *const[]);
extern REAL int __real_execvpe(const char *, char *const[], char *const[]);
extern REAL int __real_fexecve(int, char *const[], char *const[]);
extern char **environ;

void __wrap__exit(int status)
{
	before_exec();
	__real__exit(status);
}

void __wrap__Exit(int status)
{
	before_exec();
	__real__Exit(status);
}

int __wrap_execve(const char *path, char *const argv[], char *const envp[])
{
	before_exec();
	int r = __real_execve(path, argv, envp);
	after_exec();
	return r;
}

int __wrap_execv(const char *path, char *const argv[])
{
	before_exec();
	int r = __real_execv(path, argv);
	after_exec();
	return r;
}

int __wrap_execvp(const char *file, char *const argv[])
{
	before_exec();
	int r = __real_execvp(file, argv);
	after_exec();
	return r;
}

int __wrap_execvpe(const char *file, char *const argv[], char *const envp[])
{
	before_exec();
	int r = __real_execvpe(file, argv, envp);
	after_exec();
	return r;
}

int __wrap_fexecve(int fd, char *const argv[], char *const envp[])
{
	before_exec();
	int r = __real_fexecve(fd, argv, envp);
	after_exec();
	return r;
}

/* The execl family's arguments, counted, then copied into an argv on the
   stack (no malloc: a vfork child may call these), as glibc's execl does;
   execle's envp follows the null pointer. */
#define ARGV(arg, argv, envp) \
	size_t n = 1; \
	va_list ap; \
	va_start(ap, arg); \
	while (va_arg(ap, const char *)) \
		n++; \
	va_end(ap); \
	const char *argv[n + 1]; \
	argv[0] = arg; \
	va_start(ap, arg); \
	for (size_t i = 1; i <= n; i++) \
		argv[i] = va_arg(ap, const char *); \
	if (envp) \
		*envp = va_arg(ap, char *const *); \
	va_end(ap)

int __wrap_execl(const char *path, const char *arg, ...)
{
	char *const **none = 0;
	ARGV(arg, argv, none);
	return __wrap_execv(path, (char *const *)argv);
}

int __wrap_execlp(const char *file, const char *arg, ...)
{
	char *const **none = 0;
	ARGV(arg, argv, none);
	return __wrap_execvp(file, (char *const *)argv);
}

int __wrap_execle(const char *path, const char *arg, ...)
{
	char *const *envp = 0, *const **pe = &envp;
	ARGV(arg, argv, pe);
	return __wrap_execve(path, (char *const *)argv, envp);
}

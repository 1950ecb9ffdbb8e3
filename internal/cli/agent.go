package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"sonde/agent"
	"sonde/sample"
	"sonde/unwind"
)

func agentVerb() *verb {
	return &verb{
		name:    "agent",
		summary: "profile the machine continuously and push OTLP profiles to a collector",
		run:     runAgent,
		usage: `
Usage: sonde agent --otlp http://HOST:4318|grpc://HOST:4317 [--interval D] [-F HZ]
                   [--cgroup PATH]... [-p PID[,PID...]] [-o SPOOL]
                   [--spool-max N] [--spool-size MB] [--duration D] [--off-cpu] [-q]

Samples every process of the machine (or of cgroups, or processes) on every
CPU at a low rate, with dwarf-unwound stacks, until SIGINT or SIGTERM (or
--duration). Every --interval it symbolizes the interval's samples here
(file:line and inline frames) and sends them to an OpenTelemetry collector
as one OTLP profiles request (OTLP/HTTP protobuf or gRPC), one resource per process
with host.name, process.pid, process.executable.path and .name,
process.executable.build_id.gnu, process.linux.cgroup and container.id,
and a CPU-time profile (cpu/nanoseconds); with --off-cpu also an off-CPU
profile (off_cpu/nanoseconds, as the OpenTelemetry eBPF profiler sends it):
where threads waited and for how long, each stack under the system call it
waited in ("off-cpu:futex") or "off-cpu:preempted". A wait is sent in the
interval in which it ended.

Nothing is lost while the collector is down: each interval is in SPOOL, an
append-only sonde data file, before it is sent; unsent intervals are retried
with backoff and sent oldest first when the collector is back, or by the
next agent started on the same spool. 'sonde report SPOOL' reads it as any
data file. Once SPOOL passes --spool-size it is rotated: replaced at once
by a file with only what is not sent yet (the previous one is kept as
SPOOL.1).

Flags:
  --otlp URL         the collector: http://HOST:4318 (OTLP/HTTP protobuf) or
                     grpc://HOST:4317 (OTLP/gRPC, no TLS)
  --interval D       how often a profile is sent (default 30s)
  -F HZ              samples per second of CPU time (default 49)
  --cgroup PATH      only the processes of this cgroup v2 (repeatable)
  -p PID[,PID...]    only these processes (and their children)
  -o SPOOL           the spool data file (default sonde-agent.data)
  --spool-max N      unsent intervals kept; older ones are dropped, counted
                     and said (default 360)
  --spool-size MB    rotate the spool when it passes MB mebibytes; 0 never
                     (default 64)
  --duration D       stop after D
  --off-cpu          also off-CPU time, as record -a --off-cpu records it
                     (sched:sched_switch on every CPU: needs root)
  -q                 say only failures and drops, not every interval sent

Examples:
  sonde agent --otlp http://collector:4318
  sonde agent --otlp http://127.0.0.1:4318 --interval 10s --cgroup /system.slice/nginx.service
  sonde agent --otlp grpc://collector:4317 --off-cpu
`,
	}
}

func runAgent(e *env, args []string) int {
	fs := newFlagSet(e, "agent")
	endpoint := fs.String("otlp", "", "collector endpoint")
	interval := fs.Duration("interval", 30*time.Second, "send interval")
	freq := fs.Int("F", 49, "samples per second")
	pids := fs.String("p", "", "PID[,PID...]")
	spool := fs.String("o", "sonde-agent.data", "spool data file")
	spoolMax := fs.Int("spool-max", 360, "unsent intervals kept")
	spoolSize := fs.Int64("spool-size", agent.DefaultSpoolSize>>20, "rotation size, MiB")
	duration := fs.Duration("duration", 0, "stop after")
	quiet := fs.Bool("q", false, "quiet")
	offCPU := fs.Bool("off-cpu", false, "off-CPU time too")
	var cgroups []string
	fs.Func("cgroup", "PATH: the processes of this cgroup (repeatable)", func(s string) error {
		if s == "" {
			return fmt.Errorf("empty cgroup path")
		}
		cgroups = append(cgroups, s)
		return nil
	})
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "sonde agent: "+format+"\n", a...)
		return exitUsage
	}
	switch {
	case fs.NArg() > 0:
		return usage("unexpected argument %q (the agent samples running processes)", fs.Arg(0))
	case *endpoint == "":
		return usage("--otlp http://HOST:4318 is required")
	case *interval <= 0:
		return usage("--interval %v: want a positive duration", *interval)
	case *freq <= 0 || *freq > 100000:
		return usage("-F %d: want 1 to 100000 samples a second", *freq)
	case *spoolMax < 0:
		return usage("--spool-max %d: want 0 (no limit) or more", *spoolMax)
	case *spoolSize < 0 || *spoolSize > 1<<30:
		return usage("--spool-size %d: want 0 (never rotate) to 1073741824 MiB", *spoolSize)
	case *pids != "" && len(cgroups) > 0:
		return usage("-p and --cgroup: choose one")
	}
	sender, err := agent.NewSender(*endpoint)
	if err != nil {
		return usage("%v", err)
	}
	if c, ok := sender.(io.Closer); ok {
		defer c.Close()
	}
	target := sample.Target{All: true, Cgroups: cgroups}
	if *pids != "" {
		keep, err := parsePIDs(*pids)
		if err != nil {
			return usage("-p: %v", err)
		}
		target = sample.Target{}
		for pid := range keep {
			target.PIDs = append(target.PIDs, int(pid))
		}
	}
	for _, cg := range cgroups {
		if _, err := sample.CgroupDir(cg); err != nil {
			return usage("--cgroup: %v", err)
		}
	}
	rotateAt := *spoolSize << 20
	if rotateAt == 0 {
		rotateAt = -1 // never (0 is the agent's default)
	}
	host, _ := os.Hostname()
	cfg := agent.Config{
		Spool: *spool, Sender: sender, Interval: *interval, SpoolMax: *spoolMax,
		SpoolSize: rotateAt, KeepRotated: true,
		Host: host, Version: Version, Target: target,
		Sampler: sample.Options{Freq: *freq, CallGraph: sample.CallGraphDWARF, Unwinder: unwind.NewDWARF(), StackSize: 16384, OffCPU: *offCPU},
		Events:  func(ev agent.Event) { agentEvent(e, ev, *quiet, *endpoint) },
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	go cancelOn(ctx, cancel, sigs, *duration)
	st, err := agent.Run(ctx, cfg)
	if err != nil {
		return fail(e, "agent", err)
	}
	if !*quiet {
		fmt.Fprintf(e.stderr, "sonde agent: %d samples, %d lost, %d intervals sent (%d samples), %d dropped, %d left in %s\n",
			st.Sampled.Samples, st.Sampled.Lost, st.Sent, st.SamplesSent, st.Dropped, st.BacklogRemaining, *spool)
	}
	return exitOK
}

// agentEvent prints one line for what the agent did.
func agentEvent(e *env, ev agent.Event, quiet bool, endpoint string) {
	span := func() string {
		return fmt.Sprintf("%s to %s", ev.From.Format("15:04:05.000"), ev.To.Format("15:04:05.000"))
	}
	switch ev.Op {
	case "started":
		if !quiet {
			fmt.Fprintf(e.stderr, "sonde agent: sampling; sending to %s\n", endpoint)
		}
	case "sent":
		if !quiet {
			fmt.Fprintf(e.stderr, "sonde agent: sent %s: %d samples of %d processes (%d waiting)\n", span(), ev.Samples, ev.Processes, ev.Backlog)
		}
	case "retry":
		fmt.Fprintf(e.stderr, "sonde agent: %s not sent, will retry (%d waiting): %v\n", span(), ev.Backlog, ev.Err)
	case "rotated":
		if !quiet {
			fmt.Fprintf(e.stderr, "sonde agent: rotated the spool: %d bytes, %d before (%d waiting)\n", ev.Size, ev.Was, ev.Backlog)
		}
	case "dropped":
		fmt.Fprintf(e.stderr, "sonde agent: dropped %s unsent: more than --spool-max %d intervals waiting\n", span(), ev.Backlog)
	case "warning":
		fmt.Fprintf(e.stderr, "sonde agent: %v\n", ev.Err)
	}
}

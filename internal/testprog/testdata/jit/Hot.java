import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

// Hot spends its main thread in hotLoop for the given CPU time (ms) and
// writes to the given file the CPU time hotLoop used (the thread's clock
// around its calls) and the process's CPU time, in seconds.
public class Hot {
    static long hotLoop(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) {
            s = (s * 31 + i) % 1000003;
        }
        return s;
    }

    public static void main(String[] a) throws Exception {
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        long budget = Long.parseLong(a[0]) * 1000000L, in = 0, x = 0;
        while (in < budget) {
            long t0 = tm.getCurrentThreadCpuTime();
            x += hotLoop(100000);
            in += tm.getCurrentThreadCpuTime() - t0;
        }
        com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Files.writeString(Path.of(a[1]), String.format("%.4f %.4f %d%n", in / 1e9, os.getProcessCpuTime() / 1e9, x % 2));
    }
}

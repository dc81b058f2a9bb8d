import { readFile } from "node:fs/promises";

/** Resident set size of process `pid` in MB, from /proc (Linux): no garbage collection first. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

export const mb = (value: number) => `${value.toFixed(0)} MB`;

/**
 * Runs `work` while reading the RSS of `pid` every `everyMs`: the highest reading (the kernel's
 * VmHWM would include everything before, so the peak is sampled) and what `work` returned.
 */
export async function withPeakRss<T>(
  pid: number,
  work: () => Promise<T>,
  everyMs = 50,
): Promise<{ value: T; peakMb: number }> {
  let peakMb = await rssMb(pid);
  const timer = setInterval(() => {
    rssMb(pid).then(
      (now) => {
        peakMb = Math.max(peakMb, now);
      },
      () => {},
    );
  }, everyMs);
  try {
    const value = await work();
    peakMb = Math.max(peakMb, await rssMb(pid));
    return { value, peakMb };
  } finally {
    clearInterval(timer);
  }
}

/** CPU seconds (user + system) process `pid` has used so far, from /proc (Linux, 100 ticks/s). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The whole machine's busy and total CPU ticks so far, from /proc/stat: busy share over a span. */
export async function machineTicks(): Promise<{ busy: number; total: number }> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0] ?? "";
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

// What the large-catalogue benches read of a server process from /proc (Linux).
import { readFileSync } from 'node:fs';

/** VmRSS and VmHWM (the highest) of a process, in MB. */
export function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), max: Math.round(kb('VmHWM') / 1024) };
}

/** CPU time the process has used (user and system), in ms: what a request costs whatever else runs. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * A 1,024 MB Lambda's share of the CPU for a child process: 1,024 / 1,769 ≈ 0.58 of a vCPU.
 *
 * Where the cgroup v1 `cpu` controller is writable (as root), each limited child runs in a group
 * of its own, `/sys/fs/cgroup/cpu/truckyard-bench-<pid>-<n>`, with cpu.cfs_period_us = 100000 and
 * cpu.cfs_quota_us = 58000: at most 58 ms of CPU in every 100 ms, on any core. The child joins
 * the group before Node starts (a shell writes its own pid to cgroup.procs, then execs Node), so
 * module loading is limited too. Elsewhere nothing is limited, and the caller scales the measured
 * CPU time by 1 / 0.58 and labels the figure an estimate.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A 1,024 MB Lambda's share of a vCPU (Lambda gives one full vCPU at 1,769 MB). */
export const LAMBDA_CPU_SHARE = 0.58;
const PERIOD_US = 100_000;
const CPU_ROOT = '/sys/fs/cgroup/cpu';

let counter = 0;
let usable: boolean | undefined;

/** Whether children can be limited here (cgroup v1 `cpu` controller, writable). */
export function cpuLimitAvailable(): boolean {
  if (usable !== undefined) return usable;
  const probe = path.join(CPU_ROOT, `truckyard-bench-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    writeFileSync(path.join(probe, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(path.join(probe, 'cpu.cfs_quota_us'), String(Math.round(PERIOD_US * LAMBDA_CPU_SHARE)));
    usable = true;
  } catch {
    usable = false;
  } finally {
    try {
      if (existsSync(probe)) rmdirSync(probe);
    } catch {
      // A group with a process in it cannot be removed; the probe never has one.
    }
  }
  return usable;
}

/** How a child's CPU was limited, for the printed label. */
export function cpuLimitLabel(limited: boolean): string {
  return limited
    ? `CPU limited to ${LAMBDA_CPU_SHARE} of a core (cgroup v1 cpu: quota 58 ms per 100 ms)`
    : `CPU not limitable here: an estimate, CPU time × 1/${LAMBDA_CPU_SHARE}`;
}

/** A child process, whether it is limited, and how to remove its group. */
export interface LimitedChild {
  child: ChildProcess;
  limited: boolean;
  /** Removes the group (call once the child has exited). */
  release: () => void;
}

/**
 * Spawns `command args` limited to the Lambda share when `limit` is true and the controller is
 * writable; otherwise spawns it plainly. `release` removes the group once the child has exited.
 */
export function spawnLimited(command: string, args: string[], options: SpawnOptions, limit = true): LimitedChild {
  if (!limit || !cpuLimitAvailable()) return { child: spawn(command, args, options), limited: false, release: () => undefined };
  const group = path.join(CPU_ROOT, `truckyard-bench-${process.pid}-${++counter}`);
  mkdirSync(group);
  writeFileSync(path.join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeFileSync(path.join(group, 'cpu.cfs_quota_us'), String(Math.round(PERIOD_US * LAMBDA_CPU_SHARE)));
  const child = spawn('/bin/sh', ['-c', `echo $$ > ${group}/cgroup.procs && exec "$@"`, 'sh', command, ...args], options);
  return {
    child,
    limited: true,
    release: () => {
      try {
        rmdirSync(group);
      } catch {
        // Still has a process (not yet exited): left for the system; harmless.
      }
    },
  };
}

/**
 * Moves a running process (all its threads, and the threads it starts later, such as the local
 * cloud's function workers) into a group of its own limited to the Lambda share; null where the
 * controller is not writable. `release` moves it back to the root group and removes the group.
 */
export function limitRunningProcess(pid: number): { release: () => void } | null {
  if (!cpuLimitAvailable()) return null;
  const group = path.join(CPU_ROOT, `truckyard-bench-${process.pid}-${++counter}`);
  mkdirSync(group);
  writeFileSync(path.join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeFileSync(path.join(group, 'cpu.cfs_quota_us'), String(Math.round(PERIOD_US * LAMBDA_CPU_SHARE)));
  writeFileSync(path.join(group, 'cgroup.procs'), String(pid));
  return {
    release: () => {
      try {
        writeFileSync(path.join(CPU_ROOT, 'cgroup.procs'), String(pid));
      } catch {
        // The process has exited.
      }
      try {
        rmdirSync(group);
      } catch {
        // Still has a thread in it: left for the system; harmless.
      }
    },
  };
}

/**
 * A server process's memory as the benchmarks report it: from the kernel (/proc/PID/status: VmRSS
 * now, VmHWM its peak so far) and from the process itself (its own GET /metrics, prom-client's
 * default series: the JavaScript heap used and reserved, memory outside it, and the answer cache's
 * bytes), so a figure says what the memory is spent on.
 */
import { readFileSync } from 'node:fs';

/** Resident memory of a process in MB: now (VmRSS) or its peak so far (VmHWM). */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

export interface MemoryFigures {
  /** Resident now and at its peak (MB). */
  rss: number;
  peak: number;
  /** The JavaScript heap: used, and reserved from the system (MB). */
  heapUsed: number;
  heapTotal: number;
  /** Memory held for JavaScript outside its heap: Buffers and other native objects (MB). */
  external: number;
  /** The catalogue's kept answers in this process (MB; 0 with Redis). */
  answerCache: number;
}

const MB = 1024 * 1024;

/** The figures of the process `pid` serving at `origin` (its /metrics answers loopback callers). */
export async function memoryFigures(pid: number, origin: string): Promise<MemoryFigures> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const series = (name: string) => Number(new RegExp(`^${name} ([0-9.e+]+)$`, 'm').exec(text)?.[1] ?? Number.NaN) / MB;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    rss: memoryMb(pid, 'VmRSS'),
    peak: memoryMb(pid, 'VmHWM'),
    heapUsed: round(series('nodejs_heap_size_used_bytes')),
    heapTotal: round(series('nodejs_heap_size_total_bytes')),
    external: round(series('nodejs_external_memory_bytes')),
    answerCache: round(series('shop_answer_cache_bytes')),
  };
}

/** One line of a report: 'RSS 140 MB (peak 150 MB): heap 40 of 60 MB used, 5 MB outside it, kept answers 2 MB'. */
export function describeMemory(figures: MemoryFigures): string {
  return (
    `RSS ${figures.rss} MB (peak so far ${figures.peak} MB): JavaScript heap ${figures.heapUsed} MB used of ${figures.heapTotal} MB reserved, ` +
    `${figures.external} MB outside it (of which kept answers ${figures.answerCache} MB)`
  );
}

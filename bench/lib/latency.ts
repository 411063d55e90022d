import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/**
 * Latency percentiles from Node's own HDR histogram (node:perf_hooks) instead of sorting every sample. It
 * records integers, so milliseconds are kept as microseconds: three decimals, more than any of these
 * benchmarks can resolve on a shared machine.
 */
export class Latencies {
  private readonly histogram: RecordableHistogram = createHistogram();

  constructor(samplesMs: Iterable<number> = []) {
    for (const ms of samplesMs) this.record(ms);
  }

  /** One sample in milliseconds (a negative clock step counts as the smallest value the histogram keeps). */
  record(ms: number): void {
    this.histogram.record(Math.max(1, Math.round(ms * 1000)));
  }

  get count(): number {
    return this.histogram.count;
  }

  /** The p-th percentile in milliseconds; NaN without samples. */
  percentile(p: number): number {
    return this.count ? this.histogram.percentile(p) / 1000 : Number.NaN;
  }

  get maxMs(): number {
    return this.count ? this.histogram.max / 1000 : Number.NaN;
  }
}

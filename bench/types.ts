// One measured number of a benchmark, with the baseline it is compared to in the same run.
export interface BenchRow {
  bench: string;
  name: string;
  value: number;
  unit: string;
  /** The same-run baseline this value is compared against (a direct call, a plain page...). */
  baseline?: { name: string; value: number };
  /** value / baseline (or value / budget when there is no baseline). */
  ratio?: number;
  /** The target the row is checked against, in the row's own terms. */
  target?: string;
  pass?: boolean;
}

export interface Bench {
  name: string;
  run(): Promise<BenchRow[]>;
}

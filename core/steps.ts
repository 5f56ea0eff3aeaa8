// Work done in steps: a generator that yields between batches of a long, synchronous job (a stat
// of every input), so that a long-lived caller — the console, whose keys must not wait — can do
// other work between them, while the compile runs the same code to its end at once (statAll).

/** A job in steps: yields between batches; returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs a stepped job to its end, synchronously. */
export function runSteps<T>(job: Steps<T>): T {
  let r = job.next();
  while (!r.done) r = job.next();
  return r.value;
}

/** How many files a stepped job stats between two yields (≈ 5–10 ms of system calls here). */
export const STAT_STEP = 2048;

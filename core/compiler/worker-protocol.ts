// What the compiler's main thread and its parse worker share: slots of the shared Int32Array,
// the chunks of the file lists, and the messages. No imports, so the worker bundle stays small.

/** Slots of the shared Int32Array. */
export const DONE = 0;
export const NEXT_CHUNK = 1;

export interface Chunk {
  job: number;
  start: number;
  end: number;
}

/**
 * A valid node's data (or, when rendering, its parse-cache value: see node-value.ts) and
 * missingDraft, or 0: the main thread reads that file itself.
 */
export type WorkerEntry = 0 | [Record<string, unknown> | string, boolean];

export interface WorkerInput {
  /** The jobs as JSON `[origin, [file, shown][]][]`: one string is far cheaper to hand over than cloned objects. */
  jobs: string;
  chunks: Chunk[];
  /** LIMITS.maxFileBytes (larger files are left to the main thread, which reports them). */
  maxFileBytes: number;
  /** Answer each node as its parse-cache value instead of its data. */
  render: boolean;
}

/** The worker's answer (JSON): entries per chunk it read, by chunk index. */
export interface WorkerOutput {
  ok: boolean;
  chunks?: [number, WorkerEntry[]][];
  error?: string;
}

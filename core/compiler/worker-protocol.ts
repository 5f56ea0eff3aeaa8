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
  /** The jobs as JSON `[origin, [file, shown, size or -1][]][]`: one string is far cheaper to hand over than cloned objects. */
  jobs: string;
  chunks: Chunk[];
  /** LIMITS.maxFileBytes (larger files are left to the main thread, which reports them). */
  maxFileBytes: number;
  /** Answer each node as its parse-cache value instead of its data. */
  render: boolean;
}

/** One message of the worker (JSON): a chunk's entries, by chunk index, or why it stopped. */
export type WorkerAnswer = [number, WorkerEntry[]] | { error: string };

// The store's facts about source files (knowledge/graph/.cache/facts.bin; derived, safe to delete):
// what akms derived from a file and keeps between runs so that the next command need not derive it
// again. One record per kind and file:
//   config, task     the schema's output for propagation_config.yaml, a task record
//   overlay          the validated overlay (local_state.yaml), and whether an update wrote these
//                    bytes (core/overlay-file.ts: the one record of it, for every reader)
//   drafted          the global ids the overlay drafts (the review's Drafted section)
//   no-dedup         a local node file that holds no dedup section (the review's dedup sections)
// Every record carries the key of the file it was derived from: the sha256 of the bytes when the
// caller holds them (bytesKey), else the file's stat key (statKey, core/store/freshness.ts: a stat
// too recent to trust keys nothing, and nothing is kept). The file is one build's (buildIdentity): a
// record of another build, another format or a damaged file is a miss, and the caller derives.
//
// One small file for all of them, read lazily: a get finds its record in the text without parsing
// the rest; a save (under the repository lock; best effort — skipped when the lock is held) reads the
// file again, so two processes' facts both survive, and writes it whole by atomic rename.
import { isDeepStrictEqual } from "node:util";
import { join } from "node:path";
import { sha256 } from "../fsx.js";
import { withLock } from "../lock.js";
import type { RepoPaths } from "../paths.js";
import { buildIdentity, writtenKey } from "./freshness.js";
import { findRecord, headerText, jsonAscii, isWhole, parseRecords, readStoreText, recordText, writeRecordFile } from "./records.js";

const FORMAT = "akms-facts-5";

export type FactKind = "config" | "task" | "overlay" | "drafted" | "no-dedup";

export function factsPath(paths: RepoPaths): string {
  return join(paths.cacheDir, "facts.bin");
}

/** A fact's key for a file whose bytes the caller holds. */
export function bytesKey(bytes: Buffer | string): string {
  return "sha256:" + sha256(bytes);
}

export interface Facts {
  /** The value kept for `kind` of `file` under `key` (undefined: none, or another key). */
  get<T>(kind: FactKind, file: string, key: string | null): T | undefined;
  /**
   * Keeps `value` (or the JSON text `json` of it) for the next save; a value JSON does not carry
   * exactly, or a null key, is not kept.
   */
  put<T>(kind: FactKind, file: string, key: string | null, value: T, json?: string): void;
  /** Every kept record of `kind`: its file and key. */
  entries(kind: FactKind): [file: string, key: string][];
  /** At the next save, drops the records of `kind` whose file is not in `files` (files gone since). */
  retain(kind: FactKind, files: ReadonlySet<string>): void;
  /** Writes what was put (false: nothing to write, the lock was held, or the write failed). */
  save(): boolean;
}

function recordKey(kind: FactKind, file: string): string {
  return jsonAscii(JSON.stringify(kind + ":" + file)); // JSON: no tab or newline in a key
}

function fileOf(kind: FactKind, recordKey: string): string {
  return (JSON.parse(recordKey) as string).slice(kind.length + 1);
}

/**
 * A record's freshness key as the file holds it: JSON, ASCII — a stat key carries the file's path,
 * and the store's files are read one byte per character (records.ts), so a path with `é` written
 * raw made the whole file unreadable.
 */
function keyText(key: string): string {
  return jsonAscii(JSON.stringify(key));
}

function valueOf<T>(text: string | undefined, key: string | null): T | undefined {
  if (text === undefined || key === null) return undefined;
  const tab = text.indexOf("\t");
  if (tab < 0 || text.slice(0, tab) !== keyText(key)) return undefined;
  try {
    return JSON.parse(text.slice(tab + 1)) as T;
  } catch {
    return undefined;
  }
}

/** The facts of this repository, for this build (a `build` of null: nothing is ever a hit or kept). */
export function openFacts(paths: RepoPaths, build: string | null = buildIdentity()): Facts {
  const file = factsPath(paths);
  const header = build === null ? "" : headerText(FORMAT, build);
  let text: string | null | undefined;
  const read = (): string | null => {
    if (text === undefined) {
      // The file is only ever replaced by rename: the same written key before and after the read
      // means these bytes are the file that key names (a save under the lock then need not read it again).
      const before = writtenKey(file);
      const t = build === null ? null : readStoreText(file);
      readAs = before !== null && writtenKey(file) === before ? before : null;
      text = t !== null && isWhole(t, header) ? t : null;
    }
    return text;
  };
  let readAs: string | null = null;
  /** The records as the file holds them now (under the lock): those read before when it is still that file. */
  const current = (): Map<string, string> => {
    if (text !== undefined && readAs !== null && writtenKey(file) === readAs) {
      if (all === null) parseRecords(text ?? "", header, (all = new Map()));
      return all; // changed in place only when the save then writes (and forgets it)
    }
    const records = new Map<string, string>();
    const t = readStoreText(file);
    if (t !== null) parseRecords(t, header, records);
    return records;
  };
  const puts = new Map<string, string>();
  const retained = new Map<string, ReadonlySet<string>>();
  // A few gets search the text; a caller that asks for many (the compile, one per large node) gets a map.
  let gets = 0;
  let all: Map<string, string> | null = null;
  return {
    get(kind, f, key) {
      const rk = recordKey(kind, f);
      const pending = puts.get(rk);
      if (pending !== undefined) return valueOf(pending, key);
      const t = read();
      if (t === null) return undefined;
      if (all === null && ++gets > 8) parseRecords(t, header, (all = new Map()));
      return valueOf(all !== null ? all.get(rk) : findRecord(t, rk), key);
    },
    entries(kind) {
      const t = read();
      if (t === null) return [];
      if (all === null) parseRecords(t, header, (all = new Map()));
      const out: [string, string][] = [];
      const prefix = recordKey(kind, "").slice(0, -1);
      for (const [rk, v] of all) {
        const tab = v.indexOf("\t");
        if (!rk.startsWith(prefix) || tab <= 0) continue;
        try {
          out.push([fileOf(kind, rk), JSON.parse(v.slice(0, tab)) as string]);
        } catch {
          /* not a key this format writes: no entry */
        }
      }
      return out;
    },
    put(kind, f, key, value, json) {
      if (build === null || key === null) return;
      if (json === undefined && !isDeepStrictEqual(JSON.parse(JSON.stringify(value ?? null)), value)) return;
      puts.set(recordKey(kind, f), keyText(key) + "\t" + jsonAscii(json ?? JSON.stringify(value)));
    },
    retain(kind, files) {
      retained.set(kind, files);
    },
    save() {
      if (build === null || (puts.size === 0 && retained.size === 0)) return false;
      try {
        return withLock(paths.lock, () => {
          const records = current();
          const before = records.size;
          for (const [kind, files] of retained) {
            const prefix = recordKey(kind as FactKind, "").slice(0, -1);
            for (const rk of [...records.keys()]) if (rk.startsWith(prefix) && !files.has(fileOf(kind as FactKind, rk))) records.delete(rk);
          }
          let changed = records.size !== before;
          for (const [rk, v] of puts) {
            if (records.get(rk) !== v) changed = true;
            records.set(rk, v);
          }
          puts.clear();
          retained.clear();
          if (!changed) return false;
          text = undefined;
          all = null;
          const keys = [...records.keys()].sort();
          writeRecordFile(file, header, keys.map((k) => recordText(k, records.get(k)!)));
          return true;
        });
      } catch {
        return false; // the lock is held (LockHeldError), or the store cannot be written: next time
      }
    },
  };
}

/** What a zod schema made of a file's bytes, kept as the store's `kind` facts: the schema runs only on a miss. */
export interface ValidatedFacts<T> {
  get(file: string, bytes: Buffer | string): T | undefined;
  put(file: string, bytes: Buffer | string, value: T): void;
  save(): boolean;
}

export function validatedFacts<T>(paths: RepoPaths, kind: FactKind, build: string | null = buildIdentity()): ValidatedFacts<T> {
  const facts = openFacts(paths, build);
  return {
    get: (file, bytes) => facts.get<T>(kind, file, bytesKey(bytes)),
    put: (file, bytes, value) => facts.put(kind, file, bytesKey(bytes), value),
    save: () => facts.save(),
  };
}

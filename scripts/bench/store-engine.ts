// The derived store's engine, measured (issue 35 item 3): our own record file (the parse cache's
// format: a base file of `key TAB length TAB value NL` records written by atomic rename, plus a
// small delta file for a few changed records) against SQLite through better-sqlite3 (one table,
// key → value, WAL). The records are the real ones: the 50,000-node data set's parse cache. Each
// operation runs as a whole process (module loading counted, as a CLI pays it), the two engines in
// turns, wall time and CPU from GNU time; then a kill -9 battery for each engine.
//
//   node --import tsx scripts/bench/store-engine.ts [REPS] [KILLS]
//
// Operations: write-all (a cold store from the records), read-all (every record into a Map, the
// compile's warm path), get-5 (five records by key, a CLI look-up), put-5 (five changed records,
// the daily write), and a kill battery (a child rewriting five records in a loop, killed at a
// random moment; the store must then open and hold, for each of the five, the old or the new value).
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dataset, loadText, median, ROOT, timeRun } from "./common.js";
import { findRecord, headerText, parseRecords, readStoreText, recordText, writeRecordFile } from "../../core/store/records.js";

type Engine = "own" | "sqlite";
const SELF = join(ROOT, "scripts", "bench", "store-engine.ts");

// ── the two engines ────────────────────────────────────────────────────────────────────────────
// Ours is the product's own record file (core/store/records.ts), base and delta as the parse cache keeps them.

const HEADER = headerText("akms-store-bench", "bench");

function ownWrite(file: string, records: Iterable<[string, string]>): void {
  writeRecordFile(file, HEADER, [...records].map(([k, v]) => recordText(k, v)));
}

function ownRead(dir: string, file: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const f of [file, `${file}.delta`]) {
    const t = readStoreText(join(dir, f));
    if (t !== null && !parseRecords(t, HEADER, m)) throw new Error(`damaged ${f}`);
  }
  return m;
}

function ownGet(dir: string, file: string, keys: string[]): (string | undefined)[] {
  const out: (string | undefined)[] = keys.map(() => undefined);
  for (const f of [file, `${file}.delta`]) {
    const t = readStoreText(join(dir, f));
    if (t === null) continue;
    keys.forEach((key, i) => {
      const v = findRecord(t, key);
      if (v !== undefined) out[i] = v;
    });
  }
  return out;
}

function ownPut(dir: string, file: string, changes: [string, string][]): void {
  const delta = new Map<string, string>();
  const t = readStoreText(join(dir, `${file}.delta`));
  if (t !== null) parseRecords(t, HEADER, delta);
  for (const [k, v] of changes) delta.set(k, v);
  ownWrite(join(dir, `${file}.delta`), delta);
}

const require = createRequire(import.meta.url);
type Db = { prepare(sql: string): { run(...a: unknown[]): unknown; get(...a: unknown[]): unknown; all(): unknown[]; iterate(): Iterable<unknown>; raw(b?: boolean): any }; exec(sql: string): void; pragma(s: string, o?: object): unknown; transaction<F extends (...a: any[]) => any>(f: F): F; close(): void };
/** One transaction of upserts. */
function sqlitePut(d: Db, records: Iterable<[string, string]>): void {
  const up = d.prepare("INSERT OR REPLACE INTO records VALUES (?, ?)");
  d.transaction(() => {
    for (const [k, v] of records) up.run(k, v);
  })();
}

function openDb(path: string): Db {
  const Database = require("better-sqlite3") as new (p: string) => Db;
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec("CREATE TABLE IF NOT EXISTS records (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID");
  return db;
}

// ── one operation, in a child process ─────────────────────────────────────────────────────────

function sourceRecords(src: string): [string, string][] {
  // The parse cache's records, whatever build wrote it: its header is its first line.
  const text = readStoreText(src);
  const m = new Map<string, string>();
  if (text === null || !parseRecords(text, text.slice(0, text.indexOf("\n") + 1), m)) throw new Error(`${src} is not a parse cache`);
  return [...m];
}

function child(op: string, engine: Engine, dir: string, src: string, keysFile: string): void {
  const keys = JSON.parse(readFileSync(keysFile, "utf8")) as string[];
  const own = "store.bin";
  const db = join(dir, "store.sqlite");
  if (op === "write-all") {
    const recs = sourceRecords(src);
    if (engine === "own") ownWrite(join(dir, own), recs);
    else {
      const d = openDb(db);
      sqlitePut(d, recs);
      d.close();
    }
  } else if (op === "read-all") {
    let n = 0;
    if (engine === "own") n = ownRead(dir, own).size;
    else {
      const d = openDb(db);
      const m = new Map<string, string>();
      for (const [k, v] of d.prepare("SELECT key, value FROM records").raw(true).iterate() as Iterable<[string, string]>) m.set(k, v);
      n = m.size;
      d.close();
    }
    if (n < keys.length) throw new Error("short read");
  } else if (op === "get-5") {
    let got: (string | undefined)[];
    if (engine === "own") got = ownGet(dir, own, keys);
    else {
      const d = openDb(db);
      const q = d.prepare("SELECT value FROM records WHERE key = ?");
      got = keys.map((k) => (q.get(k) as { value: string } | undefined)?.value);
      d.close();
    }
    if (got.some((v) => v === undefined)) throw new Error("missing key");
  } else if (op === "put-5" || op === "put-loop") {
    for (let round = 0; ; round++) {
      const changes = keys.map((k): [string, string] => [k, `v${round}:${"x".repeat(400)}`]);
      if (engine === "own") ownPut(dir, own, changes);
      else {
        const d = openDb(db);
        sqlitePut(d, changes);
        d.close();
      }
      if (op === "put-5") break;
      process.stdout.write(`${round}\n`);
    }
  }
}

// ── the parent: paired runs, then the kill battery ─────────────────────────────────────────────

function verify(engine: Engine, dir: string, keys: string[]): "ok" | string {
  try {
    let vals: (string | undefined)[];
    if (engine === "own") {
      const m = ownRead(dir, "store.bin");
      vals = keys.map((k) => m.get(k));
    } else {
      const d = openDb(join(dir, "store.sqlite"));
      const ok = (d.pragma("integrity_check", { simple: true }) as string) === "ok";
      const q = d.prepare("SELECT value FROM records WHERE key = ?");
      vals = keys.map((k) => (q.get(k) as { value: string } | undefined)?.value);
      d.close();
      if (!ok) return "integrity_check failed";
    }
    if (vals.some((v) => v === undefined)) return "a record is missing";
    const rounds = new Set(vals.map((v) => /^v(\d+):|^(0)/.exec(v!)?.[1] ?? "base"));
    return rounds.size === 1 ? "ok" : `torn: rounds ${[...rounds].join(",")}`;
  } catch (e) {
    return (e as Error).message;
  }
}

async function killOnce(engine: Engine, dir: string, src: string, keysFile: string, afterMs: number): Promise<string> {
  const p = spawn(process.execPath, ["--import", "tsx", SELF, "--child", "put-loop", engine, dir, src, keysFile], { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] });
  let rounds = 0;
  p.stdout.on("data", (b: Buffer) => (rounds += b.toString().split("\n").length - 1));
  await new Promise((r) => setTimeout(r, afterMs));
  p.kill("SIGKILL");
  await new Promise((r) => p.on("exit", r));
  return rounds > 0 ? verify(engine, dir, JSON.parse(readFileSync(keysFile, "utf8"))) : "ok";
}

async function main(): Promise<void> {
  const reps = Number(process.argv[2] ?? 5);
  const kills = Number(process.argv[3] ?? 40);
  const { repo } = dataset(50000);
  const src = join(repo, "knowledge", "graph", ".cache", "parse-cache.bin");
  if (!existsSync(src)) spawnSync(process.execPath, [join(ROOT, "bin", "akms.mjs"), "build", "--repo", repo], { stdio: "inherit" });
  const work = join(ROOT, ".bench", "store-engine");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const all = sourceRecords(src);
  const keys = [0, 1, 2, 3, 4].map((i) => all[Math.floor(((i + 0.5) * all.length) / 5)]![0]);
  const keysFile = join(work, "keys.json");
  writeFileSync(keysFile, JSON.stringify(keys));
  console.log(`records: ${all.length}, ${(readFileSync(src).length / 1e6).toFixed(1)} MB; ${loadText()}`);
  const dirs: Record<Engine, string> = { own: join(work, "own"), sqlite: join(work, "sqlite") };
  const results: Record<string, { wall: number[]; cpu: number[]; peak: number[] }> = {};
  const run = (op: string, engine: Engine) => {
    const r = timeRun(["node", "--import", "tsx", SELF, "--child", op, engine, dirs[engine], src, keysFile]);
    if (r.code !== 0) throw new Error(`${op} ${engine}: ${r.stderr}`);
    const e = (results[`${op} ${engine}`] ??= { wall: [], cpu: [], peak: [] });
    e.wall.push(r.wallMs);
    e.cpu.push(r.cpuMs ?? NaN);
    e.peak.push((r.peakKb ?? NaN) / 1024);
  };
  // The module loading alone (tsx + this script), to subtract by eye: op "none".
  for (let i = 0; i < reps; i++) {
    const order: Engine[] = i % 2 ? ["sqlite", "own"] : ["own", "sqlite"];
    for (const engine of order) {
      rmSync(dirs[engine], { recursive: true, force: true });
      mkdirSync(dirs[engine], { recursive: true });
      run("write-all", engine);
    }
    for (const op of ["read-all", "get-5", "put-5", "read-all-after-put", "none"]) for (const engine of order) run(op === "read-all-after-put" ? "read-all" : op, engine);
  }
  console.log("op (median of " + reps + ")      engine   wall ms   CPU ms   peak MB");
  for (const [k, v] of Object.entries(results)) {
    const [op, engine] = k.split(" ");
    console.log(`${op!.padEnd(24)} ${engine!.padEnd(7)} ${median(v.wall).toFixed(0).padStart(8)} ${median(v.cpu).toFixed(0).padStart(8)} ${median(v.peak).toFixed(0).padStart(9)}`);
  }
  for (const engine of ["own", "sqlite"] as Engine[]) {
    const bad: string[] = [];
    for (let i = 0; i < kills; i++) {
      const out = await killOnce(engine, dirs[engine], src, keysFile, 400 + ((i * 137) % 900));
      if (out !== "ok") bad.push(out);
    }
    console.log(`kill -9 battery, ${engine}: ${kills - bad.length}/${kills} consistent${bad.length ? ": " + [...new Set(bad)].join("; ") : ""}`);
  }
  console.log(loadText());
}

if (process.argv[2] === "--child") {
  const [, , , op, engine, dir, src, keysFile] = process.argv;
  if (op !== "none") child(op!, engine as Engine, dir!, src!, keysFile!);
} else {
  await main();
}

// Shared test helpers: scratch repositories, node files, the built CLI, tree hashes.
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { mulberry32 } from "../scripts/bench/genvault.js";
import { loadContext, type Context } from "../core/context.js";
import { build } from "../core/compiler/build.js";
import assert from "node:assert/strict";
import { graphIndexed, openGraph } from "../core/graph.js";
import { loadGraph } from "./graph-json.js";
import type { RepoPaths } from "../core/paths.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const DEMO = join(ROOT, "fixtures", "demo");
export const BIN = join(ROOT, "bin", "akms.mjs");
/** The Python with NetworkX and PyYAML (CI sets AKMS_PYTHON when it is not the first python3). */
export const PYTHON = process.env.AKMS_PYTHON ?? "python3";

const scratchDirs: string[] = [];
/** Whether the test process removes its scratch directories when it ends (AKMS_KEEP_TMP=1 keeps them, to look at). */
const KEEP_TMP = process.env.AKMS_KEEP_TMP === "1";

function removeScratch(): void {
  for (const d of scratchDirs.splice(0)) {
    try {
      rmSync(d, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      /* a process started by the test may still hold it: the system's tmp cleaning takes it */
    }
  }
}

/**
 * A path as akms's files hold it, each as the latin1 text of its bytes (how the crash tests read
 * files): raw UTF-8; ASCII JSON (`\u00e9`: graph.json, as Python writes it); shell-quoted inside a
 * JSON string (`it'\''s` as `it'\\''s`: the journal's printed `mv` lines).
 */
export function pathPattern(p: string, after = ""): RegExp {
  const raw = Buffer.from(p).toString("latin1");
  const ascii = p.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const forms = [...new Set([raw, ascii, raw.replace(/'/g, "'\\\\''")])].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?:${forms.join("|")})${after}`, "g");
}

/** A new scratch directory under the system's tmp, removed when the test process ends. */
export function tmp(prefix = "akms-test-"): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  if (!KEEP_TMP) {
    if (scratchDirs.length === 0) process.once("exit", removeScratch);
    scratchDirs.push(d);
  }
  return d;
}

/** A scratch layout `<dir>/vault` + `<dir>/repo/knowledge/...`. */
export function scratch(): { dir: string; vault: string; repo: string; knowledge: string } {
  const dir = tmp();
  const vault = join(dir, "vault");
  const repo = join(dir, "repo");
  mkdirSync(vault, { recursive: true });
  mkdirSync(join(repo, "knowledge", "graph"), { recursive: true });
  return { dir, vault, repo, knowledge: join(repo, "knowledge") };
}

/** Copies fixtures/demo to a scratch directory; returns its vault and repo paths. */
export function copyDemo(): { dir: string; vault: string; repo: string; knowledge: string } {
  const dir = tmp("akms-demo-");
  cpSync(DEMO, dir, { recursive: true });
  return { dir, vault: join(dir, "vault"), repo: join(dir, "repo"), knowledge: join(dir, "repo", "knowledge") };
}

/** A copy of fixtures/demo compiled once, with its context. */
export function builtDemo(): ReturnType<typeof copyDemo> & { ctx: Context } {
  const d = copyDemo();
  const ctx = loadContext({ repo: d.repo, env: {} });
  build(ctx);
  return { ...d, ctx };
}

export interface NodeSpec {
  id: string;
  title?: string;
  domain?: string;
  tags?: string[];
  status?: string;
  confidence?: number;
  source?: string;
  edges?: { to: string; type: string; weight: number; note?: string }[];
  extra?: string;
  body?: string;
}

export function nodeText(n: NodeSpec): string {
  const lines = [
    "---",
    `id: ${n.id}`,
    `title: "${n.title ?? n.id}"`,
    `domain: ${n.domain ?? "demo"}`,
    `tags: [${(n.tags ?? ["t"]).join(", ")}]`,
    `status: ${n.status ?? "established"}`,
    `confidence: ${n.confidence ?? 0.8}`,
    `source: ${n.source ?? "human"}`,
  ];
  if (n.edges?.length) {
    lines.push("edges:");
    for (const e of n.edges) {
      lines.push(`  - to: ${e.to}`, `    type: ${e.type}`, `    weight: ${e.weight}`);
      if (e.note) lines.push(`    note: "${e.note}"`);
    }
  }
  if (n.extra) lines.push(n.extra.trimEnd());
  lines.push("akms_schema: v2", "---", "", n.body ?? `# ${n.title ?? n.id}\n`);
  return lines.join("\n");
}

export function writeNode(dir: string, n: NodeSpec): string {
  mkdirSync(dir, { recursive: true });
  const p = join(dir, `${n.id}.md`);
  writeFileSync(p, nodeText(n));
  return p;
}

export function write(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/** Runs the built CLI (bin/akms.mjs) as a user would. */
/**
 * A directory holding an `akms` that is this checkout's bin (as `npm link` makes one): on the PATH of
 * every CLI run here, akms is "installed globally", so host kits and the merge driver write `akms`.
 */
export const BIN_DIR = (() => {
  const d = join(tmpdir(), `akms-test-bin-${process.pid}`);
  mkdirSync(d, { recursive: true });
  try {
    symlinkSync(BIN, join(d, "akms"));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  process.on("exit", () => rmSync(d, { recursive: true, force: true }));
  return d;
})();

/** The environment's PATH with the linked akms first. */
export function pathWithAkms(env: NodeJS.ProcessEnv = process.env): string {
  return [BIN_DIR, env.PATH ?? ""].filter(Boolean).join(delimiter);
}

export function akms(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string; uid?: number; gid?: number } = {}): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    uid: opts.uid,
    gid: opts.gid,
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, NO_COLOR: "1", PATH: pathWithAkms(), ...opts.env },
    input: opts.input,
    encoding: "utf8",
    timeout: 120_000,
  });
  let json: unknown = undefined;
  if (args.includes("--json")) {
    try {
      json = JSON.parse(r.stdout);
    } catch {
      json = undefined;
    }
    // A graph.json patch that failed is a bug even though the full compile answered for it.
    if (json && typeof json === "object" && "patch_faults" in json) throw new Error(`akms ${args.join(" ")}: a graph.json patch failed (AKMS_DEBUG=1 shows it)`);
  }
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, json };
}

/** sha256 over every file's relative path and bytes under `dir` (the vault-untouched check). */
export function treeHash(dir: string): string {
  const h = createHash("sha256");
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = lstatSync(p);
      if (st.isDirectory()) walk(p);
      else {
        h.update(relative(dir, p) + "\0" + st.mode + "\0");
        // A link is its target's name (it may dangle or loop), as git keeps it.
        h.update(st.isSymbolicLink() ? readlinkSync(p) : readFileSync(p));
      }
    }
  };
  walk(dir);
  return h.digest("hex");
}

/** Snapshot of every file (relative path → bytes as base64) under `dir`. */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = lstatSync(p);
      if (st.isDirectory()) walk(p);
      else out.set(relative(dir, p), st.isSymbolicLink() ? `-> ${readlinkSync(p)}` : readFileSync(p).toString("base64"));
    }
  };
  walk(dir);
  return out;
}

/** Every node file of a dataset laid out as `vault/` + `repo/knowledge/` (the demo, a generated kb), with its origin. */
export function* nodeFiles(root: string): Generator<{ file: string; origin: "global" | "local" | "code-mirror" }> {
  type Origin = "global" | "local" | "code-mirror";
  const walk = function* (dir: string, origin: Origin, recursive: boolean): Generator<{ file: string; origin: Origin }> {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const f = join(dir, e.name);
      if (e.isDirectory()) {
        if (recursive) yield* walk(f, origin, recursive);
      } else if (e.name.endsWith(".md")) yield { file: f, origin };
    }
  };
  yield* walk(join(root, "vault"), "global", false);
  yield* walk(join(root, "repo", "knowledge", "local-nodes"), "local", false);
  yield* walk(join(root, "repo", "knowledge", "code-mirror"), "code-mirror", true);
}

/** Every `*.py` file under `dir`, recursively, in name order (the mirror's Python fixtures). */
export function pyFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...pyFiles(p));
    else if (name.endsWith(".py")) out.push(p);
  }
  return out;
}

/** Waits out the racy window (50 ms), so the next build's stats are trusted as they would be in use. */
export function settle(): void {
  const until = Date.now() + 80;
  while (Date.now() < until);
}

/**
 * A seeded draw of 0 … n-1 (the generator's mulberry32): successive draws independent enough for
 * fuzzing, unlike a linear congruential generator's, which repeat in their low bits and correlate
 * from one to the next.
 */
export function seededRandom(seed: number): (n: number) => number {
  const next = mulberry32(seed);
  return (n) => Math.floor(next() * n);
}

/** Waits (up to about a second) until process `pid` has ended (gone, or a zombie); whether it has. */
export async function processEnded(pid: number): Promise<boolean> {
  const alive = (): boolean => {
    try {
      process.kill(pid, 0);
      return !/^\S+ \(\S+\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 50 && alive(); i++) await new Promise((res) => setTimeout(res, 20));
  return !alive();
}

/** The build of akms that wrote the store file `file` (the CLI's bundle has its own): its header's identity. */
export function storeBuildOf(file: string): string {
  const line = readFileSync(file, "latin1").split("\n", 1)[0]!;
  return JSON.parse(line.slice(line.indexOf("\t", line.indexOf("\t") + 1) + 1)) as string;
}

/** JSON with every object's keys sorted (the index and a parse of graph.json may order keys differently). */
export const canonJson = (x: unknown): string =>
  JSON.stringify(x, (_k, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([p], [q]) => (p < q ? -1 : 1))) : v));

/**
 * The graph index a fresh reader opens is graph.json as parsed: its version, graph attributes,
 * every node (in order, and each by id), every link in order, each node's edges both ways. The
 * writer must have left it: the store holds it for graph.json as it is.
 */
export function assertIndexIsGraph(paths: RepoPaths, where: string): void {
  assert.ok(graphIndexed(paths), `the store holds no graph index for graph.json, ${where}`);
  const g = openGraph(paths);
  const full = loadGraph(paths);
  const doc = full.doc;
  assert.equal(g.version, full.version, `the index's version, ${where}`);
  assert.equal(canonJson(g.attrs), canonJson(doc.graph), `the index's graph attributes differ from graph.json's, ${where}`);
  assert.deepEqual([...g.nodes.values()].map(canonJson), doc.nodes.map(canonJson), `the index's nodes differ from graph.json's, ${where}`);
  assert.deepEqual([...g.nodes.keys()], doc.nodes.map((n) => n.id), `the index's ids, ${where}`);
  assert.equal(g.nodes.size, doc.nodes.length, `the index's node count, ${where}`);
  assert.deepEqual([...g.links()].map(canonJson), doc.links.map(canonJson), `the index's links differ from graph.json's, ${where}`);
  // The postings: every domain's and every (lower-cased) tag's nodes, in id order.
  const postings = (keysOf: (n: Record<string, unknown>) => string[]) => {
    const m = new Map<string, string[]>();
    for (const n of [...doc.nodes].sort((x, y) => (x.id < y.id ? -1 : 1))) for (const k of keysOf(n)) m.set(k, [...(m.get(k) ?? []), n.id]);
    return m;
  };
  for (const [d, ids] of postings((n) => (typeof n.domain === "string" ? [n.domain] : []))) assert.deepEqual(g.domainIndex.get(d), ids, `the index's domain ${d}, ${where}`);
  for (const [t, ids] of postings((n) => (Array.isArray(n.tags) ? [...new Set(n.tags.filter((x): x is string => typeof x === "string").map((x) => x.toLowerCase()))] : []))) assert.deepEqual(g.tagIndex?.get(t), ids, `the index's tag ${t}, ${where}`);
  assert.equal(g.domainIndex.get("no-such-domain"), undefined);
  assert.deepEqual(g.pitfalls().map(canonJson), doc.links.filter((l) => l.type === "pitfall").map(canonJson), `the index's pitfall links, ${where}`);
  for (const n of doc.nodes) assert.equal(g.linked(n.id), (full.out.get(n.id)?.length ?? 0) + (full.in.get(n.id)?.length ?? 0) > 0, `whether ${n.id} has an edge, ${where}`);
  for (const n of doc.nodes) {
    assert.equal(canonJson(g.nodes.get(n.id)), canonJson(n), `the index's node ${n.id}, ${where}`);
    assert.equal(canonJson(g.out.get(n.id) ?? []), canonJson(full.out.get(n.id) ?? []), `out-edges of ${n.id}, ${where}`);
    assert.equal(canonJson(g.in.get(n.id) ?? []), canonJson(full.in.get(n.id) ?? []), `in-edges of ${n.id}, ${where}`);
  }
}

/** The store index file's sections and their byte ranges in the file (its header line, then the sections). */
export function sectionsOf(file: string): [string, number, number][] {
  const bytes = readFileSync(file);
  const nl = bytes.indexOf(10);
  const head = JSON.parse(bytes.subarray(0, nl).toString("utf8")) as { sections: Record<string, [number, number]> };
  return Object.entries(head.sections).map(([name, [at, len]]) => [name, nl + 1 + at, len] as [string, number, number]);
}

/**
 * Damage as a disk gives it: `n` control bytes written in place in the middle of one section of the
 * store's index (the file's length and header intact, so only the index's own checks can tell).
 */
export function damageSection(file: string, section: string, n: number): void {
  const [, at, len] = sectionsOf(file).find(([name]) => name === section)!;
  const bytes = readFileSync(file);
  const mid = at + Math.floor(len / 2);
  bytes.fill(1, mid, Math.min(mid + n, at + len));
  writeFileSync(file, bytes);
}

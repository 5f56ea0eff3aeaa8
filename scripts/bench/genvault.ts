// Deterministic synthetic AKMS v2 knowledge base (a TypeScript port of shared/bench/genvault.py,
// with spec-valid agent nodes: they carry the `## content_draft` section of spec §4.1.4).
// usage: node --import tsx scripts/bench/genvault.ts OUT_DIR N_GLOBAL [N_LOCAL] [SEED]
import { mulberry32 } from "../../core/eval/metrics.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const EDGE_TYPES = ["requires", "feeds-into", "refines", "contradicts", "implements"];
const WORDS = (
  "spectral green operator fourier galerkin strain stress tensor solver mesh kernel " +
  "cache index query graph loadout pitfall session mirror config parser lexer token " +
  "schema overlay vault phase review budget ranking decay boost floor edge node"
).split(" ");

// mulberry32 lives in core/eval/metrics.ts: also what the tests' fuzzers use, so a failure names a reproducible seed.
export { mulberry32 };

function rng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    uniform: (lo: number, hi: number) => lo + next() * (hi - lo),
    choice: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    weighted: <T>(xs: readonly T[], w: readonly number[]): T => {
      const total = w.reduce((s, x) => s + x, 0);
      let r = next() * total;
      for (let i = 0; i < xs.length; i++) if ((r -= w[i]!) < 0) return xs[i]!;
      return xs[xs.length - 1]!;
    },
    sample: <T>(xs: readonly T[], k: number): T[] => {
      const pool = [...xs];
      const out: T[] = [];
      for (let i = 0; i < k && pool.length; i++) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      return out;
    },
  };
}
type Rng = ReturnType<typeof rng>;

function words(r: Rng, n: number): string {
  const w: string[] = [];
  for (let i = 0; i < n; i++) w.push(r.choice(WORDS));
  return w.join(" ");
}

function nodeMd(
  r: Rng,
  o: { id: string; domain: string; tags: string[]; status: string; conf: number; source: string; edges: [string, string, number][]; bodyWords: number; floor?: number },
): string {
  const lines = ["---", `id: ${o.id}`, `title: "${o.id.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase())}"`, `domain: ${o.domain}`, "tags:"];
  for (const t of o.tags) lines.push(`  - ${t}`);
  lines.push(`status: ${o.status}`, `confidence: ${o.conf.toFixed(2)}`, `source: ${o.source}`);
  if (o.floor !== undefined) lines.push(`confidence_floor: ${o.floor.toFixed(2)}`);
  if (o.edges.length) {
    lines.push("edges:");
    for (const [to, type, w] of o.edges) lines.push(`  - to: ${to}`, `    type: ${type}`, `    weight: ${w.toFixed(2)}`);
  }
  lines.push(`context_size: ${r.choice(["small", "medium", "large"])}`);
  lines.push("akms_schema: v2", "---", "", `# ${o.id}`, "", "## Summary", "", words(r, 40) + ".", "");
  if (o.source === "agent") lines.push("> agent-authored, awaiting review", "", "## content_draft", "");
  else lines.push("## Details", "");
  for (let i = 0; i < Math.floor(o.bodyWords / 60); i++) lines.push(words(r, 60) + ".", "");
  return lines.join("\n") + "\n";
}

export function generateVault(out: string, n: number, nLocal = Math.max(1, Math.floor(n / 10)), seed = 7): void {
  const r = rng(seed);
  const vault = join(out, "vault");
  const kn = join(out, "repo", "knowledge");
  for (const d of [vault, join(kn, "local-nodes"), join(kn, "graph"), join(kn, "code-mirror", "pkg"), join(kn, "sessions"), join(kn, "loadouts")]) {
    mkdirSync(d, { recursive: true });
  }
  const domains = Array.from({ length: Math.max(3, Math.floor(n / 50)) }, (_, k) => `domain-${k}`);
  const tagvocab = Array.from({ length: Math.max(10, Math.floor(n / 5)) }, (_, k) => `tag-${k}`);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `g-${String(i).padStart(6, "0")}`;
    const edges: [string, string, number][] = [];
    if (ids.length) {
      const k = r.int(0, 4);
      for (let j = 0; j < k; j++) {
        const to = r.choice(ids);
        if (!edges.some((e) => e[0] === to)) edges.push([to, r.choice(EDGE_TYPES.slice(0, 4)), Math.round(r.uniform(0.1, 1.0) * 100) / 100]);
      }
    }
    const status = r.weighted(["established", "tentative", "draft", "deprecated"], [70, 20, 5, 5]);
    const tags = [...new Set(r.sample(tagvocab, r.int(1, 4)))].sort();
    writeFileSync(
      join(vault, id + ".md"),
      nodeMd(r, { id, domain: r.choice(domains), tags, status, conf: r.uniform(0.3, 0.95), source: r.choice(["human", "hybrid"]), edges, bodyWords: 300, floor: i % 17 === 0 ? 0.5 : undefined }),
    );
    ids.push(id);
  }
  for (let i = 0; i < nLocal; i++) {
    const id = `l-${String(i).padStart(6, "0")}`;
    const edges: [string, string, number][] = ids.length ? [[r.choice(ids), r.choice(EDGE_TYPES.slice(0, 3)), 0.8]] : [];
    writeFileSync(
      join(kn, "local-nodes", id + ".md"),
      nodeMd(r, { id, domain: r.choice(domains), tags: [r.choice(tagvocab)], status: "tentative", conf: 0.6, source: "agent", edges, bodyWords: 120 }),
    );
  }
  for (let i = 0; i < Math.max(1, Math.floor(n / 20)); i++) {
    const m = `mod${String(i).padStart(5, "0")}`;
    writeFileSync(
      join(kn, "code-mirror", "pkg", `${m}.md`),
      [
        "---", `id: mirror-pkg-${m}`, `title: "Code Mirror: src/pkg/${m}.py"`, "domain: code-mirror", "status: established",
        "confidence: 1.0", "source: generated", "auto_update: true", `content_ref: code-mirror/pkg/${m}.md`,
        `source_file: src/pkg/${m}.py`, "generated_at: 2026-01-01T00:00:00", "generated_by_phase: 1", "akms_schema: v2", "---", "",
        `## f${i}`, "", "```python", `def f${i}():`, "    return 1", "```", "",
      ].join("\n"),
    );
  }
  const ov = ["akms_schema: v2", "repo_id: synthetic", "nodes:"];
  for (const id of r.sample(ids, Math.min(ids.length, Math.max(1, Math.floor(n / 5)))).sort()) {
    ov.push(
      `  ${id}:`, `    confidence: ${r.uniform(0.2, 0.95).toFixed(3)}`, `    activations: ${r.int(0, 30)}`, "    last_activated: 2026-06-01",
      "    activated_by_tasks:", "      - phase1-task1", "    session_refs:", "      - sessions/phase1-task1.md",
    );
  }
  const sessions = Array.from({ length: Math.max(1, Math.floor(n / 100)) }, (_, k) => `session-phase1-task${k}`);
  ov.push("local_edges:");
  for (const s of sessions) ov.push(`  - from: ${r.choice(ids)}`, `    to: ${s}`, "    type: pitfall", "    weight: 0.8", '    note: "synthetic pitfall"');
  ov.push("session_nodes:");
  sessions.forEach((s, k) =>
    ov.push(`  ${s}:`, `    title: "Session: phase1-task${k}"`, "    tags: [tag-0]", "    outcome: success", `    content_ref: sessions/phase1-task${k}.md`, "    phase: 1"),
  );
  ov.push("suppressed_edges: []");
  writeFileSync(join(kn, "graph", "local_state.yaml"), ov.join("\n") + "\n");
}

if (process.argv[1] && /genvault\.ts$/.test(process.argv[1])) {
  const [out, n, nLocal, seed] = process.argv.slice(2);
  if (!out || !n) {
    console.error("usage: genvault.ts OUT_DIR N_GLOBAL [N_LOCAL] [SEED]");
    process.exit(2);
  }
  generateVault(out, Number(n), nLocal ? Number(nLocal) : undefined, seed ? Number(seed) : undefined);
  console.log(`wrote ${n} global nodes to ${out}`);
}

// Paired: `akms update` when graph.json is not current (the overlay replaced by its own bytes, as a
// checkout leaves it), build A against build B, each on its own copy of the 50,000-node data, in
// turns. Usage: node --import tsx scripts/bench/ab-update-stale.ts A_DIST B_DIST [rounds]
// (A_DIST, B_DIST: directories holding an akms.mjs bundle). AB_STALE=0: the overlay is left as it
// is, so graph.json is current (the everyday update, for comparison).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { benchMemory, dataset, median, timeRun } from "./common.js";

const [aDist, bDist, roundsArg] = process.argv.slice(2);
if (!aDist || !bDist) throw new Error("usage: ab-update-stale.ts A_DIST B_DIST [rounds]");
const rounds = Number(roundsArg ?? 4);
const STALE = process.env.AB_STALE !== "0";
const src = dataset(50000);
const work = "/tmp/ab-update-stale";
/** A binary that runs the bundle in `dist` (bin/akms.mjs always runs ./dist). */
function binOf(name: string, dist: string): string {
  const bin = join(work, `bin-${name}.mjs`);
  writeFileSync(bin, `import { main } from ${JSON.stringify(pathToFileURL(join(dist, "akms.mjs")).href)};\nmain().then((c) => { process.exitCode = c; });\n`);
  return bin;
}
mkdirSync(work, { recursive: true });
const sides = [
  { name: "A", bin: binOf("A", aDist), dir: join(work, "a"), wall: [] as number[], cpu: [] as number[] },
  { name: "B", bin: binOf("B", bDist), dir: join(work, "b"), wall: [] as number[], cpu: [] as number[] },
];
for (const s of sides) {
  if (!existsSync(s.dir)) {
    cpSync(src.vault, join(s.dir, "vault"), { recursive: true });
    cpSync(src.repo, join(s.dir, "repo"), { recursive: true });
  }
  const b = timeRun(["node", s.bin, "build", "--repo", join(s.dir, "repo"), "--vault", join(s.dir, "vault")]);
  if (b.code !== 0) throw new Error(b.stderr);
}
const N = 50000;
for (let i = 0; i < rounds; i++) {
  for (const s of i % 2 ? [...sides].reverse() : sides) {
    const repo = join(s.dir, "repo");
    const ov = join(repo, "knowledge", "graph", "local_state.yaml");
    if (STALE) {
      const bytes = readFileSync(ov);
      rmSync(ov);
      writeFileSync(ov, bytes);
    }
    const doc = join(work, `${s.name}-${i}.md`);
    const used = Array.from({ length: 20 }, (_, k) => ({ id: `g-${String((k * 7919 + i * 104729) % N).padStart(6, "0")}`, useful: k % 3 !== 0, coverage: k % 2 ? ("sufficient" as const) : ("outdated" as const) }));
    writeFileSync(doc, benchMemory(`stale-${s.name}-${i}`, used));
    const r = timeRun(["node", s.bin, "update", doc, "--repo", repo, "--vault", join(s.dir, "vault")]);
    if (r.code !== 0 || !/applied/.test(r.stdout)) throw new Error(`${s.name}: ${r.stdout}${r.stderr}`);
    s.wall.push(r.wallMs);
    if (r.cpuMs !== null) s.cpu.push(r.cpuMs);
  }
}
for (const s of sides) console.log(`${s.name}: update ${STALE ? "with the overlay replaced" : "(graph.json current)"}, median ${median(s.wall).toFixed(0)} ms (runs ${s.wall.map((x) => x.toFixed(0)).join(", ")}), CPU ${s.cpu.length ? median(s.cpu).toFixed(0) + " ms" : "n/a"}`);
console.log(`B / A ${(median(sides[1]!.wall) / median(sides[0]!.wall)).toFixed(2)}`);

// `npm run bench`: compile benchmarks side by side with the spec's own stack, plus the other
// performance goals (each section in scripts/bench/*.ts). Figures go to stdout as Markdown and
// to .bench/results.json; docs/benchmarks.md records them with the machine's conditions.
//
//   npm run bench                      # all sections, sizes 500, 5000, 50000
//   BENCH_SIZES=500,5000 npm run bench # fewer sizes
//   npm run bench -- compile           # one section
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { ROOT, benchSections } from "./bench/common.js";
import "./bench/compile.js";
import "./bench/planning.js";
import "./bench/first-query.js";
import "./bench/review-actions.js";
import "./bench/update.js";
import "./bench/mcp.js";
import "./bench/model.js";
import "./bench/export.js";
import "./bench/scale.js";
import "./bench/merge.js";
import "./bench/console.js";
import "./bench/search.js";
import "./bench/impressions.js";

const only = process.argv.slice(2);
const sections = benchSections();
const picked = only.length ? sections.filter((s) => only.includes(s.name)) : sections;
if (!picked.length) {
  console.error(`unknown section; sections: ${sections.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const header = [
  `# akms benchmarks — ${new Date().toISOString()}`,
  "",
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}; load average at start ${loadavg().map((x) => x.toFixed(2)).join(" ")}`,
  "",
];
console.log(header.join("\n"));
const results: Record<string, unknown> = {};
for (const s of picked) {
  console.log(`## ${s.title}\n`);
  results[s.name] = await s.run();
  console.log("");
}
mkdirSync(join(ROOT, ".bench"), { recursive: true });
writeFileSync(join(ROOT, ".bench", "results.json"), JSON.stringify({ at: new Date().toISOString(), load: loadavg(), results }, null, 2) + "\n");

// Run by lazy-zod.test.ts in a fresh process, on a repository built already (argv: repo, vault):
// what a console start and the everyday rebuilds do, reporting after each whether zod was loaded.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { zodLoaded } from "../../../core/zod.js";
import { loadContext } from "../../../core/context.js";
import { build } from "../../../core/compiler/build.js";
import { loadModel } from "../../../src/console/model.js";
import { openingState } from "../../../screens/App.js";

const [repo, vault] = process.argv.slice(2) as [string, string];
const report: Record<string, boolean> = {};
const ctx = loadContext({ repo, vault });
report.context = zodLoaded();
report.noop = build(ctx).fromCache && zodLoaded();
const model = loadModel(ctx, {}, { rebuild: false });
openingState(model, { width: 120, height: 40 });
report.console = zodLoaded();
const node = join(vault, readdirSync(vault).find((f) => f === "conjugate-gradient-method.md")!);
writeFileSync(node, readFileSync(node, "utf8").replace(/^title: .*$/m, "title: Conjugate gradients, edited"));
const until = Date.now() + 80;
while (Date.now() < until); // past the racy window
report.edit = build(ctx).written && zodLoaded();
process.stdout.write(JSON.stringify(report));

// `npm start` / `npm run demo`: copies fixtures/demo to a scratch directory (the fixture stays
// pristine), compiles it, and opens the review console there. Off a terminal it prints what it
// compiled and the review report's summary instead.
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "akms.mjs");

if (!existsSync(join(root, "dist", "akms.mjs"))) {
  const b = spawnSync(process.execPath, [join(root, "scripts", "bundle.mjs")], { cwd: root, stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const dir = mkdtempSync(join(tmpdir(), "akms-demo-"));
cpSync(join(root, "fixtures", "demo"), dir, { recursive: true });
const repo = join(dir, "repo");
const vault = join(dir, "vault");
const where = ["--repo", repo, "--vault", vault];
// The demo's own files decide; a vault set in the caller's environment must not leak in.
const env = { ...process.env };
delete env.AKMS_GLOBAL_VAULT;

// The commands printed for pasting, each path quoted as a shell needs it (a scratch folder may hold spaces).
const { shellWord } = await import(new URL("../dist/akms.mjs", import.meta.url).href);
const again = `npx akms review --repo ${shellWord(repo)} --vault ${shellWord(vault)}`;
const tryLine = `For "Things to try" in fixtures/demo/README.md: D=${shellWord(dir)}`;

const akms = (args, stdio = "inherit") => spawnSync(process.execPath, [bin, ...args, ...where], { cwd: dir, env, stdio, encoding: "utf8" });

const interactive = Boolean(process.stdout.isTTY && process.stdin.isTTY);
console.log(`akms demo: a scratch copy of fixtures/demo is in ${dir}`);
const built = akms(["build"]);
if (built.status !== 0) process.exit(built.status ?? 1);

if (interactive) {
  const r = akms(["review"]);
  console.log(`\nThe scratch copy stays in ${dir} (look at what changed, then delete it).`);
  console.log(`Open it again with: ${again}`);
  console.log(tryLine);
  process.exit(r.status ?? 0);
} else {
  console.log("\nNot a terminal, so no console; here is the review report it would open on:\n");
  const r = akms(["review", "--report"]);
  console.log(`\nIn a terminal, \`npm start\` opens the console on a new copy; this one opens with: ${again}`);
  console.log(tryLine);
  process.exit(r.status ?? 0);
}

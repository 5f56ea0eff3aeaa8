// Bundles the CLI into one ESM file (fast start-up: one module graph to load).
import { build } from "esbuild";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: false,
  legalComments: "none",
  jsx: "automatic",
  external: ["typescript", "web-tree-sitter", "tree-sitter-python", "@tobilu/qmd"],
  alias: { "react-devtools-core": "./scripts/stubs/react-devtools-core.mjs" },
  // React and ink ship development builds that are several times slower; the CLI runs the production ones.
  define: { "process.env.NODE_ENV": '"production"' },
  banner: { js: "import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);" },
  logLevel: "warning",
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
await bundle("src/cli.ts", "dist/akms.mjs");
// The compiler's parse worker (core/compiler/parallel.ts looks for it next to the bundle).
await bundle("core/compiler/parse-worker.ts", "dist/parse-worker.mjs");
// The code mirror's parse worker (core/mirror/parse-pool.ts looks for it next to the bundle).
await bundle("core/mirror/parse-worker.ts", "dist/mirror-worker.mjs");

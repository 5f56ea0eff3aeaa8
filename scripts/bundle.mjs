// Bundles the CLI into one ESM file (fast start-up: one module graph to load).
import { build } from "esbuild";
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
await build({ ...common, entryPoints: ["src/cli.ts"], outfile: "dist/akms.mjs" });
// The compiler's parse worker (core/compiler/parallel.ts looks for it next to the bundle).
await build({ ...common, entryPoints: ["core/compiler/parse-worker.ts"], outfile: "dist/parse-worker.mjs" });

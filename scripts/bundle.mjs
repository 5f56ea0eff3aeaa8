// Bundles the CLI into one ESM file (fast start-up: one module graph to load).
import { build } from "esbuild";
await build({
  entryPoints: ["src/cli.ts"],
  outfile: "dist/akms.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: false,
  legalComments: "none",
  jsx: "automatic",
  external: ["typescript", "web-tree-sitter", "tree-sitter-python", "react-devtools-core", "@tobilu/qmd"],
  banner: { js: "import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);" },
  logLevel: "warning",
});

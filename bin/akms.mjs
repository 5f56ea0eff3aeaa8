#!/usr/bin/env node
// The akms binary: the esbuild bundle in dist/ (shipped in the package; in a clone, built by
// `npm run build`, and before `npm test` / `npm run demo`).
const entry = new URL("../dist/akms.mjs", import.meta.url);
// A reader that stops reading (`akms review --report --out - | head`) wants no more: end quietly,
// as tools do on SIGPIPE, not with Node's EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => {
    if (e?.code === "EPIPE") process.exit(0);
    throw e;
  });
}
import(entry.href).then(
  ({ main }) => main().then((code) => { process.exitCode = code; }, (e) => { process.stderr.write(`error: ${e?.message ?? e}\n`); process.exitCode = 1; }),
  (e) => {
    if (e?.code === "ERR_MODULE_NOT_FOUND" && String(e?.message ?? "").includes("dist/akms.mjs")) {
      process.stderr.write("error: akms is not built here (dist/akms.mjs is missing): run `npm run build` in the akms checkout\n");
      process.exitCode = 2;
    } else {
      process.stderr.write(`error: akms could not start: ${e?.message ?? e}\n`);
      process.exitCode = 1;
    }
  },
);

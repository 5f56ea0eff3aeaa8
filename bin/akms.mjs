#!/usr/bin/env node
// The akms binary: the esbuild bundle (built by `npm ci` / `npm run build`).
import { main } from "../dist/akms.mjs";
main().then((code) => { process.exitCode = code; }, (e) => { process.stderr.write(`error: ${e?.message ?? e}\n`); process.exitCode = 1; });

// The console's first frame (`akms review`, process start → frame written, in a real terminal),
// side by side in turns with the goal's yardstick, the smallest ink app bundled as the CLI is.
// Goal (issue 18): ≤ 1 s at 50,000 nodes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tmuxAvailable } from "../../test/e2e/tmux.js";
import { BIN, akmsCmd, dataset, fmtMs, median, registerSection, sizes, timeRun, loadText } from "./common.js";
import { bundleTinyInkApp, firstFrame, firstKeyAfterFrame, reviewFirstFrame, settledReview, TINY_FRAME } from "./first-frame/measure.js";


registerSection({
  name: "console",
  title: "The console's first frame (goal at 50,000: ≤ 1 s)",
  async run() {
    if (!tmuxAvailable()) {
      console.log("(tmux is not installed: skipped)");
      return null;
    }
    const dir = mkdtempSync(join(tmpdir(), "akms-bench-console-"));
    const runs = Number(process.env.BENCH_REPS ?? 7);
    const rows: Record<string, unknown>[] = [];
    try {
      const tiny = await bundleTinyInkApp(dir);
      console.log(`| nodes | akms review: median | min | max | tiny ink app: median | akms / tiny | runs | first key after the frame (j at once, polled): median, max | load at start → end |`);
      console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---|");
      for (const n of sizes([5000, 50000])) {
        const d = dataset(n);
        const b = timeRun(akmsCmd(["build", "--repo", d.repo, "--vault", d.vault]));
        if (b.code !== 0) throw new Error(`akms build failed: ${b.stderr}`);
        const before = loadText();
        let k = 0;
        const log = () => join(dir, `ff-${n}-${k++}.log`);
        // One of each first, unmeasured: the files in the page cache, the console's own caches made.
        await settledReview(BIN, d.repo, d.vault);
        await firstFrame([tiny], TINY_FRAME, log());
        const akms: number[] = [];
        const small: number[] = [];
        for (let i = 0; i < runs; i++) {
          akms.push(await reviewFirstFrame(BIN, d.repo, d.vault, log()));
          small.push(await firstFrame([tiny], TINY_FRAME, log()));
        }
        // The first key, sent as soon as the frame shows: it waits for whatever runs right after it.
        const keys: number[] = [];
        for (let i = 0; i < Math.min(runs, 5); i++) keys.push(await firstKeyAfterFrame(BIN, d.repo, d.vault));
        const after = loadText();
        const row = { nodes: n, akms_ms: median(akms), akms_min: Math.min(...akms), akms_max: Math.max(...akms), tiny_ms: median(small), ratio: median(akms) / median(small), first_key_ms: median(keys), first_key_max: Math.max(...keys), runs: { akms, tiny: small, keys }, load: [before, after] };
        rows.push(row);
        console.log(`| ${n.toLocaleString("en")} | ${fmtMs(row.akms_ms)} | ${fmtMs(row.akms_min)} | ${fmtMs(row.akms_max)} | ${fmtMs(row.tiny_ms)} | ${row.ratio.toFixed(2)}× | ${runs} each, in turns | ${fmtMs(row.first_key_ms)}, ${fmtMs(row.first_key_max)} (${keys.length} runs) | ${before} → ${after} |`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return rows;
  },
});

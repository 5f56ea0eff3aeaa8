// Loaded with `node --import` by the console benchmark: notes when the first frame is on the
// terminal — the first write to stdout whose text (escape sequences aside) matches FIRST_FRAME_RE —
// as milliseconds since the process started (performance.now()), appends it to FIRST_FRAME_LOG and
// ends the process. Writes are timed as they are handed to the terminal, with no polling between.
import { appendFileSync } from "node:fs";

const re = new RegExp(process.env.FIRST_FRAME_RE ?? ".");
const log = process.env.FIRST_FRAME_LOG;
const write = process.stdout.write;
let seen = false;
process.stdout.write = function (chunk, ...rest) {
  const r = write.call(this, chunk, ...rest);
  if (!seen) {
    const text = (typeof chunk === "string" ? chunk : Buffer.from(chunk).toString()).replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");
    if (re.test(text)) {
      seen = true;
      if (log) appendFileSync(log, `${performance.now().toFixed(1)}\n`);
      setTimeout(() => process.exit(0), 5);
    }
  }
  return r;
};

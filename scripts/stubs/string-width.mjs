// string-width as ink (and widest-line, cli-truncate) get it in the bundle: the same answers, but
// one-cell text is counted directly (string-width-fast.mjs) and the real module is initialised
// only for other text. Its emoji expression (\p{RGI_Emoji}) costs ≈ 20–30 ms to create and as much
// again to compile — before the console's first frame, for the rules' "─" and every "→" and "·".
// `require` (not import) is what makes esbuild initialise the module on first use.
import { oneCellWidth } from "./string-width-fast.mjs";

let full = null;

export default function stringWidth(input, options) {
  const w = oneCellWidth(input, options);
  if (w !== null) return w;
  full ??= require("../../node_modules/string-width/index.js").default;
  return full(input, options);
}

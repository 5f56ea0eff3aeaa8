// What reaches the terminal per keypress. ink rewrites its whole frame on every change — it erases
// every line of the previous frame, then writes every line of the new one (≈ 3.4 KB at 120×35 for
// one `j`, where two or three lines changed). The console's frame is a block of fixed height on the
// alternate screen, so this filter between ink and the terminal reads ink's output as a terminal
// would and writes only the lines that changed: when a write erases exactly the frame on screen and
// brings one of the same height, the cursor moves to each changed line and rewrites it alone, then
// rests on the frame's last line, where ink's next erase starts. Anything else (the first frame, a
// frame of another height, a clear) goes through as ink wrote it. ink's own incremental mode
// scrolled the frame in tmux (docs/decisions.md); this one moves the cursor only up and down, never
// with a newline, so nothing can scroll. AKMS_CONSOLE_WRITES=whole turns it off.

/** ink's erase of the previous frame: (erase line, up) × (n − 1), erase line, to column 1. */
const ERASE = /^((?:\x1b\[2K\x1b\[1A)*)\x1b\[2K\x1b\[G/;
const ERASE_STEP = "\x1b[2K\x1b[1A".length;
/** Writes that change nothing on screen: the cursor hidden or shown, a synchronized update begun or ended. */
const CURSOR_ONLY = /^(?:\x1b\[\?(?:25|2026)[lh])+$/;

/** A control sequence other than a colour or attribute (SGR, ending in m). */
const MOVES_OR_CLEARS = /\x1b(?:\[[0-9;?]*[A-Za-ln-z@`]|[^[])/;

const move = (from: number, to: number): string => (to < from ? `\x1b[${from - to}A` : to > from ? `\x1b[${to - from}B` : "");

/** The synchronized-output brackets (DEC mode 2026) ink puts around a frame: kept around what is sent. */
const SYNC_START = "\x1b[?2026h";
const SYNC_END = "\x1b[?2026l";

/** A filter for ink's writes: each call takes what ink wrote and gives what to send to the terminal. */
export function frameDiff(): (chunk: string) => string {
  const frame = framesOnly();
  return (chunk) => {
    if (chunk.startsWith(SYNC_START) && chunk.endsWith(SYNC_END)) return SYNC_START + frame(chunk.slice(SYNC_START.length, -SYNC_END.length)) + SYNC_END;
    return frame(chunk);
  };
}

function framesOnly(): (chunk: string) => string {
  let shown: string[] | null = null;
  return (chunk) => {
    if (CURSOR_ONLY.test(chunk)) return chunk;
    const m = ERASE.exec(chunk);
    const next = m ? chunk.slice(m[0].length).split("\n") : null;
    if (!m || !next || shown === null || m[1]!.length / ERASE_STEP + 1 !== shown.length || next.length !== shown.length) {
      // Not a frame over the one on screen: as ink wrote it. The screen then holds the frame it wrote:
      // after an erase, or when the write is text and colours only (ink's first frame, from the
      // alternate screen's top); after anything that moves the cursor or clears, it is not known.
      shown = next ?? (MOVES_OR_CLEARS.test(chunk) ? null : chunk.split("\n"));
      return chunk;
    }
    let out = "";
    let row = shown.length - 1;
    for (let i = 0; i < next.length; i++) {
      if (next[i] === shown[i]) continue;
      out += `${move(row, i)}\x1b[G\x1b[2K${next[i]}`;
      row = i;
    }
    shown = next;
    return out + move(row, next.length - 1);
  };
}

/** process.stdout as ink sees it, with every write going through frameDiff. */
export function diffingStdout(out: NodeJS.WriteStream): NodeJS.WriteStream {
  const filter = frameDiff();
  const write = (chunk: string | Uint8Array, encoding?: BufferEncoding | ((e?: Error | null) => void), cb?: (e?: Error | null) => void): boolean => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    const done = typeof encoding === "function" ? encoding : cb;
    const sent = filter(text);
    if (!sent) {
      done?.();
      return true;
    }
    return done ? out.write(sent, done) : out.write(sent);
  };
  return new Proxy(out, {
    get(target, prop) {
      if (prop === "write") return write;
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

// Text from files as it is shown: terminal escape sequences and control characters (\n and \t
// kept) stripped before it is shown or copied into generated Markdown, and the one way to make it
// one line, cut with a mark (a passage, a snippet, a hook's warning, a drift detail, an agent's last line).
// eslint-disable-next-line no-control-regex
const CONTROL = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function stripControl(s: string): string {
  return s.replace(CONTROL, "");
}

/**
 * Text as one line: whitespace runs become one space, the ends trimmed; longer than `max`
 * characters, it is cut and ends in "…" (a reader sees that it goes on).
 */
export function oneLine(s: string, max = Infinity): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? t.slice(0, max - 1) + "…" : t;
}

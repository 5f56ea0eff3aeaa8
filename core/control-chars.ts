// Terminal escape sequences and control characters (\n and \t kept): stripped from any text that
// came from a file before it is shown or copied into generated Markdown.
// eslint-disable-next-line no-control-regex
const CONTROL = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function stripControl(s: string): string {
  return s.replace(CONTROL, "");
}

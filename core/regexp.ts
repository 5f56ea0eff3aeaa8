// Text matched literally inside a regular expression: the one escape of its special characters
// (Node 20 has no RegExp.escape).
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

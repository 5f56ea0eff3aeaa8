// The sections of a node's Markdown body that akms reads as facts: `## Summary` (what routing-mode
// loadouts show of a large node, and what the compile checks is there) and `## Pitfalls`.

/** The text of the first `## Summary` section (up to the next heading of level 1 or 2), or null. */
export function extractSummary(markdown: string): string | null {
  const lines = markdown.split(/\r?\n/);
  let inFence = false;
  let start = -1;
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence && start >= 0 && /^#{1,2}\s/.test(line)) break;
    if (start >= 0) out.push(line);
    else if (!inFence && /^##\s+summary\s*#*\s*$/i.test(line)) start = i;
  }
  if (start < 0) return null;
  const text = out.join("\n").trim();
  return text || null;
}

/** The bullet items of a body's `## Pitfalls` section (its paragraphs when it has no bullets). */
export function pitfallSection(body: string): string[] {
  const m = /^##[ \t]+Pitfalls[ \t]*$/im.exec(body);
  if (!m) return [];
  const rest = body.slice(m.index + m[0].length);
  const next = /^#{1,2}[ \t]+\S/m.exec(rest);
  const text = rest.slice(0, next ? next.index : undefined);
  const items: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const bullet = /^\s*[-*+][ \t]+(.*)$/.exec(line);
    if (bullet) items.push(bullet[1]!.trim());
    else if (line.trim() && items.length && /^\s+\S/.test(line)) items[items.length - 1] += ` ${line.trim()}`;
    else if (line.trim()) items.push(line.trim());
  }
  return items;
}

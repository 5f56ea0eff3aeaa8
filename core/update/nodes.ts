// Agent-authored node text written by an update (spec §4.1.4, UR-05, DESIGN §4 Update): new
// tentative node files with provenance and a visible "agent-authored, awaiting review" line above
// a `## content_draft` section, and pending dedup sections appended to an existing local node.
import { yamlNumber, yamlString } from "./overlay-io.js";
import { parseFrontmatter } from "../frontmatter.js";
import { oneLine } from "../control-chars.js";
import { withLineEndsOf } from "../textfile.js";

export interface NewNodeSpec {
  id: string;
  title: string;
  domain: string;
  tags: string[];
  session: string;
  phase: number;
  /** The new_knowledge entry's suggested_id (differs from id when that was taken). */
  suggestedId: string;
  draft: string;
  /** The global node it resembles (dedup above the threshold: global files are never changed). */
  similarTo?: { id: string; score: number };
  /**
   * Write origin_session / origin_phase into the frontmatter: only for a node the overlay's registry
   * cannot name as created (a rejected dedup section from a session the overlay does not register);
   * an update's new node and a rejected draft are named there.
   */
  provenanceInFile?: boolean;
}

/** Control characters out, line endings normalised, and no HTML comments: agent text stays visible. */
export function sanitizeDraft(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
      .replace(/<!--/g, "&lt;!--")
      .replace(/^\s*\n/, "")
      .replace(/\s+$/, "")
  );
}

export function titleFromId(id: string): string {
  const words = id.replace(/[-_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MARK = "**Agent-authored, awaiting review.**";
/** The mark once a person accepted the text (promote, dedup accept): who drafted it stays said. */
const ACCEPTED = "**Agent-authored, accepted in review.**";

/**
 * An agent draft's banner once `akms promote` accepted the node: who drafted it, and no more
 * "awaiting review; not trusted until a human reviews it", which every reader of the file (a
 * loadout's passage, a search snippet, show_node, the vault it is moved to) would go on telling.
 * A banner not as newNodeText writes it (edited by hand) is left as it is.
 */
export function acceptedDraftText(text: string): string {
  return text.replace(
    /^> \*\*Agent-authored, awaiting review\.\*\* (Drafted by `[^`\r\n]+` \(phase \d+\)(?: \(suggested as `[^`\r\n]+`, which was taken\))?); not trusted until a human reviews it:(\r?\n)> `akms promote [^`\r\n]+` to accept, `akms draft [^`\r\n]+` to keep it out of loadouts\.\r?\n/m,
    (_m, who: string, nl: string) => `> ${ACCEPTED} ${who}.${nl}`,
  );
}

/** A dedup section's first line as appendDedupSection writes it, awaiting review or accepted: its one reader, beside its writer. */
export const SECTION_MARK_LINE = /^\*\*Agent-authored, (?:awaiting|accepted in) review\.\*\*[^\n]*(?:\n|$)/;

/** A dedup section's text (between its markers) once `akms dedup accept` accepted it: its mark line without the accept/reject commands. */
export function acceptedSectionText(section: string): string {
  return section.replace(/^\*\*Agent-authored, awaiting review\.\*\* (From `[^`\r\n]+` \(new knowledge `[^`\r\n]+`\)): `akms dedup accept [^`\r\n]+` or `akms dedup reject [^`\r\n]+`\.(?=\r?\n|$)/m, (_m, from: string) => `${ACCEPTED} ${from}.`);
}

export function newNodeText(n: NewNodeSpec): string {
  const fm = [
    "---",
    `id: ${yamlString(n.id)}`,
    `title: ${yamlString(n.title)}`,
    `domain: ${yamlString(n.domain)}`,
    "tags:",
    ...n.tags.map((t) => `  - ${yamlString(t)}`),
    "status: tentative",
    `confidence: ${yamlNumber(0.5, true)}`,
    "source: agent",
    // An update's new node carries no origin_session / origin_phase: the spec's Python
    // implementation refuses unknown keys in a local node. The session that drafted it is in the
    // overlay's registry (its new_knowledge), where the compile reads it (merge.ts draftedBy).
    ...(n.provenanceInFile ? [`origin_session: ${yamlString(n.session)}`, `origin_phase: ${n.phase}`] : []),
    "akms_schema: v2",
    "---",
  ];
  const from = n.suggestedId === n.id ? "" : ` (suggested as \`${n.suggestedId}\`, which was taken)`;
  const body = [
    "",
    `# ${oneLine(n.title)}`,
    "",
    `> ${MARK} Drafted by \`${n.session}\` (phase ${n.phase})${from}; not trusted until a human reviews it:`,
    `> \`akms promote ${n.id}\` to accept, \`akms draft ${n.id}\` to keep it out of loadouts.`,
    ...(n.similarTo
      ? [`> Similar to global node \`${n.similarTo.id}\` (dedup score ${yamlNumber(n.similarTo.score, true)}); global files are never changed, so this is a new local node.`]
      : []),
    "",
    "## content_draft",
    "",
    n.draft,
    "",
  ];
  return fm.join("\n") + "\n" + body.join("\n");
}

/**
 * The spec a node file's text was written from by newNodeText, when it is exactly such a text (an
 * agent's draft no one has edited since); null for any other text.
 */
export function agentDraftOf(text: string): NewNodeSpec | null {
  let data: Record<string, unknown>;
  try {
    data = parseFrontmatter(text, "node").data as Record<string, unknown>;
  } catch {
    return null;
  }
  const m = /^> \*\*Agent-authored, awaiting review\.\*\* Drafted by `([^`]+)` \(phase (\d+)\)(?: \(suggested as `([^`]+)`, which was taken\))?;/m.exec(text);
  const similar = /^> Similar to global node `([^`]+)` \(dedup score ([0-9.]+)\);/m.exec(text);
  const head = "\n## content_draft\n\n";
  const at = text.indexOf(head);
  const { id, title, domain, tags } = data;
  if (!m || at < 0 || !text.endsWith("\n") || typeof id !== "string" || typeof title !== "string" || typeof domain !== "string") return null;
  if (!Array.isArray(tags) || !tags.every((t): t is string => typeof t === "string")) return null;
  const spec: NewNodeSpec = {
    id,
    title,
    domain,
    tags,
    session: m[1]!,
    phase: Number(m[2]),
    suggestedId: m[3] ?? id,
    draft: text.slice(at + head.length, -1),
    ...(similar ? { similarTo: { id: similar[1]!, score: Number(similar[2]) } } : {}),
  };
  return newNodeText(spec) === text ? spec : null;
}

export interface DedupAppend {
  nodeId: string;
  session: string;
  score: number;
  suggestedId: string;
  draft: string;
}

/** The node text with one pending dedup section appended at its end. */
export function appendDedupSection(existing: string, a: DedupAppend): string {
  const base = existing.endsWith("\n") ? existing : existing + "\n";
  const section =
    "\n" +
    `<!-- akms:dedup session=${a.session} score=${yamlNumber(a.score, true)} status=pending -->\n` +
    `${MARK} From \`${a.session}\` (new knowledge \`${a.suggestedId}\`): ` +
    `\`akms dedup accept ${a.nodeId}\` or \`akms dedup reject ${a.nodeId}\`.\n` +
    "\n" +
    a.draft +
    "\n<!-- akms:end -->\n";
  return withLineEndsOf(existing, base + section); // a CRLF file gets CRLF lines
}

/** The text a node contributes to dedup: its content_draft section (else its body), without markers. */
export function draftTextOf(body: string): string {
  let text = body;
  const head = /^##[ \t]+content_draft\b.*$/m.exec(body);
  if (head) {
    const rest = body.slice(head.index + head[0].length);
    const next = /^##[ \t]/m.exec(rest);
    text = next ? rest.slice(0, next.index) : rest;
  }
  return text
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/^(?:> )?\*\*Agent-authored, awaiting review\.\*\*.*$/gm, "")
    .replace(/^> `akms promote .*$/gm, "");
}

/** `base`, else `base-2`, `base-3`… (kept within the 128-character id limit). */
export function allocateId(base: string, taken: (id: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const id = base.slice(0, 128 - suffix.length) + suffix;
    if (!taken(id)) return id;
  }
}

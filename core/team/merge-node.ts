// A local node's merge (knowledge/local-nodes/…md) when `akms update` appended dedup sections to
// it on one side or both: the node's own text merges as text (git's three-way merge, done by the
// caller's `mergeText`), its dedup sections as a set keyed by session and suggested id. A section
// decided on one side (accepted: its status; rejected: removed) stands; decided differently on the
// two sides is a conflict, named. New sections go after the base's, in the replay's canonical
// order (the session's date, then its id), so the file is what applying all the evidence in that
// order gives. Both sides adding the node (two sessions drafting the same suggested id) merge as a
// sequential update would have made them: the earlier session's draft is the node, the later one's
// a pending dedup section of it (mergeAddedNode). Pure but for `mergeText`.
import { parseDedupSections, sectionDraft, setSectionStatus, withoutSections, type DedupSection } from "../review/dedup-sections.js";
import { agentDraftOf, appendDedupSection } from "../update/nodes.js";
import { MergeConflict } from "./conflict.js";

export interface NodeMergeInput {
  base: string;
  ours: string;
  theirs: string;
  /** The node file's repository path, for messages. */
  shown: string;
  /** The date of a session's evidence (YYYY-MM-DD), when a side's overlay has it. */
  sessionDate(session: string): string | null;
  /** The node a side's `akms dedup reject` made of this node's section from `session` (its overlay's registry), if any. */
  rejectedAs?(session: string): string | null;
  /** git's three-way text merge of the node's own text (without dedup sections). */
  mergeText(ours: string, base: string, theirs: string): { text: string; clean: boolean };
}

interface Keyed {
  key: string;
  section: DedupSection;
  raw: string;
}

function keyed(text: string): Keyed[] {
  const seen = new Map<string, number>();
  return parseDedupSections(text).map((s) => {
    const k = `${s.session ?? ""}\u0000${sectionDraft(s).suggestedId ?? ""}`;
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return { key: `${k}\u0000${n}`, section: s, raw: text.slice(s.start, s.end) };
  });
}

/** The text as `akms update` writes it: the node, then each section appended after a blank line. */
function assemble(main: string, raws: readonly string[]): string {
  let text = main;
  for (const raw of raws) text = (text.endsWith("\n") ? text : text + "\n") + "\n" + raw + "\n";
  return text;
}

/** The sections laid out as `akms update` lays them (so the file can be rebuilt from its parts). */
function wellFormed(text: string, parts: Keyed[]): boolean {
  return assemble(withoutSections(text), parts.map((p) => p.raw)) === text;
}

const withStatus = (k: Keyed, status: string) => (k.section.status === status ? k.raw : setSectionStatus(k.raw, { ...k.section, start: 0, end: k.raw.length, statusValue: k.section.statusValue && { start: k.section.statusValue.start - k.section.start, end: k.section.statusValue.end - k.section.start } }, status));

/**
 * Both sides added the node (an empty base): when each is an agent's draft as `akms update` wrote it,
 * of one id and domain, from two sessions, the node is the one drafted first (the canonical order:
 * the session's date, then its id) and the other draft a pending dedup section of it, score 1 (the
 * same id), as `akms update` of both documents in that order would have written it; each side's own
 * dedup sections follow in the same order. Anything else is a conflict, named.
 */
export function mergeAddedNode(input: NodeMergeInput): string {
  const split = (text: string) => {
    const main = withoutSections(text);
    return { main, draft: agentDraftOf(main), sections: keyed(text) };
  };
  const [a, b] = [split(input.ours), split(input.theirs)];
  if (!a.draft || !b.draft || a.draft.id !== b.draft.id || a.draft.domain !== b.draft.domain || a.draft.session === b.draft.session || b.draft.suggestedId !== b.draft.id || a.draft.suggestedId !== a.draft.id) {
    const id = a.draft?.id ?? b.draft?.id ?? input.shown.replace(/^.*\//, "").replace(/\.md$/, "");
    const other = input.shown.replace(/[^/]+\.md$/, `${id}-2.md`);
    throw new MergeConflict(`${input.shown} was added on both sides with different content`, {
      file: input.shown,
      hint: `keep both: \`git checkout --ours -- ${input.shown}\`, save theirs as a node of its own with \`git show :3:${input.shown} > ${other}\` and change its \`id:\` to ${id}-2, \`git add\` both, then \`akms build\``,
    });
  }
  const when = (session: string) => [input.sessionDate(session) ?? "", session] as const;
  const [wa, wb] = [when(a.draft.session), when(b.draft.session)];
  const aFirst = wa[0] < wb[0] || (wa[0] === wb[0] && wa[1] < wb[1]);
  const [first, second] = aFirst ? [a, b] : [b, a];
  const spec = second.draft!;
  // The section `akms update` appends for the later draft (appendDedupSection adds it after a blank line, with a newline after).
  const drafted = appendDedupSection(first.main, { nodeId: spec.id, session: spec.session, score: 1, suggestedId: spec.suggestedId, draft: spec.draft });
  const section = drafted.slice(first.main.length + 1, -1);
  const merged = mergeNodeFile({
    ...input,
    base: first.main,
    ours: aFirst ? input.ours : input.theirs,
    theirs: assemble(first.main, [section, ...second.sections.map((k) => k.raw)]),
  });
  if (merged === null) throw new MergeConflict(`${input.shown}: the dedup sections added on the two sides are not as akms writes them`, { file: input.shown, hint: `resolve ${input.shown} by hand, \`git add\` it, then \`akms build\`` });
  return merged;
}

/** The merged file; null when the sections are not as akms writes them (the caller merges the whole text). */
export function mergeNodeFile(input: NodeMergeInput): string | null {
  const [o, a, b] = [keyed(input.base), keyed(input.ours), keyed(input.theirs)];
  if (!wellFormed(input.base, o) || !wellFormed(input.ours, a) || !wellFormed(input.theirs, b)) return null;
  const [ma, mb] = [new Map(a.map((k) => [k.key, k])), new Map(b.map((k) => [k.key, k]))];
  const clash: string[] = [];
  const label = (k: Keyed) => k.section.session ?? "a session";
  const kept: string[] = [];
  const rejectedSessions: string[] = [];
  for (const s of o) {
    const [x, y] = [ma.get(s.key), mb.get(s.key)];
    const so = s.section.status;
    if (x && y) {
      const [sa, sb] = [x.section.status, y.section.status];
      if (sa !== sb && sa !== so && sb !== so) clash.push(`${label(s)} (${sa} on ours, ${sb} on theirs)`);
      kept.push(withStatus(x, sa === so ? sb : sa));
    } else if (x || y) {
      const left = (x ?? y)!;
      if (left.section.status !== so) {
        clash.push(`${label(s)} (rejected on ${x ? "theirs" : "ours"}, ${left.section.status} on ${x ? "ours" : "theirs"})`);
        if (s.section.session) rejectedSessions.push(s.section.session);
      }
    }
  }
  const baseKeys = new Set(o.map((k) => k.key));
  const added = new Map<string, Keyed>();
  for (const k of [...a, ...b]) {
    if (baseKeys.has(k.key)) continue;
    const other = added.get(k.key);
    if (other && other.raw !== k.raw) clash.push(`${label(k)} (appended differently on each side)`);
    if (!other) added.set(k.key, k);
  }
  if (clash.length) {
    // A rejection made the draft a node of its own: kept accepted too, the knowledge would exist twice.
    const made = [...new Set(rejectedSessions)].map((sess) => input.rejectedAs?.(sess) ?? null).filter((id): id is string => id !== null);
    const twice = made.length
      ? ` The side that rejected it made the draft its own node (${made.map((id) => `knowledge/local-nodes/${id}.md`).join(", ")}): keeping the section accepted, remove that node (\`git rm\` it), or the knowledge exists twice.`
      : " The side that rejected it made the draft a node of its own (its review journal's dedup-reject entry names it): keeping the section accepted, remove that node, or the knowledge exists twice.";
    throw new MergeConflict(`conflicting dedup decisions in ${input.shown}: ${clash.join("; ")}`, {
      file: input.shown,
      hint: `decide the section once: edit ${input.shown} to keep the section as the team agrees (or \`git checkout --ours\`/\`--theirs\` it), \`git add\` it, then \`akms dedup accept|reject\` if it is still pending.${rejectedSessions.length ? twice : ""}`,
      names: clash.map((c) => c.split(" ")[0]!),
    });
  }
  const order = (k: Keyed) => [input.sessionDate(k.section.session ?? "") ?? "", k.section.session ?? "", k.key] as const;
  const fresh = [...added.values()].sort((p, q) => {
    const [x, y] = [order(p), order(q)];
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });
  const [mo, mao, mbo] = [withoutSections(input.base), withoutSections(input.ours), withoutSections(input.theirs)];
  let main: string;
  if (mao === mbo || mbo === mo) main = mao;
  else if (mao === mo) main = mbo;
  else {
    const m = input.mergeText(mao, mo, mbo);
    if (!m.clean) {
      throw new MergeConflict(`${input.shown}: both sides changed the node's text`, {
        file: input.shown,
        hint: `resolve the conflict markers in ${input.shown} by hand (its dedup sections are merged), \`git add\` it, then \`akms build\``,
      });
    }
    main = m.text;
  }
  return assemble(main, [...kept, ...fresh.map((k) => k.raw)]);
}

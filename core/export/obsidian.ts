// `akms export obsidian DIR`: the merged graph as an Obsidian vault — one note per node named by
// its id, flat properties Obsidian's Properties panel shows (strings, numbers, lists of strings:
// one list per edge type, of "[[id]]" links), the node's body, and a generated "Links" section of
// [[wikilinks]] so the graph view shows the typed graph. Agent-authored nodes say so (UR-05).
// DIR must be empty, missing, or an earlier export (its marker file); it is written whole in a
// sibling directory and swapped in, so a failure leaves the earlier export as it was. Never the
// global vault, never knowledge/.
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import yaml from "js-yaml";
import type { Context } from "../context.js";
import { UsageError } from "../errors.js";
import { replaceDirWhole } from "../fsx.js";
import { realTarget } from "../paths.js";
import { parseFrontmatter, splitFrontmatter } from "../frontmatter.js";
import type { GNode, GraphLink, GraphIndex } from "../graph.js";
import { NodeFiles } from "../node-files.js";
import { readNodeContent } from "../loadout/content.js";

const MARKER = ".akms-obsidian-export";
const MARKER_TEXT = "akms obsidian export: this directory is rewritten whole by `akms export obsidian`\n";

const inside = (child: string, parent: string) => {
  const r = relative(parent, child);
  return r === "" || (!r.startsWith("..") && !r.startsWith(sep) && r !== "..");
};

/** Refuses a target that is the vault, knowledge/ (or inside either, through symlinks too), or a directory of other files. */
function checkTarget(ctx: Context, dir: string): void {
  for (const [root, what] of [
    [realTarget(ctx.vault.path), "the global vault"],
    [realTarget(ctx.paths.knowledge), "knowledge/"],
  ] as const) {
    if (inside(dir, root) || inside(root, dir)) throw new UsageError(`${dir} is ${inside(dir, root) ? "inside" : "around"} ${what}; the export never writes there`, "pick a directory outside the vault and knowledge/, e.g. ../akms-obsidian");
  }
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a directory`, "give a directory to export into");
  const names = readdirSync(dir);
  if (names.length && !names.includes(MARKER)) throw new UsageError(`${dir} is not empty and is not an earlier export (no ${MARKER} in it)`, "give an empty or new directory, or an earlier export to refresh");
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A note's body: the node's own text and its content_ref target's (copied: Obsidian shows a vault's
 * notes, not files beside it), as a loadout reads them; a session's note, what its evidence
 * document says (sessionSection) and the document's own text.
 */
function bodyOf(ctx: Context, files: NodeFiles, n: GNode): string {
  if (n.domain !== "session") {
    const c = readNodeContent({ repo: ctx.repo, knowledge: ctx.paths.knowledge, localNodes: ctx.paths.localNodes, vault: ctx.vault.path, vaultDisplay: ctx.vault.display }, files, n);
    const ref = c.contentFile ? `\n\n> Content from \`${c.contentFile.shown}\` (its content_ref).\n` : "";
    return c.nodeFile || c.text ? `${c.text}${ref}` : `> ${c.warnings[0] ?? `${n.id} has no file of its own`}\n`;
  }
  const at = files.locate(n, n.id);
  if (!("file" in at)) return sessionSection(n, null) + `\n> ${at.note}\n`;
  try {
    const text = readFileSync(at.file, "utf8");
    const fm = splitFrontmatter(text);
    let doc: Record<string, unknown> | null = null;
    try {
      doc = parseFrontmatter(text, at.shown).data; // the one YAML reader, with its limits
    } catch {
      /* the body alone: akms validate names the problem */
    }
    return sessionSection(n, doc) + "\n" + (fm ? fm.body : text).replace(/^\n+/, "");
  } catch {
    return sessionSection(n, null) + `\n> ${at.shown} could not be read\n`;
  }
}

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x)) : []);
const words = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** What a session's evidence says, as a reader of the vault wants it: nodes used, lessons, pitfalls, new knowledge. */
function sessionSection(n: GNode, doc: Record<string, unknown> | null): string {
  const lines = ["## Session", ""];
  const used = list(doc?.nodes_used);
  if (used.length) lines.push("### Nodes used", "", ...used.map((u) => `- [[${String(u.id)}]] — ${u.useful === true ? "useful" : "not useful"}, ${String(u.coverage ?? "")}${typeof u.note === "string" && u.note ? `: ${u.note}` : ""}`), "");
  const lessons = doc?.lessons && typeof doc.lessons === "object" ? (doc.lessons as Record<string, unknown>) : null;
  const worked = words(lessons?.worked);
  const failed = list(lessons?.failed).map((f) => `${String(f.what ?? "")} — why: ${String(f.why ?? "")}; fix: ${String(f.fix ?? "")}`);
  if (worked.length || failed.length) lines.push("### Lessons", "", ...worked.map((w) => `- worked: ${w}`), ...failed.map((f) => `- failed: ${f}`), "");
  const pitfalls = list(doc?.pitfalls_discovered);
  if (pitfalls.length) lines.push("### Pitfalls", "", ...pitfalls.map((p) => `- ${typeof p.node_ref === "string" ? `[[${p.node_ref}]] ` : ""}(${String(p.severity ?? "")}) ${String(p.description ?? "")}`), "");
  const made = list(n.new_knowledge);
  if (made.length) lines.push("### New knowledge", "", ...made.map((k) => `- ${String(k.action)} [[${String(k.node)}]]${typeof k.match === "string" && k.action === "appended" ? " (a dedup section)" : ""}`), "");
  return lines.length > 2 ? lines.join("\n") : "";
}

/** One note: flat properties, the body, the generated Links section. */
export function noteText(n: GNode, out: GraphLink[], inn: GraphLink[], body: string): string {
  const props: Record<string, string | number | boolean | string[]> = {
    title: typeof n.title === "string" ? n.title : n.id,
    status: String(n.status),
    confidence: typeof n.confidence === "number" ? n.confidence : 0,
    confidence_default: typeof n.confidence_default === "number" ? n.confidence_default : 0,
    domain: typeof n.domain === "string" ? n.domain : "",
    tags: Array.isArray(n.tags) ? n.tags.filter((t): t is string => typeof t === "string") : [],
    node_origin: n.node_origin,
    source: typeof n.source === "string" ? n.source : "",
    agent_authored: n.source === "agent",
    activations: typeof n.activations === "number" ? n.activations : 0,
    last_activated: typeof n.last_activated === "string" ? n.last_activated : "",
  };
  // A session's facts (spec §4.3): when, how it went, which phase and task.
  if (n.domain === "session") for (const k of ["date", "outcome", "phase", "evidence", "task_id"] as const) if (typeof n[k] === "string" || typeof n[k] === "number") props[k] = n[k] as string | number;
  const types = [...new Set(out.map((l) => l.type))].sort(byId);
  for (const t of types) props[t] = out.filter((l) => l.type === t).map((l) => `[[${l.target}]]`);
  const front = yaml.dump(props, { lineWidth: -1, noRefs: true, sortKeys: false });
  const links = [
    ...out.map((l) => `- ${l.type} → [[${l.target}]] (weight ${l.weight}${l.edge_origin === "local" ? ", local edge" : ""})`),
    ...inn.map((l) => `- ← ${l.type} from [[${l.source}]] (weight ${l.weight})`),
  ];
  const warn = n.source === "agent" ? "> [!warning] Agent-authored: written by an agent, not yet trusted unless a human established it.\n\n" : "";
  return `---\n${front}---\n\n${warn}${body.trimEnd()}\n\n## Links\n\n${links.length ? links.join("\n") : "(no edges)"}\n`;
}

export interface ObsidianResult {
  dir: string;
  notes: number;
  links: number;
}

/** The files an earlier export wrote (its marker lists them); null for a marker without the list. */
function earlierNotes(dir: string): Set<string> | null {
  try {
    const lines = readFileSync(join(dir, MARKER), "utf8").split("\n").slice(1).filter(Boolean);
    return lines.length ? new Set(lines) : null;
  } catch {
    return null;
  }
}

export function exportObsidian(ctx: Context, g: GraphIndex, target: string): ObsidianResult {
  // Where the files will land, through any symlink, is what must not be the vault or knowledge/.
  const dir = realTarget(resolve(target));
  checkTarget(ctx, dir);
  // What is not the export's own — Obsidian's settings (.obsidian/), notes a person added — moves
  // into the new export as it is; only the export's own notes are replaced.
  const ours = earlierNotes(dir);
  const keep = existsSync(dir) ? readdirSync(dir).filter((n) => n !== MARKER && (ours ? !ours.has(n) : !n.endsWith(".md"))) : [];
  const written: string[] = [];
  const files = new NodeFiles(ctx);
  let links = 0;
  // Swapped in whole: the earlier export (or the empty directory) goes only once the new one is complete.
  replaceDirWhole(dir, (tmp) => {
    for (const id of [...g.nodes.keys()].sort(byId)) {
      const n = g.nodes.get(id)!;
      const out = (g.out.get(id) ?? []).filter((l) => g.nodes.has(l.target)).sort((a, b) => byId(a.type, b.type) || byId(a.target, b.target));
      const inn = (g.in.get(id) ?? []).filter((l) => g.nodes.has(l.source)).sort((a, b) => byId(a.type, b.type) || byId(a.source, b.source));
      links += out.length;
      writeFileSync(join(tmp, `${id}.md`), noteText(n, out, inn, bodyOf(ctx, files, n)));
      written.push(`${id}.md`);
    }
    // Copied, not moved: if anything fails before the swap, the earlier export is whole.
    for (const n of keep) if (!written.includes(n)) cpSync(join(dir, n), join(tmp, n), { recursive: true, verbatimSymlinks: true });
    writeFileSync(join(tmp, MARKER), MARKER_TEXT + written.join("\n") + "\n");
  });
  return { dir, notes: g.nodes.size, links };
}

// The impression log (knowledge/impressions.jsonl, committed, append-only): one line per read that
// showed knowledge to an agent — the MCP read tools, the CLI's --json reads (an agent's channel; a
// person's plain-text run is not logged), the SessionStart hook, and the orchestrator's EXECUTE
// (the loadout file it hands each agent as {loadout}, when the agent starts). Without it no replay can know what
// an agent saw. A line: {at, via, tool, task_id, graph_version, nodes (the ids shown, in order),
// tokens (≈ the shown document's length / 4)}.
//
// Lock-free: one O_APPEND write of one whole line (the kernel serialises writes to one regular
// file, so concurrent writers' lines never interleave), and a reader skips a line that does not
// parse (a torn tail, should a write ever be cut short). Merged by git's built-in union driver (`akms init --git` writes the attribute).
// Best effort: a read never fails because its impression could not be written.
import { appendFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RepoPaths } from "../paths.js";
import { nowIso } from "../clock.js";
import { loadoutHeader, loadoutNodeIds } from "../loadout/render.js";

export interface Impression {
  at: string;
  via: "mcp" | "cli" | "hook" | "orchestrator";
  tool: string;
  task_id: string | null;
  graph_version: string | null;
  nodes: string[];
  tokens: number;
}

/** The tools whose results show knowledge (CLI command names; the MCP tools map onto them). */
export const SHOWING = new Set(["query", "loadout", "search", "show", "pitfalls"]);

/** Most node ids kept per line (a line stays one small write). */
const MAX_NODES = 200;

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** The node ids a command's JSON showed, in order (its own field per command). */
export function shownNodes(tool: string, json: Record<string, unknown>): string[] {
  const ids = (xs: unknown, key = "id"): string[] => (Array.isArray(xs) ? xs.map((x) => (x && typeof x === "object" ? str((x as Record<string, unknown>)[key]) : str(x))).filter((x): x is string => x !== null) : []);
  switch (tool) {
    case "query":
      return ids(json.nodes);
    case "loadout":
      return ids(json.node_ids);
    case "search":
      return [...new Set(ids(json.hits))];
    case "show":
      return json.nodes ? ids(json.nodes) : str(json.id) ? [json.id as string] : [];
    case "pitfalls":
      return ids(json.nodes);
    default:
      return [];
  }
}

export function logImpression(paths: RepoPaths, i: Omit<Impression, "at" | "nodes"> & { nodes: string[] }): void {
  const line: Impression = { at: nowIso(), via: i.via, tool: i.tool, task_id: i.task_id, graph_version: i.graph_version, nodes: i.nodes.slice(0, MAX_NODES), tokens: i.tokens };
  try {
    appendFileSync(paths.impressions, JSON.stringify(line) + "\n", { flag: "a" });
  } catch {
    /* a read-only checkout, a missing knowledge/: the read still answers */
  }
}

/** What a read command showed, logged from its JSON (the CLI's --json and the MCP tools alike). */
export function logShown(paths: RepoPaths, via: "mcp" | "cli", tool: string, json: unknown, shownText: string): void {
  if (!SHOWING.has(tool) || !json || typeof json !== "object") return;
  const j = json as Record<string, unknown>;
  logImpression(paths, { via, tool, task_id: str(j.task_id), graph_version: str(j.graph_version), nodes: shownNodes(tool, j), tokens: Math.ceil(shownText.length / 4) });
}

/**
 * A loadout handed to an agent as a file (the orchestrator's {loadout}), logged as the agent starts
 * with it: the file is that agent's record of what it was shown, and `akms re-evaluate` may rewrite it.
 */
export function logHandedLoadout(paths: RepoPaths, taskId: string, file: string): void {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return; // EXECUTE checked it exists; gone since, the agent says so
  }
  const version = loadoutHeader(text, file)?.graph_version;
  logImpression(paths, { via: "orchestrator", tool: "loadout", task_id: taskId, graph_version: typeof version === "string" ? version : null, nodes: loadoutNodeIds(text), tokens: Math.ceil(text.length / 4) });
}

/** Every whole line of the log (a torn or foreign line is skipped). */
export function readImpressions(paths: RepoPaths): Impression[] {
  let text: string;
  try {
    text = readFileSync(paths.impressions, "utf8");
  } catch {
    return [];
  }
  const out: Impression[] = [];
  for (const l of text.split("\n")) {
    if (!l) continue;
    try {
      const v = JSON.parse(l) as Impression;
      if (v && typeof v.tool === "string" && Array.isArray(v.nodes)) out.push(v);
    } catch {
      /* torn */
    }
  }
  return out;
}

/**
 * The node ids a task was shown: its lines of the impression log, else the Domain Knowledge tables
 * of its loadout files, else of the loadout its AgentMemory names (`loadout_used`: an agent without
 * a task record gets a loadout by tags, named by the tags, not by its task); null when none exists
 * (nothing says what it was shown).
 */
export function shownTo(paths: RepoPaths, task: { task_id: string; loadout_used?: unknown }, impressions: readonly Impression[] = readImpressions(paths)): Set<string> | null {
  const taskId = task.task_id;
  const mine = impressions.filter((i) => i.task_id === taskId);
  if (mine.length) return new Set(mine.flatMap((i) => i.nodes));
  let names: string[];
  try {
    names = readdirSync(paths.loadouts).filter((n) => n.endsWith("-loadout.md") && n.replace(/^phase\d+-/, "").startsWith(`${taskId}-`));
  } catch {
    return null;
  }
  if (!names.length) {
    const used = usedLoadout(task.loadout_used);
    if (used !== null && existsSync(join(paths.loadouts, used))) names = [used];
  }
  if (!names.length) return null;
  return new Set(names.flatMap((n) => loadoutNodeIds(readFileSync(join(paths.loadouts, n), "utf8"))));
}

/** The loadout file an AgentMemory's `loadout_used` names — `loadouts/X-loadout.md`, repository- or knowledge-relative — by its name in knowledge/loadouts/, or null. */
function usedLoadout(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const m = /(?:^|\/)loadouts\/([^/\\]+-loadout\.md)$/.exec(v.trim());
  return m ? m[1]! : null;
}

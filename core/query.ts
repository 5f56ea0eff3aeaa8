// The subgraph query of spec §5.3 as DESIGN §4 settles it: seeds by tag, traversal along the
// role's edge types (contradicts both ways), filtering, ranking, the cap and pitfall injection —
// with the reason for every node in and every node out. Pure and deterministic.
import { AkmsError } from "./errors.js";
import type { LoadedConfig } from "./config.js";
import type { GNode, GraphLink } from "./graph.js";
import type { PitfallReport } from "./graph-file/doc.js";
import { LOADABLE } from "./graph.js";
import type { PlanGraph } from "./store/graph-index.js";
import { coLoads } from "./query/co-load.js";
import { roundTo, traverse, type Reached, type TraceStep } from "./query/traverse.js";

export type { TraceStep };

/** What the query reads of a graph: a LoadedGraph, or the compact planning cache. */
export type QueryGraph = PlanGraph;

export interface QueryOptions {
  tags: string[];
  role: string;
}

export type ExclusionReason = "draft" | "deprecated" | "domain_excluded" | "below_threshold" | "cut_by_cap" | "edge_type_not_followed";

export interface RankFigures {
  formula: string;
  confidence: number;
  activations: number;
  depth: number;
  weight: number;
  /** The formula's value. */
  base: number;
  /** 1.5 when the node's domain is in prefer_domains, else 1. */
  multiplier: number;
  prefer_domain: boolean;
  rank: number;
}

export interface NodeTrace {
  /** The seed at the start of the chain (the node itself for a seed). */
  seed: string;
  /** The task tags the seed matched. */
  matched_tags: string[];
  /** Edges from the seed to the node; [] for a seed. */
  chain: TraceStep[];
  depth: number;
  /** Product of the chain's edge weights (1.0 for a seed). */
  weight: number;
}

export interface QueryNode {
  id: string;
  /** The rank score: the role's rank_formula, × 1.5 for a preferred domain, 6 decimals. */
  rank: number;
  why: string;
  /** 1-based place in the result. */
  position: number;
  title: string;
  domain: string;
  status: string;
  confidence: number;
  node_origin: string;
  seed: boolean;
  /** Kept beyond the cap because it carries pitfall warnings. */
  pitfall_injected: boolean;
  /**
   * Present (true) when the node is below min_confidence_threshold and is in only for its pitfall
   * warnings (spec §5.3 step 9: pitfall-connected nodes are included regardless of rank).
   */
  below_threshold?: true;
  /** Present when the node is in because a selected node names it in load_with (spec §4.1). */
  co_loaded_with?: string;
  trace: NodeTrace;
  rank_figures: RankFigures;
}

export interface ExcludedNode {
  id: string;
  why: string;
  reason: ExclusionReason;
  title: string;
  domain: string;
  status: string;
  confidence: number;
  depth: number;
  trace: NodeTrace;
  /** For cut_by_cap: the rank and place it had. */
  rank?: number;
  rank_position?: number;
  /** For edge_type_not_followed: the edge types on the chain that the role does not follow. */
  not_followed?: string[];
}

export interface QueryPitfall {
  from: string;
  to: string;
  note: string;
  weight: number;
  /** Every report, when several agents reported this pitfall (never merged, spec §5.8). */
  reports?: PitfallReport[];
}

export interface QuerySession {
  id: string;
  why: string;
  via: ("pitfall" | "tag")[];
  title: string;
  phase: number | null;
  outcome: string | null;
  /** The evidence's own task status (complete, deferred …) beside the outcome, when recorded. */
  task_status: string | null;
  content_ref: string | null;
  /** Domain nodes in the result whose pitfall edges point here. */
  pitfall_from: string[];
  matched_tags: string[];
}

export interface QueryResult {
  role: string;
  seed_tags: string[];
  seeds: string[];
  nodes: QueryNode[];
  pitfalls: QueryPitfall[];
  sessions: string[];
  excluded: ExcludedNode[];
  graph_version: string;
  profile: {
    edge_types: string[];
    rank_formula: string;
    prefer_domains: string[];
    exclude_domains: string[];
    follows_pitfalls: boolean;
    max_depth: number;
    max_nodes_per_loadout: number;
    max_pitfall_nodes: number;
    min_confidence_threshold: number;
  };
  /** Task tags that matched no domain node. */
  unmatched_tags: string[];
  session_details: QuerySession[];
  /** One or two sentences on the result as a whole (what an empty result means, what the role skips). */
  notes: string[];
}

export const DEFAULT_ROLE = "implementer";
export const PREFER_MULTIPLIER = 1.5;

/** Trimmed, non-empty, case-insensitively unique tags in their given order. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const t = raw.trim();
    const k = t.toLowerCase();
    if (!t || seen.has(k)) continue;
    seen.add(k);
    out.push(t);
  }
  return out;
}

export function unknownRoleError(role: string, cfg: LoadedConfig): AkmsError {
  const roles = Object.keys(cfg.config.query_roles).sort();
  return new AkmsError("UNKNOWN_ROLE", `unknown role "${role}"; the roles are: ${roles.join(", ")}`, {
    field: "role",
    file: cfg.file ?? undefined,
    hint: `use one of ${roles.join(", ")}, or define "${role}" under query_roles in propagation_config.yaml`,
  });
}

/**
 * The role a task runs as: the flag, else the task's agent_role, else implementer. An unknown
 * agent_role is blamed on the task record that names it, not on the config.
 */
export function resolveTaskRole(cfg: LoadedConfig, flag: string | null | undefined, task: { shown: string; record: { agent_role?: string } } | null | undefined): string {
  const own = task?.record.agent_role;
  if (!flag && own && !Object.hasOwn(cfg.config.query_roles, own)) {
    const roles = Object.keys(cfg.config.query_roles).sort();
    throw new AkmsError("UNKNOWN_ROLE", `the task's agent_role "${own}" is not a role of this repository; the roles are: ${roles.join(", ")}`, {
      file: task!.shown,
      field: "agent_role",
      hint: `fix agent_role in ${task!.shown} (one of ${roles.join(", ")}), pass --role, or define "${own}" under query_roles in propagation_config.yaml`,
    });
  }
  return resolveRole(cfg, flag, own);
}

/** The role a task runs as: the flag, else the task's agent_role, else implementer. Checked against the config. */
export function resolveRole(cfg: LoadedConfig, ...candidates: (string | null | undefined)[]): string {
  const role = candidates.find((c) => typeof c === "string" && c !== "") ?? DEFAULT_ROLE;
  if (!Object.hasOwn(cfg.config.query_roles, role)) throw unknownRoleError(role, cfg);
  return role;
}

const isSession = (n: GNode) => n.domain === "session";
const isMirror = (n: GNode) => n.domain === "code-mirror" || n.node_origin === "code-mirror";

function fmtNum(x: number): string {
  return String(roundTo(x, 6));
}

function chainText(t: NodeTrace): string {
  let s = t.seed;
  for (const st of t.chain) {
    s += st.direction === "out" ? ` -${st.type}(${fmtNum(st.weight)})-> ${st.to}` : ` <-${st.type}(${fmtNum(st.weight)})- ${st.to}`;
  }
  return s;
}

function reachText(t: NodeTrace): string {
  const tags = t.matched_tags.map((x) => `"${x}"`).join(", ");
  if (!t.chain.length) return `seed: tag${t.matched_tags.length > 1 ? "s" : ""} ${tags} match${t.matched_tags.length > 1 ? "" : "es"}`;
  return `reached from seed ${t.seed} (tag${t.matched_tags.length > 1 ? "s" : ""} ${tags}) via ${chainText(t)} (depth ${t.depth}, path weight ${fmtNum(t.weight)})`;
}

function rankText(f: RankFigures): string {
  const vars = `confidence ${fmtNum(f.confidence)}, activations ${f.activations}, depth ${f.depth}, weight ${fmtNum(f.weight)}`;
  return `rank ${fmtNum(f.rank)} = ${f.formula} with ${vars}${f.prefer_domain ? ` (${fmtNum(f.base)} × ${PREFER_MULTIPLIER}, preferred domain)` : ""}`;
}

/** Seeds: domain nodes with a tag equal (case-insensitively) to a task tag; sessions matched likewise. */
/** Seeds: nodes with a tag equal to a task tag — case-insensitively, or as written with loadout.tag_match: exact. */
function matchSeeds(graph: QueryGraph, tags: string[], exact: boolean): { seeds: Map<string, string[]>; sessions: Map<string, string[]> } {
  const key = (t: string) => (exact ? t : t.toLowerCase());
  const byLower = new Map<string, string>();
  for (const t of tags) byLower.set(key(t), t);
  const seeds = new Map<string, string[]>();
  const sessions = new Map<string, string[]>();
  if (!byLower.size) return { seeds, sessions };
  let candidates: Iterable<GNode> = graph.nodes.values();
  if (graph.tagIndex) {
    const ids = new Set<string>();
    for (const k of byLower.keys()) for (const id of graph.tagIndex.get(k.toLowerCase()) ?? []) ids.add(id); // the index is by lower case
    candidates = [...ids].sort().map((id) => graph.nodes.get(id)!);
  }
  for (const n of candidates) {
    const nt = n.tags;
    if (!nt || !nt.length || isMirror(n)) continue;
    let matched: string[] | null = null;
    for (const t of nt) {
      const hit = typeof t === "string" ? byLower.get(key(t)) : undefined;
      if (hit === undefined) continue;
      matched ??= [];
      if (!matched.includes(hit)) matched.push(hit);
    }
    if (matched) (isSession(n) ? sessions : seeds).set(n.id, tags.filter((t) => matched!.includes(t)));
  }
  return { seeds, sessions };
}

function traceOf(r: Reached, seedTags: Map<string, string[]>): NodeTrace {
  return { seed: r.seed, matched_tags: seedTags.get(r.seed) ?? [], chain: r.chain, depth: r.depth, weight: roundTo(r.weight, 6) };
}

function pitfallLinks(graph: QueryGraph, id: string): GraphLink[] {
  return (graph.out.get(id) ?? []).filter((l) => l.type === "pitfall" && graph.nodes.get(l.target)?.domain === "session");
}

interface Candidate {
  node: GNode;
  trace: NodeTrace;
  figures: RankFigures;
  /** Below min_confidence_threshold, but it carries pitfall warnings: a candidate for injection only. */
  below?: boolean;
  /** Co-loaded: the selected node whose load_with names it. */
  coWith?: string;
}

interface Kept {
  c: Candidate;
  injected: boolean;
  rankPos: number;
}

type Profile = LoadedConfig["config"]["query_roles"][string];

/** One query's inputs and its growing list of excluded nodes, shared by its steps. */
interface QueryRun {
  graph: QueryGraph;
  role: string;
  prof: Profile;
  rankFn: LoadedConfig["rank"][string];
  L: LoadedConfig["config"]["loadout"];
  seeds: Map<string, string[]>;
  followsPitfalls: boolean;
  exclude: Set<string>;
  prefer: Set<string>;
  excluded: ExcludedNode[];
}

function hasPitfall(q: QueryRun, id: string): boolean {
  return q.followsPitfalls && pitfallLinks(q.graph, id).length > 0;
}

function excludeNode(q: QueryRun, n: GNode, trace: NodeTrace, reason: ExclusionReason, why: string, extra: Partial<ExcludedNode> = {}): void {
  q.excluded.push({
    id: n.id,
    why,
    reason,
    title: String(n.title ?? n.id),
    domain: String(n.domain),
    status: String(n.status),
    confidence: n.confidence,
    depth: trace.depth,
    trace,
    ...extra,
  });
}

function figuresOf(q: QueryRun, n: GNode, trace: NodeTrace, pref: boolean): RankFigures {
  const activations = typeof n.activations === "number" ? n.activations : 0;
  const vars = { confidence: n.confidence, activations, depth: trace.depth, weight: trace.weight };
  const base = q.rankFn(vars);
  const multiplier = pref ? PREFER_MULTIPLIER : 1;
  return { formula: q.prof.rank_formula, ...vars, base: roundTo(base, 6), multiplier, prefer_domain: pref, rank: roundTo(base * multiplier, 6) };
}

/** Every node the role's edge types reach that may be loaded, ranked (spec §5.3 steps 3–6); the others excluded with why. */
function rankCandidates(q: QueryRun, roleReach: Map<string, Reached>): Candidate[] {
  const { graph, L, role } = q;
  const candidates: Candidate[] = [];
  for (const [id, r] of roleReach) {
    const n = graph.nodes.get(id)!;
    if (isSession(n) || isMirror(n)) continue; // sessions feed pitfalls/history; mirrors never appear
    const trace = traceOf(r, q.seeds);
    const reach = reachText(trace);
    if (!LOADABLE.has(n.status)) {
      const reason = n.status === "deprecated" ? "deprecated" : "draft";
      excludeNode(q, n, trace, reason, `${reason}: status ${n.status} is never loaded (spec §3.7, FR-G04); ${reach}`);
      continue;
    }
    if (q.exclude.has(n.domain)) {
      excludeNode(q, n, trace, "domain_excluded", `domain excluded: "${n.domain}" is in ${role}'s exclude_domains; ${reach}`);
      continue;
    }
    const below = !(n.confidence >= L.min_confidence_threshold);
    if (below && !hasPitfall(q, id)) {
      excludeNode(q, n, trace, "below_threshold", `below threshold: confidence ${fmtNum(n.confidence)} < min_confidence_threshold ${fmtNum(L.min_confidence_threshold)}; ${reach}`);
      continue;
    }
    candidates.push({ node: n, trace, figures: figuresOf(q, n, trace, q.prefer.has(n.domain)), ...(below ? { below: true } : {}) });
  }
  return candidates.sort(
    (a, b) =>
      b.figures.rank - a.figures.rank ||
      b.node.confidence - a.node.confidence ||
      a.trace.depth - b.trace.depth ||
      (a.node.id < b.node.id ? -1 : a.node.id > b.node.id ? 1 : 0),
  );
}

/** Nodes the ego graph over every edge type reaches, but the role's edge types do not. */
function excludeUnfollowed(q: QueryRun, anyReach: Map<string, Reached>, roleReach: Map<string, Reached>): void {
  const { graph, prof, role } = q;
  for (const [id, r] of anyReach) {
    if (roleReach.has(id)) continue;
    const n = graph.nodes.get(id)!;
    if (isSession(n) || isMirror(n)) continue;
    const trace = traceOf(r, q.seeds);
    const notFollowed = [...new Set(r.chain.map((s) => s.type).filter((t) => !prof.edge_types.includes(t as never)))].sort();
    excludeNode(
      q,
      n,
      trace,
      "edge_type_not_followed",
      `edge type not followed: reachable only via ${notFollowed.join(", ")}, which ${role} does not follow (edge_types: ${prof.edge_types.join(", ") || "none"}); ${chainText(trace)}`,
      { not_followed: notFollowed },
    );
  }
}

/** The cap and pitfall injection (spec §5.3 steps 7–9): what is kept, in order, and how many pitfall-connected nodes. */
function selectByCap(q: QueryRun, candidates: Candidate[]): { kept: Kept[]; pitfallCount: number } {
  const { L } = q;
  const kept: Kept[] = [];
  let pitfallCount = 0;
  candidates.filter((c) => !c.below).forEach((c, i) => {
    const rankPos = i + 1;
    const pf = hasPitfall(q, c.node.id);
    if (i < L.max_nodes_per_loadout) {
      kept.push({ c, injected: false, rankPos });
      if (pf) pitfallCount++;
      return;
    }
    if (pf && pitfallCount < L.max_pitfall_nodes) {
      kept.push({ c, injected: true, rankPos });
      pitfallCount++;
      return;
    }
    const limitNote = pf ? `; it carries pitfall warnings, but max_pitfall_nodes ${L.max_pitfall_nodes} pitfall-connected nodes are already in` : "";
    excludeNode(q, c.node, c.trace, "cut_by_cap", `cut by cap: rank place ${rankPos} > max_nodes_per_loadout ${L.max_nodes_per_loadout} (${rankText(c.figures)})${limitNote}; ${reachText(c.trace)}`, {
      rank: c.figures.rank,
      rank_position: rankPos,
    });
  });
  // Below the threshold but pitfall-connected: injected after the ranked ones, within max_pitfall_nodes.
  for (const c of candidates.filter((x) => x.below)) {
    if (pitfallCount < L.max_pitfall_nodes) {
      kept.push({ c, injected: true, rankPos: 0 });
      pitfallCount++;
      continue;
    }
    excludeNode(
      q,
      c.node,
      c.trace,
      "below_threshold",
      `below threshold: confidence ${fmtNum(c.node.confidence)} < min_confidence_threshold ${fmtNum(L.min_confidence_threshold)}; it carries pitfall warnings, but max_pitfall_nodes ${L.max_pitfall_nodes} pitfall-connected nodes are already in; ${reachText(c.trace)}`,
    );
  }
  return { kept, pitfallCount };
}

/** load_with: co-loaded after the selection (a loading hint, not an edge), at most max_nodes_per_loadout of them. */
function addCoLoads(q: QueryRun, kept: Kept[]): void {
  const byKept = new Map(kept.map((k) => [k.c.node.id, k.c]));
  const loadableHere = (n: GNode) => !isSession(n) && !isMirror(n) && LOADABLE.has(n.status) && !q.exclude.has(n.domain);
  const co = coLoads(kept.map((k) => k.c.node), (id) => q.graph.nodes.get(id), loadableHere, q.L.max_nodes_per_loadout);
  for (const x of co) {
    const via = byKept.get(x.with)!;
    kept.push({ c: { node: x.node, trace: via.trace, figures: figuresOf(q, x.node, via.trace, false), coWith: x.with }, injected: false, rankPos: 0 });
  }
  const coIds = new Set(co.map((x) => x.node.id));
  for (let i = q.excluded.length - 1; i >= 0; i--) if (coIds.has(q.excluded[i]!.id)) q.excluded.splice(i, 1);
}

function queryNode(q: QueryRun, { c, injected, rankPos }: Kept, i: number, pitfallCount: number): QueryNode {
  const { L } = q;
  const n = c.node;
  let why = `${reachText(c.trace)}; ${rankText(c.figures)}`;
  if (c.coWith) {
    why = `co-loaded with ${c.coWith}: it names ${n.id} in load_with (a loading hint, not an edge: nothing propagates through it); ${rankText(c.figures)}`;
  } else if (c.below) {
    why += `; pitfall injection below threshold: confidence ${fmtNum(n.confidence)} < min_confidence_threshold ${fmtNum(L.min_confidence_threshold)}, kept for its pitfall warnings only (spec §5.3 step 9; ${pitfallCount} of max_pitfall_nodes ${L.max_pitfall_nodes} pitfall-connected nodes in)`;
  } else if (injected) {
    why += `; pitfall injection: rank place ${rankPos} is beyond max_nodes_per_loadout ${L.max_nodes_per_loadout}, kept because it carries pitfall warnings (${pitfallCount} of max_pitfall_nodes ${L.max_pitfall_nodes} pitfall-connected nodes in)`;
  }
  return {
    id: n.id,
    rank: c.figures.rank,
    why,
    position: i + 1,
    title: String(n.title ?? n.id),
    domain: String(n.domain),
    status: String(n.status),
    confidence: n.confidence,
    node_origin: String(n.node_origin),
    seed: !c.coWith && c.trace.chain.length === 0,
    pitfall_injected: injected,
    ...(c.below ? { below_threshold: true as const } : {}),
    ...(c.coWith ? { co_loaded_with: c.coWith } : {}),
    trace: c.trace,
    rank_figures: c.figures,
  };
}

/** The selection's pitfall warnings and the session nodes they and the tags lead to (spec §5.3 step 10). */
function pitfallsAndSessions(q: QueryRun, nodes: QueryNode[], sessionMatches: Map<string, string[]>): Pick<QueryResult, "pitfalls" | "sessions" | "session_details"> {
  const { graph } = q;
  const pitfalls: QueryPitfall[] = [];
  const sessionInfo = new Map<string, { via: Set<"pitfall" | "tag">; from: string[]; tags: string[] }>();
  const sessionEntry = (id: string) => {
    let e = sessionInfo.get(id);
    if (!e) sessionInfo.set(id, (e = { via: new Set(), from: [], tags: [] }));
    return e;
  };
  if (q.followsPitfalls) {
    for (const n of nodes) {
      for (const l of pitfallLinks(graph, n.id)) {
        pitfalls.push({ from: n.id, to: l.target, note: l.note ?? "", weight: l.weight, ...(l.reports?.length ? { reports: l.reports } : {}) });
        const e = sessionEntry(l.target);
        e.via.add("pitfall");
        e.from.push(n.id);
      }
    }
  }
  for (const [id, matched] of sessionMatches) {
    const e = sessionEntry(id);
    e.via.add("tag");
    e.tags = matched;
  }
  const sessions = [...sessionInfo.keys()].sort();
  const session_details: QuerySession[] = sessions.map((id) => {
    const s = graph.nodes.get(id)!;
    const e = sessionInfo.get(id)!;
    const whys: string[] = [];
    if (e.via.has("pitfall")) whys.push(`pitfall edge from ${e.from.join(", ")}`);
    if (e.via.has("tag")) whys.push(`tag ${e.tags.map((t) => `"${t}"`).join(", ")} matches`);
    return {
      id,
      why: whys.join("; "),
      via: (["pitfall", "tag"] as const).filter((v) => e.via.has(v)),
      title: String(s.title ?? id),
      phase: typeof s.phase === "number" ? s.phase : null,
      outcome: typeof s.outcome === "string" ? s.outcome : null,
      task_status: typeof s.task_status === "string" ? s.task_status : null,
      content_ref: typeof s.content_ref === "string" ? s.content_ref : null,
      pitfall_from: e.from,
      matched_tags: e.tags,
    };
  });
  return { pitfalls, sessions, session_details };
}

/** The tags no domain node carries, and the notes that explain an empty or partial result. */
function queryNotes(q: QueryRun, tags: string[]): { unmatched: string[]; notes: string[] } {
  const key = (t: string) => (q.L.tag_match === "exact" ? t : t.toLowerCase());
  const seedLower = new Set<string>();
  for (const m of q.seeds.values()) for (const t of m) seedLower.add(key(t));
  const unmatched = tags.filter((t) => !seedLower.has(key(t)));
  const notes: string[] = [];
  // An empty result is what a new repository gives (spec UR-01's cold start); the note says what to do instead.
  const instead = "search the knowledge by the task's words instead (`akms search`)";
  if (!tags.length) notes.push(`no seed tags were given, so no node can be a seed: the result is empty — ${instead}`);
  else if (!q.seeds.size) notes.push(`no domain node carries any of the tags ${tags.map((t) => `"${t}"`).join(", ")}: the result is empty — ${instead}`);
  else if (unmatched.length) notes.push(`tag${unmatched.length > 1 ? "s" : ""} ${unmatched.map((t) => `"${t}"`).join(", ")} matched no domain node`);
  if (!q.followsPitfalls) notes.push(`${q.role} does not follow pitfall edges (edge_types: ${q.prof.edge_types.join(", ")}): no pitfall warnings or pitfall injection`);
  return { unmatched, notes };
}

export function queryGraph(graph: QueryGraph, cfg: LoadedConfig, opts: QueryOptions): QueryResult {
  const role = opts.role;
  const prof = cfg.config.query_roles[role];
  const rankFn = cfg.rank[role];
  if (!prof || !rankFn || !Object.hasOwn(cfg.config.query_roles, role)) throw unknownRoleError(role, cfg);
  const L = cfg.config.loadout;
  const tags = normalizeTags(opts.tags);
  const { seeds, sessions: sessionMatches } = matchSeeds(graph, tags, L.tag_match === "exact");
  const q: QueryRun = {
    graph,
    role,
    prof,
    rankFn,
    L,
    seeds,
    followsPitfalls: prof.edge_types.includes("pitfall"),
    exclude: new Set(prof.exclude_domains),
    prefer: new Set(prof.prefer_domains),
    excluded: [],
  };
  const seedIds = [...seeds.keys()].sort();
  const both = L.ego_direction === "both";
  const roleReach = traverse(graph, seedIds, new Set(prof.edge_types), L.max_depth, both);
  const anyReach = traverse(graph, seedIds, null, L.max_depth, both);
  const candidates = rankCandidates(q, roleReach);
  excludeUnfollowed(q, anyReach, roleReach);
  const { kept, pitfallCount } = selectByCap(q, candidates);
  addCoLoads(q, kept);
  const nodes = kept.map((k, i) => queryNode(q, k, i, pitfallCount));
  const { pitfalls, sessions, session_details } = pitfallsAndSessions(q, nodes, sessionMatches);
  const { unmatched, notes } = queryNotes(q, tags);
  q.excluded.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    role,
    seed_tags: tags,
    seeds: seedIds,
    nodes,
    pitfalls,
    sessions,
    excluded: q.excluded,
    graph_version: graph.version,
    profile: {
      edge_types: [...prof.edge_types],
      rank_formula: prof.rank_formula,
      prefer_domains: [...prof.prefer_domains],
      exclude_domains: [...prof.exclude_domains],
      follows_pitfalls: q.followsPitfalls,
      max_depth: L.max_depth,
      max_nodes_per_loadout: L.max_nodes_per_loadout,
      max_pitfall_nodes: L.max_pitfall_nodes,
      min_confidence_threshold: L.min_confidence_threshold,
    },
    unmatched_tags: unmatched,
    session_details,
    notes,
  };
}

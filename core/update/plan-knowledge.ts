// An update's new knowledge (spec §5.5 step 4): each new_knowledge entry is deduplicated against the
// tentative nodes of its domain (the graph's, and those this update creates); a close local match
// gets a dedup section appended, anything else becomes a new tentative local node.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bestMatch, dedupText, nodeDedupText, type DedupCandidate } from "./dedup.js";
import type { EvidenceDoc } from "./documents.js";
import { NodeFiles } from "../node-files.js";
import { allocateId, appendDedupSection, newNodeText, sanitizeDraft, titleFromId } from "./nodes.js";
import type { DocumentResult } from "./plan-types.js";
import { inDomain, type PlanState } from "./plan-state.js";

type Candidate = { id: string; origin: "local" | "global"; title: string; file: string | null };

/** What new knowledge the whole update has created or appended to, across its documents. */
export interface Knowledge {
  created: Map<string, { domain: string; title: string; file: string }>;
  /** Local node files appended to: their text before. */
  appendedFrom: Map<string, string>;
  apply(d: EvidenceDoc, base: DocumentResult, sid: string, sessionIds: ReadonlySet<string>): void;
}

function uniq<T>(xs: Iterable<T>): T[] {
  return [...new Set(xs)];
}

export function newKnowledge(st: PlanState): Knowledge {
  const { ctx, graph, planned, warnings } = st;
  const files = new NodeFiles(ctx);
  const created = new Map<string, { domain: string; title: string; file: string }>();
  const appendedFrom = new Map<string, string>();
  const candidatesByDomain = new Map<string, Candidate[]>();
  const graphCandidates = (domain: string): Candidate[] => {
    let list = candidatesByDomain.get(domain);
    if (!list) {
      list = [];
      for (const n of inDomain(graph, domain)) {
        if (n.status !== "tentative") continue;
        if (n.node_origin !== "local" && n.node_origin !== "global") continue;
        const found = (n.node_origin === "local" ? files.local : files.global).find(n.id);
        list.push({ id: n.id, origin: n.node_origin, title: String(n.title ?? n.id), file: found?.file ?? null });
      }
      candidatesByDomain.set(domain, list);
    }
    return list;
  };
  const currentText = (file: string): string | null => {
    const p = planned.get(file);
    if (p) return typeof p.data === "string" ? p.data : p.data.toString("utf8");
    try {
      return readFileSync(file, "utf8");
    } catch {
      return null;
    }
  };
  const candidateText = (title: string, file: string | null): string => nodeDedupText(title, file ? currentText(file) : null);

  const apply = (d: EvidenceDoc, base: DocumentResult, sid: string, sessionIds: ReadonlySet<string>) => {
    const takenId = (id: string) =>
      graph.nodes.has(id) ||
      created.has(id) ||
      sessionIds.has(id) ||
      Boolean(st.sessions[id]) ||
      planned.has(join(ctx.paths.localNodes, `${id}.md`)) ||
      existsSync(join(ctx.paths.localNodes, `${id}.md`));
    const missing = new Map((d.data.nodes_missing ?? []).map((m) => [m.suggested_id, m]));
    for (const [i, k] of (d.data.new_knowledge ?? []).entries()) {
      const m = missing.get(k.suggested_id);
      const domain = k.domain ?? m?.domain ?? "uncategorized";
      if (k.domain !== undefined && (graph.domainIndex.get(k.domain)?.length ?? 0) === 0 && ![...created.values()].some((c) => c.domain === k.domain)) {
        warnings.push(`${d.shown}: new_knowledge[${i}].domain "${k.domain}" is not the domain of any node yet; ${k.suggested_id} starts it (check the spelling)`);
      }
      const title = k.title ?? titleFromId(k.suggested_id);
      const tags = uniq([...(k.tags?.length ? k.tags : (m?.tags ?? []))]);
      const draft = sanitizeDraft(k.content_draft);
      const cands: (DedupCandidate & { file: string | null })[] = graphCandidates(domain).map((c) => ({
        id: c.id,
        origin: c.origin,
        file: c.file,
        text: candidateText(c.title, c.file),
      }));
      for (const [id, c] of created) {
        if (c.domain === domain) cands.push({ id, origin: "local", file: c.file, text: candidateText(c.title, c.file) });
      }
      const match = bestMatch({ id: k.suggested_id, text: dedupText(title, draft) }, cands, ctx.cfg.config.graph.dedup_threshold);
      const target = match ? cands.find((c) => c.id === match.id)! : null;
      if (match && target && match.origin === "local" && target.file) {
        const prev = planned.get(target.file);
        if (prev === undefined) appendedFrom.set(target.file, currentText(target.file) ?? "");
        planned.set(target.file, {
          data: appendDedupSection(currentText(target.file) ?? "", { nodeId: match.id, session: sid, score: match.score, suggestedId: k.suggested_id, draft }),
          action: prev?.action === "created" ? "created" : "appended",
        });
        base.new_knowledge.push({ suggested_id: k.suggested_id, node: match.id, match: match.id, match_origin: "local", score: match.score, action: "appended" });
        continue;
      }
      const id = allocateId(k.suggested_id, takenId);
      if (id !== k.suggested_id) warnings.push(`${d.shown}: new knowledge "${k.suggested_id}" is taken; created "${id}" instead`);
      const file = join(ctx.paths.localNodes, `${id}.md`);
      planned.set(file, {
        data: newNodeText({
          id,
          title,
          domain,
          tags: tags.length ? tags : [domain],
          session: sid,
          phase: d.phase,
          suggestedId: k.suggested_id,
          draft,
          ...(match ? { similarTo: { id: match.id, score: match.score } } : {}),
        }),
        action: "created",
      });
      created.set(id, { domain, title, file });
      base.new_knowledge.push({
        suggested_id: k.suggested_id,
        node: id,
        match: match?.id ?? null,
        match_origin: match?.origin ?? null,
        score: match?.score ?? null,
        action: "created",
      });
    }
  };
  return { created, appendedFrom, apply };
}

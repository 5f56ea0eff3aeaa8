// A node's confidence history for the History screen: the overlay's recorded changes
// (`nodes.<id>.history: [{date, confidence, cause}]`), the global default and the floor.
import type { GraphIndex } from "../../core/graph.js";
import type { Overlay } from "../../core/schemas/overlay.js";
import type { Config } from "../../core/config.js";

export interface HistoryChange {
  date: string;
  confidence: number;
  cause: string;
  /** Change from the previous value (from the global default for the first). */
  delta: number;
  kind: "session" | "review" | "other";
}

export interface NodeHistory {
  id: string;
  globalDefault: number | null;
  /** The node's confidence_floor, else the configured min_confidence. */
  floor: number;
  floorFrom: "node" | "config";
  current: number | null;
  changes: HistoryChange[];
  /** Points for the chart: the default first, then each recorded value. */
  series: number[];
  /** The date of each point of `series` ("" for the global default, which has none). */
  dates: string[];
}

const REVIEW_CAUSES = /^(promote|draft|undraft|dedup-accept|dedup-reject|undo|review)\b/;

export function causeKind(cause: string): HistoryChange["kind"] {
  if (cause.startsWith("session-")) return "session";
  if (REVIEW_CAUSES.test(cause)) return "review";
  return "other";
}

export function nodeHistory(graph: GraphIndex, overlay: Overlay | null, cfg: Config, id: string): NodeHistory {
  const n = graph.nodes.get(id);
  const globalDefault = typeof n?.confidence_default === "number" ? n.confidence_default : null;
  const nodeFloor = typeof n?.confidence_floor === "number" ? n.confidence_floor : null;
  const floor = nodeFloor ?? cfg.confidence.min_confidence;
  const raw = overlay?.nodes?.[id]?.history ?? [];
  const changes: HistoryChange[] = [];
  let prev = globalDefault ?? raw[0]?.confidence ?? 0;
  for (const h of raw) {
    changes.push({ date: h.date, confidence: h.confidence, cause: h.cause, delta: h.confidence - prev, kind: causeKind(h.cause) });
    prev = h.confidence;
  }
  const current = typeof n?.confidence === "number" ? n.confidence : null;
  const series = [...(globalDefault !== null ? [globalDefault] : []), ...changes.map((c) => c.confidence)];
  const dates = [...(globalDefault !== null ? [""] : []), ...changes.map((c) => String(c.date))];
  if (!changes.length && current !== null && current !== globalDefault) {
    series.push(current);
    dates.push("");
  }
  return { id, globalDefault, floor, floorFrom: nodeFloor !== null ? "node" : "config", current, changes, series, dates };
}

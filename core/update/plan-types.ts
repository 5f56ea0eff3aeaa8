// The account an update gives of what it did (its --json and report), shared by the planner's steps.
import type { EvidenceKind } from "./documents.js";
import type { StepKind } from "./confidence.js";

export interface PitfallRecord {
  from: string;
  to: string;
  weight: number;
  note: string;
}

export interface DedupEvent {
  suggested_id: string;
  /** The node the draft went to: the matched local node (appended) or the new node (created). */
  node: string;
  match: string | null;
  match_origin: "local" | "global" | null;
  score: number | null;
  action: "appended" | "created";
}

export interface BlockingRecord {
  /** Downstream task ids this failure blocks (the entry's `blocks`, else the PCD's recommended_start). */
  tasks: string[];
  tests: string[];
  reason?: string;
}

export interface DocumentResult {
  file: string;
  kind: EvidenceKind;
  session: string;
  phase: number;
  task_id: string | null;
  /** What the document says it was given (an AgentMemory's `loadout_used`; a PCD's). */
  loadout_used: string | null;
  status: "applied" | "already-applied" | "would-apply";
  source_hash: string;
  content_ref: string | null;
  pitfalls: PitfallRecord[];
  unanchored_pitfalls: { description: string; severity: "high" | "medium" | "low" }[];
  /** What became of each new_knowledge entry (dedup outcome). */
  new_knowledge: DedupEvent[];
  blocking: BlockingRecord[];
  /** nodes_used entries naming auto_update nodes (code mirror, sessions): left untouched. */
  untouched_auto_update: string[];
  /** Reported pitfalls the graph knew before this document (core/agent/record.ts knownPitfalls; said by `akms update`). */
  known_pitfalls?: { node: string; known_since: string[]; loaded: boolean | null; says: string }[];
}

export interface StepRecord {
  session: string;
  kind: StepKind;
  before: number;
  after: number;
  why: string;
}

export interface NodeChange {
  id: string;
  before: number;
  after: number;
  activations_added: number;
  steps: StepRecord[];
}

export interface PlanResult {
  documents: DocumentResult[];
  nodes: NodeChange[];
  files: { created: string[]; appended: string[]; updated: string[] };
  warnings: string[];
}

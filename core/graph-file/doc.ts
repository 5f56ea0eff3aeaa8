// graph.json's document (spec §5.2, DESIGN §2): the NetworkX node-link shape every writer emits
// and every reader reads — the format, without the compiler that makes it.

export interface BuildWarning {
  code:
    | "ID_COLLISION"
    | "DUPLICATE_ID"
    | "DANGLING_EDGE"
    | "DUPLICATE_EDGE"
    | "PITFALL_TARGET"
    | "ORPHANED_OVERLAY"
    | "MISSING_CONTENT_REF"
    | "SESSION_ID_TAKEN"
    | "AUTO_UPDATE_OVERRIDE"
    | "MISSING_CONTENT_DRAFT"
    | "MISSING_SUMMARY"
    | "SYMLINK_OUTSIDE";
  message: string;
  file?: string;
  node?: string;
  source?: string;
  target?: string;
  type?: string;
}

/** The indent level of a node in graph.json's "nodes" list (a node's text is written, and kept, at it). */
export const NODE_DEPTH = 2;

export interface GraphNode {
  id: string;
  [attr: string]: unknown;
}

/** A node as graph.json holds it: the attributes every node has, typed. */
export interface GNode extends GraphNode {
  title: string;
  domain: string;
  tags?: string[];
  status: string;
  confidence: number;
  confidence_default: number;
  source: string;
  node_origin: "global" | "local" | "code-mirror";
  activations?: number;
  last_activated?: string;
  confidence_floor?: number | null;
  auto_update?: boolean;
  content_ref?: string | null;
  context_size?: string | null;
  reading_priority?: string | null;
}

export interface GraphLink {
  source: string;
  target: string;
  type: string;
  weight: number;
  edge_origin: "global" | "local";
  note?: string;
  /** Pitfall edges reported by several agents (spec §5.8: never merged): every report as it came. */
  reports?: PitfallReport[];
}

/** One agent's report of a pitfall (a pitfall edge carrying more than one lists each). */
export interface PitfallReport {
  weight: number;
  severity: "high" | "medium" | "low";
  note: string;
  task_id?: string;
}

export interface GraphDoc {
  directed: true;
  multigraph: false;
  graph: {
    akms_schema: "v2";
    generated_at: string;
    node_count: number;
    edge_count: number;
    global_vault: string;
    repo_id: string;
    warnings: BuildWarning[];
  };
  nodes: GraphNode[];
  links: GraphLink[];
}

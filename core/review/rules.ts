// May this review action run on this node? The one rule set, asked by the core actions
// (actions.ts, which turn a refusal into its error), the console's confirmation and its `?` help
// and key hints (screens/node-actions.ts). Pure: the facts come from the caller — the node's file
// for the core, the compiled graph for the console (which recompiles before it asks).

export type ReviewAction = "promote" | "draft" | "undraft" | "dedup-accept" | "dedup-reject" | "edit";

/** What the rules need to know of the node. */
export interface RuleFacts {
  id: string;
  /** node_origin: global | local | code-mirror. */
  origin: string;
  status: string;
  domain: string;
  /** An established agent node whose status was set outside the review (self-promotion.ts): promote records the acceptance. */
  outsideReview?: boolean;
  /** Pending dedup sections in the node's file, when the caller has read it. */
  pendingDedup?: number;
}

export type RefusalKind =
  /** Nothing to do: the node already is what the action would make it. */
  | "already"
  /** A global node's file: akms never edits the vault. */
  | "vault"
  /** A draft is parked, not awaiting review: undraft first. */
  | "parked"
  /** Deprecated: retired, never loaded, not promoted. */
  | "retired"
  /** Not draft: nothing to undraft. */
  | "not-draft"
  /** A session record or a generated mirror node: not reviewable knowledge. */
  | "not-knowledge"
  /** No pending dedup section to decide. */
  | "no-dedup";

export interface Refusal {
  kind: RefusalKind;
  /** One line, for the status bar, the `?` help and the CLI's error. */
  reason: string;
}

const no = (kind: RefusalKind, reason: string): Refusal => ({ kind, reason });

function notKnowledge(f: RuleFacts): Refusal | null {
  if (f.domain === "session") return no("not-knowledge", "a session record, not reviewable knowledge");
  if (f.origin === "code-mirror" || f.domain === "code-mirror") return no("not-knowledge", "a generated mirror node: its status follows its docstrings");
  return null;
}

/** Why `action` does nothing on this node (null: it may go ahead to its confirmation). */
export function actionRefusal(action: ReviewAction, f: RuleFacts): Refusal | null {
  const other = notKnowledge(f);
  switch (action) {
    case "promote":
      if (other) return other;
      if (f.origin === "global") return f.status === "established" ? no("already", "already established (a global node)") : no("vault", "a global node: promoted by hand in the vault");
      if (f.status === "established") return f.outsideReview ? null : no("already", "already established");
      if (f.status === "draft") return no("parked", "draft: undraft it first (a draft is parked, not awaiting review)");
      if (f.status === "deprecated") return no("retired", "deprecated: a retired node is not promoted");
      return null;
    case "draft":
      if (other) return other;
      if (f.status === "draft") return no("already", "already draft (undraft brings it back)");
      if (f.status === "deprecated") return no("retired", "deprecated: never loaded already");
      return null;
    case "undraft":
      if (other) return other;
      return f.status === "draft" ? null : no("not-draft", `${f.status}, not draft`);
    case "dedup-accept":
    case "dedup-reject":
      if (other) return other;
      if (f.origin === "global") return no("vault", "a global node: dedup sections live only in local nodes");
      return f.pendingDedup === 0 ? no("no-dedup", "no pending dedup merge") : null;
    case "edit":
      if (f.origin === "local" && f.domain !== "session") return null;
      return f.origin === "global" ? no("vault", "a global node: akms never edits the vault") : no("not-knowledge", "no local node file to edit");
  }
}

export type BulkAction = "promote" | "draft" | "undraft";

/** The actions that act on several nodes at once (bulk): the node's status ones, not a dedup decision. */
export function isBulkAction(a: string): a is BulkAction {
  return a === "promote" || a === "draft" || a === "undraft";
}

// The node actions (promote, draft, undraft, dedup accept/reject, edit) in the console: whether an
// action does nothing here and why (the core's rules, core/review/rules.ts), and what its
// confirmation says. Pure: the router,
// the `?` help (which greys out a key with its reason) and the shell's confirmation all ask here.
import type { DedupSection } from "../core/review/dedup-sections.js";
import type { ReviewItem } from "../src/console/review-view.js";
import { primaryKey, type Command } from "../src/console/keybindings.js";
import { actionRefusal, type BulkAction, type RefusalKind, type RuleFacts } from "../core/review/rules.js";
import { plural } from "../core/plural.js";

export type ActionName = "promote" | "draft" | "undraft" | "dedup-accept" | "dedup-reject" | "undo";

export interface ConfirmData {
  action: ActionName;
  id: string;
  /** One action over several nodes (marked): every node, in order, and the sha256 each was shown with. */
  ids?: string[];
  expectedShas?: (string | undefined)[];
  expectedSha?: string;
  session?: string;
  title: string;
  lines: string[];
  cli: string;
}

export type NodeAction = Exclude<ActionName, "undo"> | "edit";

/** What the rules need to know of the node an action would apply to (from the compiled graph). */
export type ActionFacts = RuleFacts;

/**
 * The rules' facts of a node; with its file's dedup sections when they have been read (the detail),
 * so that accept / reject are refused by the rule — in `?` and the hints too — not only by the dialog.
 */
export function factsOf(n: { id: string; node_origin?: unknown; status?: unknown; domain?: unknown }, dedup?: readonly DedupSection[]): ActionFacts {
  const facts: ActionFacts = { id: n.id, origin: String(n.node_origin), status: String(n.status), domain: String(n.domain) };
  return dedup ? { ...facts, pendingDedup: dedup.filter((d) => d.status === "pending").length } : facts;
}

export interface Refusal {
  /** One line, for the status bar and the help overlay. */
  reason: string;
  title: string;
  lines: string[];
  tone: "normal" | "error";
}

const TITLES: Record<RefusalKind, string> = {
  already: "Nothing to do",
  vault: "Global nodes are edited by hand",
  parked: "Draft: undraft it first",
  retired: "Deprecated",
  "not-draft": "Not draft",
  "not-knowledge": "Not reviewable here",
  "no-dedup": "No pending dedup",
};

/**
 * Why `action` does nothing on this node (null: it may go ahead to its confirmation), by the core's
 * one rule set (core/review/rules.ts); this adds the dialog's title and lines. `shown`: the node's file as shown.
 */
export function nodeActionRefusal(action: NodeAction, n: ActionFacts, shown: string | null = null): Refusal | null {
  const no = actionRefusal(action, n);
  if (!no) return null;
  const lines = [`${n.id}: ${no.reason}.`];
  if (no.kind === "vault") lines.push(`It lives in the global vault (${shown ?? "the vault"}); akms never edits it. To change it for every repository, edit the file by hand, then press R.`);
  if (no.kind === "parked") lines.push(`${primaryKey("undraft")} undraft${primaryKey("undraft").length === 1 ? "s" : ""} it; then it can be reviewed.`);
  const title = no.kind === "already" ? no.reason[0]!.toUpperCase() + no.reason.slice(1).replace(/ \(.*$/, "") : TITLES[no.kind];
  return { reason: no.reason, title, lines, tone: no.kind === "already" || no.kind === "not-draft" || no.kind === "no-dedup" ? "normal" : "error" };
}

const NODE_ACTIONS = new Set<string>(["promote", "draft", "undraft", "dedup-accept", "dedup-reject", "edit"]);

/** Why a node action key does nothing on this node (null: not a node action, or it may go ahead). */
export function nodeActionDisabled(cmd: Command, facts: ActionFacts | null): string | null {
  if (!NODE_ACTIONS.has(cmd)) return null;
  if (!facts) return "select a node first";
  return nodeActionRefusal(cmd as NodeAction, facts)?.reason ?? null;
}

/** The pending dedup section an accept/reject applies to: the one the selected item names, else the first pending one. */
export function dedupOf(item: ReviewItem | null, dedup: readonly DedupSection[]): DedupSection | null {
  if (!dedup.length) return null;
  const session = item && typeof item.raw.session === "string" ? item.raw.session : null;
  const pending = dedup.filter((d) => d.status === "pending");
  return (session ? dedup.find((d) => d.session === session && d.status === "pending") : null) ?? pending[0] ?? null;
}

export interface ConfirmFacts {
  facts: ActionFacts;
  shown: string;
  /** The action writes the overlay (a global node's draft/undraft), not the node's file. */
  isGlobal: boolean;
  overlayShown: string;
  expectedSha?: string;
  dedup: readonly DedupSection[];
  /** The dedup section an accept/reject applies to. */
  section: DedupSection | null;
}

/** The word that agrees with a count ("it stays" / "they stay"). */
const agree = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The confirmation of an action that may go ahead, or a refusal (no pending dedup). */
export function confirmFor(action: Exclude<NodeAction, "edit">, c: ConfirmFacts): ConfirmData | Refusal {
  const { id, status } = c.facts;
  const base = { action, id, expectedSha: c.expectedSha, cli: `akms ${action} ${id}` };
  switch (action) {
    case "promote": {
      const lines = [`status ${status} → established in ${c.shown}`, "Its status changes (an agent draft's banner then says it was accepted). graph.json is recompiled; u undoes it."];
      const pending = c.dedup.filter((d) => d.status === "pending");
      if (pending.length) {
        lines.push(
          `${plural(pending.length, "dedup merge")} from ${pending.map((d) => d.session ?? "?").join(", ")} still pending: ${agree(pending.length, "it stays", "they stay")} pending in the established node (${primaryKey("dedup-accept")} accepts, ${primaryKey("dedup-reject")} rejects ${agree(pending.length, "it", "each")}).`,
        );
      }
      return { ...base, title: `Promote ${id}?`, lines };
    }
    case "draft":
      return {
        ...base,
        title: `Draft ${id}?`,
        lines: c.isGlobal
          ? [`For this repository only: ${c.overlayShown} gets nodes.${id}.status: draft.`, "The global file is not touched. A draft node is never loaded; u undoes it."]
          : [`status ${status} → draft in ${c.shown}`, "A draft node is kept but never loaded into a loadout; u undoes it."],
      };
    case "undraft":
      return {
        ...base,
        title: `Undraft ${id}?`,
        lines: c.isGlobal ? ["Removes this repository's draft override from local_state.yaml."] : [`status draft → loadable again in ${c.shown} (its status before the draft, else tentative)`],
      };
    case "dedup-accept":
    case "dedup-reject": {
      const sec = c.section;
      if (!sec) return { reason: "no pending dedup merge", title: "No pending dedup", lines: [`${id} has no pending dedup merge (see the Dedup events section).`], tone: "normal" };
      const session = sec.session ?? undefined;
      const accept = action === "dedup-accept";
      const from = `The draft from ${sec.session ?? "?"} (score ${sec.score ?? "?"})`;
      return {
        ...base,
        session,
        cli: `akms dedup ${accept ? "accept" : "reject"} ${id}${session ? ` ${session}` : ""}`,
        title: accept ? `Accept the merge into ${id}?` : `Reject the merge into ${id}?`,
        lines: [accept ? `${from} stays in ${c.shown}; its marker becomes accepted.` : `${from} leaves ${c.shown} and becomes its own tentative node.`, "graph.json is recompiled; u undoes it."],
      };
    }
  }
}

/** A marked node as a bulk confirmation needs it. */
export interface BulkItem {
  facts: ActionFacts;
  shown: string;
  isGlobal: boolean;
  expectedSha?: string;
}

const TO: Record<BulkAction, string> = { promote: "established", draft: "draft", undraft: "loadable again" };

/**
 * The one confirmation of p d D over the marked nodes: each node the rule lets the action run on,
 * with what changes; the others named with the rule's reason and left as they are. A refusal when
 * none may run.
 */
export function confirmBulk(action: BulkAction, items: BulkItem[], overlayShown: string): ConfirmData | Refusal {
  const may = items.filter((x) => actionRefusal(action, x.facts) === null);
  const skipped = items.filter((x) => actionRefusal(action, x.facts) !== null).map((x) => `  ${x.facts.id}: ${actionRefusal(action, x.facts)!.reason} — left as it is`);
  const done = action === "undraft" ? "undrafted" : `${action}d`;
  if (!may.length) return { reason: `no marked node can be ${done}`, title: "Nothing to do", lines: [items.length === 1 ? `The marked node cannot be ${done}:` : `None of the ${items.length} marked nodes can be ${done}:`, ...skipped], tone: "normal" };
  const ids = may.map((x) => x.facts.id);
  const lines = [
    // One line a node: its file is its id's (the single action's confirmation names it).
    ...may.map((x) => `  ${x.facts.id}: ${x.facts.status} → ${TO[action]}${x.isGlobal ? ` (${overlayShown}: this repository only)` : ""}`),
    ...(skipped.length ? [`Not ${done} (${skipped.length}):`, ...skipped] : []),
    may.length === 1 ? `${primaryKey("undo")} undoes it.` : `One batch in the review journal: one ${primaryKey("undo")} undoes all ${may.length}. If one is refused, none is done.`,
  ];
  const verb = action[0]!.toUpperCase() + action.slice(1);
  return { action, id: ids[0]!, ids, expectedShas: may.map((x) => x.expectedSha), title: `${verb} ${plural(may.length, "node")}?`, lines, cli: `akms ${action} ${ids.join(" ")}` };
}

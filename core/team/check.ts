// `akms check`: the one command a team runs in CI on a pull request — does the knowledge it carries
// hold together? Each finding names what is wrong and the command that fixes it; any finding fails
// the check. What it looks at:
//   CONFLICT_MARKERS       a file under knowledge/ that git tracks holds a conflict marker line
//   UNAPPLIED_EVIDENCE     a committed session document the overlay has not applied (or applied
//                          from other bytes): an overlay that lost a branch's evidence
//   UNCOMMITTED_EVIDENCE   a session the overlay applied whose document git does not track
//   OVERLAY_NOT_REPLAY     the overlay is not what its evidence gives when replayed in the canonical
//                          order (replayEvidence, in a scratch copy; --no-replay skips it)
//   MERGE_DRIVER           knowledge/.gitattributes does not route the overlay to the akms driver,
//                          or this clone's driver cannot run (a clone with no driver registered —
//                          every CI clone — is a note, not a finding)
//   GRAPH_STALE            graph.json is committed and is not the compile of the committed sources
//   PROMOTED_OUTSIDE_REVIEW an agent node is established with no `akms promote` in the review journal
//   DECISION_LOST          the review journal's last draft/undraft of a global node is not what the
//                          overlay says (a merge took the other side's overlay: a side whose draft
//                          and undraft left the overlay's bytes as the base's is never merged by git)
// Outside git only the checks that need no git run, and the result says so.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Context, ContextOptions } from "../context.js";
import { git } from "../mirror/select.js";
import { graphIsFresh } from "../compiler/build.js";
import { openGraph } from "../graph.js";
import { readOverlayState } from "../overlay-file.js";
import { unappliedSessions } from "./unapplied.js";
import { driverRuns, gitSetup } from "./register.js";
import { journalPromotions, promotedOutsideReview } from "../review/self-promotion.js";
import { replayEvidence } from "../eval/replay.js";
import { isAkmsError } from "../errors.js";
import { prepareRead } from "../settle.js";
import { readJournal, standingActions } from "../review/journal.js";
import { displayPath } from "../paths.js";

export interface Finding {
  code: string;
  message: string;
  file: string | null;
  fix: string;
}

export interface CheckResult {
  ok: boolean;
  findings: Finding[];
  notes: string[];
  /** Which checks ran (the git ones need a git work tree; the replay can be skipped). */
  checked: string[];
}

const MARKER = /^(<{7}|>{7})( |$)|^={7}$/m;

/** Tracked files under knowledge/ (repository-relative), or null outside git. */
function tracked(ctx: Context): string[] | null {
  const r = git(ctx.repo, ["ls-files", "-z", "--", ctx.paths.knowledge]);
  return r.ok ? r.stdout.split("\0").filter(Boolean) : null;
}

function conflictMarkers(ctx: Context, files: readonly string[]): Finding[] {
  const out: Finding[] = [];
  for (const rel of files) {
    let text: string;
    try {
      text = readFileSync(join(ctx.repo, rel), "utf8");
    } catch {
      continue;
    }
    const m = MARKER.exec(text);
    if (!m) continue;
    const line = text.slice(0, m.index).split("\n").length;
    out.push({
      code: "CONFLICT_MARKERS",
      message: `${rel}:${line} holds a conflict marker (${m[0].trim().slice(0, 7)}): a merge was committed unresolved`,
      file: rel,
      fix: rel.endsWith("local_state.yaml")
        ? "register the driver (`akms init --git`), then `git checkout -m -- " + rel + "` and commit: the driver replays both sides' evidence"
        : `resolve the conflict in ${rel} and commit`,
    });
  }
  return out;
}

/** Global nodes whose last journaled draft/undraft (not undone) the overlay does not carry. */
function lostDecisions(ctx: Context): Finding[] {
  const overlayPath = displayPath(ctx.repo, ctx.paths.overlay);
  const last = new Map<string, { action: string; seq: number }>();
  for (const e of standingActions(readJournal(ctx).entries)) {
    if ((e.action !== "draft" && e.action !== "undraft") || !e.files.some((f) => f.path === overlayPath)) continue;
    last.set(e.id, { action: e.action, seq: e.seq });
  }
  const nodes = readOverlayState(ctx)?.overlay.nodes ?? {};
  const out: Finding[] = [];
  for (const [id, d] of [...last].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const drafted = nodes[id]?.status === "draft";
    if (drafted === (d.action === "draft")) continue;
    out.push({
      code: "DECISION_LOST",
      message: `the review journal's last decision on ${id} is \`akms ${d.action}\` (#${d.seq}), but the overlay ${drafted ? "drafts" : "does not draft"} it: a merge took the other side's overlay`,
      file: overlayPath,
      fix: `decide ${id} once: \`akms ${d.action} ${id}\` to keep the journal's decision, or \`akms ${d.action === "draft" ? "undraft" : "draft"} ${id}\` to keep the overlay's`,
    });
  }
  return out;
}

/** `given`: the options `ctx` was loaded from (the read compiles with the vault as the user gave it, as every command does). */
export async function runCheck(ctx: Context, opts: { given: ContextOptions; env: NodeJS.ProcessEnv; replay: boolean }): Promise<CheckResult> {
  const findings: Finding[] = [];
  const notes: string[] = [];
  const checked: string[] = [];
  const files = tracked(ctx);
  if (files === null) notes.push("not a git work tree: the checks of committed files (conflict markers, unapplied and uncommitted evidence, the merge driver, a committed graph.json) did not run");
  else {
    checked.push("conflict markers");
    findings.push(...conflictMarkers(ctx, files));
  }
  // An overlay with markers is not data: the checks that read it would only repeat the finding.
  if (findings.length) return { ok: false, findings, notes, checked };

  if (files !== null) {
    checked.push("unapplied evidence", "uncommitted evidence", "merge driver");
    for (const u of unappliedSessions(ctx) ?? []) {
      findings.push({
        code: "UNAPPLIED_EVIDENCE",
        message: u.state === "not applied" ? `${u.file} (${u.session}) is committed but not applied in the overlay` : `${u.file} (${u.session}) is committed, but the overlay applied other bytes for its session`,
        file: u.file,
        fix: u.state === "not applied" ? `\`akms update ${u.file}\` (after a merge: the overlay lost this branch's evidence)` : `restore the document as it was applied (git log -- ${u.file}), or give the new evidence its own task id`,
      });
    }
    const have = new Set(files);
    const registry = readOverlayState(ctx)?.overlay.session_nodes ?? {};
    for (const [sid, rec] of Object.entries(registry)) {
      const rel = join(ctx.paths.knowledge, rec.content_ref).slice(ctx.repo.length + 1).split("\\").join("/");
      if (!have.has(rel)) findings.push({ code: "UNCOMMITTED_EVIDENCE", message: `the overlay applied ${sid} from ${rel}, which git does not track`, file: rel, fix: `commit ${rel} (a merge replays the overlay from the committed documents)` });
    }
    const g = gitSetup(ctx.paths);
    if (!g.routed && !g.attributes) findings.push({ code: "MERGE_DRIVER", message: "knowledge/.gitattributes does not route the overlay to the akms merge driver: merges leave conflicts in knowledge/graph/local_state.yaml", file: "knowledge/.gitattributes", fix: "`akms init --git` and commit knowledge/.gitattributes" });
    else if (g.configured === null) notes.push("this clone has no merge driver registered (a CI clone never has): developers run `akms init --git` once per clone");
    else {
      const runs = driverRuns(g.top!, g.configured);
      if (!runs.ok) findings.push({ code: "MERGE_DRIVER", message: `the registered merge driver cannot run: ${runs.why}`, file: null, fix: "`akms init --git` here" });
    }
    if (have.has(ctx.paths.graphJson.slice(ctx.repo.length + 1).split("\\").join("/"))) {
      checked.push("committed graph.json");
      if (!graphIsFresh(ctx)) findings.push({ code: "GRAPH_STALE", message: "graph.json is committed and is not the compile of the committed sources", file: "knowledge/graph/graph.json", fix: "`akms build` and commit graph.json (or stop committing it: it is derived)" });
    }
  }

  // From here the compiled graph is read: compiled first when it is missing or stale (after the committed graph.json was judged above).
  await prepareRead({ ...opts.given, env: opts.env });
  checked.push("promotions outside the review");
  const promoted = journalPromotions(ctx);
  for (const n of openGraph(ctx.paths).nodes.values()) {
    if (!promotedOutsideReview(n, promoted)) continue;
    findings.push({ code: "PROMOTED_OUTSIDE_REVIEW", message: `${n.id} is established, but no review promoted it (an agent node set established outside \`akms promote\`)`, file: null, fix: `a reviewer runs \`akms promote ${n.id}\`, or sets \`status: tentative\` in its file` });
  }

  checked.push("review decisions in the overlay");
  findings.push(...lostDecisions(ctx));

  if (opts.replay) {
    checked.push("the overlay is the replay of its evidence");
    let r: Awaited<ReturnType<typeof replayEvidence>>;
    try {
      r = await replayEvidence(ctx, opts.env);
    } catch (e) {
      if (!isAkmsError(e)) throw e;
      findings.push({ code: "OVERLAY_NOT_REPLAY", message: `the overlay's evidence cannot be replayed: ${e.message}`, file: e.file ?? "knowledge/graph/local_state.yaml", fix: e.hint ?? "`akms validate` names the problem" });
      return { ok: false, findings, notes, checked };
    }
    if (r.differs.length)
      findings.push({
        code: "OVERLAY_NOT_REPLAY",
        message: `the overlay is not what its ${r.docs.length} applied documents give when replayed in order (it differs in ${r.differs.join("; ")}): evidence applied out of order (by an older akms, or while a later session's document was gone), a hand edit of the overlay, a node edited since documents were applied through it (the replay compiles the vault and the hand-written nodes as they are now, and each draft as its session drafted it, without a reviewer's edges), state from sessions whose documents are gone, or an overlay another implementation or an older akms wrote`,
        file: "knowledge/graph/local_state.yaml",
        fix: "`akms eval replay` shows the replayed graph; if a side's evidence was lost in a merge, `akms update` its documents; a node edited between documents or state from pruned sessions cannot be checked (run with --no-replay)",
      });
  }
  return { ok: findings.length === 0, findings, notes, checked };
}

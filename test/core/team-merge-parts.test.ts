// The merge driver's pure parts: which file a path is, the journal's union, a node's dedup sections.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { classify } from "../../core/team/driver.js";
import { mergeJournals } from "../../core/team/merge-journal.js";
import { mergeNodeFile } from "../../core/team/merge-node.js";
import { MergeConflict } from "../../core/team/conflict.js";
import { appendDedupSection } from "../../core/update/nodes.js";

describe("classify", () => {
  test("names the files akms merges, also below the work tree's top, and nothing else", () => {
    assert.deepEqual(classify("knowledge/graph/local_state.yaml"), { kind: "overlay", knowledge: "knowledge" });
    assert.deepEqual(classify("svc/api/knowledge/graph/review_log.jsonl"), { kind: "journal", knowledge: "svc/api/knowledge" });
    assert.deepEqual(classify("knowledge/local-nodes/x.md"), { kind: "local-node", knowledge: "knowledge" });
    assert.deepEqual(classify("knowledge/graph/graph.json"), { kind: "graph", knowledge: "knowledge" });
    assert.equal(classify("notes/graph/local_state.yaml").kind, "other");
    assert.equal(classify("knowledge/local-nodes/sub/x.md").kind, "other");
  });
});

const entry = (seq: number, at: string, id: string, undoes: number | null = null) =>
  JSON.stringify({ seq, at, action: undoes === null ? "draft" : "undo", id, cli: `akms draft ${id}`, undoes, message: "m", files: [] });
const buf = (lines: string[]) => Buffer.from(lines.map((l) => l + "\n").join(""));

describe("mergeJournals", () => {
  test("keeps the base's lines, orders both sides' additions by time, renumbers, and follows undo references", () => {
    const base = [entry(1, "2026-03-01T00:00:00Z", "a")];
    const ours = [...base, entry(2, "2026-03-04T00:00:00Z", "b")];
    const theirs = [...base, entry(2, "2026-03-02T00:00:00Z", "c"), entry(3, "2026-03-03T00:00:00Z", "c", 2)];
    const out = mergeJournals({ base: buf(base), ours: buf(ours), theirs: buf(theirs), shown: "j" }).toString("utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(out.map((e) => [e.seq, e.id, e.undoes]), [
      [1, "a", null],
      [2, "c", null],
      [3, "c", 2],
      [4, "b", null],
    ]);
  });

  test("an entry both sides added (a cherry-picked action) is kept once; a broken line is refused by name", () => {
    const base = [entry(1, "2026-03-01T00:00:00Z", "a")];
    const both = [...base, entry(2, "2026-03-02T00:00:00Z", "b")];
    assert.equal(mergeJournals({ base: buf(base), ours: buf(both), theirs: buf(both), shown: "j" }).toString("utf8"), buf(both).toString("utf8"));
    assert.throws(() => mergeJournals({ base: buf(base), ours: buf([...base, "{not json"]), theirs: buf(both), shown: "knowledge/graph/review_log.jsonl" }), /review_log\.jsonl \(ours\)|line 2 is not valid JSON/);
  });
});

const NODE = "---\nid: n\ntitle: N\n---\n\n# N\n";
const withSection = (text: string, session: string, draft: string) => appendDedupSection(text, { nodeId: "n", session, score: 0.8, suggestedId: `${session}-k`, draft });
const textMerge = () => ({ text: "", clean: false });

describe("mergeNodeFile", () => {
  test("sections appended on both sides follow the base's, in the order of their sessions' dates", () => {
    const base = withSection(NODE, "session-x", "x");
    const ours = withSection(base, "session-late", "late");
    const theirs = withSection(base, "session-early", "early");
    const dates: Record<string, string> = { "session-late": "2026-03-09", "session-early": "2026-03-02" };
    const out = mergeNodeFile({ base, ours, theirs, shown: "n.md", sessionDate: (s) => dates[s] ?? null, mergeText: textMerge });
    assert.equal(out, withSection(withSection(base, "session-early", "early"), "session-late", "late"));
  });

  test("a section accepted on one side and removed on the other is a conflict naming the session", () => {
    const base = withSection(NODE, "session-x", "x");
    const accepted = base.replace("status=pending", "status=accepted");
    assert.throws(
      () => mergeNodeFile({ base, ours: NODE, theirs: accepted, shown: "n.md", sessionDate: () => null, mergeText: textMerge }),
      (e: unknown) => e instanceof MergeConflict && /session-x \(rejected on ours, accepted on theirs\)/.test(e.message) && e.names[0] === "session-x",
    );
  });

  test("a file whose sections are not where akms writes them is left to git's text merge", () => {
    const base = withSection(NODE, "session-x", "x") + "\nA person's note after the section.\n";
    assert.equal(mergeNodeFile({ base, ours: base + "ours\n", theirs: base + "theirs\n", shown: "n.md", sessionDate: () => null, mergeText: textMerge }), null);
  });
});

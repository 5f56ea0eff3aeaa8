import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bestMatch, jaccard, tokens } from "../../core/update/dedup.js";
import { draftTextOf } from "../../core/update/nodes.js";
import { parseDedupSections, sectionDraft } from "../../core/review/dedup-sections.js";
import { treeHash, write } from "../helpers.js";
import { kb, memory, run } from "../update-helpers.js";

test("tokens are the [a-z0-9]+ runs of the lower-cased text", () => {
  assert.deepEqual([...tokens("FFT-based Green's operator, v2 (2026)")], ["fft", "based", "green", "s", "operator", "v2", "2026"]);
  assert.deepEqual([...tokens("—…")], []);
});

test("Jaccard on token sets: |A∩B| / |A∪B|, 0 for two empty texts", () => {
  assert.equal(jaccard(tokens("a b c"), tokens("b c d")), 0.5);
  assert.equal(jaccard(tokens("a a b"), tokens("b a")), 1);
  assert.equal(jaccard(tokens(""), tokens("")), 0);
  assert.equal(jaccard(tokens("a b c"), tokens("d e f g")), 0);
  assert.equal(jaccard(tokens("x y z"), tokens("x y")), 0.666667);
});

test("a match needs a score above the threshold; an exact id scores 1.0; ties go to the lowest id", () => {
  const cands = [
    { id: "b-node", origin: "local" as const, text: "a b c d" },
    { id: "a-node", origin: "global" as const, text: "a b c d" },
    { id: "c-node", origin: "local" as const, text: "a b c e" },
  ];
  assert.deepEqual(bestMatch({ id: "new", text: "a b c d" }, cands, 0.75), { id: "a-node", origin: "global", score: 1 });
  // 4/5 = 0.8 against c-node: exactly at the threshold is not a match.
  assert.equal(bestMatch({ id: "new", text: "a b c e z" }, [cands[2]!], 0.8), null);
  assert.deepEqual(bestMatch({ id: "new", text: "a b c e z" }, [cands[2]!], 0.79), { id: "c-node", origin: "local", score: 0.8 });
  // Exact id wins whatever the text.
  assert.deepEqual(bestMatch({ id: "c-node", text: "nothing alike" }, cands, 0.75), { id: "c-node", origin: "local", score: 1 });
});

test("a node's dedup text is its content_draft section without markers or agent lines", () => {
  const body = [
    "# T",
    "",
    "> **Agent-authored, awaiting review.** Drafted by `s` (phase 1); not trusted until a human reviews it:",
    "",
    "## content_draft",
    "",
    "alpha beta",
    "",
    "<!-- akms:dedup session=s2 score=0.8 status=pending -->",
    "**Agent-authored, awaiting review.** From `s2` (new knowledge `k`): `akms dedup accept t` or `akms dedup reject t`.",
    "",
    "gamma",
    "<!-- akms:end -->",
    "",
    "## Other",
    "",
    "delta",
  ].join("\n");
  assert.deepEqual([...tokens(draftTextOf(body))], ["alpha", "beta", "gamma"]);
  assert.deepEqual([...tokens(draftTextOf("# T\n\nplain body\n"))], ["t", "plain", "body"]);
});

const DRAFT = "Aliasing appears when the Green operator is evaluated on a coarse grid without zero padding";
const draftBody = (text: string) => `# Node\n\n## content_draft\n\n${text}\n`;

test("a near-duplicate of a local tentative node is appended to it as a pending section; nothing else is created", () => {
  const s = kb([], [
    { id: "aliasing", title: "Aliasing", domain: "fft", status: "tentative", source: "human", body: draftBody(DRAFT) },
    { id: "aliasing-settled", title: "Aliasing", domain: "fft", status: "established", source: "human", body: draftBody(DRAFT) },
  ]);
  const file = join(s.knowledge, "local-nodes", "aliasing.md");
  const before = readFileSync(file, "utf8");
  write(join(s.dir, "am.md"), memory({ task: "t1", knowledge: [{ suggested_id: "green-aliasing", title: "Aliasing", domain: "fft", content_draft: DRAFT + " again" }] }));
  const r = run(s, ["update", "am.md", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  assert.deepEqual(r.json.files.appended, ["knowledge/local-nodes/aliasing.md"]);
  assert.deepEqual(r.json.files.created.filter((f: string) => f.includes("local-nodes")), []);
  const ev = r.json.documents[0].new_knowledge[0];
  assert.deepEqual([ev.action, ev.node, ev.match_origin], ["appended", "aliasing", "local"]);
  assert.ok(ev.score > 0.75 && ev.score < 1);
  const after = readFileSync(file, "utf8");
  assert.ok(after.startsWith(before), "the node's own bytes stay as they were");
  const added = after.slice(before.length);
  assert.match(added, new RegExp(`^\\n<!-- akms:dedup session=session-t1 score=${ev.score} status=pending -->\\n\\*\\*Agent-authored, awaiting review\\.\\*\\*`));
  assert.match(added, /\n<!-- akms:end -->\n$/);
  // The review actions read back exactly what was written.
  const [sec] = parseDedupSections(after);
  assert.equal(sec!.session, "session-t1");
  assert.equal(sec!.status, "pending");
  assert.equal(sec!.score, ev.score);
  assert.deepEqual(sectionDraft(sec!), { draft: DRAFT + " again", suggestedId: "green-aliasing" });
  assert.equal(existsSync(join(s.knowledge, "local-nodes", "green-aliasing.md")), false);
});

test("a near-duplicate of a global tentative node becomes a new local node; the global file is never touched", () => {
  const s = kb([{ id: "aliasing", title: "Aliasing", domain: "fft", status: "tentative", body: draftBody(DRAFT) }]);
  const vault = treeHash(s.vault);
  write(join(s.dir, "am.md"), memory({ task: "t1", knowledge: [{ suggested_id: "aliasing", title: "Aliasing", domain: "fft", content_draft: DRAFT }] }));
  const r = run(s, ["update", "am.md", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const ev = r.json.documents[0].new_knowledge[0];
  assert.deepEqual([ev.action, ev.node, ev.match, ev.match_origin, ev.score], ["created", "aliasing-2", "aliasing", "global", 1]);
  const text = readFileSync(join(s.knowledge, "local-nodes", "aliasing-2.md"), "utf8");
  assert.match(text, /^status: tentative$/m);
  assert.match(text, /^source: agent$/m);
  assert.match(text, /Similar to global node `aliasing` \(dedup score 1\.0\)/);
  assert.equal(treeHash(s.vault), vault);
});

test("only tentative nodes of the same domain are candidates; a taken id gets -2, -3", () => {
  const s = kb(
    [{ id: "k", title: "K", domain: "other", status: "tentative", body: draftBody(DRAFT) }],
    [
      { id: "k-2", title: "K", domain: "fft", status: "established", source: "human", body: draftBody(DRAFT) },
    ],
  );
  write(join(s.dir, "am.md"), memory({ task: "t1", knowledge: [{ suggested_id: "k", title: "K", domain: "fft", content_draft: DRAFT }] }));
  const r = run(s, ["update", "am.md", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const ev = r.json.documents[0].new_knowledge[0];
  assert.deepEqual([ev.action, ev.node, ev.match], ["created", "k-3", null]);
  assert.match(r.json.warnings.join("\n"), /"k" is taken; created "k-3"/);
});

test("two near-duplicates in one call: the second goes to the node the first created; lowest id wins a tie", () => {
  const s = kb([], [
    { id: "b-twin", title: "Twin", domain: "fft", status: "tentative", source: "human", body: draftBody("one two three four") },
    { id: "a-twin", title: "Twin", domain: "fft", status: "tentative", source: "human", body: draftBody("one two three four") },
  ]);
  write(
    join(s.dir, "am.md"),
    memory({
      task: "t1",
      knowledge: [
        { suggested_id: "fresh", title: "Fresh idea", domain: "fft", content_draft: "completely unrelated words about epsilon regularisation near zero" },
        { suggested_id: "fresh-again", title: "Fresh idea", domain: "fft", content_draft: "completely unrelated words about epsilon regularisation near zero!" },
        { suggested_id: "twin-3", title: "Twin", domain: "fft", content_draft: "one two three four" },
      ],
    }),
  );
  const r = run(s, ["update", "am.md", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const evs = r.json.documents[0].new_knowledge;
  assert.deepEqual(evs.map((e: { action: string; node: string }) => [e.action, e.node]), [
    ["created", "fresh"],
    ["appended", "fresh"],
    ["appended", "a-twin"],
  ]);
  assert.deepEqual(r.json.files.created.filter((f: string) => f.includes("local-nodes")), ["knowledge/local-nodes/fresh.md"]);
  assert.equal(parseDedupSections(readFileSync(join(s.knowledge, "local-nodes", "fresh.md"), "utf8")).length, 1);
  assert.equal(parseDedupSections(readFileSync(join(s.knowledge, "local-nodes", "b-twin.md"), "utf8")).length, 0);
});

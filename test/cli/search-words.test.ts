// Search that finds: a query with a word no file holds still ranks the files matching the others
// (qmd and the lexical fallback), and the fallback weighs terms by rarity and length (BM25).
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { akms, builtDemo, tmp, write } from "../helpers.js";
import { lexicalSearch, passageSnippet } from "../../core/agent/search.js";
import { chunksOf } from "../../core/embed/semantic.js";

test("one unknown word does not empty the search (qmd when present, and the fallback)", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  // The BM25 arm alone (what this test is about): the semantic arm off.
  appendFileSync(join(d.knowledge, "graph", "propagation_config.yaml"), "\nsearch:\n  embedding: none\n");
  for (const engine of [[], ["--no-qmd"]]) {
    const one = akms(["search", "Nyquist", ...engine, "--json"], { cwd: d.repo, env });
    assert.equal(one.code, 0, one.stderr);
    assert.ok(one.json.hits.length > 0);
    const two = akms(["search", "Nyquist banana", ...engine, "--json"], { cwd: d.repo, env });
    assert.equal(two.code, 0, two.stderr);
    assert.ok(two.json.hits.length > 0, `${two.json.engine}: "Nyquist banana" finds the Nyquist files`);
    assert.deepEqual(new Set(two.json.hits.map((h: { file: string }) => h.file)), new Set(one.json.hits.map((h: { file: string }) => h.file)), `${two.json.engine}: the same files`);
    if (two.json.engine === "qmd") assert.match(two.json.note, /no file holds every word/);
  }
});

test("the fallback ranks by term weight with length normalisation (a labelled set)", () => {
  const dir = tmp("akms-bm25-");
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `general word${i % 50} text`).join(" ");
  const files = [
    { name: "long-general.md", text: `${filler(700)} cache ${filler(700)} invalidation` },
    { name: "short-cache.md", text: "Cache invalidation: bump the key when the input changes. The cache key holds the version." },
    { name: "other.md", text: "Nothing about it here, only general text." },
  ].map((f) => ({ file: write(join(dir, f.name), f.text), shown: f.name }));
  const r = lexicalSearch(files, "cache invalidation zebra", 10);
  assert.deepEqual(r.map((h) => h.file.shown), ["short-cache.md", "long-general.md"], "the short file about the words first; the unknown word ignored");
  // A word only one file holds (rare) outweighs one every file holds (common).
  const rare = lexicalSearch(files, "text version", 10);
  assert.equal(rare[0]!.file.shown, "short-cache.md");
});

test("the fallback's snippet is the content's line: a body line with the words before the frontmatter's id and tags, which say what the hit's id says", () => {
  const dir = tmp("akms-snippet-");
  const node = (body: string) => `---\nid: retry-backoff\ntitle: Backoff\ntags: [retry, http]\nstatus: tentative\n---\n\n# Notes\n\n${body}\n`;
  const files = [
    { name: "in-body.md", text: node("Retry idempotent calls with jittered backoff.") },
    { name: "only-tags.md", text: node("Nothing matching here.") },
  ].map((f) => ({ file: write(join(dir, f.name), f.text), shown: f.name }));
  const hits = new Map(lexicalSearch(files, "retry backoff", 10).map((h) => [h.file.shown, h]));
  // The body's line with the words, not the frontmatter's id line, which holds them too.
  assert.deepEqual([hits.get("in-body.md")!.line, hits.get("in-body.md")!.text], [10, "Retry idempotent calls with jittered backoff."]);
  // No body line with the words: the frontmatter's line that holds most of them.
  assert.deepEqual([hits.get("only-tags.md")!.line, hits.get("only-tags.md")!.text], [2, "id: retry-backoff"]);
});

test("the snippet's line holds the query's words whole: a word is not found inside another (\"mary\" in \"## Summary\"); stop words find nothing", () => {
  const dir = tmp("akms-snippet-words-");
  const text = "---\nid: idempotency-keys\ntitle: Idempotency keys\n---\n\n# Idempotency keys\n\n## Summary\n\nSend a key with every POST so a retry does not charge twice (Mary's rule).\n";
  const files = [{ file: write(join(dir, "idempotency-keys.md"), text), shown: "idempotency-keys.md" }];
  const [hit] = lexicalSearch(files, "stop mary storm", 10);
  assert.deepEqual([hit!.line, hit!.text], [10, "Send a key with every POST so a retry does not charge twice (Mary's rule)."]);
  // "a" is in the file, and a stop word: a file holding only it of the query's words is no hit.
  assert.deepEqual(lexicalSearch(files, "stop a storm", 10), []);
  assert.equal(lexicalSearch(files, "with a", 10).length, 1, "a query of stop words alone still searches for them");
});

test("search reads only what stays inside the repository or the vault: a linked file or directory leading out is not searched", () => {
  const d = builtDemo();
  const env = { AKMS_GLOBAL_VAULT: d.vault };
  appendFileSync(join(d.knowledge, "graph", "propagation_config.yaml"), "\nsearch:\n  embedding: none\n");
  const outside = tmp("akms-outside-");
  write(join(outside, "secret.md"), "# Secret\n\nzanzibarword lives outside.\n");
  write(join(outside, "sessions", "s.md"), "# Session\n\nwombatword lives outside.\n");
  write(join(d.repo, "docs", "inside.md"), "# Inside\n\nquokkaword lives in the repository.\n");
  symlinkSync(join(outside, "secret.md"), join(d.knowledge, "local-nodes", "secret.md"));
  symlinkSync(join(d.repo, "docs", "inside.md"), join(d.knowledge, "local-nodes", "inside.md"));
  rmSync(join(d.knowledge, "sessions"), { recursive: true, force: true });
  symlinkSync(join(outside, "sessions"), join(d.knowledge, "sessions"));
  const hits = (q: string, ...more: string[]) => {
    const r = akms(["search", q, "--no-qmd", "--json", ...more], { cwd: d.repo, env });
    assert.equal(r.code, 0, r.stderr);
    return r.json.hits.map((h: { file: string }) => h.file);
  };
  assert.deepEqual(hits("zanzibarword"), [], "a node file linked from outside");
  assert.deepEqual(hits("quokkaword"), ["knowledge/local-nodes/inside.md"], "a link to a file inside the repository is searched");
  assert.deepEqual(hits("wombatword", "--in", "sessions"), [], "a sessions directory linked from outside");
});

test("a passage's snippet (the embedding arm's hit) is its chunk's body without headings; a file without a title keeps its first line", () => {
  const [t] = chunksOf({ file: "/x/retry.md", shown: "retry.md" }, "---\ntitle: Retry with backoff\n---\n# Retry with backoff\n\n## Summary\n\nRetry failed calls with jitter.\n", "e");
  assert.equal(t!.text.split("\n")[0], "Retry with backoff", "the title leads what is embedded");
  assert.equal(passageSnippet(t!.body), "Retry failed calls with jitter.");
  assert.equal(passageSnippet("## Only a heading"), "## Only a heading", "a passage of headings alone shows them");
  assert.equal(passageSnippet("#hashtag is prose, not a heading"), "#hashtag is prose, not a heading");
  const [bare] = chunksOf({ file: "/x/bare.md", shown: "bare.md" }, "---\ntitle: A node with no body\n---\n", "e");
  assert.equal(passageSnippet(bare!.body), "A node with no body", "a chunk of its title alone shows it");
  // No title (no frontmatter title, no heading): nothing leads the chunk, and nothing of the passage is dropped.
  const [untitled] = chunksOf({ file: "/x/u.md", shown: "u.md" }, "First line of prose.\nSecond line.\n", "e");
  assert.equal(untitled!.body, "First line of prose.\nSecond line.");
  assert.equal(passageSnippet(untitled!.body), "First line of prose. Second line.");
});

test("the snippet's line weighs the words by rarity: a line with the rare word before an earlier one with a common one", () => {
  const dir = tmp("akms-snippet-rare-");
  const node = (id: string, body: string) => `---\nid: ${id}\ntitle: ${id}\n---\n\n${body}\n`;
  const files = [
    { name: "breaker.md", text: node("breaker", "> Drafted by an agent; not trusted until a human reviews it.\n\nRetries stop while the breaker is open.") },
    { name: "b.md", text: node("b", "A note with a common word.") },
    { name: "c.md", text: node("c", "Another with a common word.") },
  ].map((f) => ({ file: write(join(dir, f.name), f.text), shown: f.name }));
  const hit = lexicalSearch(files, "stop a storm", 10).find((h) => h.file.shown === "breaker.md")!;
  assert.deepEqual([hit.line, hit.text], [8, "Retries stop while the breaker is open."]);
});

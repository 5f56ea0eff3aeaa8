// The compile's content_ref check (core/compiler/content-refs.ts): a reference resolves when it
// names a file inside its layer root, symbolic links followed — the same answers as resolving each
// reference's whole real path, case by case.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, realpathSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { scratch, write } from "../helpers.js";
import { loadContext } from "../../core/context.js";
import { contentRefChecker } from "../../core/compiler/content-refs.js";

/** The rule written the long way: the reference's whole real path inside the root's, and a file. */
function byRealPath(root: string, ref: string): boolean {
  const full = resolve(root, ref);
  const rel = relative(root, full);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return false;
  try {
    const rr = relative(realpathSync(root), realpathSync(full));
    return !rr.startsWith("..") && !isAbsolute(rr) && statSync(full).isFile();
  } catch {
    return false;
  }
}

test("content_refs resolve inside their root, through links and not out of it, as their real paths say", () => {
  const s = scratch();
  write(join(s.knowledge, "graph", "propagation_config.yaml"), "akms_schema: v2\nglobal_vault: ../vault\n");
  const outside = join(s.dir, "outside");
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.md"), "x");
  write(join(s.knowledge, "sessions", "a.md"), "a");
  write(join(s.knowledge, "docs", "deep", "b.md"), "b");
  mkdirSync(join(s.knowledge, "dir-only"));
  symlinkSync(join(s.knowledge, "sessions", "a.md"), join(s.knowledge, "docs", "link-in.md"));
  symlinkSync(join(outside, "secret.md"), join(s.knowledge, "docs", "link-out.md"));
  symlinkSync(outside, join(s.knowledge, "out-dir"));
  symlinkSync(join(s.knowledge, "docs"), join(s.knowledge, "docs-again"));
  symlinkSync(join(s.knowledge, "gone.md"), join(s.knowledge, "docs", "dangling.md"));
  const ctx = loadContext({ repo: s.repo, vault: s.vault, env: {} });
  const check = contentRefChecker(ctx);
  const cases: [string, boolean][] = [
    ["sessions/a.md", true],
    ["docs/deep/b.md", true],
    ["docs/../sessions/a.md", true],
    ["docs/link-in.md", true],
    ["docs-again/deep/b.md", true],
    ["docs/link-out.md", false],
    ["out-dir/secret.md", false],
    ["docs/dangling.md", false],
    ["dir-only", false],
    ["sessions/missing.md", false],
    ["../outside/secret.md", false],
    ["", false],
  ];
  for (const [ref, want] of cases) {
    assert.equal(check("local", ref), want, ref);
    assert.equal(byRealPath(s.knowledge, ref), want, `${ref} (the long way)`);
  }
});

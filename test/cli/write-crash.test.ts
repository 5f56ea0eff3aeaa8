// Every write step of the writers outside the update journal (issue 16.1): init (with a host kit),
// record and mirror, killed with SIGKILL at each atomic write (its temp file written, then renamed),
// then run again: the repository ends exactly as after one clean run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { akms, copyDemo, pathPattern, snapshot, tmp, treeHash, write } from "../helpers.js";
import { memoryText } from "../mcp/memory-text.js";

interface Case {
  label: string;
  make: () => { root: string; repo: string; vault: string | null };
  args: string[];
}

const CASES: Case[] = [
  {
    label: "init --agent claude",
    make: () => {
      const root = tmp("akms-wc-init-");
      const repo = join(root, "repo");
      mkdirSync(join(repo, ".git"), { recursive: true });
      write(join(repo, "CLAUDE.md"), "# Mine\n");
      return { root, repo, vault: null };
    },
    args: ["init", "--agent", "claude"],
  },
  {
    label: "record",
    make: () => {
      const d = copyDemo();
      write(join(d.dir, "memory.md"), memoryText("TASK-777"));
      return { root: d.dir, repo: d.repo, vault: d.vault };
    },
    args: ["record", "../memory.md"],
  },
  {
    label: "mirror --all",
    make: () => {
      const d = copyDemo();
      return { root: d.dir, repo: d.repo, vault: d.vault };
    },
    args: ["mirror", "--all"],
  },
];

function copy(from: { root: string; repo: string; vault: string | null }) {
  const root = tmp("akms-wc-");
  cpSync(from.root, root, { recursive: true });
  return { root, repo: join(root, from.repo.slice(from.root.length)), vault: from.vault ? join(root, from.vault.slice(from.root.length)) : null };
}

/** The repository's files but the derived, git-ignored caches (and the scratch dir named as <DIR>). */
function state(c: { root: string; repo: string }): Map<string, string> {
  const snap = snapshot(c.repo);
  return new Map(
    [...snap]
      .filter(([k]) => !k.includes("graph/.cache/") && !k.includes("graph/.qmd_cache/"))
      .map(([k, v]) => [k, Buffer.from(v, "base64").toString("latin1").replace(pathPattern(c.root), "<DIR>")]),
  );
}

/** The files whose bytes differ between two states. */
function differing(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
}

for (const c0 of CASES) {
  test(`${c0.label}: killed at every write step, then run again, ends as one clean run`, () => {
    const base = c0.make();
    const env = (c: { vault: string | null }) => ({ AKMS_GLOBAL_VAULT: c.vault ?? "", SOURCE_DATE_EPOCH: "1767225600", AKMS_TEST: "1" });
    const clean = copy(base);
    const ok = akms([...c0.args, "--repo", clean.repo], { cwd: clean.repo, env: env(clean) });
    assert.equal(ok.code, 0, ok.stderr);
    const expected = state(clean);
    const vault = base.vault ? treeHash(base.vault) : null;
    let steps = 0;
    for (let n = 1; n < 200; n++) {
      const c = copy(base);
      const r = akms([...c0.args, "--repo", c.repo], { cwd: c.repo, env: { ...env(c), AKMS_CRASH_WRITE_AT: String(n) } });
      if (r.code === 0) break;
      assert.equal(r.code, -1, `step ${n}: expected SIGKILL, got ${r.code}: ${r.stderr}`);
      steps = n;
      const again = akms([...c0.args, "--repo", c.repo], { cwd: c.repo, env: env(c) });
      assert.equal(again.code, 0, `step ${n}: the rerun failed: ${again.stderr}`);
      assert.deepEqual(differing(state(c), expected), [], `step ${n}: the repository differs from one clean run`);
      if (c.vault) assert.equal(treeHash(c.vault), vault, `step ${n}: the vault changed`);
      assert.equal(existsSync(join(c.repo, "knowledge", "graph", ".akms.lock")), false, `step ${n}: lock left behind`);
    }
    assert.ok(steps >= 2, `only ${steps} write steps were reached`);
  });
}

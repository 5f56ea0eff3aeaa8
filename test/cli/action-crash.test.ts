// Crash safety of the review actions (issue 16.1): each action killed with SIGKILL at every crash
// point, then the next command — a reader, or the action run again — leaves exactly the state of one
// clean run (graph.json included), or the state before it; never a node file that says one thing and
// graph.json another.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathPattern, tmp, treeHash } from "../helpers.js";
import { graphOf, kb, knowledgeState, run, type Scratch } from "../update-helpers.js";

function fixture(): Scratch {
  return kb(
    [
      { id: "g1", domain: "fft", tags: ["t"] },
      { id: "g2", domain: "fft", tags: ["t"], edges: [{ to: "g1", type: "requires", weight: 0.8 }] },
    ],
    [
      { id: "l1", domain: "fft", tags: ["t"], status: "tentative", source: "agent", body: "# L1\n\n## content_draft\n\nA draft.\n" },
      {
        id: "l2",
        domain: "fft",
        tags: ["t"],
        status: "tentative",
        source: "agent",
        body: "# L2\n\n## content_draft\n\nAnother draft.\n\n<!-- akms:dedup session=session-t9 score=0.81 status=pending -->\n## content_draft (from session-t9)\n\nThe same draft, from another agent.\n<!-- akms:end -->\n",
      },
    ],
  );
}

/** The knowledge tree, with scratch directories (named in journal messages) written as <DIR>. */
function stateOf(s: Scratch): string {
  return JSON.stringify([...knowledgeState(s)].map(([k, v]) => [k, Buffer.from(v, "base64").toString("latin1").replace(SCRATCH, "<DIR>")]));
}
/** The scratch directories, in every form akms writes a path (the temporary folder may hold spaces, `'` or `é`). */
const SCRATCH = pathPattern(tmpdir(), "/akms-(?:test|actcrash)-[A-Za-z0-9]{6}");

function copyOf(s: Scratch): Scratch {
  const dir = tmp("akms-actcrash-");
  cpSync(s.dir, dir, { recursive: true });
  return { dir, vault: join(dir, "vault"), repo: join(dir, "repo"), knowledge: join(dir, "repo", "knowledge") };
}

const ACTIONS: [string, string[], (s: Scratch) => void][] = [
  ["promote a local node", ["promote", "l1"], () => {}],
  ["draft a global node", ["draft", "g1"], () => {}],
  ["draft a local node", ["draft", "l2"], () => {}],
  ["accept a dedup merge", ["dedup", "accept", "l2"], () => {}],
  ["reject a dedup merge", ["dedup", "reject", "l2"], () => {}],
  ["undo", ["undo"], (s) => assert.equal(run(s, ["promote", "l1"]).code, 0)],
];

for (const [label, args, prepare] of ACTIONS) {
  test(`${label}: killed at every crash point, the next command ends in a clean run's state`, () => {
    const base = fixture();
    prepare(base);
    const vault = treeHash(base.vault);
    const before = stateOf(base);
    const clean = copyOf(base);
    const ok = run(clean, args);
    assert.equal(ok.code, 0, ok.stderr);
    const after = stateOf(clean);
    let points = 0;
    for (let n = 1; n < 100; n++) {
      for (const next of ["reader", "rerun"] as const) {
        const c = copyOf(base);
        const crashed = run(c, args, { AKMS_CRASH_AT: String(n) });
        if (crashed.code === 0) {
          assert.ok(points >= 3, `only ${points} crash points reached`);
          return;
        }
        assert.equal(crashed.code, -1, `point ${n}: expected SIGKILL, got ${crashed.code}: ${crashed.stderr}`);
        points = n;
        const r = next === "reader" ? run(c, ["query", "--tags", "t", "--json"]) : run(c, args);
        assert.ok(r.code === 0 || (next === "rerun" && r.code === 1), `point ${n} ${next}: ${r.stderr}`);
        const state = stateOf(c);
        const same = (m: string) => m === state;
        if (next === "rerun") assert.ok(same(after), `point ${n}: a rerun ends in the clean run's state`);
        else assert.ok(same(after) || same(before), `point ${n}: after a reader the state is the old or the new one, graph.json included`);
        const status = graphOf(c).nodes.find((x) => x.id === args[1]);
        if (status && same(after)) assert.equal(status.status, graphOf(clean).nodes.find((x) => x.id === args[1])!.status);
        assert.equal(existsSync(join(c.knowledge, "graph", ".txn")), false, `point ${n} ${next}: journal left behind`);
        assert.equal(treeHash(c.vault), vault);
      }
    }
    assert.fail("the action never ran to the end");
  });
}

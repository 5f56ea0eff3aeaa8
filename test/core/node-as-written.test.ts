// The planning index of a full compile is made from the compile's own document, whose nodes are
// partly parse-cache stubs: nodeAsWritten must give each node exactly as graph.json's text reads
// it back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { nodeAsWritten, renderStub } from "../../core/compiler/node-value.js";
import { pyJsonText } from "../../core/pyjson.js";
import type { GraphNode } from "../../core/graph.js";

const data = () => ({
  akms_schema: "v2",
  id: "n-1",
  title: "Tabs \t and “quotes”",
  domain: "d",
  tags: ["a", "b"],
  status: "established",
  confidence: 1,
  source: "human",
  edges: [{ to: "n-2", type: "requires", weight: 0.5 }],
});

test("a stub reads back as the whole node its text holds, not as the few fields the merge reads", () => {
  const { stub } = renderStub(data(), "global");
  const back = nodeAsWritten(stub as unknown as GraphNode);
  assert.notEqual(back, stub);
  assert.deepEqual(back, JSON.parse(pyJsonText(back, 2)));
  assert.equal(back.title, "Tabs \t and “quotes”");
  assert.deepEqual(back.tags, ["a", "b"]);
  assert.equal(back.confidence, 1);
});

test("any other node reads back through its text: the same values, keys in the written order", () => {
  const plain = { title: "T", id: "p", confidence: 0.5 } as unknown as GraphNode;
  assert.deepEqual(nodeAsWritten(plain), plain);
  assert.deepEqual(Object.keys(nodeAsWritten(plain)), ["confidence", "id", "title"]);
  const minusZero = { id: "z", confidence: -0 } as unknown as GraphNode;
  const back = nodeAsWritten(minusZero);
  assert.notEqual(back, minusZero);
  assert.deepEqual(back, JSON.parse(pyJsonText(minusZero, 2)));
});

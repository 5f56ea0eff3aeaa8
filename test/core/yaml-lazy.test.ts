// core/yaml.ts loads the `yaml` package only to name the line of a problem: parsing good YAML
// never loads it (it is most of a command's YAML code), and a line is still found when asked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { lineOfPath, parseYaml } from "../../core/yaml.js";

const yamlLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => /[\\/]node_modules[\\/]yaml[\\/]/.test(k));

test("good YAML is parsed without loading the yaml package; a line lookup loads it", () => {
  assert.deepEqual(parseYaml("a: 1\nb:\n  c: [x, y]\n", { file: "f.yaml" }), { a: 1, b: { c: ["x", "y"] } });
  assert.equal(yamlLoaded(), false);
  assert.equal(lineOfPath("a: 1\nb:\n  c: [x, y]\n", ["b", "c"], 2), 4);
  assert.equal(yamlLoaded(), true);
});

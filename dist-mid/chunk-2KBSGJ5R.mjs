import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  loadPlanGraph
} from "./chunk-YBDCSPVJ.mjs";
import {
  writeLoadouts
} from "./chunk-DVAT5OZ6.mjs";
import {
  qmdUse
} from "./chunk-VDEEV4GL.mjs";
import {
  readTask
} from "./chunk-BHTI52HA.mjs";
import "./chunk-WKFECQLF.mjs";
import "./chunk-NTRS6NJ7.mjs";
import "./chunk-QVAO2ACK.mjs";
import "./chunk-SIN2K5UU.mjs";
import "./chunk-EUE77RB2.mjs";
import {
  loadContext
} from "./chunk-2KKMRBBQ.mjs";
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import "./chunk-JAGXTLBI.mjs";
import "./chunk-2N2TC7TM.mjs";
import {
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import {
  parseYaml
} from "./chunk-DWREGR5U.mjs";
import {
  displayPath,
  readTextIfExists
} from "./chunk-Q4IS5S6U.mjs";
import {
  isAkmsError
} from "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";

// core/reevaluate.ts
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
function loadoutNodeIds(text) {
  const start = text.indexOf("\n## Domain Knowledge");
  if (start < 0) return [];
  const end = text.indexOf("\n## ", start + 1);
  const section = text.slice(start, end < 0 ? void 0 : end);
  const ids = [];
  for (const m of section.matchAll(/^\| `([^`]+)`/gm)) ids.push(m[1]);
  return ids;
}
function header(text, file) {
  const fm = splitFrontmatter(text);
  if (!fm) return null;
  try {
    const h = parseYaml(fm.yaml, { file, firstLine: 2 });
    return h && typeof h === "object" && !Array.isArray(h) ? h : null;
  } catch {
    return null;
  }
}
function reevaluate(ctx, graph, opts = {}) {
  return withLock(ctx.paths.lock, () => {
    let names = [];
    try {
      names = readdirSync(ctx.paths.loadouts).filter((n) => n.endsWith(".md") && !n.startsWith(".")).sort();
    } catch (e) {
      if (e.code !== "ENOENT") throw e;
    }
    const probed = qmdUse(Boolean(opts.noQmd), opts.env, { dir: ctx.paths.qmdCacheDir, lock: ctx.paths.lock });
    const slots = [];
    for (const name of names) {
      const file = join(ctx.paths.loadouts, name);
      const shown = displayPath(ctx.repo, file);
      const text = readTextIfExists(file) ?? "";
      const h = header(text, shown);
      const base = {
        file: shown,
        task_id: typeof h?.task_id === "string" ? h.task_id : null,
        role: typeof h?.agent_role === "string" ? h.agent_role : null,
        old_version: typeof h?.graph_version === "string" ? h.graph_version : null,
        new_version: graph.version,
        mode_before: typeof h?.loadout_mode === "string" ? h.loadout_mode : null
      };
      if (base.old_version === graph.version) {
        slots.push({ base, entry: { ...base, status: "current", written: false, nodes_in: [], nodes_out: [], mode_after: base.mode_before } });
        continue;
      }
      try {
        if (!h) throw new Error("its header cannot be read; delete it and run `akms loadout` again");
        const taskFile = typeof h.task_file === "string" && h.task_file ? resolve(ctx.repo, h.task_file) : null;
        const req = {
          task: taskFile ? readTask(taskFile, ctx.repo) : null,
          tags: Array.isArray(h.seed_tags) ? h.seed_tags.map(String) : [],
          role: base.role ?? void 0,
          phase: typeof h.phase === "number" ? h.phase : null,
          mode: h.mode_requested === "routing" || h.mode_requested === "full" ? h.mode_requested : "auto",
          noQmd: Boolean(opts.noQmd) || h.no_qmd === true,
          contextLimit: typeof h.context_limit === "number" ? h.context_limit : void 0,
          out: file,
          env: opts.env,
          qmd: probed
        };
        slots.push({ base, text, req });
      } catch (error) {
        slots.push({ base, error });
      }
    }
    const pending = slots.flatMap((s) => "req" in s ? [s.req] : []);
    const outcomes = writeLoadouts(ctx, graph, pending);
    let k = 0;
    const entries = slots.map((s) => {
      if ("entry" in s) return s.entry;
      const o = "req" in s ? outcomes[k++] : { ok: false, error: s.error };
      if (!o.ok) {
        const e = o.error;
        const error = isAkmsError(e) ? { code: e.code, message: e.message, ...e.hint ? { hint: e.hint } : {} } : { code: "FAILED", message: e.message };
        return { ...s.base, status: "failed", written: false, nodes_in: [], nodes_out: [], mode_after: null, error };
      }
      const r = o.result;
      const before = loadoutNodeIds("text" in s ? s.text : "");
      return {
        ...s.base,
        status: "regenerated",
        written: r.written,
        nodes_in: r.node_ids.filter((id) => !before.includes(id)),
        nodes_out: before.filter((id) => !r.node_ids.includes(id)),
        mode_after: r.loadout_mode
      };
    });
    return {
      graph_version: graph.version,
      checked: entries.length,
      stale: entries.filter((e) => e.status !== "current").length,
      regenerated: entries.filter((e) => e.status === "regenerated").length,
      failed: entries.filter((e) => e.status === "failed").length,
      entries
    };
  });
}

// src/commands/re-evaluate.ts
var reEvaluateCommand = {
  name: "re-evaluate",
  summary: "regenerate the loadouts whose graph_version is stale and report what changed (nodes in, nodes out)",
  usage: "akms re-evaluate [--no-qmd]",
  run(_args, flags) {
    const ctx = loadContext({ repo: flags.repo, vault: flags.vault });
    const { graph } = loadPlanGraph(ctx.paths);
    const r = reevaluate(ctx, graph, { noQmd: flags.qmd === false });
    const lines = [`graph ${r.graph_version}: ${r.checked} loadout${r.checked === 1 ? "" : "s"}, ${r.stale} stale, ${r.regenerated} regenerated, ${r.failed} failed`];
    for (const e of r.entries) {
      if (e.status === "current") continue;
      if (e.status === "failed") {
        lines.push(`  failed  ${e.file}: ${e.error?.message ?? "unknown error"}${e.error?.hint ? ` \u2014 ${e.error.hint}` : ""}`);
        continue;
      }
      const change = [
        e.nodes_in.length ? `in: ${e.nodes_in.join(", ")}` : null,
        e.nodes_out.length ? `out: ${e.nodes_out.join(", ")}` : null,
        e.mode_before !== e.mode_after ? `mode ${e.mode_before} \u2192 ${e.mode_after}` : null
      ].filter(Boolean);
      lines.push(`  ${e.written ? "rewrote" : "same   "} ${e.file} (${e.old_version ?? "?"} \u2192 ${e.new_version})${change.length ? ": " + change.join("; ") : ": same nodes"}`);
    }
    return { json: { ok: r.failed === 0, ...r }, text: lines.join("\n"), exitCode: r.failed ? 1 : 0 };
  }
};
export {
  reEvaluateCommand
};

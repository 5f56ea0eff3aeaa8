// The optional semantic drift check (spec §3.2, §5.6): one model call per documented function.
// Off unless `mirror.semantic_drift: true`; and then it needs `model_routing.semantic_drift`
// to name a model akms can call. akms talks to no vendor API itself: the model is a command
// (argv array, never a shell string) that reads one JSON request on stdin and prints one JSON
// verdict on stdout:
//
//   model_routing:
//     semantic_drift:
//       command: [my-llm-cli, --json]   # any wrapper around the model you use
//       timeout_seconds: 60             # per call (default 60)
//
//   request: {"task": "docstring-drift", "instructions", "language", "file", "function",
//             "signature", "docstring", "source"}
//   verdict: {"drift": true|false, "detail": "what contradicts what"}
import { spawnSync } from "node:child_process";
import type { Config } from "../config.js";
import type { DriftFinding } from "./drift.js";
import type { Language, SourceDef } from "./types.js";

export const NO_MODEL_MESSAGE = "semantic drift check enabled but no model configured (model_routing)";

export interface SemanticRoute {
  command: string[];
  timeoutMs: number;
}

export type SemanticSetup = { enabled: false } | { enabled: true; route: SemanticRoute } | { enabled: true; route: null; message: string };

const INSTRUCTIONS =
  "You check one function's docstring against its code. Answer drift=true only when the docstring " +
  "CONTRADICTS the code (describes behaviour, parameters, return values or errors the code does not have). " +
  'A missing, incomplete or vague docstring is NOT drift. Reply with JSON only: {"drift": boolean, "detail": string}.';

/** Reads the configuration; never calls anything. */
export function semanticSetup(config: Config): SemanticSetup {
  if (!config.mirror.semantic_drift) return { enabled: false };
  const routing = config.model_routing;
  const entry = routing && typeof routing === "object" ? (routing as Record<string, unknown>).semantic_drift : undefined;
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) {
    return { enabled: true, route: null, message: `${NO_MODEL_MESSAGE}: add model_routing.semantic_drift.command (an argv list that runs your model)` };
  }
  const e = entry as Record<string, unknown>;
  const cmd = e.command;
  if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((c) => typeof c === "string" && c.length > 0)) {
    const named = typeof e.provider === "string" ? ` (provider "${e.provider}" is not something akms can call)` : "";
    return {
      enabled: true,
      route: null,
      message: `${NO_MODEL_MESSAGE}${named}: model_routing.semantic_drift.command must be a non-empty list of strings (an argv that runs your model)`,
    };
  }
  const t = e.timeout_seconds;
  const timeoutMs = typeof t === "number" && t > 0 ? Math.round(t * 1000) : 60_000;
  return { enabled: true, route: { command: cmd as string[], timeoutMs } };
}

export interface SemanticOutcome {
  findings: DriftFinding[];
  /** Calls that failed or answered nonsense (reported, never treated as drift). */
  problems: string[];
  calls: number;
}

/** One model call per definition that has a docstring. */
export function semanticDrift(route: SemanticRoute, defs: SourceDef[], lang: Language, file: string, cwd: string): SemanticOutcome {
  const out: SemanticOutcome = { findings: [], problems: [], calls: 0 };
  for (const d of defs) {
    if (!d.docstring) continue;
    out.calls++;
    const request = {
      task: "docstring-drift",
      instructions: INSTRUCTIONS,
      language: lang,
      file,
      function: d.qualname,
      signature: d.signature,
      docstring: d.docstring,
      source: d.source,
    };
    const r = spawnSync(route.command[0]!, route.command.slice(1), {
      cwd,
      input: JSON.stringify(request),
      encoding: "utf8",
      timeout: route.timeoutMs,
      maxBuffer: 1 << 20,
    });
    const who = `${file}: ${d.qualname}`;
    if (r.error) {
      const code = (r.error as NodeJS.ErrnoException).code;
      out.problems.push(
        code === "ENOENT"
          ? `semantic drift check: the model command \`${route.command[0]}\` was not found (model_routing.semantic_drift.command)`
          : code === "ETIMEDOUT"
            ? `semantic drift check: the model did not answer within ${route.timeoutMs / 1000} s for ${who}`
            : `semantic drift check: the model command failed for ${who}: ${r.error.message}`,
      );
      if (code === "ENOENT") break; // no point in asking again
      continue;
    }
    if (r.status !== 0) {
      out.problems.push(`semantic drift check: the model command exited with ${r.status} for ${who}${r.stderr ? `: ${r.stderr.trim().split("\n")[0]}` : ""}`);
      continue;
    }
    let verdict: unknown;
    try {
      verdict = JSON.parse(r.stdout);
    } catch {
      out.problems.push(`semantic drift check: the model's answer for ${who} is not JSON; ignored`);
      continue;
    }
    const v = verdict as { drift?: unknown; detail?: unknown };
    if (typeof v !== "object" || v === null || typeof v.drift !== "boolean") {
      out.problems.push(`semantic drift check: the model's answer for ${who} has no boolean \`drift\`; ignored`);
      continue;
    }
    if (v.drift) {
      const detail = typeof v.detail === "string" && v.detail.trim() ? v.detail.trim().replace(/\s+/g, " ").slice(0, 300) : "the model found the docstring contradicts the code";
      out.findings.push({ function: d.qualname, kind: "semantic", detail: `semantic check (model): ${detail}`, line: d.line });
    }
  }
  return out;
}

// `akms mcp`: a stdio MCP server (the official TypeScript SDK) bound to one repository. stdout
// carries JSON-RPC only; anything else goes to stderr. A failed call is a tool result with
// isError and the CLI's error document ({ ok: false, error: { code, message, hint } }), never a
// crashed server. The parsed graph and config stay in memory between calls (core/store/memo.ts) and are
// read again when their files change on disk.
import { logShown } from "../../core/agent/impressions.js";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AkmsError, BugError, isAkmsError, unnamedWriteError } from "../../core/errors.js";
import { forAgent } from "./agent-words.js";
import { stripControl } from "../../core/control-chars.js";
import { loadContext } from "../../core/context.js";
import { openGraph } from "../../core/graph.js";
import { showNode } from "../../core/agent/show.js";
import { currentLoadout } from "../../core/agent/current-task.js";
import { keepWarm } from "../../core/store/memo.js";
import { readPrepared, settleInterrupted } from "../../core/settle.js";
import { TOOLS, type Binding, type ToolDef } from "./tools.js";
import { AGENT_MEMORY_COMPACT } from "../../core/agent/kits.js";
import { docBytes, docText, shapeGeneric, type AgentDoc } from "./results.js";
import { LineGuard, MAX_MESSAGE_BYTES } from "./line-guard.js";
import { OUTPUTS } from "./outputs.js";

export const INSTRUCTIONS = () => `akms gives this repository's coding agents persistent, reviewed knowledge (AKMS v2).
Before a task: call loadout (or query) for the task and read the nodes it lists, with their pitfalls.
While working: search, show_node and pitfalls answer questions about the knowledge.
When the task is done: record_memory with your AgentMemory (spec §4.3): which nodes you used and whether they helped, what was missing, pitfalls you hit, new knowledge you drafted.
Nothing here promotes, drafts, deduplicates or undoes: those decisions pass a human reviewer (spec §3.7), in \`akms review\`. The global vault is never written.

The AgentMemory, smallest form (pass it whole as record_memory's memory; dry_run: true checks it first):
${AGENT_MEMORY_COMPACT}`;

function log(msg: string): void {
  process.stderr.write(`akms mcp: ${msg}\n`);
}


/** An error document's bound (the default result budget: an error is read before the config is). */
const ERROR_BUDGET = 8000;

function errorResult(e: unknown): CallToolResult {
  const err: AkmsError = isAkmsError(e) ? e : (unnamedWriteError(e) ?? new BugError(`unexpected failure: ${e instanceof Error ? e.message : String(e)}`));
  if (err instanceof BugError) log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  const j = err.toJSON() as { message: string; hint?: string; problems?: { message: string; hint?: string }[] };
  const error = {
    ...j,
    message: forAgent(j.message),
    ...(j.hint !== undefined ? { hint: forAgent(j.hint) } : {}),
    ...(j.problems ? { problems: j.problems.map((p) => ({ ...p, message: forAgent(p.message), ...(p.hint !== undefined ? { hint: forAgent(p.hint) } : {}) })) } : {}),
  };
  // Bounded like every result: the problems that fit, and how many more there are.
  let doc: AgentDoc = { ok: false, error };
  if (docBytes(doc) > ERROR_BUDGET && error.problems) {
    const all = error.problems;
    let n = all.length;
    while (n > 1 && docBytes({ ok: false, error: { ...error, problems: all.slice(0, n) } }) > ERROR_BUDGET) n = Math.floor(n * 0.8);
    doc = { ok: false, error: { ...error, problems: all.slice(0, n), problems_not_shown: all.length - n } };
  }
  // The error document is the text block alone: structuredContent is held to the tool's
  // outputSchema (the SDK's client checks it even on errors), which describes the answer.
  return { isError: true, content: [{ type: "text", text: JSON.stringify(doc) }] };
}

/** The CLI command a read tool runs (the impression log names reads by command). */
const COMMAND_OF: Record<string, string> = { show_node: "show" };

function handler(tool: ToolDef, b: Binding) {
  return async (args: Record<string, unknown>): Promise<CallToolResult> => {
    try {
      // The tool's own input first (a refused one writes nothing); then a write killed half-way
      // since the last call is settled, and a missing or stale graph.json is compiled.
      await tool.check?.(args ?? {}, b);
      const where = { repo: b.repo, vault: b.vault };
      const { compiled, result: r } = tool.name === "validate" ? (await settleInterrupted(where), { compiled: null, result: await tool.run(args ?? {}, b) }) : await readPrepared(where, () => tool.run(args ?? {}, b));
      if (compiled) log(compiled.note);
      const ctx = loadContext({ repo: b.repo, vault: b.vault });
      const budget = ctx.cfg.config.agents.max_result_bytes;
      const a = (args ?? {}) as Record<string, unknown>;
      const shapeArgs = { cursor: typeof a.cursor === "number" ? a.cursor : 0, explain: a.explain === true, budget: budget - (compiled ? 300 : 0), tool: tool.name };
      if (r.exitCode) {
        // A failed command's own document (validate's invalid report): bounded, in the text block alone.
        const failed = shapeGeneric(r.json as AgentDoc, shapeArgs);
        return { isError: true, content: [{ type: "text", text: stripControl(docText(failed)) }] };
      }
      const shaped = tool.shape ? tool.shape(r, shapeArgs) : shapeGeneric(r.json as AgentDoc, shapeArgs);
      const doc: AgentDoc = compiled ? { ...shaped, compiled: compiled.json } : shaped;
      const text = stripControl(docText(doc));
      // What the model was shown goes to the impression log (the command's own JSON names its nodes).
      if (ctx.cfg.config.agents.impressions) logShown(ctx.paths, "mcp", COMMAND_OF[tool.name] ?? tool.name, r.json, text);
      return { content: [{ type: "text", text }], structuredContent: doc };
    } catch (e) {
      return errorResult(e);
    }
  };
}

export function createServer(b: Binding): McpServer {
  const server = new McpServer({ name: "akms", version: "0.1.0" }, { instructions: INSTRUCTIONS(), capabilities: { tools: {}, resources: {} } });
  for (const t of TOOLS) {
    server.registerTool(t.name, { title: t.title, description: t.description, inputSchema: z.strictObject(t.input), outputSchema: OUTPUTS[t.name], annotations: { title: t.title, ...t.annotations } }, handler(t, b) as never);
  }
  server.registerResource(
    "node",
    new ResourceTemplate("akms://node/{id}", { list: undefined }),
    { title: "Knowledge node", description: "A node's file (frontmatter and body) as the graph holds it", mimeType: "text/markdown" },
    async (uri, vars) => {
      const ctx = loadContext({ repo: b.repo, vault: b.vault });
      const r = showNode(ctx, openGraph(ctx.paths), String(vars.id));
      const text = r.frontmatter !== null ? `---\n${r.frontmatter}\n---\n\n${r.body ?? ""}\n` : `${r.body ?? r.file_note ?? ""}\n`;
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text }] };
    },
  );
  server.registerResource(
    "loadout",
    new ResourceTemplate("akms://loadout/{task_id}", {
      list: async () => {
        const ctx = loadContext({ repo: b.repo, vault: b.vault });
        let names: string[] = [];
        try {
          names = readdirSync(ctx.paths.loadouts).filter((n) => n.endsWith("-loadout.md")).sort();
        } catch {
          /* no loadouts yet */
        }
        const ids = [...new Set(names.map((n) => /^phase\d+-(.+)-loadout\.md$/.exec(n)?.[1]).filter((x): x is string => Boolean(x)))];
        return { resources: ids.map((id) => ({ uri: `akms://loadout/${id}`, name: `loadout ${id}`, mimeType: "text/markdown" })) };
      },
    }),
    { title: "Task loadout", description: "The newest loadout written for a task", mimeType: "text/markdown" },
    async (uri, vars) => {
      const ctx = loadContext({ repo: b.repo, vault: b.vault });
      const l = currentLoadout(ctx, String(vars.task_id));
      if (!l) throw new AkmsError("NOT_FOUND", `no loadout for task ${String(vars.task_id)}`, { hint: "call the loadout tool for the task first" });
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: readFileSync(join(ctx.paths.loadouts, l.shown.slice("knowledge/loadouts/".length)), "utf8") }] };
    },
  );
  return server;
}

/** Runs the server on stdio until stdin closes; resolves with the exit code. */
export async function serveStdio(b: Binding): Promise<number> {
  keepWarm();
  process.chdir(b.repo); // relative paths in results read as they do from the repository's root
  const server = createServer(b);
  const guard = new LineGuard((id, bytes) => {
    const message = `the request is too large (${bytes} bytes; the server reads at most ${MAX_MESSAGE_BYTES}): send a few kilobytes, and cite long material by path`;
    if (id === null) log(message);
    else process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32600, message } }) + "\n");
  });
  process.stdin.pipe(guard);
  const transport = new StdioServerTransport(guard as unknown as typeof process.stdin, process.stdout, { maxBufferSize: MAX_MESSAGE_BYTES * 2 });
  await server.connect(transport);
  log(`serving ${b.repo}`);
  return new Promise<number>((done) => {
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      server.close().finally(() => done(0));
    };
    guard.once("end", close);
    process.stdin.once("end", close);
    process.stdin.once("close", close);
    server.server.onclose = close;
  });
}

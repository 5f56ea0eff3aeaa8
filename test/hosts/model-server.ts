// A scripted model endpoint on loopback for the real host CLIs (test:hosts): Anthropic's Messages
// API (Claude Code, through ANTHROPIC_BASE_URL) and OpenAI's Responses API (Codex, through a
// model_provider's base_url). It logs every request the host sends — exactly what reaches the
// model — and answers from a script: the next tool call of a fixed plan, decided from the
// conversation in the request itself (how many of our tool calls it already holds), then a final
// text. Requests that are not the task's conversation (a title, a quota probe) get a short text.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One step of the plan: call `tool` (the host's name for it) with `input`; `pages`: follow `next.cursor` to the end. */
export interface Step {
  tool: string;
  input: Record<string, unknown>;
  pages?: boolean;
}

export interface Logged {
  path: string;
  body: any;
}

export interface ModelServer {
  url: string;
  log: Logged[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    let s = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (s += c));
    req.on("end", () => done(s));
    req.on("error", fail);
  });
}

/** Our tool calls in a conversation, by id (call-<step>-<page>), with the text of their results. */
function callsOf(messagesOrInput: unknown[]): Map<string, string> {
  const out = new Map<string, string>();
  const text = (c: unknown): string => (typeof c === "string" ? c : Array.isArray(c) ? c.map((x: any) => (typeof x === "string" ? x : (x?.text ?? ""))).join("") : "");
  for (const m of messagesOrInput as any[]) {
    for (const b of Array.isArray(m?.content) ? m.content : []) {
      if (b?.type === "tool_use" && /^call-\d+-\d+$/.test(b.id)) out.set(b.id, out.get(b.id) ?? "");
      if (b?.type === "tool_result" && /^call-\d+-\d+$/.test(b.tool_use_id)) out.set(b.tool_use_id, text(b.content));
    }
    if (m?.type === "function_call" && /^call-\d+-\d+$/.test(m.call_id)) out.set(m.call_id, out.get(m.call_id) ?? "");
    if (m?.type === "function_call_output" && /^call-\d+-\d+$/.test(m.call_id)) out.set(m.call_id, text(m.output));
  }
  return out;
}

/** The next call of the plan for a conversation: its id and input, or null when the plan is done. */
function nextCall(conversation: unknown[], plan: Step[]): { id: string; step: Step; input: Record<string, unknown> } | null {
  const calls = callsOf(conversation);
  let last: [number, number] | null = null;
  for (const id of calls.keys()) {
    const [, n, p] = id.split("-").map(Number) as [unknown, number, number];
    if (!last || n > last[0] || (n === last[0] && p > last[1])) last = [n, p];
  }
  if (last) {
    const [n, p] = last;
    const step = plan[n]!;
    const cursor = /"next":\{"cursor":(\d+)/.exec(calls.get(`call-${n}-${p}`) ?? "");
    if (step.pages && cursor) return { id: `call-${n}-${p + 1}`, step, input: { ...step.input, cursor: Number(cursor[1]) } };
  }
  const n = last ? last[0] + 1 : 0;
  return n < plan.length ? { id: `call-${n}-0`, step: plan[n]!, input: plan[n]!.input } : null;
}

// ── Anthropic Messages ────────────────────────────────────────────────────────────────────────

function anthropicReply(res: ServerResponse, body: any, content: any[], stop: string): void {
  const msg = { id: `msg_${Date.now()}`, type: "message", role: "assistant", model: body.model ?? "scripted", content, stop_reason: stop, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 10 } };
  if (!body.stream) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(msg));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const ev = (type: string, data: unknown) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...(data as object) })}\n\n`);
  ev("message_start", { message: { ...msg, content: [], stop_reason: null } });
  content.forEach((c, index) => {
    if (c.type === "text") {
      ev("content_block_start", { index, content_block: { type: "text", text: "" } });
      ev("content_block_delta", { index, delta: { type: "text_delta", text: c.text } });
    } else {
      ev("content_block_start", { index, content_block: { type: "tool_use", id: c.id, name: c.name, input: {} } });
      ev("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: JSON.stringify(c.input) } });
    }
    ev("content_block_stop", { index });
  });
  ev("message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 10 } });
  ev("message_stop", {});
  res.end();
}

function anthropic(req: IncomingMessage, res: ServerResponse, body: any, plan: Step[]): void {
  if (req.url?.includes("count_tokens")) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ input_tokens: 100 }));
    return;
  }
  // The task's conversation knows akms's tools (listed, or deferred behind ToolSearch in the system prompt).
  if (!JSON.stringify(body).includes("mcp__akms__")) return anthropicReply(res, body, [{ type: "text", text: "ok" }], "end_turn");
  const next = nextCall(body.messages ?? [], plan);
  if (!next) return anthropicReply(res, body, [{ type: "text", text: "done" }], "end_turn");
  anthropicReply(res, body, [{ type: "tool_use", id: next.id, name: next.step.tool, input: next.input }], "tool_use");
}

// ── OpenAI Responses (Codex) ──────────────────────────────────────────────────────────────────

function responsesReply(res: ServerResponse, output: any[]): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const id = `resp_${Date.now()}`;
  const ev = (type: string, data: unknown) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...(data as object) })}\n\n`);
  ev("response.created", { response: { id, object: "response", status: "in_progress", output: [] } });
  output.forEach((item, output_index) => {
    ev("response.output_item.added", { output_index, item });
    ev("response.output_item.done", { output_index, item });
  });
  ev("response.completed", { response: { id, object: "response", status: "completed", output, usage: { input_tokens: 10, output_tokens: 10, total_tokens: 20, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } } } });
  res.end();
}

function responses(_req: IncomingMessage, res: ServerResponse, body: any, plan: Step[]): void {
  // MCP tools come grouped in a namespace (mcp__<server>) whose functions are named without it.
  const where = new Map<string, string | null>();
  for (const t of body.tools ?? []) {
    if (t.type === "namespace") for (const f of t.tools ?? []) where.set(`${t.name}__${f.name}`, t.name);
    else if (t.name) where.set(t.name, null);
  }
  const tools = [...where.keys()];
  const text = (t: string) => ({ type: "message", id: `msg_${Date.now()}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: t, annotations: [] }] });
  if (!tools.some((t) => t.includes("akms"))) return responsesReply(res, [text("ok")]);
  const next = nextCall(body.input ?? [], plan);
  if (!next) return responsesReply(res, [text("done")]);
  const full = tools.find((t) => t === next.step.tool || t === `mcp__akms__${next.step.tool}`) ?? next.step.tool;
  const ns = where.get(full) ?? null;
  const name = ns ? full.slice(ns.length + 2) : full;
  responsesReply(res, [{ type: "function_call", id: `fc_${next.id}`, call_id: next.id, name, ...(ns ? { namespace: ns } : {}), arguments: JSON.stringify(next.input), status: "completed" }]);
}

/** Starts the endpoint on 127.0.0.1 (a free port). */
export async function startModelServer(plan: Step[]): Promise<ModelServer> {
  const log: Logged[] = [];
  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: any = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = { raw };
    }
    log.push({ path: req.url ?? "", body });
    try {
      if (req.method === "GET") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ data: [{ id: "scripted", object: "model" }], models: [] }));
      } else if (req.url?.includes("/messages")) anthropic(req, res, body, plan);
      else if (req.url?.includes("/responses")) responses(req, res, body, plan);
      else {
        res.writeHead(404);
        res.end();
      }
    } catch (e) {
      res.writeHead(500);
      res.end(String(e));
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, log, close: () => new Promise((done) => server.close(() => done())) };
}

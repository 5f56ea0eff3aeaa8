import { resolve } from "node:path";
import { findRepo, repoPaths, requireKnowledge } from "../../core/paths.js";
import { serveStdio } from "../mcp/server.js";
import type { CommandSpec } from "./types.js";

export const mcpCommand: CommandSpec = {
  name: "mcp",
  summary: "a stdio MCP server for agents, bound to one repository: query, loadout, derive_tags, pitfalls, show_node, search, status, validate, record_memory (no promotion: a human decides)",
  usage: "akms mcp [--repo DIR] [--vault DIR]",
  async run(_args, flags) {
    const repo = resolve(findRepo(process.cwd(), flags.repo));
    requireKnowledge(repoPaths(repo));
    const code = await serveStdio({ repo, vault: flags.vault ? resolve(flags.vault) : undefined });
    return { json: null, text: "", exitCode: code, quiet: true };
  },
};

import { resolve } from "node:path";
import { findRepo, repoPaths, requireKnowledge } from "../../core/paths.js";
import { serveStdio } from "../mcp/server.js";
import { WORKSPACE_FOLDER } from "../../core/agent/workspace-folder.js";
import type { CommandSpec } from "./types.js";

export const mcpCommand: CommandSpec = {
  name: "mcp",
  summary: "a stdio MCP server for agents, bound to one repository: query, loadout, derive_tags, pitfalls, show_node, search, status, validate, record_memory (no promotion: a human decides)",
  flags: [],
  usage: "akms mcp [--repo DIR] [--vault DIR]",
  async run(_args, flags) {
    const repo = resolve(findRepo(process.cwd(), hostRepo(flags.repo)));
    requireKnowledge(repoPaths(repo));
    const code = await serveStdio({ repo, vault: flags.vault ? resolve(flags.vault) : undefined });
    return { json: null, text: "", exitCode: code, quiet: true };
  },
};

/**
 * `--repo ${workspaceFolder}` (the Cursor kit's) as the host filled it in. A host that leaves the
 * text as it is gets the server bound where it was started, as without --repo, and a line in its log.
 */
function hostRepo(flag: string | undefined): string | undefined {
  if (flag !== WORKSPACE_FOLDER) return flag;
  process.stderr.write(`akms mcp: the host did not fill in --repo ${WORKSPACE_FOLDER}; serving the repository of the directory it started in (${process.cwd()})\n`);
  return undefined;
}

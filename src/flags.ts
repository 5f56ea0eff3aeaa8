// Every flag the CLI knows: the one option table src/argv.ts parses with. Each command declares the
// ones it takes (CommandSpec.flags); a flag a command does not take is a usage error (src/cli.ts).
export interface FlagSpec {
  type: "string" | "boolean" | "number";
  default?: unknown;
  shortFlag?: string;
  isMultiple?: boolean;
}

export const FLAGS: Record<string, FlagSpec> = {
  repo: { type: "string" },
  vault: { type: "string" },
  json: { type: "boolean", default: false },
  color: { type: "boolean", default: true },
  help: { type: "boolean", shortFlag: "h" },
  version: { type: "boolean" },
  keepGoing: { type: "boolean" },
  cache: { type: "boolean" },
  tags: { type: "string" },
  task: { type: "string" },
  role: { type: "string" },
  explain: { type: "boolean" },
  write: { type: "boolean" },
  phase: { type: "number" },
  mode: { type: "string" },
  qmd: { type: "boolean" },
  replay: { type: "boolean" },
  threshold: { type: "number" },
  contextLimit: { type: "number" },
  out: { type: "string" },
  dryRun: { type: "boolean" },
  files: { type: "string", isMultiple: true },
  since: { type: "string" },
  all: { type: "boolean" },
  report: { type: "boolean" },
  kind: { type: "string" },
  reason: { type: "string" },
  force: { type: "boolean" },
  limit: { type: "number" },
  pcd: { type: "string" },
  in: { type: "string" },
  nodes: { type: "string" },
  agent: { type: "string", isMultiple: true },
  format: { type: "string" },
  around: { type: "string" },
  radius: { type: "number" },
  from: { type: "string" },
  vaultOut: { type: "string" },
  git: { type: "boolean" },
  command: { type: "string" },
  allowEmptyVault: { type: "boolean" },
  queries: { type: "string" },
  seed: { type: "number" },
  arms: { type: "string" },
};

/** Flags every command takes. */
export const GLOBAL_FLAGS = ["repo", "vault", "json", "color", "help", "version"] as const;

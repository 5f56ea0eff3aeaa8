// The review gate against an agent's own tools (Claude Code's PreToolUse hook): what an agent may
// not write by hand, and the one place that decides it.
//   - the global vault: never written (DESIGN §3);
//   - knowledge/graph/**: the overlay, config, journal and graph.json are akms's to write (an
//     agent's evidence goes through record_memory; a person's decisions through `akms review`);
//   - a local node's `status:` line: promotion is a person's decision (spec §3.7).
// File tools are checked by their target path, resolved as the host resolves it (symlinks,
// dangling ones too, relative to the session's cwd). Bash commands are checked by the common
// forms of writing a file: redirections (> >> &> 2>), tee, sed -i, cp / mv / install / ln targets,
// rm / rmdir / truncate / touch / chmod operands, dd of=. What it cannot see — a path in a
// variable, a script or interpreter that writes, eval, cd chains — is listed in docs/decisions.md;
// the compile's "promoted outside the review" flag catches a status changed any other way.
import { readFileSync } from "node:fs";
import { basename, isAbsolute, resolve } from "node:path";
import { expandHome, realTarget, staysInside } from "../paths.js";

export interface GuardRoots {
  /** The global vault (real path or as configured). */
  vault: string;
  /** The repository root. */
  repo: string;
  /** knowledge/graph/ and knowledge/local-nodes/ of the repository. */
  graphDir: string;
  localNodes: string;
}

export type Verdict = { deny: false } | { deny: true; reason: string };

const ALLOW: Verdict = { deny: false };

/** What a write of `target` may not do, or null. `change`: what the tool writes (for the status rule). */
function fileVerdict(roots: GuardRoots, shown: string, target: string, change: { content?: string; edits?: string[]; bash?: string } | null): Verdict {
  const t = realTarget(target);
  if (staysInside(roots.vault, t)) {
    return {
      deny: true,
      reason:
        `${shown} is inside the global AKMS vault, which agents never write. Report what you learned in your AgentMemory instead ` +
        "(new_knowledge / pitfalls_discovered, via the record_memory tool); a person reviews it and promotes it.",
    };
  }
  if (staysInside(roots.graphDir, t)) {
    return {
      deny: true,
      reason: `${shown} is in knowledge/graph/, which only akms writes (the overlay, config, review journal and graph.json). Hand in evidence with the record_memory tool; a person decides in \`akms review\`.`,
    };
  }
  if (change && staysInside(roots.localNodes, t) && /\.md$/i.test(t)) {
    const statusOf = (s: string) => /^status[ \t]*:[ \t]*["']?([A-Za-z-]+)/m.exec(s)?.[1] ?? null;
    let before: string | null = null;
    try {
      before = statusOf(readFileSync(t, "utf8"));
    } catch {
      before = null;
    }
    const touched = change.bash !== undefined ? /\bstatus\s*:/.test(change.bash) : change.edits ? change.edits.some((e) => /^\s*status[ \t]*:/m.test(e)) : change.content !== undefined && statusOf(change.content) !== before && (before !== null || !["tentative", "draft", null].includes(statusOf(change.content)));
    if (touched) {
      return {
        deny: true,
        reason: `${shown}: a node's status is a person's decision (spec §3.7), not an agent's edit. Say what you found in your AgentMemory (nodes_used coverage, pitfalls); the reviewer promotes or demotes it in \`akms review\`.`,
      };
    }
  }
  return ALLOW;
}

/** Words of a shell command, quotes removed; `;`, `&&`, `||`, `|`, `&` and newlines end a command. */
export function shellCommands(cmd: string): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let word = "";
  let has = false;
  const end = () => {
    if (has) cur.push(word);
    word = "";
    has = false;
  };
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i]!;
    if (c === "'") {
      const j = cmd.indexOf("'", i + 1);
      word += cmd.slice(i + 1, j < 0 ? undefined : j);
      has = true;
      i = j < 0 ? cmd.length : j;
    } else if (c === '"') {
      let j = i + 1;
      while (j < cmd.length && cmd[j] !== '"') {
        if (cmd[j] === "\\" && j + 1 < cmd.length) j++;
        word += cmd[j];
        j++;
      }
      has = true;
      i = j;
    } else if (c === "\\" && i + 1 < cmd.length) {
      word += cmd[++i];
      has = true;
    } else if (/\s/.test(c) && c !== "\n") {
      end();
    } else if (c === "\n" || c === ";" || c === "|" || (c === "&" && cmd[i + 1] !== ">")) {
      end();
      if (cur.length) out.push(cur);
      cur = [];
      if ((c === "|" || c === "&") && cmd[i + 1] === c) i++;
    } else if (c === ">" || (c === "&" && cmd[i + 1] === ">") || (/[0-9]/.test(c) && cmd[i + 1] === ">" && !has)) {
      end();
      let op = c;
      while (i + 1 < cmd.length && /[>&|0-9]/.test(cmd[i + 1]!) && op.length < 4) op += cmd[++i];
      cur.push(op.includes(">") ? ">" : op);
    } else {
      word += c;
      has = true;
    }
  }
  end();
  if (cur.length) out.push(cur);
  return out;
}

/** The paths a shell command writes (or removes) by the common forms. */
export function bashTargets(cmd: string): string[] {
  const targets: string[] = [];
  for (const words of shellCommands(cmd)) {
    const args: string[] = [];
    for (let i = 0; i < words.length; i++) {
      if (words[i] === ">") {
        if (words[i + 1] !== undefined) targets.push(words[++i]!);
      } else args.push(words[i]!);
    }
    // Leading assignments and wrappers (sudo, env, command, nohup, time) do not change the program.
    let k = 0;
    while (k < args.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(args[k]!) || ["sudo", "env", "command", "nohup", "time", "exec"].includes(args[k]!))) k++;
    const prog = basename(args[k] ?? "");
    const rest = args.slice(k + 1);
    const operands = rest.filter((a) => !a.startsWith("-"));
    if (prog === "tee") targets.push(...operands);
    else if (prog === "sed" && rest.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith("--in-place"))) targets.push(...operands.slice(rest.some((a) => a === "-e" || a.startsWith("--expression")) ? 0 : 1));
    else if (["cp", "install", "ln", "rsync"].includes(prog)) {
      const t = rest.findIndex((a) => a === "-t" || a.startsWith("--target-directory"));
      if (t >= 0) targets.push(rest[t]!.includes("=") ? rest[t]!.split("=")[1]! : rest[t + 1] ?? "");
      else if (operands.length) targets.push(operands[operands.length - 1]!);
    } else if (["mv"].includes(prog)) targets.push(...operands);
    else if (["rm", "rmdir", "truncate", "touch", "chmod", "chown", "unlink", "shred"].includes(prog)) targets.push(...operands.slice(prog === "chmod" || prog === "chown" ? 1 : 0));
    else if (prog === "dd") targets.push(...rest.filter((a) => a.startsWith("of=")).map((a) => a.slice(3)));
    else if (prog === "perl" && rest.some((a) => /^-[a-zA-Z]*i/.test(a))) targets.push(...operands.slice(1));
  }
  return targets.filter((t) => t && t !== "/dev/null" && !t.startsWith("/dev/") && !t.startsWith("&"));
}

/**
 * A path as the shell would start it: `~`, and a leading `$NAME` or `${NAME}` set in the hook's
 * environment (the host's: `$HOME`, `$CLAUDE_PROJECT_DIR`); any other variable stays as written.
 */
function expandLeading(p: string, env: NodeJS.ProcessEnv): string {
  if (p === "~" || p.startsWith("~/")) return expandHome(p, env);
  const v = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))(?=\/|$)/.exec(p);
  const value = v ? env[v[1] ?? v[2]!] : undefined;
  return v && value ? value + p.slice(v[0].length) : p;
}

export interface ToolCall {
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  cwd?: string;
}

const FILE_TOOLS = new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]);

/** The verdict on one tool call. */
export function guardToolCall(roots: GuardRoots, call: ToolCall, env: NodeJS.ProcessEnv = process.env): Verdict {
  const cwd = call.cwd && isAbsolute(call.cwd) ? call.cwd : roots.repo;
  const input = call.tool_input ?? {};
  if (call.tool_name && FILE_TOOLS.has(call.tool_name)) {
    const raw = input.file_path ?? input.notebook_path ?? input.path;
    if (typeof raw !== "string" || !raw) return ALLOW;
    const edits =
      call.tool_name === "Edit"
        ? [String(input.old_string ?? ""), String(input.new_string ?? "")]
        : call.tool_name === "MultiEdit" && Array.isArray(input.edits)
          ? (input.edits as Record<string, unknown>[]).flatMap((e) => [String(e?.old_string ?? ""), String(e?.new_string ?? "")])
          : undefined;
    const content = call.tool_name === "Write" ? String(input.content ?? "") : undefined;
    return fileVerdict(roots, raw, resolve(cwd, expandLeading(raw, env)), { content, edits });
  }
  if (call.tool_name === "Bash" && typeof input.command === "string") {
    for (const t of bashTargets(input.command)) {
      const v = fileVerdict(roots, t, resolve(cwd, expandLeading(t, env)), { bash: input.command });
      if (v.deny) return { deny: true, reason: `this command writes ${t}: ${v.reason}` };
    }
  }
  return ALLOW;
}

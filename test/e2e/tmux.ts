// Driving a real terminal: a detached tmux session running a command, keys sent with send-keys,
// the screen read with capture-pane, polled until the expected text shows (with a timeout).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";

export const TMUX = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].find((p) => existsSync(p)) ?? "tmux";

export function tmuxAvailable(): boolean {
  return spawnSync(TMUX, ["-V"], { encoding: "utf8" }).status === 0;
}

export interface Pane {
  name: string;
  /** The visible screen as text (no escape sequences). */
  capture(): string;
  /** The visible screen with its colours and attributes (capture-pane -e). */
  captureStyled(): string;
  /** Sends keys one at a time (tmux key names: Enter, Escape, Down, …, or literal characters). */
  send(...keys: string[]): void;
  waitFor(re: RegExp, ms?: number): Promise<string>;
  /** Whether the session (its command) still runs. */
  alive(): boolean;
  /** The pid of the pane's command (`env` execs it, so it is the command's own). */
  pid(): number;
  /** From now on, every byte the command writes to the terminal is appended to `file`. */
  record(file: string): void;
  kill(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts `argv` in a new detached tmux session of the given size; env entries are passed through `env`. */
export function startPane(name: string, argv: string[], opts: { width?: number; height?: number; env?: Record<string, string | undefined>; cwd?: string } = {}): Pane {
  const envArgs: string[] = [];
  const unset: string[] = [];
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) unset.push("-u", k);
    else envArgs.push(`${k}=${v}`);
  }
  // `env` runs the command with an exact environment and no shell parsing of the arguments.
  const cmd = ["env", ...unset, ...envArgs, ...argv];
  execFileSync(TMUX, ["-L", name, "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", String(opts.width ?? 100), "-y", String(opts.height ?? 30), ...(opts.cwd ? ["-c", opts.cwd] : []), ...cmd], {
    stdio: "ignore",
  });
  // Keep the pane after the command exits, so its last screen can still be read.
  spawnSync(TMUX, ["-L", name, "set-option", "-t", name, "remain-on-exit", "on"], { stdio: "ignore" });
  const pane: Pane = {
    name,
    capture: () => execFileSync(TMUX, ["-L", name, "capture-pane", "-p", "-t", name], { encoding: "utf8" }),
    captureStyled: () => execFileSync(TMUX, ["-L", name, "capture-pane", "-p", "-e", "-t", name], { encoding: "utf8" }),
    send: (...keys) => {
      for (const k of keys) execFileSync(TMUX, ["-L", name, "send-keys", "-t", name, ...(k.length === 1 ? ["-l", k] : [k])], { stdio: "ignore" });
    },
    async waitFor(re, ms = 15000) {
      const t0 = Date.now();
      let last = "";
      while (Date.now() - t0 < ms) {
        try {
          last = pane.capture();
        } catch {
          /* the server may be starting */
        }
        if (re.test(last)) {
          // The frame may still be being drawn: return a capture that is the same twice in a row.
          await sleep(40);
          const again = pane.capture();
          if (again === last || re.test(again)) {
            if (again === last) return again;
            last = again;
            continue;
          }
        }
        await sleep(25);
      }
      throw new Error(`timed out after ${ms} ms waiting for ${re}; screen:\n${last}`);
    },
    alive: () => {
      const r = spawnSync(TMUX, ["-L", name, "list-panes", "-t", name, "-F", "#{pane_dead}"], { encoding: "utf8" });
      return r.status === 0 && r.stdout.trim() === "0";
    },
    pid: () => Number(execFileSync(TMUX, ["-L", name, "list-panes", "-t", name, "-F", "#{pane_pid}"], { encoding: "utf8" }).trim()),
    // tmux expands the command as a format (`#{…}`) and through strftime (`%A`): both doubled.
    record: (file) => {
      execFileSync(TMUX, ["-L", name, "pipe-pane", "-o", "-t", name, `cat >> '${file.replace(/'/g, "'\\''")}'`.replace(/[%#]/g, "$&$&")], { stdio: "ignore" });
    },
    // tmux 3.3 leaves its socket file behind on kill-server: removed too, so a run leaves nothing in /tmp/tmux-UID.
    kill: () => {
      const asked = spawnSync(TMUX, ["-L", name, "display-message", "-p", "#{socket_path}"], { encoding: "utf8" });
      const socket = asked.status === 0 && asked.stdout.trim() ? asked.stdout.trim() : join(process.env.TMUX_TMPDIR || "/tmp", `tmux-${process.getuid?.() ?? 0}`, name);
      spawnSync(TMUX, ["-L", name, "kill-server"], { stdio: "ignore" });
      rmSync(socket, { force: true });
    },
  };
  return pane;
}

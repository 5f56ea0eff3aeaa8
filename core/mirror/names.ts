// Where a source file's mirror lives and what it is called (DESIGN §4 Mirror):
// `src/solvers/fft/green.py` → `code-mirror/solvers/fft/green.md`, id `mirror-solvers-fft-green`.
// A leading `src/` is dropped; when two source files would get the same id or mirror path, each of
// them steps up: the full path (src/ kept) → the full path with its extension → plus a hash of
// the path. The assignment is a function of the set of source files only, so it does not depend
// on which files a run happens to mirror.
import { sha256 } from "../fsx.js";

export interface MirrorName {
  /** Relative to knowledge/, e.g. `code-mirror/solvers/fft/green.md` (the node's content_ref). */
  contentRef: string;
  id: string;
}

const MAX_LEVEL = 3;

function candidate(path: string, level: number): string {
  const noExt = path.replace(/\.[^./]+$/, "");
  let name: string;
  if (level === 0) name = path.startsWith("src/") && noExt.length > 4 ? noExt.slice(4) : noExt;
  else if (level === 1) name = noExt;
  else if (level === 2) name = path;
  else name = `${path}-${sha256(path).slice(0, 8)}`;
  // The compiler skips dot-files and dot-directories under code-mirror/.
  return name
    .split("/")
    .map((seg) => seg.replace(/^\.+/, (m) => "_".repeat(m.length)))
    .join("/");
}

/** Lower-case; anything outside [a-z0-9_-] (slashes and dots included) becomes `-`. */
export function idFor(name: string): string {
  const id = `mirror-${name.toLowerCase().replace(/[^a-z0-9_-]/g, "-")}`;
  return id.length <= 128 ? id : `${id.slice(0, 119)}-${sha256(name).slice(0, 8)}`;
}

/** Names for every source file in `paths` (repository-relative, POSIX). */
export function assignMirrorNames(paths: Iterable<string>): Map<string, MirrorName> {
  const all = [...new Set(paths)].sort();
  const level = new Map(all.map((p) => [p, 0]));
  for (let round = 0; round < 16; round++) {
    const byId = new Map<string, string[]>();
    const byPath = new Map<string, string[]>();
    for (const p of all) {
      const name = candidate(p, level.get(p)!);
      const id = idFor(name);
      byId.set(id, [...(byId.get(id) ?? []), p]);
      const lower = name.toLowerCase();
      byPath.set(lower, [...(byPath.get(lower) ?? []), p]);
    }
    const clashing = new Set<string>();
    for (const group of [...byId.values(), ...byPath.values()]) if (group.length > 1) for (const p of group) clashing.add(p);
    let bumped = false;
    for (const p of clashing) {
      const l = level.get(p)!;
      if (l < MAX_LEVEL) {
        level.set(p, l + 1);
        bumped = true;
      }
    }
    if (!bumped) break;
  }
  const out = new Map<string, MirrorName>();
  for (const p of all) {
    const name = candidate(p, level.get(p)!);
    out.set(p, { contentRef: `code-mirror/${name}.md`, id: idFor(name) });
  }
  return out;
}

import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  TS_EXTENSIONS
} from "./chunk-X3WYGEXI.mjs";
import {
  buildLocked
} from "./chunk-GNOMD4OV.mjs";
import {
  nowIso
} from "./chunk-QVAO2ACK.mjs";
import {
  recoverPendingTransaction
} from "./chunk-EUE77RB2.mjs";
import {
  acquireLock
} from "./chunk-W24I3PEA.mjs";
import {
  Pcd
} from "./chunk-2ZAOF5AY.mjs";
import {
  listMarkdown
} from "./chunk-2N2TC7TM.mjs";
import {
  parseFrontmatter,
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  checkSchema,
  parseYaml
} from "./chunk-DWREGR5U.mjs";
import {
  displayPath,
  memoRealpath,
  readTextIfExists,
  removeFile,
  removeStaleTemps,
  resolveInside,
  sha256,
  writeFileAtomic,
  writeFilesAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  UsageError,
  ValidationError
} from "./chunk-C3ZMY3KT.mjs";

// core/mirror/generate.ts
import { readFileSync as readFileSync2, rmdirSync, statSync as statSync2 } from "node:fs";
import { basename, dirname as dirname2, join as join3, relative as relative2, sep as sep2 } from "node:path";

// core/mirror/cache.ts
import { join } from "node:path";
var MIRROR_FORMAT = "akms-mirror-3";
function cachePath(cacheDir) {
  return join(cacheDir, "mirror-cache.json");
}
function readCache(cacheDir) {
  try {
    const c = JSON.parse(readTextIfExists(cachePath(cacheDir)) ?? "null");
    if (c && c.format === MIRROR_FORMAT && c.sources && typeof c.sources === "object") return c;
  } catch {
  }
  return { format: MIRROR_FORMAT, sources: {} };
}
function serializeCache(cache) {
  const sources = {};
  for (const k of Object.keys(cache.sources).sort()) sources[k] = cache.sources[k];
  return JSON.stringify({ format: cache.format, sources }) + "\n";
}

// core/mirror/drift.ts
var GOOGLE_PARAM_SECTIONS = /* @__PURE__ */ new Set(["args", "arguments", "parameters", "params", "keyword args", "keyword arguments", "kwargs", "other parameters"]);
var GOOGLE_RETURN_SECTIONS = /* @__PURE__ */ new Set(["returns", "return"]);
var GOOGLE_SECTIONS = /* @__PURE__ */ new Set([
  ...GOOGLE_PARAM_SECTIONS,
  ...GOOGLE_RETURN_SECTIONS,
  "yields",
  "yield",
  "raises",
  "raise",
  "attributes",
  "example",
  "examples",
  "note",
  "notes",
  "see also",
  "warning",
  "warnings",
  "warns",
  "todo",
  "references",
  "methods"
]);
var NUMPY_PARAM_SECTIONS = /* @__PURE__ */ new Set(["parameters", "other parameters", "params"]);
var NUMPY_RETURN_SECTIONS = /* @__PURE__ */ new Set(["returns", "return"]);
var indentOf = (line) => line.length - line.trimStart().length;
var isBlank = (line) => line.trim() === "";
var bareName = (name) => name.replace(/\\/g, "").replace(/^\*{1,2}/, "").replace(/^\.\.\./, "");
function parsePythonDocstring(doc) {
  const lines = doc.split("\n");
  const out = { params: [], returns: [] };
  const numpyHeaderAt = (i) => i + 1 < lines.length && /^\s*-{3,}\s*$/.test(lines[i + 1]) && !isBlank(lines[i]) && indentOf(lines[i]) === indentOf(lines[i + 1]);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (numpyHeaderAt(i)) {
      const title = line.trim().toLowerCase();
      const indent = indentOf(line);
      let j = i + 2;
      const body = [];
      while (j < lines.length && !numpyHeaderAt(j)) {
        const l = lines[j];
        if (!isBlank(l) && indentOf(l) < indent) break;
        body.push(l);
        j++;
      }
      const entries = body.filter((l) => !isBlank(l) && indentOf(l) === indent);
      if (NUMPY_PARAM_SECTIONS.has(title)) {
        for (const e of entries) {
          const names = e.trim().split(/\s+:\s*|\s*:\s+|\s*:$/)[0];
          for (const n of names.split(",")) {
            const name = n.trim().replace(/\\/g, "");
            if (/^\*{0,2}[A-Za-z_]\w*$/.test(name)) out.params.push({ name, style: "NumPy Parameters" });
          }
        }
      } else if (NUMPY_RETURN_SECTIONS.has(title)) {
        const text = body.map((l) => l.trim()).filter(Boolean).join(" ");
        out.returns.push({ style: "NumPy Returns", text });
      }
      i = j - 1;
      continue;
    }
    const g = /^(\s*)([A-Za-z][A-Za-z ]*?)\s*:\s*(.*)$/.exec(line);
    if (g && GOOGLE_SECTIONS.has(g[2].toLowerCase()) && (g[3] === "" || GOOGLE_RETURN_SECTIONS.has(g[2].toLowerCase()))) {
      const title = g[2].toLowerCase();
      const indent = g[1].length;
      let j = i + 1;
      const body = [];
      while (j < lines.length && (isBlank(lines[j]) || indentOf(lines[j]) > indent)) body.push(lines[j++]);
      while (body.length && isBlank(body[body.length - 1])) body.pop();
      if (GOOGLE_PARAM_SECTIONS.has(title)) {
        const first = body.find((l) => !isBlank(l));
        const entryIndent = first === void 0 ? -1 : indentOf(first);
        for (const l of body) {
          if (isBlank(l) || indentOf(l) !== entryIndent) continue;
          const m = /^\s*((?:\\?\*){0,2}[A-Za-z_]\w*)\s*(?:\([^)]*\))?\s*:/.exec(l);
          if (m) out.params.push({ name: m[1].replace(/\\/g, ""), style: `Google ${g[2]}:` });
        }
      } else if (GOOGLE_RETURN_SECTIONS.has(title)) {
        const text = [g[3], ...body.map((l) => l.trim())].filter(Boolean).join(" ");
        out.returns.push({ style: `Google ${g[2]}:`, text });
      }
      if (body.length) i = i + body.length;
      continue;
    }
    const sp = /^\s*:(param|parameter|arg|argument|key|keyword|type)\s+([^:]*?)\s*:/.exec(line);
    if (sp) {
      const words = sp[2].trim().split(/\s+/);
      const name = words[words.length - 1].replace(/\\/g, "");
      if (/^\*{0,2}[A-Za-z_]\w*$/.test(name)) out.params.push({ name, style: `Sphinx :${sp[1]}:` });
      continue;
    }
    const sr = /^(\s*):(returns?|rtype)\s*:\s*(.*)$/.exec(line);
    if (sr) {
      const indent = sr[1].length;
      const more = [];
      let j = i + 1;
      while (j < lines.length && !isBlank(lines[j]) && indentOf(lines[j]) > indent) more.push(lines[j++].trim());
      out.returns.push({ style: `Sphinx :${sr[2]}:`, text: [sr[3], ...more].join(" ").trim() });
    }
  }
  return out;
}
function saysNothingReturned(text) {
  const t = text.replace(/[`*_{}()[\]'"]/g, "").trim().toLowerCase();
  return t === "" || /^(none|nothing|void|undefined|never|n\/a|no return value|no value)\b/.test(t);
}
function isNoneAnnotation(lang, returns) {
  if (returns === null) return false;
  const r = returns.trim();
  if (lang === "python") return r === "None" || r === "'None'" || r === '"None"';
  return r === "void";
}
function signatureText(params, lang) {
  const shown = params.map((p) => p.kind === "vararg" ? lang === "python" ? `*${p.name}` : `...${p.name}` : p.kind === "kwarg" ? `**${p.name}` : p.name);
  return `(${shown.join(", ")})`;
}
var hasCatchAll = (params) => params.some((p) => p.kind === "vararg" || p.kind === "kwarg");
function checkDrift(def, lang) {
  if (!def.docstring) return [];
  const findings = [];
  const isClass = def.kind === "class";
  const params = isClass ? def.initParams : def.params;
  const where = isClass ? lang === "python" ? "__init__" : "constructor" : "signature";
  if (lang === "python") {
    const doc = parsePythonDocstring(def.docstring);
    if (params && !hasCatchAll(params)) {
      const names = new Set(params.map((p) => p.name));
      const seen = /* @__PURE__ */ new Set();
      for (const d of doc.params) {
        const n = bareName(d.name);
        if (names.has(n) || seen.has(n)) continue;
        seen.add(n);
        findings.push({
          function: def.qualname,
          kind: "unknown-parameter",
          detail: `docstring (${d.style}) documents parameter \`${d.name}\`, but the ${where} is ${signatureText(params, lang)}`,
          line: def.line
        });
      }
    }
    if (!isClass && isNoneAnnotation(lang, def.returns)) {
      const r = doc.returns.find((x) => !saysNothingReturned(x.text));
      if (r) {
        findings.push({
          function: def.qualname,
          kind: "return-on-none",
          detail: `docstring (${r.style}) documents a return value (${clip(r.text)}), but the return annotation is \`-> ${def.returns.trim()}\``,
          line: def.line
        });
      }
    }
    return findings;
  }
  const js = def.jsdoc;
  if (!js) return [];
  if (params && !hasCatchAll(params) && !def.usesArguments) {
    const names = /* @__PURE__ */ new Set(["this"]);
    let patterns = 0;
    for (const p of params) {
      if (p.kind === "pattern") {
        patterns++;
        for (const b of p.bound ?? []) names.add(b);
      } else names.add(p.name);
    }
    const freeRoots = [];
    const flagged = /* @__PURE__ */ new Set();
    for (const tag of js.params) {
      const root = tag.name.split(/[.[]/)[0];
      if (names.has(root)) continue;
      if (freeRoots.includes(root)) continue;
      if (freeRoots.length < patterns) {
        freeRoots.push(root);
        continue;
      }
      if (flagged.has(root)) continue;
      flagged.add(root);
      findings.push({
        function: def.qualname,
        kind: "unknown-parameter",
        detail: `JSDoc documents \`@param ${tag.name}\`, but the ${where} is ${signatureText(params, lang)}`,
        line: def.line
      });
    }
  }
  if (!isClass && js.returns && isNoneAnnotation(lang, def.returns)) {
    const r = js.returns;
    const typeSaysNothing = r.type !== null && /^(void|undefined|never)$/.test(r.type.trim());
    const documents = r.type !== null ? !typeSaysNothing : !saysNothingReturned(r.text);
    if (documents) {
      const what = [r.type !== null ? `{${r.type}}` : "", r.text].filter(Boolean).join(" ");
      findings.push({
        function: def.qualname,
        kind: "return-on-none",
        detail: `JSDoc documents a return value (\`@returns ${clip(what)}\`), but the return type is \`${def.returns.trim()}\``,
        line: def.line
      });
    }
  }
  return findings;
}
function clip(s, n = 60) {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > n ? t.slice(0, n - 1) + "\u2026" : t;
}
function checkAllDrift(defs, lang) {
  return defs.flatMap((d) => checkDrift(d, lang));
}

// core/mirror/names.ts
var MAX_LEVEL = 3;
function candidate(path, level) {
  const noExt = path.replace(/\.[^./]+$/, "");
  let name;
  if (level === 0) name = path.startsWith("src/") && noExt.length > 4 ? noExt.slice(4) : noExt;
  else if (level === 1) name = noExt;
  else if (level === 2) name = path;
  else name = `${path}-${sha256(path).slice(0, 8)}`;
  return name.split("/").map((seg) => seg.replace(/^\.+/, (m) => "_".repeat(m.length))).join("/");
}
function idFor(name) {
  const id = `mirror-${name.toLowerCase().replace(/[^a-z0-9_-]/g, "-")}`;
  return id.length <= 128 ? id : `${id.slice(0, 119)}-${sha256(name).slice(0, 8)}`;
}
function assignMirrorNames(paths) {
  const all = [...new Set(paths)].sort();
  const level = new Map(all.map((p) => [p, 0]));
  for (let round = 0; round < 16; round++) {
    const byId = /* @__PURE__ */ new Map();
    const byPath = /* @__PURE__ */ new Map();
    for (const p of all) {
      const name = candidate(p, level.get(p));
      const id = idFor(name);
      byId.set(id, [...byId.get(id) ?? [], p]);
      const lower = name.toLowerCase();
      byPath.set(lower, [...byPath.get(lower) ?? [], p]);
    }
    const clashing = /* @__PURE__ */ new Set();
    for (const group of [...byId.values(), ...byPath.values()]) if (group.length > 1) for (const p of group) clashing.add(p);
    let bumped = false;
    for (const p of clashing) {
      const l = level.get(p);
      if (l < MAX_LEVEL) {
        level.set(p, l + 1);
        bumped = true;
      }
    }
    if (!bumped) break;
  }
  const out = /* @__PURE__ */ new Map();
  for (const p of all) {
    const name = candidate(p, level.get(p));
    out.set(p, { contentRef: `code-mirror/${name}.md`, id: idFor(name) });
  }
  return out;
}

// core/mirror/render.ts
var FENCE_LANG = { python: "python", typescript: "ts", javascript: "js" };
function fenceLang(lang, sourceFile) {
  const ext = sourceFile.slice(sourceFile.lastIndexOf(".") + 1).toLowerCase();
  return ext === "tsx" || ext === "jsx" ? ext : FENCE_LANG[lang] ?? "";
}
function yamlStr(s) {
  return /^[A-Za-z_][A-Za-z0-9_./-]*$/.test(s) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(s) ? s : JSON.stringify(s);
}
function renderFrontmatter(meta, drift) {
  const lines = [
    "---",
    `id: ${meta.id}`,
    `title: ${JSON.stringify(`Code Mirror: ${meta.sourceFile}`)}`,
    "domain: code-mirror",
    `status: ${drift.length ? "draft" : "established"}`,
    "confidence: 1.0",
    "source: generated",
    "auto_update: true",
    `content_ref: ${yamlStr(meta.contentRef)}`,
    `source_file: ${yamlStr(meta.sourceFile)}`,
    `generated_at: ${meta.generatedAt}`,
    `generated_by_phase: ${meta.phase === null ? "null" : String(meta.phase)}`
  ];
  if (drift.length) {
    lines.push("drift:");
    for (const d of drift) {
      lines.push(`  - function: ${JSON.stringify(d.function)}`, `    kind: ${d.kind}`, `    detail: ${JSON.stringify(d.detail)}`, `    line: ${d.line}`);
    }
  }
  lines.push("akms_schema: v2", "---", "");
  return lines.join("\n");
}
function fenceFor(code) {
  let longest = 0;
  for (const m of code.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return "`".repeat(Math.max(3, longest + 1));
}
function docstringMarkdown(doc) {
  const out = [];
  let openFence = null;
  for (const line of doc.split("\n")) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (openFence === null) openFence = f[1];
      else if (f[1][0] === openFence[0] && f[1].length >= openFence.length) openFence = null;
      out.push(line);
      continue;
    }
    out.push(openFence === null && /^ {0,3}#/.test(line) ? line.replace("#", "\\#") : line);
  }
  if (openFence !== null) out.push(openFence);
  return out.join("\n");
}
function kindLabel(d) {
  return `${d.async ? "async " : ""}${d.kind}`;
}
function defSection(d, info, drift) {
  const parts = [];
  parts.push(`## \`${d.qualname}\``, "");
  const lines = d.startLine === d.endLine ? `line ${d.startLine}` : `lines ${d.startLine}\u2013${d.endLine}`;
  parts.push(`${kindLabel(d)} \xB7 ${lines} \xB7 \`${d.signature.replace(/`/g, "'")}\``, "");
  for (const f of drift) parts.push(`> **Docstring drift** (${f.kind}): ${f.detail}`, "");
  if (d.docstring) parts.push(docstringMarkdown(d.docstring), "");
  else parts.push("_No docstring._", "");
  const fence = fenceFor(d.source);
  parts.push(`${fence}${info}`, d.source, fence, "");
  return parts.join("\n");
}
function renderMirror(meta, parsed, drift, syntaxErrors = parsed.syntaxErrors) {
  const out = [renderFrontmatter(meta, drift)];
  out.push(`# Code Mirror: ${meta.sourceFile}`, "");
  const n = parsed.defs.length;
  out.push(
    `Generated by \`akms mirror\` from \`${meta.sourceFile}\` (${parsed.language}, ${n} definition${n === 1 ? "" : "s"}). Do not edit: the next run rewrites this file.`,
    ""
  );
  if (syntaxErrors.length) {
    const where = syntaxErrors.slice(0, 5).map((e) => `line ${e.line}`).join(", ");
    out.push(`> **Parsed with syntax errors** (${where}${syntaxErrors.length > 5 ? ", \u2026" : ""}): this mirror shows what the parser recovered.`, "");
  }
  if (parsed.moduleDoc) out.push(docstringMarkdown(parsed.moduleDoc), "");
  const byFn = /* @__PURE__ */ new Map();
  for (const f of drift) byFn.set(`${f.function}\0${f.line}`, [...byFn.get(`${f.function}\0${f.line}`) ?? [], f]);
  const info = fenceLang(parsed.language, meta.sourceFile);
  for (const d of parsed.defs) out.push(defSection(d, info, byFn.get(`${d.qualname}\0${d.line}`) ?? []));
  let text = out.join("\n");
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  text = text.slice(0, end) + "\n";
  return text;
}
function comparable(text) {
  return text.replace(/^generated_at: .*$/m, "generated_at:").replace(/^generated_by_phase: .*$/m, "generated_by_phase:");
}

// core/mirror/select.ts
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join as join2, relative, resolve, sep } from "node:path";
var EXTENSIONS = { ".py": "python", ...TS_EXTENSIONS };
function languageOf(path, languages) {
  if (/\.d\.[cm]?ts$/i.test(path)) return null;
  const dot = path.lastIndexOf(".");
  if (dot < 0 || dot < path.lastIndexOf("/")) return null;
  const lang = EXTENSIONS[path.slice(dot).toLowerCase()];
  return lang && languages.includes(lang) ? lang : null;
}
function git(repo, args) {
  const r = spawnSync("git", args, { cwd: repo, encoding: "utf8", maxBuffer: 256 << 20, timeout: 6e4 });
  if (r.error) return { ok: false, missing: r.error.code === "ENOENT", stdout: "", stderr: r.error.message };
  return { ok: r.status === 0, missing: false, stdout: r.stdout, stderr: r.stderr };
}
var splitZ = (s) => s.split("\0").filter(Boolean);
function gitWorkTree(repo) {
  return git(repo, ["rev-parse", "--is-inside-work-tree"]);
}
function listSourceFiles(repo, languages) {
  const r = git(repo, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
  const paths = r.ok ? splitZ(r.stdout) : walk(repo);
  const out = /* @__PURE__ */ new Set();
  for (const p of paths) {
    if (p === "knowledge" || p.startsWith("knowledge/") || p.split("/").includes("node_modules")) continue;
    if (languageOf(p, languages)) out.add(p);
  }
  return [...out].sort();
}
function walk(repo) {
  const out = [];
  const visit = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (dir !== repo && entries.some((e) => e.name === "pyvenv.cfg")) return;
    for (const e of entries) {
      const full = join2(dir, e.name);
      if (e.isDirectory()) {
        if (e.name.startsWith(".") || e.name === "node_modules" || e.name === "__pycache__") continue;
        if (dir === repo && e.name === "knowledge") continue;
        visit(full);
      } else if (e.isFile() || e.isSymbolicLink()) {
        out.push(relative(repo, full).split(sep).join("/"));
      }
    }
  };
  visit(repo);
  return out;
}
function toRepoPath(repo, base, given) {
  if (given.includes("\0")) return null;
  const abs = isAbsolute(given) ? given : resolve(base, given);
  const rel = relative(repo, abs);
  if (!rel || rel.startsWith("..") || isAbsolute(rel)) return null;
  const inside = resolveInside(repo, rel);
  return inside ? rel.split(sep).join("/") : null;
}
function selectFiles(ctx, opts) {
  const modes = [opts.files?.length ? "--files" : null, opts.pcd ? "--pcd" : null, opts.since !== void 0 && opts.since !== false ? "--since" : null, opts.all ? "--all" : null].filter(Boolean);
  if (modes.length > 1) throw new UsageError(`choose one of --files, --pcd, --since and --all (got ${modes.join(" and ")})`, "run `akms mirror --help`");
  const cwd = opts.cwd ?? process.cwd();
  const languages = ctx.cfg.config.mirror.languages;
  if (opts.files?.length) {
    const problems = [];
    const files = [];
    for (const f of opts.files) {
      const fromRepo = !isAbsolute(f) && !existsSync(resolve(cwd, f)) && existsSync(resolve(ctx.repo, f));
      const rel = toRepoPath(ctx.repo, fromRepo ? ctx.repo : cwd, f);
      if (rel === null) {
        problems.push({ file: f, message: `is outside the repository ${ctx.repo} (directly, through \`..\` or through a symlink)`, hint: "mirror only files inside the repository (paths are relative to the current directory, or to the repository root)" });
        continue;
      }
      if (rel === "knowledge" || rel.startsWith("knowledge/")) {
        problems.push({ file: rel, message: "is inside knowledge/, which holds akms's own files, not source code", hint: "name a source file" });
        continue;
      }
      files.push({ path: rel, explicit: true });
    }
    if (problems.length) {
      throw new ValidationError(`${problems.length} of the named files cannot be mirrored; nothing was written`, { problems, hint: problems[0].hint });
    }
    return { mode: "files", files: dedupe(files) };
  }
  if (opts.pcd) {
    const file = isAbsolute(opts.pcd) ? opts.pcd : resolve(cwd, opts.pcd);
    const shown = displayPath(ctx.repo, file);
    let text;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      throw new AkmsError("NOT_FOUND", `cannot read the PCD: ${e.code === "ENOENT" ? "no such file" : e.message}`, {
        file: shown,
        hint: "give the path of a phase completion document (knowledge/sessions/handoff_phase_N.md)"
      });
    }
    const fm = parseFrontmatter(text, shown);
    const pcd = checkSchema(Pcd, fm.data, { file: shown, text: fm.yaml, firstLine: fm.firstLine }, "phase completion document");
    const problems = [];
    const files = [];
    const lists = [
      ["files_modified", pcd.files_modified],
      ["files_created", pcd.files_created],
      ["files_deleted", pcd.files_deleted]
    ];
    for (const [field, list] of lists) {
      (list ?? []).forEach((entry, i) => {
        const rel = toRepoPath(ctx.repo, ctx.repo, entry.path);
        if (rel === null) problems.push({ file: shown, field: `${field}[${i}].path`, message: `"${entry.path}" is outside the repository`, hint: "PCD paths are relative to the repository root" });
        else files.push({ path: rel, explicit: false });
      });
    }
    if (problems.length) throw new ValidationError(`the PCD names files outside the repository; nothing was written`, { file: shown, problems, hint: problems[0].hint });
    return { mode: "pcd", pcd: shown, pcdPhase: pcd.phase_id, files: dedupe(files) };
  }
  if (opts.all) {
    const listing = listSourceFiles(ctx.repo, languages);
    return { mode: "all", files: listing.map((path) => ({ path, explicit: false })), listing };
  }
  const ref = typeof opts.since === "string" && opts.since !== "" ? opts.since : ctx.cfg.config.orchestrator.base_branch;
  if (ref.startsWith("-")) throw new UsageError(`--since takes a git ref, not "${ref}"`, "for example `akms mirror --since main`");
  const tree = gitWorkTree(ctx.repo);
  if (tree.missing) {
    throw new AkmsError("NO_GIT", "git is not installed (or not on PATH), so the changed files cannot be listed", {
      hint: "install git, or name the files with --files F\u2026, or mirror everything with --all"
    });
  }
  if (!tree.ok || tree.stdout.trim() !== "true") {
    throw new AkmsError("NOT_A_GIT_REPO", `${ctx.repo} is not a git repository, so there is no history to compare against ${ref}`, {
      hint: "name the files with --files F\u2026, or mirror everything with --all"
    });
  }
  if (!git(ctx.repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]).ok) {
    throw new AkmsError("UNKNOWN_REF", `git does not know the ref "${ref}"`, {
      hint: "name an existing branch or commit with --since REF (the default is orchestrator.base_branch in the config)"
    });
  }
  const diff = git(ctx.repo, ["diff", "--name-only", "-z", "--relative", `${ref}...HEAD`]);
  if (!diff.ok) {
    throw new AkmsError("GIT_FAILED", `git diff against ${ref} failed: ${diff.stderr.trim().split("\n")[0] ?? "unknown error"}`, {
      hint: "check that the repository has commits and that the ref shares history with HEAD"
    });
  }
  return { mode: "since", ref, files: dedupe(splitZ(diff.stdout).map((path) => ({ path, explicit: false }))) };
}
function dedupe(files) {
  const seen = /* @__PURE__ */ new Map();
  for (const f of files) if (!seen.has(f.path)) seen.set(f.path, f);
  return [...seen.values()];
}
function repoStatter(repo) {
  const real = memoRealpath();
  const root = real(repo) ?? repo;
  const within = (p) => {
    const r = relative(root, p);
    return r !== "" && !r.startsWith("..") && !isAbsolute(r);
  };
  const inside = (rel) => {
    if (!rel || isAbsolute(rel) || rel.includes("\0") || rel.split("/").includes("..")) return false;
    const full = join2(repo, rel);
    const dir = real(dirname(full));
    if (dir === null) return resolveInside(repo, rel) !== null;
    if (!within(join2(dir, "x"))) return false;
    try {
      if (!lstatSync(full).isSymbolicLink()) return true;
    } catch {
      return true;
    }
    const target = real(full);
    return target === null ? true : within(target);
  };
  return (rel) => {
    if (!inside(rel)) return { kind: "outside" };
    try {
      const st = statSync(join2(repo, rel), { bigint: true });
      if (st.isDirectory()) return { kind: "dir" };
      if (!st.isFile()) return { kind: "other" };
      return { kind: "file", size: Number(st.size), mtimeNs: st.mtimeNs };
    } catch (e) {
      const code = e.code;
      if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
      return { kind: "other" };
    }
  };
}

// core/mirror/semantic.ts
import { spawnSync as spawnSync2 } from "node:child_process";
var NO_MODEL_MESSAGE = "semantic drift check enabled but no model configured (model_routing)";
var INSTRUCTIONS = `You check one function's docstring against its code. Answer drift=true only when the docstring CONTRADICTS the code (describes behaviour, parameters, return values or errors the code does not have). A missing, incomplete or vague docstring is NOT drift. Reply with JSON only: {"drift": boolean, "detail": string}.`;
function semanticSetup(config) {
  if (!config.mirror.semantic_drift) return { enabled: false };
  const routing = config.model_routing;
  const entry = routing && typeof routing === "object" ? routing.semantic_drift : void 0;
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) {
    return { enabled: true, route: null, message: `${NO_MODEL_MESSAGE}: add model_routing.semantic_drift.command (an argv list that runs your model)` };
  }
  const e = entry;
  const cmd = e.command;
  if (!Array.isArray(cmd) || cmd.length === 0 || !cmd.every((c) => typeof c === "string" && c.length > 0)) {
    const named = typeof e.provider === "string" ? ` (provider "${e.provider}" is not something akms can call)` : "";
    return {
      enabled: true,
      route: null,
      message: `${NO_MODEL_MESSAGE}${named}: model_routing.semantic_drift.command must be a non-empty list of strings (an argv that runs your model)`
    };
  }
  const t = e.timeout_seconds;
  const timeoutMs = typeof t === "number" && t > 0 ? Math.round(t * 1e3) : 6e4;
  return { enabled: true, route: { command: cmd, timeoutMs } };
}
function semanticDrift(route, defs, lang, file, cwd) {
  const out = { findings: [], problems: [], calls: 0 };
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
      source: d.source
    };
    const r = spawnSync2(route.command[0], route.command.slice(1), {
      cwd,
      input: JSON.stringify(request),
      encoding: "utf8",
      timeout: route.timeoutMs,
      maxBuffer: 1 << 20
    });
    const who = `${file}: ${d.qualname}`;
    if (r.error) {
      const code = r.error.code;
      out.problems.push(
        code === "ENOENT" ? `semantic drift check: the model command \`${route.command[0]}\` was not found (model_routing.semantic_drift.command)` : code === "ETIMEDOUT" ? `semantic drift check: the model did not answer within ${route.timeoutMs / 1e3} s for ${who}` : `semantic drift check: the model command failed for ${who}: ${r.error.message}`
      );
      if (code === "ENOENT") break;
      continue;
    }
    if (r.status !== 0) {
      out.problems.push(`semantic drift check: the model command exited with ${r.status} for ${who}${r.stderr ? `: ${r.stderr.trim().split("\n")[0]}` : ""}`);
      continue;
    }
    let verdict;
    try {
      verdict = JSON.parse(r.stdout);
    } catch {
      out.problems.push(`semantic drift check: the model's answer for ${who} is not JSON; ignored`);
      continue;
    }
    const v = verdict;
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

// core/mirror/parse-pool.ts
import { existsSync as existsSync2 } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
var MIN_PARALLEL_BYTES = 15e5;
var MIN_PARALLEL_FILES = 24;
async function parseOne(job) {
  if (job.lang === "python") return (await import("./chunk-TOJY6TEA.mjs")).parsePython(job.text);
  return (await import("./chunk-WFMCF33L.mjs")).parseTypeScript(job.text, job.path);
}
function workerFile() {
  try {
    const f = fileURLToPath(new URL("./mirror-worker.mjs", import.meta.url));
    return existsSync2(f) ? f : null;
  } catch {
    return null;
  }
}
function workerCount(jobs, env) {
  const forced = env.AKMS_MIRROR_WORKERS;
  if (forced !== void 0 && /^\d+$/.test(forced)) return Math.min(Number(forced), jobs.length);
  const bytes = jobs.reduce((n, j) => n + j.text.length, 0);
  if (jobs.length < MIN_PARALLEL_FILES || bytes < MIN_PARALLEL_BYTES) return 0;
  return Math.min(Math.max(availableParallelism(), 1), 4, jobs.length);
}
async function parseAll(jobs, onParsed, env = process.env) {
  const file = workerFile();
  const n = file ? workerCount(jobs, env) : 0;
  if (!file || n < 2) {
    for (const [i, job] of jobs.entries()) onParsed(i, await parseOne(job));
    return { workers: 0, inThread: jobs.length };
  }
  let next = 0;
  const failed = [];
  await new Promise((resolveAll) => {
    let live = n;
    const retire = () => {
      if (--live === 0) resolveAll();
    };
    for (let w = 0; w < n; w++) {
      const worker = new Worker(file);
      let current = -1;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        void worker.terminate();
        retire();
      };
      const feed = () => {
        if (next >= jobs.length) return finish();
        current = next++;
        worker.postMessage({ index: current, job: jobs[current] });
      };
      worker.on("message", (m) => {
        if (m.json !== void 0) onParsed(m.index, JSON.parse(m.json));
        else failed.push(m.index);
        current = -1;
        feed();
      });
      worker.on("error", () => {
        if (current >= 0) failed.push(current);
        current = -1;
        finish();
      });
      worker.on("exit", () => {
        if (current >= 0) failed.push(current);
        current = -1;
        finish();
      });
      feed();
    }
  });
  const handled = new Set(failed);
  for (let i = next; i < jobs.length; i++) handled.add(i);
  for (const i of [...handled].sort((a, b) => a - b)) onParsed(i, await parseOne(jobs[i]));
  return { workers: n, inThread: handled.size };
}

// core/mirror/generate.ts
var toPosix = (p) => p.split(sep2).join("/");
async function generateMirror(ctx, opts = {}) {
  const selection = selectFiles(ctx, opts);
  const release = acquireLock(ctx.paths.lock, "mirror");
  try {
    recoverPendingTransaction(ctx, () => buildLocked(ctx, { env: opts.env }));
    return await mirrorLocked(ctx, opts, selection);
  } finally {
    release();
  }
}
async function mirrorLocked(ctx, opts, selection) {
  const cfg = ctx.cfg.config;
  const languages = cfg.mirror.languages;
  const maxBytes = cfg.mirror.max_file_bytes;
  const phase = opts.phase ?? selection.pcdPhase ?? null;
  const semantic = semanticSetup(cfg);
  const key = `${MIRROR_FORMAT}|semantic=${semantic.enabled && semantic.route ? 1 : 0}`;
  const result = {
    mode: selection.mode,
    ...selection.ref ? { ref: selection.ref } : {},
    ...selection.pcd ? { pcd: selection.pcd } : {},
    phase,
    mirrored: [],
    unchanged: [],
    removed: [],
    skipped: [],
    warnings: [],
    drift: [],
    semantic: { enabled: semantic.enabled, ran: false, calls: 0 },
    parsing: { files: 0, workers: 0 },
    graph: null
  };
  if (semantic.enabled && !semantic.route) {
    result.semantic.message = semantic.message;
    result.warnings.push({ file: "knowledge/graph/propagation_config.yaml", message: semantic.message });
  }
  const cache = opts.noCache ? { format: MIRROR_FORMAT, sources: {} } : readCache(ctx.paths.cacheDir);
  const universe = new Set(selection.listing ?? listSourceFiles(ctx.repo, languages));
  const stats = /* @__PURE__ */ new Map();
  const statter = repoStatter(ctx.repo);
  const statOf = (p) => {
    let s = stats.get(p);
    if (!s) stats.set(p, s = statter(p));
    return s;
  };
  const intact = /* @__PURE__ */ new Set();
  const index = scanMirrors(ctx, cache, result.warnings, intact);
  for (const p of [...selection.files.map((f) => f.path), ...[...index.values()].map((m) => m.source)]) {
    if (universe.has(p) || p === "knowledge" || p.startsWith("knowledge/")) continue;
    if (languageOf(p, languages) && statOf(p).kind === "file") universe.add(p);
  }
  const names = assignMirrorNames(universe);
  const removals = /* @__PURE__ */ new Map();
  const work = /* @__PURE__ */ new Map();
  for (const [ref, m] of index) {
    const st = statOf(m.source);
    if (st.kind === "outside") {
      result.warnings.push({ file: `knowledge/${ref}`, message: `its source_file "${m.source}" is outside the repository; left alone` });
    } else if (st.kind === "missing") {
      removals.set(ref, { source: m.source, reason: "source deleted" });
    } else {
      const want = names.get(m.source);
      if (want && want.contentRef !== ref) {
        removals.set(ref, { source: m.source, reason: `renamed to knowledge/${want.contentRef}` });
        work.set(m.source, { path: m.source, explicit: false });
      }
    }
  }
  const hasMirror = new Set([...index.values()].map((m) => m.source));
  const problems = [];
  const skip = (source, reason, explicit, hint) => {
    if (explicit) problems.push({ file: source, message: reason, ...hint ? { hint } : {} });
    else result.skipped.push({ source, reason });
  };
  for (const f of selection.files) {
    if (!languageOf(f.path, languages)) {
      if (f.explicit || selection.mode === "pcd") result.skipped.push({ source: f.path, reason: `not a source file of the configured languages (mirror.languages: ${languages.join(", ")})` });
      continue;
    }
    const st = statOf(f.path);
    if (st.kind === "missing") {
      if (!hasMirror.has(f.path)) {
        if (f.explicit) problems.push({ file: f.path, message: "no such file (and no mirror to remove)", hint: "check the path (relative to the current directory, or to the repository root)" });
      }
      continue;
    }
    if (st.kind === "outside") {
      skip(f.path, "is a symlink that leads outside the repository", f.explicit, "mirror only files inside the repository");
      if (!f.explicit) result.warnings.push({ file: f.path, message: "is a symlink that leads outside the repository; skipped" });
      continue;
    }
    if (st.kind !== "file") {
      skip(f.path, st.kind === "dir" ? "is a directory" : "is not a regular file", f.explicit, "name source files, or use --all");
      continue;
    }
    const prev = work.get(f.path);
    work.set(f.path, { path: f.path, explicit: f.explicit || !!prev?.explicit });
  }
  const toParse = [];
  const newCache = { ...cache.sources };
  for (const item of [...work.values()].sort((a, b) => a.path < b.path ? -1 : 1)) {
    const lang = languageOf(item.path, languages);
    const name = names.get(item.path);
    const st = statOf(item.path);
    const size = st.size;
    const mtimeNs = String(st.mtimeNs);
    if (size > maxBytes) {
      const reason = `is too large to mirror (${size} bytes; mirror.max_file_bytes is ${maxBytes})`;
      skip(item.path, reason, item.explicit, "raise mirror.max_file_bytes in the config, or leave this file out");
      if (!item.explicit) result.warnings.push({ file: item.path, message: `${reason}; skipped${hasMirror.has(item.path) ? " (its existing mirror is left as it was)" : ""}` });
      continue;
    }
    let bytes = null;
    const entry = cache.sources[item.path];
    if (entry && entry.key === key && entry.mirror === name.contentRef && entry.id === name.id) {
      let same = entry.size === size && entry.mtime_ns === mtimeNs;
      if (!same) {
        bytes = readFileSync2(join3(ctx.repo, item.path));
        same = sha256(bytes) === entry.sha;
      }
      if (same && (intact.has(entry.mirror) || mirrorIntact(ctx, entry))) {
        newCache[item.path] = { ...entry, size, mtime_ns: mtimeNs };
        result.unchanged.push({ source: item.path, mirror: `knowledge/${entry.mirror}`, id: entry.id });
        for (const d of entry.drift) result.drift.push({ ...d, source_file: item.path, mirror_id: entry.id });
        syntaxWarnings(result, item.path, entry.syntax_errors);
        continue;
      }
    }
    bytes ??= readFileSync2(join3(ctx.repo, item.path));
    if (bytes.includes(0)) {
      skip(item.path, "is a binary file (it contains NUL bytes), not source text", item.explicit, "leave binary files out of the mirror");
      if (!item.explicit) result.warnings.push({ file: item.path, message: "is a binary file (NUL bytes); skipped" });
      continue;
    }
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      skip(item.path, "is not valid UTF-8", item.explicit, "save the file as UTF-8");
      if (!item.explicit) result.warnings.push({ file: item.path, message: "is not valid UTF-8; skipped" });
      continue;
    }
    toParse.push({ item, lang, name, text, sha: sha256(bytes), size, mtimeNs });
  }
  if (problems.length) {
    throw new ValidationError(`${problems.length} of the named files cannot be mirrored; nothing was written`, { problems, hint: problems[0].hint });
  }
  const generatedAt = nowIso(opts.env);
  const writes = new Array(toParse.length);
  const jobs = toParse.map((t) => ({ path: t.item.path, lang: t.lang, text: t.text }));
  const semanticProblems = toParse.map(() => []);
  const parsing = await parseAll(
    jobs,
    (i, parsed) => {
      const t = toParse[i];
      const pf = { path: t.item.path, lang: t.lang, name: t.name, sha: t.sha, size: t.size, mtimeNs: t.mtimeNs, parsed };
      const drift = checkAllDrift(parsed.defs, parsed.language);
      if (semantic.enabled && semantic.route) {
        const s = semanticDrift(semantic.route, parsed.defs, parsed.language, pf.path, ctx.repo);
        result.semantic.ran = true;
        result.semantic.calls += s.calls;
        drift.push(...s.findings);
        semanticProblems[i] = s.problems;
      }
      drift.sort((a, b) => a.line - b.line || (a.function < b.function ? -1 : a.function > b.function ? 1 : 0) || (a.kind < b.kind ? -1 : 1));
      const meta = { id: pf.name.id, sourceFile: pf.path, contentRef: pf.name.contentRef, generatedAt, phase };
      let text = renderMirror(meta, parsed, drift);
      const existing = readTextIfExists(join3(ctx.paths.knowledge, pf.name.contentRef));
      if (existing !== null && comparable(existing) === comparable(text)) text = existing;
      writes[i] = { ref: pf.name.contentRef, text, pf, drift };
    },
    opts.env
  );
  result.parsing = { files: jobs.length, workers: parsing.workers };
  for (const [i, w] of writes.entries()) {
    syntaxWarnings(result, w.pf.path, w.pf.parsed.syntaxErrors);
    for (const p of semanticProblems[i]) result.warnings.push({ file: w.pf.path, message: p });
  }
  const writeRefs = new Set(writes.map((w) => w.ref));
  for (const [ref, r] of [...removals].sort((a, b) => a[0] < b[0] ? -1 : 1)) {
    if (!writeRefs.has(ref)) {
      const abs = join3(ctx.paths.knowledge, ref);
      removeFile(abs);
      pruneEmptyDirs(dirname2(abs), ctx.paths.codeMirror);
    }
    result.removed.push({ source: r.source, mirror: `knowledge/${ref}`, reason: r.reason });
    if (newCache[r.source]?.mirror === ref) delete newCache[r.source];
  }
  for (const w of writes) removeStaleTemps(dirname2(join3(ctx.paths.knowledge, w.ref)), basename(w.ref));
  const done = await writeFilesAtomic(writes.map((w) => ({ path: join3(ctx.paths.knowledge, w.ref), data: w.text })));
  for (const [i, w] of writes.entries()) {
    const abs = join3(ctx.paths.knowledge, w.ref);
    const mst = statSync2(abs, { bigint: true });
    newCache[w.pf.path] = {
      size: w.pf.size,
      mtime_ns: w.pf.mtimeNs,
      sha: w.pf.sha,
      mirror: w.ref,
      id: w.pf.name.id,
      mirror_size: Number(mst.size),
      mirror_mtime_ns: String(mst.mtimeNs),
      mirror_sha: sha256(w.text),
      key,
      drift: w.drift,
      syntax_errors: w.pf.parsed.syntaxErrors.slice(0, 100)
    };
    const shownMirror = `knowledge/${w.ref}`;
    if (done[i]) {
      result.mirrored.push({
        source: w.pf.path,
        mirror: shownMirror,
        id: w.pf.name.id,
        status: w.drift.length ? "draft" : "established",
        definitions: w.pf.parsed.defs.length,
        drift: w.drift.length,
        syntax_errors: w.pf.parsed.syntaxErrors.length
      });
    } else {
      result.unchanged.push({ source: w.pf.path, mirror: shownMirror, id: w.pf.name.id });
    }
    for (const d of w.drift) result.drift.push({ ...d, source_file: w.pf.path, mirror_id: w.pf.name.id });
  }
  for (const p of Object.keys(newCache)) if (!universe.has(p) && statOf(p).kind !== "file") delete newCache[p];
  writeFileAtomic(cachePath(ctx.paths.cacheDir), serializeCache({ format: MIRROR_FORMAT, sources: newCache }));
  result.unchanged.sort((a, b) => a.source < b.source ? -1 : 1);
  result.drift.sort((a, b) => a.source_file < b.source_file ? -1 : a.source_file > b.source_file ? 1 : a.line - b.line);
  try {
    const b = buildLocked(ctx, { env: opts.env });
    result.graph = { written: b.written, graph_version: b.graphVersion };
  } catch (e) {
    result.graph_error = e instanceof AkmsError ? e.message : e.message;
  }
  return result;
}
function syntaxWarnings(result, file, errs) {
  for (const e of errs.slice(0, 5)) result.warnings.push({ file, line: e.line, message: `${e.message} (column ${e.column}); mirrored what parsed` });
  if (errs.length > 5) result.warnings.push({ file, message: `${errs.length - 5} more syntax errors` });
}
function mirrorIntact(ctx, entry) {
  const abs = join3(ctx.paths.knowledge, entry.mirror);
  try {
    const st = statSync2(abs, { bigint: true });
    if (Number(st.size) === entry.mirror_size && String(st.mtimeNs) === entry.mirror_mtime_ns) return true;
    return sha256(readFileSync2(abs)) === entry.mirror_sha;
  } catch {
    return false;
  }
}
function scanMirrors(ctx, cache, warnings, intact) {
  const byRef = /* @__PURE__ */ new Map();
  for (const [source, entry] of Object.entries(cache.sources)) byRef.set(entry.mirror, { source, entry });
  const out = /* @__PURE__ */ new Map();
  for (const item of listMarkdown(ctx.paths.codeMirror, "knowledge/code-mirror/", true)) {
    const ref = `code-mirror/${toPosix(relative2(ctx.paths.codeMirror, item.file))}`;
    const known = byRef.get(ref);
    if (known) {
      try {
        const st = statSync2(item.file, { bigint: true });
        if (Number(st.size) === known.entry.mirror_size && String(st.mtimeNs) === known.entry.mirror_mtime_ns) {
          out.set(ref, { source: known.source, id: known.entry.id });
          intact.add(ref);
          continue;
        }
      } catch {
        continue;
      }
    }
    try {
      const split = splitFrontmatter(readFileSync2(item.file, "utf8"));
      const data = split ? parseYaml(split.yaml, { file: item.shown, firstLine: 2 }) : null;
      if (data && typeof data === "object" && typeof data.source_file === "string" && data.domain === "code-mirror") {
        out.set(ref, { source: data.source_file, id: String(data.id ?? "") });
        continue;
      }
    } catch {
    }
    warnings.push({ file: item.shown, message: "is not a generated mirror (no code-mirror frontmatter with a source_file); left alone" });
  }
  return out;
}
function pruneEmptyDirs(dir, stopAt) {
  let d = dir;
  while (d.startsWith(stopAt + sep2)) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
    d = dirname2(d);
  }
}

export {
  git,
  gitWorkTree,
  generateMirror
};

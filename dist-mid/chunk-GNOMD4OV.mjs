import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  nowIso
} from "./chunk-QVAO2ACK.mjs";
import {
  blankGeneratedAt,
  blankedSha,
  stampGeneratedAt
} from "./chunk-SIN2K5UU.mjs";
import {
  recoverPendingTransaction
} from "./chunk-EUE77RB2.mjs";
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  extractSummary
} from "./chunk-JAGXTLBI.mjs";
import {
  NODE_DEPTH,
  appliedKeys,
  applyOverride,
  hex4,
  jsonAscii,
  jsonSafe,
  listMarkdown,
  mergeGraph,
  pyJsonChunks,
  pyJsonText,
  readNode,
  readOverlay,
  readShare,
  renderNodeValue,
  sessionGraphNode,
  stubOf,
  stubsOf,
  toGraphNode
} from "./chunk-2N2TC7TM.mjs";
import {
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  displayPath,
  memoRealpath,
  readBytesIfExists,
  readTextIfExists,
  realpathOrNull,
  removeFile,
  sha256,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  SchemaVersionError,
  ValidationError
} from "./chunk-C3ZMY3KT.mjs";

// core/compiler/build.ts
import { statSync as statSync4 } from "node:fs";
import { basename as basename3, dirname as dirname3, isAbsolute as isAbsolute3, join as join4, relative as relative3, resolve as resolve2 } from "node:path";
import { fileURLToPath } from "node:url";
import { deserialize, serialize } from "node:v8";

// core/compiler/source-index.ts
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, sep } from "node:path";
var STAT_WIDTH = 4;
function racy(ctimeMs, since) {
  const window = ctimeMs % 1e3 === 0 ? 2e3 : 50;
  return since - ctimeMs < window;
}
function statOrNull(path) {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw e;
  }
}
function listWithRecords(root, shownPrefix, recursive, prev, since, restat) {
  const items = [];
  const dirs = [];
  let same = prev !== null;
  const rootPrefix = join(root, "x").slice(0, -1);
  const walk = (d, prefix, rel) => {
    const old = prev?.get(d);
    if (restat !== void 0 && old !== void 0 && !Number.isNaN(old.stat[0]) && !restat(d)) {
      dirs.push(old);
      emit(old, prefix, rel);
      return;
    }
    const st = statOrNull(d);
    if (st === null || !st.isDirectory()) {
      if (old !== void 0) same = false;
      return;
    }
    let rec;
    if (old !== void 0 && old.stat[0] === st.mtimeMs && old.stat[1] === st.ctimeMs && old.stat[2] === st.ino) {
      rec = old;
    } else {
      const mds = [];
      const subdirs = [];
      const links = [];
      let entries;
      try {
        entries = readdirSync(d, { withFileTypes: true });
      } catch (e) {
        const code = e.code;
        if (code === "ENOENT" || code === "ENOTDIR") {
          if (old !== void 0) same = false;
          return;
        }
        throw e;
      }
      for (const ent of entries) {
        const name = ent.name;
        if (name.startsWith(".")) continue;
        if (ent.isDirectory()) {
          if (recursive) subdirs.push(name);
        } else if ((ent.isFile() || ent.isSymbolicLink()) && name.endsWith(".md")) {
          mds.push(name);
          if (ent.isSymbolicLink()) links.push(name);
        }
      }
      mds.sort(cmp);
      subdirs.sort(cmp);
      const stat = racy(st.ctimeMs, since) ? [NaN, NaN, NaN] : [st.mtimeMs, st.ctimeMs, st.ino];
      rec = { path: d, stat, mds, subdirs, ...links.length ? { links: links.sort(cmp) } : {} };
      if (old === void 0 || !sameList(old.mds, mds) || !sameList(old.subdirs, subdirs)) same = false;
    }
    dirs.push(rec);
    emit(rec, prefix, rel);
  };
  const emit = (rec, prefix, rel) => {
    const shownRel = shownPrefix + rel;
    const paths = pathsOf(rec, prefix);
    for (let i = 0; i < paths.length; i++) items.push(rec.links?.includes(rec.mds[i]) ? { file: paths[i], shown: shownRel + rec.mds[i], link: true } : { file: paths[i], shown: shownRel + rec.mds[i] });
    for (const sub of rec.subdirs) walk(prefix + sub, prefix + sub + sep, rel + sub + "/");
  };
  walk(root, rootPrefix, "");
  if (recursive) items.sort((a, b) => cmp(a.file, b.file));
  return { items, dirs, same };
}
var recordPaths = /* @__PURE__ */ new WeakMap();
function pathsOf(rec, prefix) {
  const hit = recordPaths.get(rec);
  if (hit !== void 0 && hit.prefix === prefix) return hit.paths;
  const paths = rec.mds.map((name) => prefix + name);
  recordPaths.set(rec, { prefix, paths });
  return paths;
}
function recordedFiles(root, recursive, records) {
  const byPath = new Map(records.map((r) => [r.path, r]));
  const files = [];
  const walk = (d, prefix) => {
    const rec = byPath.get(d);
    if (rec === void 0) return;
    for (const f of pathsOf(rec, prefix)) files.push(f);
    for (const sub of rec.subdirs) walk(prefix + sub, prefix + sub + sep);
  };
  walk(root, join(root, "x").slice(0, -1));
  if (recursive) files.sort(cmp);
  return files;
}
function cmp(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function sameList(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
function statAll(files, since) {
  const stats = new Float64Array(files.length * STAT_WIDTH);
  const racyFiles = /* @__PURE__ */ new Map();
  for (let i = 0; i < files.length; i++) statInto(files, i, since, stats, racyFiles);
  return { stats, racy: racyFiles };
}
function statInto(files, i, since, stats, racyFiles) {
  const o = i * STAT_WIDTH;
  const st = statOrNull(files[i]);
  if (st === null) {
    stats.fill(-1, o, o + STAT_WIDTH);
    return;
  }
  stats[o] = st.size;
  stats[o + 1] = st.mtimeMs;
  stats[o + 2] = st.ctimeMs;
  stats[o + 3] = st.ino;
  if (racy(st.ctimeMs, since)) {
    const h = contentSha(files[i]);
    if (h === null) stats.fill(NaN, o, o + STAT_WIDTH);
    else racyFiles.set(i, h);
  }
}
function statChanged(files, since, beforeFiles, before, changed) {
  let at = null;
  const indexOf = (file, guess) => {
    if (beforeFiles[guess] === file) return guess;
    if (at === null) {
      at = /* @__PURE__ */ new Map();
      for (let j = 0; j < beforeFiles.length; j++) at.set(beforeFiles[j], j);
    }
    return at.get(file);
  };
  const stats = new Float64Array(files.length * STAT_WIDTH);
  const racyFiles = /* @__PURE__ */ new Map();
  const old = before.stats;
  let next = 0;
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    if (changed.has(file)) {
      if (beforeFiles[next] === file) next++;
      statInto(files, i, since, stats, racyFiles);
      continue;
    }
    const j = indexOf(file, next);
    if (j !== void 0) next = j + 1;
    if (j !== void 0 && !before.racy.has(j)) {
      const o = j * STAT_WIDTH;
      const a = old[o], b = old[o + 1], c = old[o + 2], d = old[o + 3];
      if (a >= 0 && b >= 0 && c >= 0 && d >= 0) {
        const n = i * STAT_WIDTH;
        stats[n] = a;
        stats[n + 1] = b;
        stats[n + 2] = c;
        stats[n + 3] = d;
        continue;
      }
    }
    statInto(files, i, since, stats, racyFiles);
  }
  return { stats, racy: racyFiles };
}
function contentSha(file) {
  try {
    return sha256(readFileSync(file));
  } catch {
    return null;
  }
}
function unchangedSince(before, now, files) {
  if (!sameStats(before.stats, now.stats)) return false;
  for (const [i, h] of before.racy) if (contentSha(files[i]) !== h) return false;
  return true;
}
function sameStats(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// core/compiler/parse-cache.ts
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync as readFileSync2, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join as join2 } from "node:path";
var FORMAT = "akms-parse-cache-6";
function parseCachePath(cacheDir) {
  return join2(cacheDir, "parse-cache.bin");
}
function record(key, value) {
  return key + "	" + value.length + "	" + value + "\n";
}
function headerOf(identity2) {
  return record(FORMAT, jsonAscii(JSON.stringify(identity2)));
}
function parseDeltaPath(cacheDir) {
  return join2(cacheDir, "parse-cache.delta");
}
function readRecords(file, identity2, into, raw) {
  let text;
  try {
    text = readFileSync2(file, "latin1");
  } catch {
    return null;
  }
  const header = headerOf(identity2);
  if (!text.startsWith(header)) return null;
  const found = [];
  let at = header.length;
  for (; ; ) {
    const tab = text.indexOf("	", at);
    const tab2 = tab < 0 ? -1 : text.indexOf("	", tab + 1);
    if (tab2 < 0) return null;
    const key = text.slice(at, tab);
    const len = Number(text.slice(tab + 1, tab2));
    if (key === "end") {
      if (len !== found.length || tab2 + 2 !== text.length || text.charCodeAt(tab2 + 1) !== 10) return null;
      break;
    }
    const end = tab2 + 1 + len;
    if (!Number.isInteger(len) || len < 0 || text.charCodeAt(end) !== 10) return null;
    found.push([key, text.slice(tab2 + 1, end), at, end + 1]);
    at = end + 1;
  }
  for (const [key, value, from, to] of found) {
    into.set(key, value);
    raw?.push(text.slice(from, to));
  }
  return text.length;
}
function loadParseCache(cacheDir, identity2) {
  const entries = /* @__PURE__ */ new Map();
  const baseSize = readRecords(parseCachePath(cacheDir), identity2, entries, null);
  if (baseSize === null) entries.clear();
  const delta = [];
  const deltaSize = readRecords(parseDeltaPath(cacheDir), identity2, entries, delta);
  return { entries, baseSize: baseSize ?? 0, delta: deltaSize === null ? [] : delta, deltaSize: deltaSize ?? 0 };
}
function recordOverlay(cacheDir, identity2, overlay, fs, i) {
  if (!(fs.stats[i * STAT_WIDTH] >= 0) || !jsonSafe(overlay.data)) return;
  const key = keyText(overlay.file, "overlay", overlay.shown, fs.stats, i);
  addRecords(cacheDir, identity2, [{ key, value: withRacy(fs, i, "0" + jsonAscii(overlay.json ?? JSON.stringify(overlay.data))) }]);
}
function findRecords(cacheDir, identity2, keys) {
  const out = new Array(keys.length).fill(void 0);
  const header = headerOf(identity2);
  for (const file of [parseCachePath(cacheDir), parseDeltaPath(cacheDir)]) {
    let text;
    try {
      text = readFileSync2(file, "latin1");
    } catch {
      continue;
    }
    if (!text.startsWith(header) || !/\nend\t\d+\t\n$/.test(text)) return keys.map(() => void 0);
    keys.forEach((key, k) => {
      const at = text.lastIndexOf("\n" + key + "	");
      if (at < 0) return;
      const tab = at + 1 + key.length;
      const tab2 = text.indexOf("	", tab + 1);
      const len = Number(text.slice(tab + 1, tab2));
      const end = tab2 + 1 + len;
      if (tab2 < 0 || !Number.isInteger(len) || len < 0 || text.charCodeAt(end) !== 10) return;
      out[k] = text.slice(tab2 + 1, end);
    });
  }
  return out;
}
function addRecords(cacheDir, identity2, added) {
  if (!added.length) return;
  const raw = [];
  readRecords(parseDeltaPath(cacheDir), identity2, /* @__PURE__ */ new Map(), raw);
  const prefixes = added.map((a) => a.key.slice(0, fileKeyEnd(a.key)));
  const records = raw.filter((r) => !prefixes.some((p) => r.startsWith(p)));
  for (const a of added) records.push(record(a.key, a.value));
  writeCacheFile(parseDeltaPath(cacheDir), identity2, records);
}
function fileKeyEnd(key) {
  let at = -1;
  for (let n = 0; n < 3; n++) at = key.indexOf("\0", at + 1);
  return at + 1;
}
function escapeKey(s) {
  return /[^\x00\x20-\x5b\x5d-\x7e]/.test(s) ? s.replace(/[^\x00\x20-\x5b\x5d-\x7e]/g, hex4) : s;
}
function keyText(file, origin, shown, stats, i) {
  const o = i * STAT_WIDTH;
  return escapeKey(file + "\0" + origin + "\0" + shown + "\0" + stats[o] + "\0" + stats[o + 1] + "\0" + stats[o + 2] + "\0" + stats[o + 3]);
}
function lookup(cache, key, file, i, fs) {
  const value = cache?.entries.get(key);
  if (value === void 0 || value.charCodeAt(0) !== 35) return value;
  const sha = fs.racy.get(i) ?? contentSha(file);
  if (sha !== value.slice(1, 65)) return void 0;
  return fs.racy.has(i) ? value : value.slice(65);
}
function withRacy(fs, i, value) {
  const sha = fs.racy.get(i);
  return sha === void 0 ? value : "#" + sha + value;
}
function writtenOverlay(overlay) {
  const w = overlay.written;
  if (w === void 0) return void 0;
  let bytes;
  try {
    bytes = readFileSync2(overlay.file);
  } catch {
    return void 0;
  }
  return bytes.equals(typeof w.bytes === "string" ? Buffer.from(w.bytes, "utf8") : w.bytes) ? { overlay: w.data, problems: [] } : void 0;
}
function readWithCache(jobs, fs, overlay, cache, identity2, cacheDir) {
  const spool = cache === null || cache.entries.size === 0 ? new Spool(parseCachePath(cacheDir), headerOf(identity2)) : null;
  try {
    return readInto(jobs, fs, overlay, cache, identity2, spool);
  } catch (e) {
    spool?.discard();
    throw e;
  }
}
function readInto(jobs, fs, overlay, cache, identity2, spool) {
  const keptKeys = [];
  const keptValues = [];
  const added = [];
  const add = (r) => spool !== null ? spool.add(r) : added.push(r);
  let used = 0;
  const stats = fs.stats;
  const slots = [];
  const keys = [];
  const values = [];
  const fresh = [];
  let index = 0;
  for (const job of jobs) {
    const jobSlots = new Array(job.items.length);
    const jobKeys = new Array(job.items.length);
    const jobValues = new Array(job.items.length);
    for (let i = 0; i < job.items.length; i++, index++) {
      const item = job.items[i];
      if (!(stats[index * STAT_WIDTH] >= 0)) {
        jobKeys[i] = null;
        continue;
      }
      const key = keyText(item.file, job.origin, item.shown, stats, index);
      jobKeys[i] = key;
      jobValues[i] = lookup(cache, key, item.file, index, fs);
    }
    const stubs = parseStubs(jobValues);
    const todo = [];
    const first = index - job.items.length;
    for (let i = 0; i < job.items.length; i++) {
      const item = job.items[i];
      const value = jobValues[i];
      const data = stubs[i];
      if (value !== void 0 && data !== void 0) {
        used++;
        jobSlots[i] = { id: data.id, origin: job.origin, file: item.file, shown: item.shown, data, missingDraft: flagOf(value) === 49 };
      } else {
        jobValues[i] = void 0;
        const size = stats[(first + i) * STAT_WIDTH];
        todo.push(size >= 0 ? { file: item.file, shown: item.shown, size } : item);
      }
    }
    slots.push(jobSlots);
    keys.push(jobKeys);
    values.push(jobValues);
    fresh.push({ origin: job.origin, items: todo });
  }
  const ovIndex = index;
  let ov;
  let ovRecord = null;
  const readOv = () => {
    const ovKey = !(stats[ovIndex * STAT_WIDTH] >= 0) ? null : keyText(overlay.file, "overlay", overlay.shown, stats, ovIndex);
    const ovValue = ovKey === null ? void 0 : lookup(cache, ovKey, overlay.file, ovIndex, fs);
    if (ovValue !== void 0) {
      const data = parseValue(ovValue);
      if (data !== void 0) {
        used++;
        ov = { overlay: data, problems: [] };
        ovRecord = ovValue === cache.entries.get(ovKey) ? () => {
          keptKeys.push(ovKey);
          keptValues.push(ovValue);
        } : () => add(record(ovKey, ovValue));
      }
    }
    if (ov === void 0) {
      ov = writtenOverlay(overlay) ?? readOverlay(overlay.file, overlay.shown);
      if (ovKey !== null && ov.overlay !== null && !ov.problems.length && jsonSafe(ov.overlay)) {
        const r = record(ovKey, withRacy(fs, ovIndex, "0" + jsonAscii(JSON.stringify(ov.overlay))));
        ovRecord = () => add(r);
      }
    }
  };
  const render = cache !== null;
  const parsed = fresh.reduce((n, j) => n + j.items.length, 0);
  readOv();
  const freshResults = fresh.map((j) => j.items.length ? readShare(j, render) : { nodes: [], problems: [] });
  const results = [];
  index = 0;
  for (let j = 0; j < jobs.length; j++) {
    const job = jobs[j];
    const byFile = /* @__PURE__ */ new Map();
    for (const n of freshResults[j].nodes) byFile.set(n.file, n);
    const nodes = [];
    for (let i = 0; i < job.items.length; i++, index++) {
      const key = keys[j][i];
      let node = slots[j][i];
      if (node !== void 0) {
        const value = values[j][i];
        if (value === cache.entries.get(key)) {
          keptKeys.push(key);
          keptValues.push(value);
        } else add(record(key, value));
      } else {
        node = byFile.get(job.items[i].file);
        if (node === void 0) continue;
        if (key !== null && (node.value !== void 0 || jsonSafe(node.data))) {
          add(record(key, withRacy(fs, index, (node.missingDraft ? "1" : "0") + (node.value ?? nodeValue(node, render)))));
        }
        node.value = void 0;
      }
      nodes.push(node);
    }
    results.push({ nodes, problems: freshResults[j].problems });
  }
  ovRecord?.();
  if (spool !== null) {
    return {
      results,
      overlay: ov,
      parsed,
      save: (cacheDir) => {
        spool.commit();
        removeFile(parseDeltaPath(cacheDir));
      },
      discard: () => spool.discard()
    };
  }
  return { results, overlay: ov, parsed, save: savePlan(cache, identity2, keptKeys, keptValues, added), discard: () => {
  } };
}
function nodeValue(node, attach) {
  const { meta, value } = renderNodeValue(node.data, node.origin, false);
  if (attach) node.data = stubOf(meta, value.slice(value.indexOf("	") + 1));
  return value;
}
function parseStubs(values) {
  return stubsOf(values, (value) => value.charCodeAt(0) === 35 ? 66 : 1);
}
function flagOf(value) {
  return value.charCodeAt(value.charCodeAt(0) === 35 ? 65 : 0);
}
function parseValue(value) {
  try {
    const data = JSON.parse(value.slice(value.charCodeAt(0) === 35 ? 66 : 1));
    return data !== null && typeof data === "object" && !Array.isArray(data) ? data : void 0;
  } catch {
    return void 0;
  }
}
function savePlan(cache, identity2, keptKeys, keptValues, added) {
  const stale = cache === null ? 0 : cache.entries.size - keptKeys.length;
  if (cache !== null && added.length === 0 && stale === 0) return null;
  const delta = cache !== null && added.length > 0 ? liveRecords(cache.delta, keptKeys) : [];
  let deltaSize = 0;
  for (const r of delta) deltaSize += r.length;
  for (const r of added) deltaSize += r.length;
  const small = cache !== null && cache.baseSize > 0 && deltaSize <= Math.max(1 << 20, cache.baseSize / 8) && stale <= Math.max(64, keptKeys.length / 10);
  if (small) {
    if (added.length === 0) return null;
    return (cacheDir) => writeCacheFile(parseDeltaPath(cacheDir), identity2, [...delta, ...added]);
  }
  return (cacheDir) => {
    const records = new Array(keptKeys.length);
    for (let i = 0; i < keptKeys.length; i++) records[i] = record(keptKeys[i], keptValues[i]);
    for (const r of added) records.push(r);
    writeCacheFile(parseCachePath(cacheDir), identity2, records);
    removeFile(parseDeltaPath(cacheDir));
  };
}
function liveRecords(records, kept) {
  if (records.length === 0) return [];
  const keys = /* @__PURE__ */ new Set();
  for (const r of records) keys.add(r.slice(0, r.indexOf("	")));
  const live = /* @__PURE__ */ new Set();
  for (const k of kept) if (keys.has(k)) live.add(k);
  return records.filter((r) => live.has(r.slice(0, r.indexOf("	"))));
}
function writeCacheFile(file, identity2, records) {
  const chunks = [headerOf(identity2)];
  for (let i = 0; i < records.length; ) {
    let size = 0;
    const from = i;
    while (i < records.length && size < 1 << 20) size += records[i++].length;
    chunks.push(records.slice(from, i).join(""));
  }
  chunks.push("end	" + records.length + "	\n");
  writeFileAtomic(file, chunks, { knownDifferent: true });
}
var Spool = class {
  constructor(file, header) {
    this.file = file;
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    this.tmp = join2(dir, `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
    this.fd = openSync(this.tmp, "w", 420);
    this.parts = [header];
  }
  file;
  tmp;
  fd;
  parts;
  size = 0;
  count = 0;
  add(record2) {
    this.parts.push(record2);
    this.size += record2.length;
    this.count++;
    if (this.size >= 1 << 20) this.flush();
  }
  flush() {
    const bytes = Buffer.from(this.parts.join(""), "latin1");
    let off = 0;
    while (off < bytes.length) off += writeSync(this.fd, bytes, off, bytes.length - off);
    this.parts = [];
    this.size = 0;
  }
  commit() {
    this.parts.push("end	" + this.count + "	\n");
    try {
      this.flush();
      fsyncSync(this.fd);
    } catch (e) {
      this.discard();
      throw e;
    }
    closeSync(this.fd);
    this.fd = null;
    renameSync(this.tmp, this.file);
    try {
      const d = openSync(dirname(this.file), "r");
      try {
        fsyncSync(d);
      } finally {
        closeSync(d);
      }
    } catch {
    }
  }
  discard() {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.tmp, { force: true });
  }
};

// core/compiler/update-patch.ts
import { readFileSync as readFileSync3 } from "node:fs";
import { basename as basename2, dirname as dirname2, isAbsolute, relative } from "node:path";

// core/compiler/graph-text.ts
import { isAscii } from "node:buffer";
var HEAD = '{\n  "directed": true,\n  "graph": ';
var LINKS_OPEN = ',\n  "links": [\n    ';
var MIDDLE = '\n  ],\n  "multigraph": false,\n  "nodes": [\n    ';
var TAIL = "\n  ]\n}\n";
var OPEN = "\n    {\n";
var CLOSE = "\n    }";
var SEP = ",\n    ";
var ID_KEY = Buffer.from('\n      "id": "', "latin1");
var SOURCE_KEY = Buffer.from('\n      "source": "', "latin1");
var TARGET_KEY = '",\n      "target": "';
var NotSure = class extends Error {
};
function sure(ok) {
  if (!ok) throw new NotSure();
}
var SortedArray = class {
  constructor(buf, from, to, needle, keyAt) {
    this.buf = buf;
    this.from = from;
    this.to = to;
    this.needle = needle;
    this.keyAt = keyAt;
  }
  buf;
  from;
  to;
  needle;
  keyAt;
  find(key) {
    const { buf, needle } = this;
    let lo = this.from;
    let hi = this.to;
    while (lo < hi) {
      const mid = lo + (hi - lo >> 1);
      const p2 = buf.indexOf(needle, mid);
      if (p2 === -1 || p2 >= hi) {
        hi = mid;
        continue;
      }
      const k = this.keyAt(p2);
      if (k === key) return { found: true, start: this.startOf(p2), end: this.endOf(p2), append: false };
      if (k < key) lo = p2 + needle.length;
      else hi = mid;
    }
    const p = buf.indexOf(needle, lo);
    if (p === -1 || p >= this.to) return { found: false, start: this.to, end: this.to, append: true };
    sure(this.keyAt(p) > key);
    return { found: false, start: this.startOf(p), end: this.startOf(p), append: false };
  }
  startOf(p) {
    const at = this.buf.lastIndexOf(OPEN, p, "latin1");
    sure(at >= this.from - OPEN.length);
    return at + OPEN.length - 2;
  }
  endOf(p) {
    const at = this.buf.indexOf(CLOSE, p, "latin1");
    sure(at >= 0 && at < this.to);
    return at + CLOSE.length;
  }
};
function quotedAt(buf, start) {
  const end = buf.indexOf(34, start);
  sure(end > start);
  const s = buf.toString("latin1", start, end);
  sure(!s.includes("\\"));
  return s;
}
function graphText(buf) {
  sure(isAscii(buf));
  const headEnd = buf.indexOf(LINKS_OPEN, 0, "latin1");
  sure(headEnd > 0);
  const linksFrom = headEnd + LINKS_OPEN.length;
  const middle = buf.indexOf(MIDDLE, linksFrom, "latin1");
  sure(middle > 0);
  const nodesFrom = middle + MIDDLE.length;
  const nodesTo = buf.length - TAIL.length;
  sure(nodesTo > nodesFrom && buf.toString("latin1", nodesTo) === TAIL);
  const nodes = new SortedArray(buf, nodesFrom, nodesTo, ID_KEY, (p) => quotedAt(buf, p + ID_KEY.length));
  const links = new SortedArray(buf, linksFrom, middle, SOURCE_KEY, (p) => {
    const source = quotedAt(buf, p + SOURCE_KEY.length);
    const t = p + SOURCE_KEY.length + source.length;
    sure(buf.toString("latin1", t, t + TARGET_KEY.length) === TARGET_KEY);
    return source + "\0" + quotedAt(buf, t + TARGET_KEY.length);
  });
  return { buf, headEnd, linksFrom, linksTo: middle, nodesFrom, nodesTo, nodes, links };
}
function headerText(h) {
  return HEAD + pyJsonText(
    { akms_schema: "v2", generated_at: "", node_count: h.nodeCount, edge_count: h.edgeCount, global_vault: h.globalVault, repo_id: h.repoId, warnings: h.warnings },
    1
  );
}
function sameHeader(g, h) {
  return blankGeneratedAt(g.buf.toString("latin1", 0, g.headEnd)) === headerText(h);
}

// core/compiler/update-patch.ts
var PATCHABLE = /* @__PURE__ */ new Set(["confidence", "activations", "last_activated", "activated_by_tasks", "session_refs", "status", "history"]);
function inside(root, file) {
  const rel = relative(root, file);
  return rel === "" || !rel.startsWith("..") && !isAbsolute(rel);
}
function sameDirs(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x !== y && (x.path !== y.path || !sameNames(x.mds, y.mds) || !sameNames(x.subdirs, y.subdirs))) return false;
  }
  return true;
}
function sameNames(a, b) {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}
function sameStat(a, i, b) {
  for (let k = 0; k < STAT_WIDTH; k++) if (a[i * STAT_WIDTH + k] !== b[k]) return false;
  return true;
}
var patchCounts = { patched: 0, fallback: 0 };
function patchForUpdate(input) {
  let out = null;
  const seen = input.delta.graph;
  input.delta.graph = void 0;
  try {
    if (input.delta.exact) out = patch(input, seen);
  } catch (e) {
    if (!(e instanceof NotSure || e instanceof SyntaxError) && process.env.AKMS_TEST === "1") throw e;
  }
  if (out === null) patchCounts.fallback++;
  else patchCounts.patched++;
  return out;
}
function patch(input, seen) {
  const { ctx, delta, recordedStats } = input;
  const ov = input.overlay.data;
  const paths = ctx.paths;
  const created = new Set(delta.created);
  const appended = new Set(delta.appended);
  for (const f of input.written) {
    if (f === paths.overlay || created.has(f) || appended.has(f)) continue;
    sure(!inside(ctx.vault.path, f) && !inside(paths.localNodes, f) && !inside(paths.codeMirror, f) && f !== paths.config);
  }
  const want = typeof input.overlay.bytes === "string" ? Buffer.from(input.overlay.bytes, "utf8") : input.overlay.bytes;
  sure(readFileSync3(paths.overlay).equals(want));
  for (const f of created) {
    sure(dirname2(f) === paths.localNodes && f.endsWith(".md") && !basename2(f).startsWith("."));
  }
  const [vaultDirs, localDirs, mirrorDirs] = input.dirs;
  const [vaultWas, localWas, mirrorWas] = input.recordedDirs;
  sure(sameDirs(vaultDirs, vaultWas) && sameDirs(mirrorDirs, mirrorWas));
  sure(localDirs.length <= 1 && localWas.length <= 1 && [...localDirs, ...localWas].every((d) => d.path === paths.localNodes && d.subdirs.length === 0));
  const localNames = localDirs[0]?.mds ?? [];
  const localWasNames = localWas[0]?.mds ?? [];
  const names = new Set(localNames);
  for (const f of created) sure(names.has(basename2(f)));
  sure(localNames.length === localWasNames.length + created.size);
  for (const n of localWasNames) sure(names.has(n));
  let vaultFiles = 0;
  let mirrorFiles = 0;
  for (const d of vaultWas) vaultFiles += d.mds.length;
  for (const d of mirrorWas) mirrorFiles += d.mds.length;
  const indexOf = (file) => {
    if (file === paths.overlay) return vaultFiles + localWasNames.length + mirrorFiles;
    sure(dirname2(file) === paths.localNodes && appended.has(file));
    const i = localWasNames.indexOf(basename2(file));
    sure(i >= 0);
    return vaultFiles + i;
  };
  sure(recordedStats.stats.length === (vaultFiles + localWasNames.length + mirrorFiles + 2) * STAT_WIDTH);
  const overwritten = /* @__PURE__ */ new Set();
  for (const b of delta.before) {
    const i = indexOf(b.path);
    sure(sameStat(recordedStats.stats, i, b.stat));
    const h = recordedStats.racy.get(i);
    sure(h === void 0 || h === b.sha);
    overwritten.add(b.path);
  }
  sure(overwritten.has(paths.overlay));
  for (const f of appended) sure(overwritten.has(f));
  const st = input.graphStat;
  const same = seen !== void 0 && seen.stat[0] === st.size && seen.stat[1] === st.mtimeMs && seen.stat[2] === st.ctimeMs && seen.stat[3] === st.ino;
  const g = graphText(same ? seen.bytes : readFileSync3(paths.graphJson));
  const { buf, headEnd, nodes, links } = g;
  const repoId = ov.repo_id || basename2(ctx.repo);
  const header = (nodeCount, edgeCount) => ({ nodeCount, edgeCount, globalVault: input.globalVault, repoId, warnings: input.warnings });
  sure(sameHeader(g, header(input.nodeCount, input.edgeCount)));
  const parsed = /* @__PURE__ */ new Map();
  const graphNode = (id) => {
    let n = parsed.get(id);
    if (n === void 0) {
      const at = nodes.find(id);
      const node = at.found ? JSON.parse(buf.toString("latin1", at.start, at.end)) : {};
      sure(!at.found || node.id === id);
      parsed.set(id, n = { at, node });
    }
    return n;
  };
  const named = /* @__PURE__ */ new Set();
  for (const w of input.warnings) for (const id of [w.node, w.source, w.target]) if (id !== void 0) named.add(id);
  sure(input.refsHold());
  let addedEntries = 0;
  for (const before of delta.nodes.values()) if (before === void 0) addedEntries++;
  sure(Object.keys(ov.nodes ?? {}).length === delta.counts.nodes + addedEntries);
  sure(Object.keys(ov.session_nodes ?? {}).length === delta.counts.sessions + delta.sessions.length);
  const checkEntry = (before, after) => {
    for (const k of appliedKeys(before)) sure(after[k] !== void 0);
    for (const k of /* @__PURE__ */ new Set([...Object.keys(before ?? {}), ...Object.keys(after)])) {
      sure(PATCHABLE.has(k) || JSON.stringify(before?.[k]) === JSON.stringify(after[k]));
    }
  };
  const refs = [];
  const added = /* @__PURE__ */ new Map();
  const fresh = (id) => {
    sure(!added.has(id) && !named.has(id) && !graphNode(id).at.found);
  };
  for (const file of delta.created) {
    const r = readNode({ file, shown: `knowledge/local-nodes/${basename2(file)}` }, "local");
    sure(r.node !== void 0 && !r.problems.length && !r.node.missingDraft);
    const data = r.node.data;
    const id = r.node.id;
    fresh(id);
    const ref = data.content_ref;
    sure(!(typeof ref === "string" && ref && !input.contentRefOk("local", ref)));
    if (typeof ref === "string" && ref) refs.push([0, ref, 1]);
    const declared = toGraphNode(data, "local");
    const entry = ov.nodes?.[id];
    if (entry !== void 0) {
      sure(delta.nodes.has(id) && delta.nodes.get(id) === void 0 && data.auto_update !== true);
      checkEntry(void 0, entry);
      applyOverride(data, entry);
    }
    added.set(id, { node: data, declared });
  }
  for (const id of delta.sessions) {
    const entry = ov.session_nodes?.[id];
    sure(entry !== void 0 && !delta.nodes.has(id));
    fresh(id);
    added.set(id, { node: sessionGraphNode(id, entry), declared: void 0 });
  }
  const edits = [];
  for (const [id, before] of delta.nodes) {
    if (added.has(id)) continue;
    const after = ov.nodes?.[id];
    sure(after !== void 0);
    checkEntry(before, after);
    const { at, node } = graphNode(id);
    sure(at.found && node.auto_update !== true);
    const text = buf.toString("latin1", at.start, at.end);
    const copy = JSON.parse(text);
    applyOverride(copy, after);
    const next = pyJsonText(copy, 2);
    if (next !== text) edits.push({ at: at.start, end: at.end, text: next });
  }
  const insert = (array, entries) => {
    entries.sort((a, b) => a[0] < b[0] ? -1 : 1);
    for (const [key, text] of entries) {
      const at = array.find(key);
      sure(!at.found);
      edits.push(at.append ? { at: at.start, end: at.start, text: SEP + text } : { at: at.start, end: at.start, text: text + SEP });
    }
  };
  insert(
    nodes,
    [...added].map(([id, a]) => [id, pyJsonText(a.node, 2)])
  );
  const domainOf = (id) => {
    const a = added.get(id);
    if (a !== void 0) return a.node.domain;
    const g2 = graphNode(id);
    sure(g2.at.found);
    return g2.node.domain;
  };
  const newLinks = /* @__PURE__ */ new Map();
  const link = (e) => {
    const key = e.from + "\0" + e.to;
    sure(!newLinks.has(key) && !links.find(key).found);
    const target = domainOf(e.to);
    domainOf(e.from);
    sure(e.type !== "pitfall" || target === "session");
    const l = { source: e.from, target: e.to, type: e.type, weight: e.weight, edge_origin: "local" };
    if (typeof e.note === "string" && e.note !== "") l.note = e.note;
    if (e.reports?.length) l.reports = e.reports.map((r) => ({ ...r }));
    newLinks.set(key, pyJsonText(l, 2));
  };
  for (const [id, a] of [...added].sort((x, y) => x[0] < y[0] ? -1 : 1)) for (const e of a.declared ?? []) link({ from: id, ...e });
  const localEdges = ov.local_edges ?? [];
  sure(localEdges.length >= delta.edgesBefore);
  for (const e of localEdges.slice(delta.edgesBefore)) link(e);
  insert(links, [...newLinks]);
  edits.sort((a, b) => a.at - b.at || (a.at === a.end ? 0 : 1) - (b.at === b.end ? 0 : 1));
  const chunks = [headerText(header(input.nodeCount + added.size, input.edgeCount + newLinks.size))];
  let copied = headEnd;
  for (const e of edits) {
    sure(e.at >= copied);
    if (e.at > copied) chunks.push(buf.subarray(copied, e.at));
    chunks.push(e.text);
    copied = e.end;
  }
  chunks.push(buf.subarray(copied));
  return { chunks, nodeCount: input.nodeCount + added.size, edgeCount: input.edgeCount + newLinks.size, refs };
}

// core/compiler/edit-patch.ts
import { readFileSync as readFileSync5 } from "node:fs";

// core/compiler/summary-check.ts
import { readFileSync as readFileSync4, statSync as statSync2 } from "node:fs";
import { join as join3 } from "node:path";
var FORMAT2 = "akms-summary-check-1";
function hasSummarySection(text) {
  const body = splitFrontmatter(text)?.body ?? text;
  return extractSummary(body) !== null;
}
function summaryChecker(cacheDir) {
  const path = join3(cacheDir, "summary-check.json");
  let known = {};
  try {
    const doc = JSON.parse(readTextIfExists(path) ?? "null");
    if (doc?.format === FORMAT2 && doc.files) known = doc.files;
  } catch {
  }
  const next = {};
  let changed = false;
  const check = ((file) => {
    let st;
    try {
      st = statSync2(file);
    } catch {
      return true;
    }
    const k = known[file];
    if (k && k[0] === st.size && k[1] === st.mtimeMs && k[2] === st.ino) {
      next[file] = k;
      return k[3] === 1;
    }
    let ok = true;
    try {
      ok = hasSummarySection(readFileSync4(file, "utf8"));
    } catch {
    }
    next[file] = [st.size, st.mtimeMs, st.ino, ok ? 1 : 0];
    changed = true;
    return ok;
  });
  check.save = () => {
    if (!changed && Object.keys(next).length === Object.keys(known).length) return;
    const files = Object.fromEntries(Object.keys(next).sort().map((f) => [f, next[f]]));
    writeFileAtomic(path, JSON.stringify({ format: FORMAT2, files }) + "\n");
  };
  return check;
}

// core/compiler/edit-patch.ts
var MAX_EDITED = 64;
var editPatchCounts = { patched: 0, fallback: 0 };
var TAKEN = /* @__PURE__ */ new Set(["DUPLICATE_ID", "ID_COLLISION", "SESSION_ID_TAKEN"]);
function patchForEdit(input) {
  let out = null;
  try {
    out = patch2(input);
  } catch (e) {
    if (!(e instanceof NotSure || e instanceof SyntaxError) && process.env.AKMS_TEST === "1") throw e;
  }
  if (out === null) editPatchCounts.fallback++;
  else editPatchCounts.patched++;
  return out;
}
function sameStat2(a, b, i) {
  for (let k = i * STAT_WIDTH; k < (i + 1) * STAT_WIDTH; k++) if (a.stats[k] !== b.stats[k]) return false;
  return true;
}
function unchanged(input, i) {
  if (!sameStat2(input.stats, input.recorded, i)) return false;
  const h = input.recorded.racy.get(i);
  return h === void 0 || contentSha(input.files[i]) === h;
}
function plainValue(value, recorded, i) {
  sure(value !== void 0);
  if (value.charCodeAt(0) !== 35) return value;
  sure(value.slice(1, 65) === recorded.racy.get(i));
  return value.slice(65);
}
function patch2(input) {
  const { ctx, files, stats, recorded } = input;
  const count = files.length - 2;
  sure(stats.stats.length === files.length * STAT_WIDTH && recorded.stats.length === stats.stats.length);
  sure(unchanged(input, count) && unchanged(input, count + 1));
  const where = [];
  for (const job of input.jobs) for (const item of job.items) where.push({ origin: job.origin, item });
  sure(where.length === count);
  const edited = [];
  for (let i = 0; i < count; i++) {
    if (unchanged(input, i)) continue;
    sure(edited.push(i) <= MAX_EDITED && stats.stats[i * STAT_WIDTH] >= 0);
  }
  if (edited.length === 0) return null;
  const ovKey = keyText(ctx.paths.overlay, "overlay", displayPath(ctx.repo, ctx.paths.overlay), recorded.stats, count);
  const oldKeys = edited.map((i) => keyText(where[i].item.file, where[i].origin, where[i].item.shown, recorded.stats, i));
  const found = findRecords(input.cacheDir, input.identity, [...oldKeys, ovKey]);
  let overlay = {};
  if (recorded.stats[count * STAT_WIDTH] >= 0) {
    const ovValue = plainValue(found[edited.length], recorded, count);
    sure(ovValue.charCodeAt(0) === 48);
    overlay = JSON.parse(ovValue.slice(1));
  }
  const overrides = overlay.nodes ?? {};
  for (const id in overrides) sure(!Object.hasOwn(overrides[id] ?? {}, "content_ref"));
  const taken = /* @__PURE__ */ new Set();
  for (const w of input.warnings) if (TAKEN.has(w.code) && w.node !== void 0) taken.add(w.node);
  const g = graphText(readFileSync5(ctx.paths.graphJson));
  const edits = [];
  const records = [];
  const ids = /* @__PURE__ */ new Set();
  edited.forEach((i, k) => {
    const { origin, item } = where[i];
    const old = plainValue(found[k], recorded, i);
    const r = readNode(item, origin);
    sure(r.node !== void 0 && !r.problems.length && jsonSafe(r.node.data));
    const value = (r.node.missingDraft ? "1" : "0") + renderNodeValue(r.node.data, origin, false).value;
    const tab = value.indexOf("	");
    sure(tab > 0 && old.slice(0, tab + 1) === value.slice(0, tab + 1));
    const id = r.node.id;
    sure(!ids.has(id) && !taken.has(id) && !Object.hasOwn(overlay.session_nodes ?? {}, id));
    if (r.node.data.context_size === "large" && origin !== "code-mirror") {
      const warned = input.warnings.some((w) => w.code === "MISSING_SUMMARY" && w.node === id);
      sure(hasSummarySection(readFileSync5(item.file, "utf8")) === !warned);
    }
    ids.add(id);
    const entry = Object.hasOwn(overrides, id) ? overrides[id] : void 0;
    const merged = (text2) => {
      if (entry === void 0 || entry === null) return text2;
      const node = JSON.parse(text2);
      if (node.auto_update === true) return text2;
      applyOverride(node, entry);
      return pyJsonText(node, NODE_DEPTH);
    };
    const at = g.nodes.find(id);
    sure(at.found && g.buf.toString("latin1", at.start, at.end) === merged(old.slice(tab + 1)));
    const text = merged(value.slice(tab + 1));
    if (text !== g.buf.toString("latin1", at.start, at.end)) edits.push({ at: at.start, end: at.end, text });
    records.push({ key: keyText(item.file, origin, item.shown, stats.stats, i), value: withRacy(stats, i, value) });
  });
  edits.sort((a, b) => a.at - b.at);
  const chunks = [blankGeneratedAt(g.buf.toString("latin1", 0, g.headEnd))];
  let copied = g.headEnd;
  for (const e of edits) {
    chunks.push(g.buf.subarray(copied, e.at), e.text);
    copied = e.end;
  }
  chunks.push(g.buf.subarray(copied));
  return { chunks, records };
}

// core/compiler/content-refs.ts
import { statSync as statSync3 } from "node:fs";
import { isAbsolute as isAbsolute2, relative as relative2, resolve } from "node:path";
function contentRefChecker(ctx) {
  const realRoot = memoRealpath();
  return (origin, ref) => {
    const root = origin === "global" ? ctx.vault.path : ctx.paths.knowledge;
    if (!ref || isAbsolute2(ref) || ref.startsWith("~") || ref.includes("\0")) return false;
    const full = resolve(root, ref);
    const rel = relative2(root, full);
    if (rel === "" || rel.startsWith("..") || isAbsolute2(rel)) return false;
    const rootReal = realRoot(root);
    if (rootReal !== null) {
      const real = realpathOrNull(full);
      if (real !== null) {
        const rr = relative2(rootReal, real);
        if (rr.startsWith("..") || isAbsolute2(rr)) return false;
      }
    }
    try {
      return statSync3(full).isFile();
    } catch {
      return false;
    }
  };
}
function recordingChecker(ctx, into) {
  const check = contentRefChecker(ctx);
  const seen = /* @__PURE__ */ new Set();
  return (origin, ref) => {
    const ok = check(origin, ref);
    const root = origin === "global" ? 1 : 0;
    const key = root + ref;
    if (!seen.has(key)) {
      seen.add(key);
      into.push([root, ref, ok ? 1 : 0]);
    }
    return ok;
  };
}
function refsHold(ctx, refs) {
  if (!Array.isArray(refs)) return false;
  const check = contentRefChecker(ctx);
  for (const r of refs) {
    if (!Array.isArray(r) || typeof r[1] !== "string") return false;
    if (check(r[0] === 1 ? "global" : "local", r[1]) !== (r[2] === 1)) return false;
  }
  return true;
}

// core/compiler/build.ts
var BUILD_FORMAT = "akms-build-2";
var MANIFEST_FORMAT = "akms-build-manifest-5";
function roots(ctx) {
  const vaultShown = ctx.vault.display.replace(/\/+$/, "") + "/";
  return [
    [ctx.vault.path, vaultShown, false],
    [ctx.paths.localNodes, "knowledge/local-nodes/", false],
    [ctx.paths.codeMirror, "knowledge/code-mirror/", true]
  ];
}
function outsideLinks(ctx, set) {
  const out = /* @__PURE__ */ new Map();
  const lists = [set.globals, set.locals, set.mirrors];
  roots(ctx).forEach(([dir, shown], i) => {
    const links = lists[i].filter((f) => f.link);
    if (!links.length) return;
    const root = realpathOrNull(dir) ?? dir;
    for (const f of links) {
      const target = realpathOrNull(f.file);
      if (target === null) continue;
      const r = relative3(root, target);
      if (r !== "" && !r.startsWith("..") && !isAbsolute3(r)) continue;
      out.set(f.file, {
        code: "SYMLINK_OUTSIDE",
        file: f.shown,
        message: `is a symbolic link to ${target}, outside ${shown.replace(/\/+$/, "")}; it is not compiled`,
        hint: "copy the file into the directory instead of linking it (a link may only point at a file inside the same directory tree)"
      });
    }
  });
  return out;
}
function listSources(ctx) {
  const [g, l, m] = roots(ctx).map(([dir, shown, recursive]) => listMarkdown(dir, shown, recursive));
  return { globals: g, locals: l, mirrors: m };
}
function listIndexed(ctx, prev, since, restat) {
  const dirs = [];
  const lists = [];
  let same = prev !== null;
  roots(ctx).forEach(([dir, shown, recursive], i) => {
    const before = prev ? new Map(prev.dirs[i].map((r) => [r.path, r])) : null;
    const l = listWithRecords(dir, shown, recursive, before, since, restat);
    lists.push(l.items);
    dirs.push(l.dirs);
    if (!l.same) same = false;
  });
  return { set: { globals: lists[0], locals: lists[1], mirrors: lists[2] }, dirs, same };
}
var identity;
function compilerIdentity() {
  if (identity === void 0) {
    let stamp = "";
    try {
      const st = statSync4(fileURLToPath(import.meta.url));
      stamp = `${st.size}:${st.mtimeMs}`;
    } catch {
    }
    identity = `${BUILD_FORMAT} ${import.meta.url} ${stamp}`;
  }
  return identity;
}
function inputsOf(ctx) {
  return JSON.stringify([compilerIdentity(), ctx.vault.path, ctx.vault.display, ctx.repo]);
}
function jobsOf(set) {
  return [
    { origin: "global", items: set.globals },
    { origin: "local", items: set.locals },
    { origin: "code-mirror", items: set.mirrors }
  ];
}
function compileGraph(ctx, opts = {}, set = listSources(ctx), pre, validated) {
  const overlayShown = displayPath(ctx.repo, ctx.paths.overlay);
  const [g, l, mi] = pre?.results ?? jobsOf(set).map((j) => readShare(j));
  const refused = outsideLinks(ctx, set);
  const keep = (n) => !refused.has(n.file);
  const globals = refused.size ? g.nodes.filter(keep) : g.nodes;
  const locals = refused.size ? l.nodes.filter(keep) : l.nodes;
  const mirrors = refused.size ? mi.nodes.filter(keep) : mi.nodes;
  const problems = [...g.problems, ...l.problems, ...mi.problems, ...refused.values()];
  const ov = pre?.overlay ?? readOverlay(ctx.paths.overlay, overlayShown);
  const versionProblems = [...problems, ...ov.problems].filter((p) => p.code === "SCHEMA_VERSION");
  if (versionProblems.length) {
    const raw = versionProblems[0].message.match(/is (.*), expected/)?.[1];
    let found = raw ?? null;
    try {
      found = raw === void 0 ? null : JSON.parse(raw);
    } catch {
    }
    throw new SchemaVersionError(found, {
      file: versionProblems[0].file,
      line: versionProblems[0].line
    });
  }
  if (ov.problems.length) {
    throw new ValidationError(`the overlay ${overlayShown} is invalid; graph.json was not changed`, {
      file: overlayShown,
      hint: "fix local_state.yaml (it is written by `akms update`; see spec \xA74.2)",
      problems: ov.problems
    });
  }
  if (problems.length && !opts.keepGoing) {
    const files = new Set(problems.map((p) => p.file));
    throw new ValidationError(`${files.size} node file${files.size === 1 ? " is" : "s are"} invalid; graph.json was not changed`, {
      hint: "fix the files listed, or run `akms build --keep-going` to compile the valid rest",
      problems
    });
  }
  validated?.(problems);
  const refs = [];
  const summaries = summaryChecker(ctx.paths.cacheDir);
  const doc = mergeGraph({
    globals,
    locals,
    mirrors,
    overlay: ov.overlay,
    overlayShown,
    globalVault: ctx.vault.display,
    repoId: ov.overlay?.repo_id || basename3(ctx.repo),
    contentRefOk: recordingChecker(ctx, refs),
    summaryOk: summaries
  });
  return { doc, chunks: pyJsonChunks(doc), rejects: problems, refs, saveChecks: summaries.save };
}
function knownWrites(ctx, wrote) {
  if (wrote === void 0) return null;
  const changed = /* @__PURE__ */ new Set();
  const dirs = /* @__PURE__ */ new Set();
  const paths = [...wrote.files];
  if (wrote.overlay !== void 0) paths.push(ctx.paths.overlay);
  for (const f of paths) {
    for (const p of [f, resolve2(f)]) {
      changed.add(p);
      for (let d = dirname3(p); !dirs.has(d); d = dirname3(d)) {
        dirs.add(d);
        if (dirname3(d) === d) break;
      }
    }
  }
  return { changed, restat: (d) => dirs.has(d) || dirs.has(resolve2(d)) };
}
function recordedInputs(ctx, m) {
  const files = [];
  roots(ctx).forEach(([dir, , recursive], i) => {
    for (const f of recordedFiles(dir, recursive, m.dirs[i])) files.push(f);
  });
  files.push(ctx.paths.overlay, ctx.paths.config);
  return files;
}
function asCompiled(ctx, parts) {
  const m = readManifest(ctx);
  if (m === null || m.inputs !== inputsOf(ctx)) return false;
  if (!sameGraphStat(m.graph, statSync4(ctx.paths.graphJson, { throwIfNoEntry: false }))) return false;
  const since = Date.now();
  const same = (files, from2) => {
    const now = statAll(files, since);
    if (!sameStats(m.files.stats.subarray(from2 * STAT_WIDTH, (from2 + files.length) * STAT_WIDTH), now.stats)) return false;
    for (const [i, h] of m.files.racy) if (i >= from2 && i < from2 + files.length && contentSha(files[i - from2]) !== h) return false;
    return true;
  };
  if (parts.overlay && !same([ctx.paths.overlay], m.files.stats.length / STAT_WIDTH - 2)) return false;
  const [vault, locals] = roots(ctx);
  let from = 0;
  for (const [i, [root, shown, recursive], asked] of [[0, vault, parts.vault], [1, locals, parts.locals]]) {
    if (!asked) {
      if (i === 0 && parts.locals) from = recordedFiles(root, recursive, m.dirs[0]).length;
      continue;
    }
    const l = listWithRecords(root, shown, recursive, new Map(m.dirs[i].map((r) => [r.path, r])), since);
    if (!l.same || !same(l.items.map((f) => f.file), from)) return false;
    from += l.items.length;
  }
  return true;
}
function manifestPath(ctx) {
  return join4(ctx.paths.cacheDir, "build-manifest.bin");
}
function readManifest(ctx) {
  try {
    const bytes = readBytesIfExists(manifestPath(ctx));
    if (bytes === null) return null;
    const m = deserialize(bytes);
    const ok = m !== null && typeof m === "object" && m.format === MANIFEST_FORMAT && Array.isArray(m.dirs) && m.dirs.length === 3 && m.files?.stats instanceof Float64Array && m.files.racy instanceof Map && Array.isArray(m.graph) && typeof m.output_sha === "string" && typeof m.content_sha === "string" && Array.isArray(m.refs);
    return ok ? m : null;
  } catch {
    return null;
  }
}
function graphStatOf(st) {
  if (st === void 0) return [NaN, NaN, NaN, NaN];
  if (st.ctimeMs % 1e3 === 0 && racy(st.ctimeMs, Date.now())) return [NaN, NaN, NaN, NaN];
  return [st.size, st.mtimeMs, st.ctimeMs, st.ino];
}
function sameGraphStat(recorded, st) {
  return st !== void 0 && recorded[0] === st.size && recorded[1] === st.mtimeMs && recorded[2] === st.ctimeMs && recorded[3] === st.ino;
}
function writeManifest(ctx, m) {
  writeFileAtomic(manifestPath(ctx), serialize(m), { knownDifferent: true });
}
function manifestBeforeWrites(ctx, files) {
  const m = readManifest(ctx);
  if (m === null || m.inputs !== inputsOf(ctx)) return null;
  if (!sameGraphStat(m.graph, statSync4(ctx.paths.graphJson, { throwIfNoEntry: false }))) return null;
  const since = Date.now();
  if (!listIndexed(ctx, m, since, knownWrites(ctx, { files }).restat).same) return null;
  const inputs = recordedInputs(ctx, m);
  for (const f of files) {
    const i = inputs.indexOf(f);
    const now = statAll([f], since);
    if (i < 0) {
      if (now.stats[0] !== -1) return null;
      continue;
    }
    if (!sameStats(m.files.stats.subarray(i * STAT_WIDTH, (i + 1) * STAT_WIDTH), now.stats)) return null;
    const h = m.files.racy.get(i);
    if (h !== void 0 && contentSha(f) !== h) return null;
  }
  return { m, inputs };
}
function recordPatchedGraph(ctx, base, files, out) {
  const drop = () => {
    removeFile(manifestPath(ctx));
  };
  if (base === null) return drop();
  const { m, inputs: before } = base;
  const since = Date.now();
  const known = knownWrites(ctx, { files });
  const listing = listIndexed(ctx, m, since, known.restat);
  let now = before;
  if (!listing.same) {
    now = [...listing.set.globals, ...listing.set.locals, ...listing.set.mirrors].map((f) => f.file);
    now.push(ctx.paths.overlay, ctx.paths.config);
    const written = new Set(files);
    const others = (l) => l.filter((f) => !written.has(f));
    const a = others(before);
    const b = others(now);
    if (a.length !== b.length || a.some((f, i) => f !== b[i])) return drop();
  }
  for (const f of files) if (now.includes(f) !== (statSync4(f, { throwIfNoEntry: false }) !== void 0)) return drop();
  const stats = statChanged(now, since, before, m.files, known.changed);
  const graph = out === null ? m.graph : graphStatOf(statSync4(ctx.paths.graphJson, { throwIfNoEntry: false }));
  writeManifest(ctx, {
    ...m,
    dirs: listing.dirs,
    files: stats,
    graph,
    ...out === null ? {} : { output_sha: sha256(out.text), content_sha: out.contentSha, graph_version: out.contentSha.slice(0, 12), node_count: out.nodeCount }
  });
}
function build(ctx, opts = {}) {
  return withLock(ctx.paths.lock, () => {
    recoverPendingTransaction(ctx, () => buildLocked(ctx, opts));
    return buildLocked(ctx, opts);
  });
}
function compileWithCache(ctx, opts, set, stats, known) {
  const overlayShown = displayPath(ctx.repo, ctx.paths.overlay);
  const read = readWithCache(
    jobsOf(set),
    stats,
    { file: ctx.paths.overlay, shown: overlayShown, written: known ? opts.wrote.overlay : void 0 },
    opts.noCache ? null : loadParseCache(ctx.paths.cacheDir, compilerIdentity()),
    compilerIdentity(),
    ctx.paths.cacheDir
  );
  let pending = true;
  try {
    return compileGraph(ctx, opts, set, read, (left) => {
      pending = false;
      if (left.length) read.discard();
      else read.save?.(ctx.paths.cacheDir);
      read.save = null;
    });
  } finally {
    if (pending) read.discard();
  }
}
function buildLocked(ctx, opts = {}) {
  const since = Date.now();
  const last = opts.noCache ? null : readManifest(ctx);
  const prev = last !== null && last.inputs === inputsOf(ctx) ? last : null;
  const known = prev !== null ? knownWrites(ctx, opts.wrote) : null;
  const listing = listIndexed(ctx, prev, since, known?.restat);
  const { set } = listing;
  const files = [...set.globals, ...set.locals, ...set.mirrors].map((f) => f.file);
  files.push(ctx.paths.overlay, ctx.paths.config);
  const stats = known ? statChanged(files, since, recordedInputs(ctx, prev), prev.files, known.changed) : statAll(files, since);
  const graphStat = statSync4(ctx.paths.graphJson, { throwIfNoEntry: false });
  let currentSha = null;
  let currentBytes = null;
  let graphTrusted = false;
  if (last !== null && graphStat !== void 0) {
    if (sameGraphStat(last.graph, graphStat)) graphTrusted = true;
    else {
      currentBytes = readBytesIfExists(ctx.paths.graphJson);
      currentSha = currentBytes ? sha256(currentBytes) : null;
      graphTrusted = currentSha === last.output_sha;
    }
  }
  let refsSame;
  const refsHeld = () => refsSame ??= prev !== null && refsHold(ctx, prev.refs);
  if (prev !== null && graphTrusted && listing.same && unchangedSince(prev.files, stats, files) && refsHeld()) {
    if (currentBytes !== null) writeManifest(ctx, { ...prev, graph: graphStatOf(graphStat) });
    return {
      written: false,
      graphVersion: prev.graph_version,
      nodeCount: prev.node_count,
      edgeCount: prev.edge_count,
      warnings: prev.warnings,
      rejects: [],
      fromCache: true,
      graphJson: ctx.paths.graphJson
    };
  }
  if (currentBytes === null && !graphTrusted && graphStat !== void 0) currentBytes = readBytesIfExists(ctx.paths.graphJson);
  if (currentBytes !== null && currentSha === null) currentSha = sha256(currentBytes);
  const currentContentSha = graphTrusted ? last.content_sha : currentBytes ? blankedSha(currentBytes) : null;
  if (graphTrusted) currentSha = last.output_sha;
  currentBytes = null;
  const patched = known !== null && graphTrusted && opts.wrote?.update !== void 0 && opts.wrote.overlay !== void 0 ? patchForUpdate({
    ctx,
    delta: opts.wrote.update,
    overlay: opts.wrote.overlay,
    written: opts.wrote.files,
    recordedDirs: prev.dirs,
    dirs: listing.dirs,
    recordedStats: prev.files,
    graphStat,
    warnings: prev.warnings,
    nodeCount: prev.node_count,
    edgeCount: prev.edge_count,
    globalVault: ctx.vault.display,
    contentRefOk: contentRefChecker(ctx),
    refsHold: refsHeld
  }) : null;
  if (patched) {
    const shown = displayPath(ctx.repo, ctx.paths.overlay);
    recordOverlay(ctx.paths.cacheDir, compilerIdentity(), { file: ctx.paths.overlay, shown, ...opts.wrote.overlay }, stats, files.length - 2);
  }
  const edited = !patched && known === null && prev !== null && graphTrusted && listing.same && !opts.noCache && refsHeld() ? patchForEdit({
    ctx,
    jobs: jobsOf(set),
    files,
    stats,
    recorded: prev.files,
    warnings: prev.warnings,
    identity: compilerIdentity(),
    cacheDir: ctx.paths.cacheDir
  }) : null;
  const { doc, chunks, rejects, refs, saveChecks } = patched ? {
    doc: { graph: { node_count: patched.nodeCount, edge_count: patched.edgeCount, warnings: prev.warnings, generated_at: "" } },
    chunks: patched.chunks,
    rejects: [],
    refs: [...prev.refs, ...patched.refs]
  } : edited ? { doc: { graph: { node_count: prev.node_count, edge_count: prev.edge_count, warnings: prev.warnings, generated_at: "" } }, chunks: edited.chunks, rejects: [], refs: prev.refs } : compileWithCache(ctx, opts, set, stats, known !== null);
  const contentSha2 = sha256(chunks);
  let outSha;
  let written = false;
  if (currentContentSha === contentSha2) {
    outSha = currentSha;
  } else {
    doc.graph.generated_at = nowIso(opts.env);
    chunks[0] = stampGeneratedAt(chunks[0], doc.graph.generated_at);
    outSha = sha256(chunks);
    written = writeFileAtomic(ctx.paths.graphJson, chunks, { knownDifferent: true });
  }
  const graphVersion = contentSha2.slice(0, 12);
  if (!rejects.length) {
    saveChecks?.();
    writeManifest(ctx, {
      format: MANIFEST_FORMAT,
      inputs: inputsOf(ctx),
      dirs: listing.dirs,
      files: stats,
      graph: graphStatOf(statSync4(ctx.paths.graphJson, { throwIfNoEntry: false })),
      output_sha: outSha,
      content_sha: contentSha2,
      node_count: doc.graph.node_count,
      edge_count: doc.graph.edge_count,
      graph_version: graphVersion,
      warnings: doc.graph.warnings,
      refs
    });
    removeFile(join4(ctx.paths.cacheDir, "build-manifest.json"));
  }
  if (edited) addRecords(ctx.paths.cacheDir, compilerIdentity(), edited.records);
  return {
    written,
    graphVersion,
    nodeCount: doc.graph.node_count,
    edgeCount: doc.graph.edge_count,
    warnings: doc.graph.warnings,
    rejects,
    fromCache: false,
    graphJson: ctx.paths.graphJson
  };
}

export {
  HEAD,
  TAIL,
  compileGraph,
  asCompiled,
  manifestBeforeWrites,
  recordPatchedGraph,
  build,
  buildLocked
};

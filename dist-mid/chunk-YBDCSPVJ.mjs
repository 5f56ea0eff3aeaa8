import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  loadGraph
} from "./chunk-WKFECQLF.mjs";
import {
  withLock
} from "./chunk-W24I3PEA.mjs";
import {
  fileIdentity,
  warm
} from "./chunk-PEBIPHYY.mjs";
import {
  openReadOrNull,
  writeFileAtomic
} from "./chunk-Q4IS5S6U.mjs";
import {
  LockHeldError
} from "./chunk-C3ZMY3KT.mjs";

// core/query/plan-graph.ts
import { isAscii } from "node:buffer";
import { closeSync, fstatSync, readSync, statSync } from "node:fs";
import { endianness } from "node:os";
import { join } from "node:path";
var FORMAT = "akms-plan-graph-4";
var BIG_ENDIAN = endianness() === "BE";
var EDGE_TYPES = ["requires", "feeds-into", "refines", "contradicts", "pitfall", "implements"];
var FIELDS = [
  "title",
  "domain",
  "subdomain",
  "tags",
  "status",
  "confidence",
  "confidence_default",
  "source",
  "node_origin",
  "activations",
  "last_activated",
  "content_ref",
  "context_size",
  "reading_priority",
  "source_file",
  "phase",
  "outcome",
  "task_status",
  "load_with"
];
var CACHE_MIN_BYTES = 2 * 1024 * 1024;
function planGraphCachePath(paths) {
  return join(paths.cacheDir, "plan-graph.bin");
}
var identity = fileIdentity;
var SECTIONS = ["ids", "idOff", "rec", "recOff", "out", "outOff", "in", "inOff", "tagNames", "tagNameOff", "tagPost", "tagOff", "notes"];
function offsets(parts) {
  const b = Buffer.alloc(4 * (parts.length + 1));
  let at = 0;
  parts.forEach((p, i) => {
    b.writeUInt32LE(at, 4 * i);
    at += p.length;
  });
  b.writeUInt32LE(at, 4 * parts.length);
  return b;
}
function encodePlanGraph(g, key) {
  const ids = [...g.nodes.keys()].sort();
  const idx = new Map(ids.map((id, i) => [id, i]));
  const notes = [];
  const edgeList = (links, other) => Buffer.from(
    (links ?? []).map((l) => {
      const t = EDGE_TYPES.indexOf(l.type);
      let s = `${idx.get(other(l))},${t < 0 ? JSON.stringify(l.type) : t},${l.weight},${l.edge_origin === "global" ? 0 : 1}`;
      if (l.reports?.length) s += `,${notes.push({ ...l.note !== void 0 ? { note: l.note } : {}, reports: l.reports }) - 1}`;
      else if (l.note !== void 0) s += `,${notes.push(l.note) - 1}`;
      return s;
    }).join(";")
  );
  const recs = [];
  const outs = [];
  const ins = [];
  const tagIdx = /* @__PURE__ */ new Map();
  ids.forEach((id, i) => {
    const n = g.nodes.get(id);
    const rec = {};
    for (const f of FIELDS) if (n[f] !== void 0) rec[f] = n[f];
    recs.push(Buffer.from(JSON.stringify(rec)));
    outs.push(edgeList(g.out.get(id), (l) => l.target));
    ins.push(edgeList(g.in.get(id), (l) => l.source));
    if (Array.isArray(n.tags)) {
      for (const t of new Set(n.tags.filter((x) => typeof x === "string").map((x) => x.toLowerCase()))) {
        let a = tagIdx.get(t);
        if (!a) tagIdx.set(t, a = []);
        a.push(i);
      }
    }
  });
  const tags = [...tagIdx.keys()].sort();
  const posts = tags.map((t) => Buffer.from(tagIdx.get(t).join(" ")));
  const idBufs = ids.map((id) => Buffer.from(id));
  const tagBufs = tags.map((t) => Buffer.from(t));
  const sections = {
    ids: Buffer.concat(idBufs),
    idOff: offsets(idBufs),
    rec: Buffer.concat(recs),
    recOff: offsets(recs),
    out: Buffer.concat(outs),
    outOff: offsets(outs),
    in: Buffer.concat(ins),
    inOff: offsets(ins),
    tagNames: Buffer.concat(tagBufs),
    tagNameOff: offsets(tagBufs),
    tagPost: Buffer.concat(posts),
    tagOff: offsets(posts),
    notes: Buffer.from(JSON.stringify(notes))
  };
  const ranges = {};
  let at = 0;
  for (const name of SECTIONS) {
    ranges[name] = [at, sections[name].length];
    at += sections[name].length;
  }
  const head = Buffer.from(JSON.stringify({ format: FORMAT, key, version: g.version, nodes: ids.length, tags: tags.length, sections: ranges }) + "\n");
  return Buffer.concat([head, ...SECTIONS.map((name) => sections[name])]);
}
var StringTable = class {
  constructor(bytes, off, size) {
    this.bytes = bytes;
    this.off = off;
    this.size = size;
    if (off.length !== size + 1 || off[size] !== bytes.length) throw new Error("plan-graph cache: a string table does not match its offsets");
    this.items = new Array(size);
    this.ascii = isAscii(bytes) ? bytes.toString("latin1") : null;
  }
  bytes;
  off;
  size;
  items;
  ascii;
  at(i) {
    let s = this.items[i];
    if (s === void 0) {
      const a = this.off[i];
      const b = this.off[i + 1];
      s = this.items[i] = this.ascii !== null ? this.ascii.slice(a, b) : this.bytes.toString("utf8", a, b);
    }
    return s;
  }
  /** The index of `s`, or -1 (the table is sorted as Array.prototype.sort sorts strings). */
  indexOf(s) {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = lo + hi >> 1;
      const v = this.at(mid);
      if (v === s) return mid;
      if (v < s) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
};
var LazyPlanGraph = class {
  version;
  fd;
  base;
  sec;
  ids;
  recOff;
  outOff;
  inOff;
  tagOff;
  tagNames;
  cacheNodes = /* @__PURE__ */ new Map();
  cacheOut = /* @__PURE__ */ new Map();
  cacheIn = /* @__PURE__ */ new Map();
  tagIds = /* @__PURE__ */ new Map();
  notes = null;
  nodes;
  out;
  in;
  tagIndex;
  constructor(fd, base, head) {
    this.fd = fd;
    this.base = base;
    this.version = head.version;
    this.sec = head.sections;
    this.ids = new StringTable(this.read("ids"), this.readOffsets("idOff"), head.nodes);
    this.recOff = this.readOffsets("recOff");
    this.outOff = this.readOffsets("outOff");
    this.inOff = this.readOffsets("inOff");
    this.tagOff = this.readOffsets("tagOff");
    this.tagNames = new StringTable(this.read("tagNames"), this.readOffsets("tagNameOff"), head.tags);
    if (this.recOff.length !== head.nodes + 1 || this.outOff.length !== head.nodes + 1 || this.inOff.length !== head.nodes + 1 || this.tagOff.length !== head.tags + 1) {
      throw new Error("plan-graph cache: section sizes do not match its header");
    }
    const self = this;
    const n = head.nodes;
    this.nodes = {
      get: (id) => {
        const i = self.indexOf(id);
        return i < 0 ? void 0 : self.node(i);
      },
      has: (id) => self.indexOf(id) >= 0,
      *values() {
        for (let i = 0; i < n; i++) yield self.node(i);
      },
      size: n
    };
    this.out = { get: (id) => self.links(id, true) };
    this.in = { get: (id) => self.links(id, false) };
    this.tagIndex = {
      get: (t) => {
        let ids = self.tagIds.get(t);
        if (ids) return ids;
        const k = self.tagNames.indexOf(t);
        if (k < 0) return void 0;
        ids = self.slice("tagPost", self.tagOff, k).split(" ").map((i) => self.ids.at(Number(i)));
        self.tagIds.set(t, ids);
        return ids;
      }
    };
  }
  readAt(position, length) {
    const buf = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const r = readSync(this.fd, buf, got, length - got, position + got);
      if (r === 0) throw new Error("plan-graph cache: the file is shorter than its header says");
      got += r;
    }
    return buf;
  }
  read(name) {
    const [at, len] = this.sec[name];
    return this.readAt(this.base + at, len);
  }
  /** An offsets section as numbers (little-endian uint32 in the file). */
  readOffsets(name) {
    const b = this.read(name);
    if (b.length % 4 !== 0) throw new Error("plan-graph cache: an offsets section is not whole uint32s");
    if (BIG_ENDIAN) b.swap32();
    if (b.byteOffset % 4 === 0) return new Uint32Array(b.buffer, b.byteOffset, b.length / 4);
    return new Uint32Array(new Uint8Array(b).buffer);
  }
  /** Item i of a section whose item offsets are in `off`. */
  slice(name, off, i) {
    const a = off[i];
    const b = off[i + 1];
    return b > a ? this.readAt(this.base + this.sec[name][0] + a, b - a).toString("utf8") : "";
  }
  indexOf(id) {
    return this.ids.indexOf(id);
  }
  node(i) {
    let node = this.cacheNodes.get(i);
    if (!node) {
      node = { id: this.ids.at(i), ...JSON.parse(this.slice("rec", this.recOff, i)) };
      this.cacheNodes.set(i, node);
    }
    return node;
  }
  links(id, out) {
    const i = this.indexOf(id);
    if (i < 0) return void 0;
    const cache = out ? this.cacheOut : this.cacheIn;
    let list = cache.get(i);
    if (list) return list;
    const text = out ? this.slice("out", this.outOff, i) : this.slice("in", this.inOff, i);
    list = [];
    if (text) {
      for (const part of text.split(";")) {
        const [o, t, w, origin, note] = part.split(",");
        const other = this.ids.at(Number(o));
        const l = {
          source: out ? id : other,
          target: out ? other : id,
          type: /^\d+$/.test(t) ? EDGE_TYPES[Number(t)] : JSON.parse(t),
          weight: Number(w),
          edge_origin: origin === "0" ? "global" : "local"
        };
        if (note !== void 0) {
          const v = (this.notes ??= JSON.parse(this.read("notes").toString("utf8")))[Number(note)];
          if (typeof v === "string") l.note = v;
          else {
            if (v.note !== void 0) l.note = v.note;
            l.reports = v.reports;
          }
        }
        list.push(l);
      }
    }
    cache.set(i, list);
    return list;
  }
};
function openPlanGraph(file, key) {
  const fd = openReadOrNull(file);
  if (fd === null) return null;
  try {
    const first = Buffer.alloc(64 * 1024);
    const n = readSync(fd, first, 0, first.length, 0);
    const nl = first.subarray(0, n).indexOf(10);
    if (nl < 0) throw new Error("no header");
    const head = JSON.parse(first.subarray(0, nl).toString("utf8"));
    if (head.format !== FORMAT || key !== null && head.key !== key || typeof head.version !== "string" || !head.sections) throw new Error("not this graph");
    const end = Math.max(0, ...Object.values(head.sections).map(([at, len]) => at + len));
    if (fstatSync(fd).size !== nl + 1 + end) throw new Error("the cache's size does not match its header");
    return new LazyPlanGraph(fd, nl + 1, head);
  } catch {
    closeSync(fd);
    return null;
  }
}
function loadPlanGraph(paths, opts = {}) {
  return warm(`plan-graph:${paths.graphJson}`, [paths.graphJson], () => readPlanGraph(paths, opts));
}
function readPlanGraph(paths, opts) {
  const key = identity(paths.graphJson);
  const cacheFile = planGraphCachePath(paths);
  if (key !== null) {
    const g2 = openPlanGraph(cacheFile, key);
    if (g2) return { graph: g2, from: "cache", cacheWritten: false };
  }
  const g = loadGraph(paths);
  const size = (() => {
    try {
      return statSync(paths.graphJson).size;
    } catch {
      return 0;
    }
  })();
  let cacheWritten = false;
  if (key !== null && size >= (opts.cacheMinBytes ?? CACHE_MIN_BYTES) && identity(paths.graphJson) === key) {
    try {
      cacheWritten = withLock(paths.lock, () => writeFileAtomic(cacheFile, encodePlanGraph(g, key)));
    } catch (e) {
      if (!(e instanceof LockHeldError)) throw e;
    }
  }
  return { graph: g, from: "graph.json", cacheWritten };
}

export {
  loadPlanGraph
};

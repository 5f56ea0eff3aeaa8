import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);

// core/review/dedup-sections.ts
var OPEN = /<!--[ \t]*akms:dedup\b([^>]*?)-->/g;
var END = /<!--[ \t]*akms:end[ \t]*-->/g;
var ATTR = /([A-Za-z_][\w-]*)=("([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
function parseDedupSections(text) {
  const out = [];
  OPEN.lastIndex = 0;
  let m;
  while (m = OPEN.exec(text)) {
    const attrText = m[1];
    const attrOffset = m.index + m[0].indexOf(attrText);
    const attrs = {};
    let statusValue = null;
    ATTR.lastIndex = 0;
    let a;
    while (a = ATTR.exec(attrText)) {
      const value = a[3] ?? a[4] ?? a[5] ?? "";
      attrs[a[1]] = value;
      if (a[1] === "status") {
        const quoted = a[3] !== void 0 || a[4] !== void 0;
        const vs = attrOffset + a.index + a[1].length + 1 + (quoted ? 1 : 0);
        statusValue = { start: vs, end: vs + value.length };
      }
    }
    END.lastIndex = OPEN.lastIndex;
    const e = END.exec(text);
    const nextOpen = (() => {
      const re = new RegExp(OPEN.source, "g");
      re.lastIndex = OPEN.lastIndex;
      const n = re.exec(text);
      return n ? n.index : Infinity;
    })();
    if (!e || e.index > nextOpen) continue;
    const inner = text.slice(OPEN.lastIndex, e.index).replace(/^[ \t]*\r?\n/, "").replace(/\r?\n[ \t]*$/, "");
    const score = attrs.score !== void 0 && attrs.score !== "" && Number.isFinite(Number(attrs.score)) ? Number(attrs.score) : null;
    out.push({
      index: out.length,
      attrs,
      session: attrs.session ?? null,
      score,
      status: attrs.status ?? "pending",
      start: m.index,
      end: e.index + e[0].length,
      statusValue,
      text: inner
    });
    OPEN.lastIndex = e.index + e[0].length;
  }
  return out;
}
function setSectionStatus(text, s, status) {
  if (s.statusValue) return text.slice(0, s.statusValue.start) + status + text.slice(s.statusValue.end);
  const close = text.indexOf("-->", s.start);
  const pad = text[close - 1] === " " ? "" : " ";
  return text.slice(0, close) + `${pad}status=${status} ` + text.slice(close);
}
function removeSection(text, s) {
  let start = s.start;
  let end = s.end;
  const after = /^[ \t]*\r?\n/.exec(text.slice(end));
  if (after) end += after[0].length;
  if (text.slice(start - 4, start) === "\r\n\r\n") start -= 2;
  else if (text.slice(start - 2, start) === "\n\n") start -= 1;
  return text.slice(0, start) + text.slice(end);
}
var MARK_LINE = /^\*\*Agent-authored, awaiting review\.\*\*[^\n]*(?:\n|$)/;
var DRAFT_HEADING = /^#{1,6}[ \t]+content_draft\b[^\n]*(?:\n|$)/;
function sectionDraft(s) {
  let text = s.text.replace(/^\s*\n/, "");
  let suggestedId = s.attrs.suggested_id ?? null;
  const m = MARK_LINE.exec(text);
  if (m) {
    suggestedId = /\(new knowledge `([^`]+)`\)/.exec(m[0])?.[1] ?? suggestedId;
    text = text.slice(m[0].length).replace(/^\s*\n/, "");
  }
  const h = DRAFT_HEADING.exec(text);
  if (h) text = text.slice(h[0].length);
  return { draft: text.trim(), suggestedId };
}
function withoutSections(text) {
  let out = text;
  for (const s of [...parseDedupSections(text)].reverse()) out = removeSection(out, s);
  return out;
}

// core/review/read-cache.ts
import { statSync } from "node:fs";
var entries = /* @__PURE__ */ new Map();
var knownNull = /* @__PURE__ */ new Map();
function cachedByStat(keep, kind, file, derive) {
  if (!keep) return derive(file);
  const key = statKeyOf(file);
  const id = `${kind}\0${file}`;
  const hit = key === null ? void 0 : entries.get(id);
  if (hit && hit.key === key) return hit.value;
  if (key !== null && knownNull.get(id) === key) {
    entries.set(id, { key, value: null });
    return null;
  }
  const value = derive(file);
  if (key === null) entries.delete(id);
  else entries.set(id, { key, value });
  return value;
}
function statKeyOf(file) {
  try {
    const st = statSync(file, { bigint: false, throwIfNoEntry: false });
    return st ? `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}` : null;
  } catch {
    return null;
  }
}
var primedFrom = /* @__PURE__ */ new Set();
function primeNullsOnce(kind, source, load) {
  if (primedFrom.has(source)) return;
  primedFrom.add(source);
  for (const [file, key] of load()) knownNull.set(`${kind}\0${file}`, key);
}
function nullsHeld(kind) {
  const out = [];
  const prefix = `${kind}\0`;
  for (const [id, e] of entries) if (e.value === null && id.startsWith(prefix)) out.push([id.slice(prefix.length), e.key]);
  return out.sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}

export {
  parseDedupSections,
  setSectionStatus,
  removeSection,
  sectionDraft,
  withoutSections,
  cachedByStat,
  statKeyOf,
  primeNullsOnce,
  nullsHeld
};

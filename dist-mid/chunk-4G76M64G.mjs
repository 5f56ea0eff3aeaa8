import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  locateNodeFile
} from "./chunk-WNTECCL5.mjs";
import {
  sharedGraph,
  undoTarget
} from "./chunk-IC3JPZBO.mjs";
import {
  reviewData
} from "./chunk-Z3FRYNR6.mjs";
import {
  parseDedupSections,
  withoutSections
} from "./chunk-MOGCZWZI.mjs";
import {
  GlobalFiles
} from "./chunk-2BK6NNZL.mjs";
import {
  normalizeTags,
  queryGraph,
  readTask,
  resolveRole,
  taskTags
} from "./chunk-BHTI52HA.mjs";
import {
  stripControl
} from "./chunk-NTRS6NJ7.mjs";
import {
  build
} from "./chunk-GNOMD4OV.mjs";
import {
  readOverlay
} from "./chunk-2N2TC7TM.mjs";
import {
  splitFrontmatter
} from "./chunk-OBKM57IJ.mjs";
import {
  displayPath,
  sha256
} from "./chunk-Q4IS5S6U.mjs";
import {
  AkmsError,
  NotFoundError,
  isAkmsError
} from "./chunk-C3ZMY3KT.mjs";

// src/console/errors.ts
function errorText(e) {
  if (isAkmsError(e)) {
    const where = e.file ? `${e.file}${e.line ? `:${e.line}` : ""}: ` : "";
    return `${where}${e.message}${e.hint ? ` \u2014 ${e.hint}` : ""}`;
  }
  return e instanceof Error ? e.message : String(e);
}

// src/console/model.ts
import { existsSync } from "node:fs";

// src/console/detail.ts
import { readFileSync } from "node:fs";

// node_modules/ansi-regex/index.js
var ST = String.raw`(?:\u001B\u005C|\u009C)`;
var stringControls = String.raw`\u0018\u001A\u001B\u0080-\u009F`;
var osc = String.raw`(?:\u001B\]|\u009D)[^\u0007${stringControls}]*(?:\u0007|${ST})`;
var controlString = String.raw`(?:\u001B[PX^_k]|[\u0090\u0098\u009E\u009F])[^${stringControls}]*${ST}`;
var linuxPalette = String.raw`\u001B\](?:P[\dA-Fa-f]{7}|R)(?:\u0007|${ST})?`;
var csi = String.raw`(?:\u001B\[|\u009B)[\u0030-\u003F]*[\u0020-\u002F]*[\u0040-\u007E]`;
var escape = String.raw`\u001B(?:[\u0020-\u002F]+[\u0030-\u007E]|[\dA-PR-TZcf-oq-uy=><~|}])`;
var pattern = `${linuxPalette}|${osc}|${controlString}|${csi}|${escape}`;
function ansiRegex({ onlyFirst = false } = {}) {
  return new RegExp(pattern, onlyFirst ? void 0 : "g");
}

// node_modules/strip-ansi/index.js
var regex = ansiRegex();
function stripAnsi(string) {
  if (typeof string !== "string") {
    throw new TypeError(`Expected a \`string\`, got \`${typeof string}\``);
  }
  if (!string.includes("\x1B") && !string.includes("\x9B")) {
    return string;
  }
  return string.replace(regex, "");
}

// node_modules/get-east-asian-width/lookup-data.js
var ambiguousMinimalCodePoint = 161;
var ambiguousMaximumCodePoint = 1114109;
var ambiguousRanges = [161, 161, 164, 164, 167, 168, 170, 170, 173, 174, 176, 180, 182, 186, 188, 191, 198, 198, 208, 208, 215, 216, 222, 225, 230, 230, 232, 234, 236, 237, 240, 240, 242, 243, 247, 250, 252, 252, 254, 254, 257, 257, 273, 273, 275, 275, 283, 283, 294, 295, 299, 299, 305, 307, 312, 312, 319, 322, 324, 324, 328, 331, 333, 333, 338, 339, 358, 359, 363, 363, 462, 462, 464, 464, 466, 466, 468, 468, 470, 470, 472, 472, 474, 474, 476, 476, 593, 593, 609, 609, 708, 708, 711, 711, 713, 715, 717, 717, 720, 720, 728, 731, 733, 733, 735, 735, 768, 879, 913, 929, 931, 937, 945, 961, 963, 969, 1025, 1025, 1040, 1103, 1105, 1105, 8208, 8208, 8211, 8214, 8216, 8217, 8220, 8221, 8224, 8226, 8228, 8231, 8240, 8240, 8242, 8243, 8245, 8245, 8251, 8251, 8254, 8254, 8308, 8308, 8319, 8319, 8321, 8324, 8364, 8364, 8451, 8451, 8453, 8453, 8457, 8457, 8467, 8467, 8470, 8470, 8481, 8482, 8486, 8486, 8491, 8491, 8531, 8532, 8539, 8542, 8544, 8555, 8560, 8569, 8585, 8585, 8592, 8601, 8632, 8633, 8658, 8658, 8660, 8660, 8679, 8679, 8704, 8704, 8706, 8707, 8711, 8712, 8715, 8715, 8719, 8719, 8721, 8721, 8725, 8725, 8730, 8730, 8733, 8736, 8739, 8739, 8741, 8741, 8743, 8748, 8750, 8750, 8756, 8759, 8764, 8765, 8776, 8776, 8780, 8780, 8786, 8786, 8800, 8801, 8804, 8807, 8810, 8811, 8814, 8815, 8834, 8835, 8838, 8839, 8853, 8853, 8857, 8857, 8869, 8869, 8895, 8895, 8978, 8978, 9312, 9449, 9451, 9547, 9552, 9587, 9600, 9615, 9618, 9621, 9632, 9633, 9635, 9641, 9650, 9651, 9654, 9655, 9660, 9661, 9664, 9665, 9670, 9672, 9675, 9675, 9678, 9681, 9698, 9701, 9711, 9711, 9733, 9734, 9737, 9737, 9742, 9743, 9756, 9756, 9758, 9758, 9792, 9792, 9794, 9794, 9824, 9825, 9827, 9829, 9831, 9834, 9836, 9837, 9839, 9839, 9886, 9887, 9919, 9919, 9926, 9933, 9935, 9939, 9941, 9953, 9955, 9955, 9960, 9961, 9963, 9969, 9972, 9972, 9974, 9977, 9979, 9980, 9982, 9983, 10045, 10045, 10102, 10111, 11094, 11097, 12872, 12879, 57344, 63743, 65024, 65039, 65533, 65533, 127232, 127242, 127248, 127277, 127280, 127337, 127344, 127373, 127375, 127376, 127387, 127404, 917760, 917999, 983040, 1048573, 1048576, 1114109];
var fullwidthMinimalCodePoint = 12288;
var fullwidthMaximumCodePoint = 65510;
var fullwidthRanges = [12288, 12288, 65281, 65376, 65504, 65510];
var wideMinimalCodePoint = 4352;
var wideMaximumCodePoint = 262141;
var wideRanges = [4352, 4447, 8986, 8987, 9001, 9002, 9193, 9196, 9200, 9200, 9203, 9203, 9725, 9726, 9748, 9749, 9776, 9783, 9800, 9811, 9855, 9855, 9866, 9871, 9875, 9875, 9889, 9889, 9898, 9899, 9917, 9918, 9924, 9925, 9934, 9934, 9940, 9940, 9962, 9962, 9970, 9971, 9973, 9973, 9978, 9978, 9981, 9981, 9989, 9989, 9994, 9995, 10024, 10024, 10060, 10060, 10062, 10062, 10067, 10069, 10071, 10071, 10133, 10135, 10160, 10160, 10175, 10175, 11035, 11036, 11088, 11088, 11093, 11093, 11904, 11929, 11931, 12019, 12032, 12245, 12272, 12287, 12289, 12350, 12353, 12438, 12441, 12543, 12549, 12591, 12593, 12686, 12688, 12773, 12783, 12830, 12832, 12871, 12880, 42124, 42128, 42182, 43360, 43388, 44032, 55203, 63744, 64255, 65040, 65049, 65072, 65106, 65108, 65126, 65128, 65131, 94176, 94180, 94192, 94198, 94208, 101594, 101631, 101664, 101760, 101874, 101888, 102801, 102816, 102866, 110576, 110579, 110581, 110587, 110589, 110590, 110592, 110888, 110898, 110898, 110928, 110930, 110933, 110933, 110948, 110952, 110960, 111355, 119552, 119638, 119648, 119670, 126980, 126980, 127183, 127183, 127374, 127374, 127377, 127386, 127406, 127406, 127488, 127490, 127504, 127547, 127552, 127560, 127568, 127569, 127584, 127589, 127744, 127776, 127789, 127797, 127799, 127868, 127870, 127891, 127904, 127946, 127951, 127955, 127968, 127984, 127988, 127988, 127992, 128062, 128064, 128064, 128066, 128252, 128255, 128317, 128331, 128334, 128336, 128359, 128378, 128378, 128405, 128406, 128420, 128420, 128507, 128591, 128640, 128709, 128716, 128716, 128720, 128722, 128725, 128729, 128732, 128735, 128747, 128748, 128756, 128764, 128986, 128986, 128992, 129003, 129008, 129008, 129292, 129338, 129340, 129349, 129351, 129535, 129648, 129660, 129664, 129734, 129736, 129736, 129740, 129757, 129759, 129771, 129775, 129786, 131072, 196605, 196608, 262141];

// node_modules/get-east-asian-width/utilities.js
var isInRange = (ranges, codePoint) => {
  let low = 0;
  let high = Math.floor(ranges.length / 2) - 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const i = mid * 2;
    if (codePoint < ranges[i]) {
      high = mid - 1;
    } else if (codePoint > ranges[i + 1]) {
      low = mid + 1;
    } else {
      return true;
    }
  }
  return false;
};

// node_modules/get-east-asian-width/lookup.js
var commonCjkCodePoint = 19968;
var [wideFastPathStart, wideFastPathEnd] = /* @__PURE__ */ findWideFastPathRange(wideRanges);
function findWideFastPathRange(ranges) {
  let fastPathStart = ranges[0];
  let fastPathEnd = ranges[1];
  for (let index = 0; index < ranges.length; index += 2) {
    const start = ranges[index];
    const end = ranges[index + 1];
    if (commonCjkCodePoint >= start && commonCjkCodePoint <= end) {
      return [start, end];
    }
    if (end - start > fastPathEnd - fastPathStart) {
      fastPathStart = start;
      fastPathEnd = end;
    }
  }
  return [fastPathStart, fastPathEnd];
}
var isAmbiguous = (codePoint) => {
  if (codePoint < ambiguousMinimalCodePoint || codePoint > ambiguousMaximumCodePoint) {
    return false;
  }
  return isInRange(ambiguousRanges, codePoint);
};
var isFullwidth = (codePoint) => {
  if (codePoint < fullwidthMinimalCodePoint || codePoint > fullwidthMaximumCodePoint) {
    return false;
  }
  return isInRange(fullwidthRanges, codePoint);
};
var isWide = (codePoint) => {
  if (codePoint >= wideFastPathStart && codePoint <= wideFastPathEnd) {
    return true;
  }
  if (codePoint < wideMinimalCodePoint || codePoint > wideMaximumCodePoint) {
    return false;
  }
  return isInRange(wideRanges, codePoint);
};

// node_modules/get-east-asian-width/index.js
function validate(codePoint) {
  if (!Number.isSafeInteger(codePoint)) {
    throw new TypeError(`Expected a code point, got \`${typeof codePoint}\`.`);
  }
}
function eastAsianWidth(codePoint, { ambiguousAsWide = false } = {}) {
  validate(codePoint);
  if (isFullwidth(codePoint) || isWide(codePoint) || ambiguousAsWide && isAmbiguous(codePoint)) {
    return 2;
  }
  return 1;
}

// node_modules/string-width/index.js
var segmenter = new Intl.Segmenter();
var visibleCharacterRegex = new RegExp("[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]", "v");
var spacingMarkRegex = new RegExp("\\p{Spacing_Mark}", "v");
var rgiEmojiRegex = new RegExp("^\\p{RGI_Emoji}$", "v");
var unqualifiedKeycapRegex = /^[\d#*]\u20E3$/;
var extendedPictographicRegex = new RegExp("\\p{Extended_Pictographic}", "gu");
function isDoubleWidthNonRgiEmojiSequence(segment) {
  if (segment.length > 50) {
    return false;
  }
  if (unqualifiedKeycapRegex.test(segment)) {
    return true;
  }
  if (segment.includes("\u200D")) {
    const pictographics = segment.match(extendedPictographicRegex);
    return pictographics !== null && pictographics.length >= 2;
  }
  return false;
}
function baseVisible(segment) {
  const index = segment.search(visibleCharacterRegex);
  return index === -1 ? void 0 : segment.slice(index);
}
function isHangulLeadingJamo(codePoint) {
  return codePoint >= 4352 && codePoint <= 4447 || codePoint >= 43360 && codePoint <= 43388;
}
function isHangulVowelJamo(codePoint) {
  return codePoint >= 4448 && codePoint <= 4519 || codePoint >= 55216 && codePoint <= 55238;
}
function isHangulTrailingJamo(codePoint) {
  return codePoint >= 4520 && codePoint <= 4607 || codePoint >= 55243 && codePoint <= 55291;
}
function isHangulJamo(codePoint) {
  return isHangulLeadingJamo(codePoint) || isHangulVowelJamo(codePoint) || isHangulTrailingJamo(codePoint);
}
function hangulClusterWidth(visibleSegment, eastAsianWidthOptions) {
  const codePoints = [];
  for (const character of visibleSegment) {
    if (!visibleCharacterRegex.test(character)) {
      continue;
    }
    codePoints.push(character.codePointAt(0));
  }
  if (codePoints.length === 0) {
    return void 0;
  }
  let width2 = 0;
  for (let index = 0; index < codePoints.length; index++) {
    const codePoint = codePoints[index];
    if (!isHangulJamo(codePoint)) {
      if (width2 === 0) {
        return void 0;
      }
      for (let remaining = index; remaining < codePoints.length; remaining++) {
        width2 += eastAsianWidth(codePoints[remaining], eastAsianWidthOptions);
      }
      return width2;
    }
    if (isHangulLeadingJamo(codePoint) && isHangulVowelJamo(codePoints[index + 1])) {
      width2 += 2;
      index += isHangulTrailingJamo(codePoints[index + 2]) ? 2 : 1;
      continue;
    }
    width2 += eastAsianWidth(codePoint, eastAsianWidthOptions);
  }
  return width2;
}
function trailingWidth(visibleSegment, eastAsianWidthOptions) {
  let extra = 0;
  let first = true;
  for (const character of visibleSegment) {
    if (first) {
      first = false;
      continue;
    }
    if (spacingMarkRegex.test(character) || character >= "\uFF00" && character <= "\uFFEF") {
      extra += eastAsianWidth(character.codePointAt(0), eastAsianWidthOptions);
    }
  }
  return extra;
}
function stringWidth(input, options = {}) {
  if (typeof input !== "string" || input.length === 0) {
    return 0;
  }
  const {
    ambiguousIsNarrow = true,
    countAnsiEscapeCodes = false
  } = options;
  let string = input;
  if (!countAnsiEscapeCodes && (string.includes("\x1B") || string.includes("\x9B"))) {
    string = stripAnsi(string);
  }
  if (string.length === 0) {
    return 0;
  }
  if (/^[\u0020-\u007E]*$/.test(string)) {
    return string.length;
  }
  let width2 = 0;
  const eastAsianWidthOptions = { ambiguousAsWide: !ambiguousIsNarrow };
  for (const { segment } of segmenter.segment(string)) {
    const visibleSegment = baseVisible(segment);
    if (visibleSegment === void 0) {
      continue;
    }
    if (rgiEmojiRegex.test(segment) || isDoubleWidthNonRgiEmojiSequence(segment)) {
      width2 += 2;
      continue;
    }
    const hangulWidth = hangulClusterWidth(visibleSegment, eastAsianWidthOptions);
    if (hangulWidth !== void 0) {
      width2 += hangulWidth;
      continue;
    }
    const codePoint = visibleSegment.codePointAt(0);
    width2 += eastAsianWidth(codePoint, eastAsianWidthOptions);
    width2 += trailingWidth(visibleSegment, eastAsianWidthOptions);
  }
  return width2;
}

// components/text.ts
function safe(s) {
  if (s === null || s === void 0) return "";
  const str = typeof s === "string" ? s : typeof s === "object" ? JSON.stringify(s) : String(s);
  return stripControl(str.replace(/\t/g, "  ").replace(/\r?\n|\r/g, " "));
}
function safeLines(s) {
  if (s === null || s === void 0) return [];
  const str = typeof s === "string" ? s : String(s);
  return str.replace(/\r\n?/g, "\n").split("\n").map((l) => stripControl(l.replace(/\t/g, "  ")));
}
var ASCII = /^[\x20-\x7e]*$/;
var widths = /* @__PURE__ */ new Map();
var segmenter2 = null;
function width(s) {
  if (ASCII.test(s)) return s.length;
  let w = widths.get(s);
  if (w === void 0) {
    w = stringWidth(s);
    if (widths.size >= 5e4) widths.clear();
    widths.set(s, w);
  }
  return w;
}
function graphemes(s) {
  if (ASCII.test(s)) return s.split("");
  segmenter2 ??= new Intl.Segmenter();
  return Array.from(segmenter2.segment(s), (x) => x.segment);
}
function truncate(s, w) {
  if (w <= 0) return "";
  if (width(s) <= w) return s;
  let out = "";
  let used = 0;
  for (const ch of graphemes(s)) {
    const cw = width(ch);
    if (used + cw > w - 1) break;
    out += ch;
    used += cw;
  }
  return out + "\u2026";
}
function pad(s, w, align = "left") {
  const t = truncate(s, w);
  const fill = " ".repeat(Math.max(0, w - width(t)));
  return align === "right" ? fill + t : t + fill;
}
function wrap(lines, w) {
  const out = [];
  const max = Math.max(1, w);
  for (const line of lines) {
    if (line.length <= max && width(line) <= max) {
      out.push(line);
      continue;
    }
    let cur = "";
    let curW = 0;
    let space = -1;
    let spaceW = 0;
    for (const ch of graphemes(line)) {
      const cw = width(ch);
      if (ch === " " && curW + cw > max) {
        out.push(cur);
        cur = "";
        curW = 0;
        space = -1;
        spaceW = 0;
        continue;
      }
      if (curW + cw > max && cur) {
        if (space > 0 && spaceW > max / 3) {
          out.push(cur.slice(0, space).trimEnd());
          cur = cur.slice(space);
          curW -= spaceW;
        } else {
          out.push(cur);
          cur = "";
          curW = 0;
        }
        space = -1;
        spaceW = 0;
      }
      cur += ch;
      curW += cw;
      if (ch === " ") {
        space = cur.length;
        spaceW = curW;
      }
    }
    out.push(cur);
  }
  return out;
}
function fmtConf(n) {
  return typeof n === "number" && Number.isFinite(n) ? n.toFixed(2) : "\u2013";
}
function confPair(def, cur) {
  if (typeof def === "number" && typeof cur === "number" && Math.abs(def - cur) > 1e-9) return `${fmtConf(def)}\u2192${fmtConf(cur)}`;
  return fmtConf(typeof cur === "number" ? cur : def);
}
function windowStart(selected, count, height) {
  if (count <= height || height <= 0) return 0;
  const margin = Math.floor(height / 3);
  const start = selected - margin;
  return Math.max(0, Math.min(start, count - height));
}

// src/console/detail.ts
function fileSha(path) {
  try {
    return sha256(readFileSync(path));
  } catch (e) {
    if (e.code === "ENOENT") return sha256(Buffer.alloc(0));
    throw e;
  }
}
function contentDraftOf(body) {
  const m = /^##[ \t]+content_draft\b.*$/m.exec(body);
  if (!m) return null;
  const rest = body.slice(m.index + m[0].length);
  const next = /^##[ \t]+(?!#)/m.exec(rest);
  return rest.slice(0, next ? next.index : void 0).replace(/^\r?\n/, "").trimEnd();
}
function loadDetail(ctx, graph, id, globals = new GlobalFiles(ctx)) {
  const n = graph.nodes.get(id);
  const where = locateNodeFile(ctx, globals, n, id);
  const overlaySha = fileSha(ctx.paths.overlay);
  const empty = { id, node: n, file: null, shown: null, sha: null, frontmatter: [], body: [], contentDraft: null, dedup: [], existing: [], overlaySha };
  if ("note" in where) return { ...empty, note: where.note };
  let buf;
  try {
    buf = readFileSync(where.file);
  } catch (e) {
    return { ...empty, shown: where.shown, note: `cannot read ${where.shown}: ${e.code ?? e.message}` };
  }
  const text = buf.toString("utf8");
  const split = splitFrontmatter(text);
  const yaml = split ? split.yaml : "";
  const body = split ? split.body : text;
  const draft = contentDraftOf(body);
  const existingBody = (() => {
    const s = splitFrontmatter(withoutSections(text));
    return s ? s.body : withoutSections(text);
  })();
  return {
    id,
    node: n,
    file: where.file,
    shown: where.shown,
    sha: sha256(buf),
    frontmatter: safeLines(yaml.replace(/\r?\n$/, "")),
    body: safeLines(body.replace(/^\r?\n/, "").trimEnd()),
    contentDraft: draft === null ? null : safeLines(draft),
    dedup: parseDedupSections(text),
    existing: safeLines(existingBody.replace(/^\r?\n/, "").trimEnd()),
    overlaySha
  };
}
var DetailCache = class {
  constructor(ctx, graph) {
    this.ctx = ctx;
    this.graph = graph;
    this.globals = new GlobalFiles(ctx);
  }
  ctx;
  graph;
  map = /* @__PURE__ */ new Map();
  globals;
  get(id) {
    let d = this.map.get(id);
    if (!d) {
      d = loadDetail(this.ctx, this.graph, id, this.globals);
      this.map.set(id, d);
    }
    return d;
  }
};

// src/console/plan.ts
import { readdirSync } from "node:fs";
import { join } from "node:path";
function listTasks(ctx) {
  let names;
  try {
    names = readdirSync(ctx.paths.tasks).filter((n) => n.endsWith(".json") && !n.startsWith("."));
  } catch {
    return [];
  }
  names.sort();
  return names.map((n) => {
    const file = join(ctx.paths.tasks, n);
    try {
      const t = readTask(file, ctx.repo);
      return { file, shown: t.shown, record: t.record, loaded: t, error: null };
    } catch (e) {
      return { file, shown: `knowledge/tasks/${n}`, record: null, loaded: null, error: errorText(e) };
    }
  });
}
var initialPlanSource = { kind: "task", taskIndex: 0, tags: [], role: null };
function roles(cfg) {
  return Object.keys(cfg.config.query_roles).sort();
}
function planFor(ctx, graph, tasks, src) {
  const cfg = ctx.cfg;
  if (src.kind === "tags" || !tasks.length) {
    const tags = normalizeTags(src.tags);
    const label2 = src.kind === "tags" ? `tags ${tags.join(", ") || "(none)"}` : "no task records in knowledge/tasks/ \u2014 press t to type tags";
    try {
      const role = resolveRole(cfg, src.role);
      return { label: label2, task: null, tags, tagOrigin: "typed", derivation: null, role, result: queryGraph(graph, cfg, { tags, role }), error: null };
    } catch (e) {
      return { label: label2, task: null, tags, tagOrigin: "typed", derivation: null, role: src.role ?? "implementer", result: null, error: errorText(e) };
    }
  }
  const task = tasks[Math.max(0, Math.min(tasks.length - 1, src.taskIndex))];
  const rec = task.record;
  const label = rec ? `${rec.task_id}${rec.title ? ` \u2014 ${rec.title}` : ""}` : task.shown;
  if (!rec || !task.loaded) return { label, task, tags: [], tagOrigin: "task", derivation: null, role: src.role ?? "implementer", result: null, error: task.error };
  try {
    const role = resolveRole(cfg, src.role, rec.agent_role);
    const { tags, from, derivation } = taskTags(ctx, graph, task.loaded);
    return { label, task, tags, tagOrigin: from === "derived" ? "derived" : "task", derivation, role, result: queryGraph(graph, cfg, { tags, role }), error: null };
  } catch (e) {
    return { label, task, tags: [], tagOrigin: "task", derivation: null, role: src.role ?? "implementer", result: null, error: errorText(e) };
  }
}

// src/console/model.ts
var generation = 0;
var loadCheckpoint = null;
function setCheckpointLoader(load) {
  loadCheckpoint = load;
}
function checkpointLoaded() {
  return loadCheckpoint !== null;
}
function withCheckpoint(model) {
  if (!loadCheckpoint) return model;
  const timings = { ...model.timings };
  const orchestrator = timed(timings, "orchestrator", () => loadCheckpoint(model.ctx));
  return { ...model, orchestrator, timings };
}
function timed(timings, name, fn) {
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    timings[name] = Math.round((performance.now() - t0) * 10) / 10;
  }
}
function loadModel(ctx, opts = {}, { rebuild = true } = {}) {
  const timings = {};
  const notices = [];
  const doBuild = rebuild === "if-missing" ? !existsSync(ctx.paths.graphJson) : rebuild;
  if (doBuild) {
    try {
      timed(timings, "build", () => build(ctx));
    } catch (e) {
      if (!(e instanceof AkmsError)) throw e;
      notices.push(`rebuild failed, showing the last compiled graph: ${errorText(e)}`);
    }
  }
  let graph;
  try {
    graph = timed(timings, "graph", () => sharedGraph(ctx));
  } catch (e) {
    if (e instanceof NotFoundError && notices.length) throw new AkmsError("BUILD_FAILED", notices[0], { hint: "fix the file named above, then open the console again" });
    throw e;
  }
  let overlayMemo = null;
  const overlay = () => {
    overlayMemo ??= { value: readOverlay(ctx.paths.overlay, displayPath(ctx.repo, ctx.paths.overlay)).overlay };
    return overlayMemo.value;
  };
  let undoMemo = null;
  const undo = () => (undoMemo ??= { value: undoTarget(ctx) }).value;
  let tasksMemo = null;
  const tasks = () => tasksMemo ??= listTasks(ctx);
  const review = timed(timings, "review", () => {
    try {
      return reviewData(ctx, graph, { phase: opts.phase, live: true });
    } catch (e) {
      notices.push(`review report: ${errorText(e)}`);
      return null;
    }
  });
  const orchestrator = loadCheckpoint ? timed(timings, "orchestrator", () => loadCheckpoint(ctx)) : void 0;
  return {
    ctx,
    opts,
    orchestrator,
    graph,
    overlay,
    rebuilt: doBuild,
    undo,
    details: new DetailCache(ctx, graph),
    tasks,
    review,
    notices,
    generation: ++generation,
    timings
  };
}

export {
  stripAnsi,
  isFullwidth,
  isWide,
  eastAsianWidth,
  stringWidth,
  errorText,
  safe,
  safeLines,
  width,
  truncate,
  pad,
  wrap,
  fmtConf,
  confPair,
  windowStart,
  initialPlanSource,
  roles,
  planFor,
  setCheckpointLoader,
  checkpointLoaded,
  withCheckpoint,
  loadModel
};

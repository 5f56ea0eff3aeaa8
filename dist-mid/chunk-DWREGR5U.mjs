import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  AkmsError,
  NotFoundError,
  SchemaVersionError,
  ValidationError,
  YamlError
} from "./chunk-C3ZMY3KT.mjs";
import {
  __commonJS,
  __require
} from "./chunk-F7TTDJ7Y.mjs";

// node_modules/zod/v4/core/util.cjs
var require_util = __commonJS({
  "node_modules/zod/v4/core/util.cjs"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.CONSTANT_CATCH = exports.Class = exports.BIGINT_FORMAT_RANGES = exports.NUMBER_FORMAT_RANGES = exports.primitiveTypes = exports.propertyKeyTypes = exports.getParsedType = exports.allowsEval = exports.captureStackTrace = void 0;
    exports.assertEqual = assertEqual;
    exports.assertNotEqual = assertNotEqual;
    exports.toZod = toZod;
    exports.assertIs = assertIs;
    exports.assertNever = assertNever;
    exports.assert = assert;
    exports.getEnumValues = getEnumValues;
    exports.joinValues = joinValues;
    exports.jsonStringifyReplacer = jsonStringifyReplacer;
    exports.cached = cached;
    exports.nullish = nullish;
    exports.cleanRegex = cleanRegex;
    exports.floatSafeRemainder = floatSafeRemainder;
    exports.defineLazy = defineLazy;
    exports.objectClone = objectClone;
    exports.assignProp = assignProp;
    exports.rawShape = rawShape;
    exports.mergeDefs = mergeDefs;
    exports.cloneDef = cloneDef;
    exports.getElementAtPath = getElementAtPath;
    exports.promiseAllObject = promiseAllObject;
    exports.randomString = randomString;
    exports.esc = esc;
    exports.slugify = slugify;
    exports.isObject = isObject;
    exports.isPlainObject = isPlainObject;
    exports.shallowClone = shallowClone;
    exports.numKeys = numKeys;
    exports.escapeRegex = escapeRegex;
    exports.clone = clone;
    exports.normalizeParams = normalizeParams;
    exports.createTransparentProxy = createTransparentProxy;
    exports.stringifyPrimitive = stringifyPrimitive;
    exports.optionalKeys = optionalKeys;
    exports.pick = pick;
    exports.omit = omit;
    exports.extend = extend;
    exports.safeExtend = safeExtend;
    exports.merge = merge2;
    exports.partial = partial;
    exports.required = required;
    exports.aborted = aborted;
    exports.explicitlyAborted = explicitlyAborted;
    exports.prefixIssues = prefixIssues;
    exports.unwrapMessage = unwrapMessage;
    exports.sizeCaps = sizeCaps;
    exports.attachSchema = attachSchema;
    exports.finalizeIssue = finalizeIssue;
    exports.getSizableOrigin = getSizableOrigin;
    exports.codePointLength = codePointLength;
    exports.getLengthableOrigin = getLengthableOrigin;
    exports.parsedType = parsedType;
    exports.issue = issue;
    exports.cleanEnum = cleanEnum;
    exports.base64ToUint8Array = base64ToUint8Array;
    exports.uint8ArrayToBase64 = uint8ArrayToBase64;
    exports.base64urlToUint8Array = base64urlToUint8Array;
    exports.uint8ArrayToBase64url = uint8ArrayToBase64url;
    exports.hexToUint8Array = hexToUint8Array;
    exports.uint8ArrayToHex = uint8ArrayToHex;
    exports.members = members;
    exports.own = own;
    exports.hide = hide;
    exports.derived = derived;
    exports.defineLazyInternal = defineLazyInternal;
    exports.installLazyProp = installLazyProp;
    exports.constantCatch = constantCatch;
    var core_js_1 = require_core();
    function assertEqual(val) {
      return val;
    }
    function assertNotEqual(val) {
      return val;
    }
    function toZod() {
      return (schema2) => schema2;
    }
    function assertIs(_arg) {
    }
    function assertNever(_x) {
      throw new Error("Unexpected value in exhaustive check");
    }
    function assert(_) {
    }
    function getEnumValues(entries) {
      const numericValues = Object.values(entries).filter((v) => typeof v === "number");
      const values = Object.entries(entries).filter(([k, _]) => numericValues.indexOf(+k) === -1).map(([_, v]) => v);
      return values;
    }
    function joinValues(array, separator = "|") {
      return array.map((val) => stringifyPrimitive(val)).join(separator);
    }
    function jsonStringifyReplacer(_, value) {
      if (typeof value === "bigint")
        return value.toString();
      return value;
    }
    var Cached = class {
      constructor(getter) {
        this._getter = getter;
        this._value = void 0;
      }
      get value() {
        const getter = this._getter;
        if (getter !== void 0) {
          this._value = getter();
          this._getter = void 0;
        }
        return this._value;
      }
    };
    function cached(getter) {
      return new Cached(getter);
    }
    function nullish(input) {
      return input === null || input === void 0;
    }
    function cleanRegex(source) {
      const start = source.startsWith("^") ? 1 : 0;
      const end = source.endsWith("$") ? source.length - 1 : source.length;
      return source.slice(start, end);
    }
    function floatSafeRemainder(val, step) {
      const ratio = val / step;
      const roundedRatio = Math.round(ratio);
      const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
      if (Math.abs(ratio - roundedRatio) < tolerance)
        return 0;
      return ratio - roundedRatio;
    }
    var EVALUATING = /* @__PURE__ */ Symbol("evaluating");
    function defineLazy(object, key, getter) {
      let value = void 0;
      Object.defineProperty(object, key, {
        get() {
          if (value === EVALUATING) {
            return void 0;
          }
          if (value === void 0) {
            value = EVALUATING;
            value = getter();
          }
          return value;
        },
        set(v) {
          Object.defineProperty(object, key, {
            value: v
            // configurable: true,
          });
        },
        configurable: true
      });
    }
    function objectClone(obj) {
      return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
    }
    function assignProp(target, prop, value) {
      Object.defineProperty(target, prop, {
        value,
        writable: true,
        enumerable: true,
        configurable: true
      });
    }
    function rawShape(def) {
      const desc = Object.getOwnPropertyDescriptor(def, "shape");
      return desc?.get ? desc.get.raw : desc?.value;
    }
    function sourceShape(schema2) {
      return rawShape(schema2._zod.def) ?? schema2._zod.def.shape;
    }
    function deferProp(target, key, getter) {
      Object.defineProperty(target, key, {
        get() {
          const value = getter();
          assignProp(this, key, value);
          return value;
        },
        enumerable: true,
        configurable: true
      });
    }
    function putProp(target, key, value) {
      if (key in target)
        assignProp(target, key, value);
      else
        target[key] = value;
    }
    function mirrorShape(target, source, keys, wrap) {
      const raw = sourceShape(source);
      for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(raw, key);
        if (!desc.enumerable)
          continue;
        if (desc.get) {
          deferProp(target, key, () => {
            const value = source._zod.def.shape[key];
            return wrap ? wrap(value, key) : value;
          });
        } else
          putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
      }
    }
    function mirrorProps(target, source) {
      for (const key of Reflect.ownKeys(source)) {
        const desc = Object.getOwnPropertyDescriptor(source, key);
        if (!desc.enumerable)
          continue;
        if (desc.get)
          deferProp(target, key, () => source[key]);
        else
          putProp(target, key, desc.value);
      }
    }
    function mergeDefs(...defs) {
      const mergedDescriptors = {};
      for (const def of defs) {
        const descriptors = Object.getOwnPropertyDescriptors(def);
        Object.assign(mergedDescriptors, descriptors);
      }
      return Object.defineProperties({}, mergedDescriptors);
    }
    function cloneDef(schema2) {
      return mergeDefs(schema2._zod.def);
    }
    function getElementAtPath(obj, path) {
      if (!path)
        return obj;
      return path.reduce((acc, key) => acc?.[key], obj);
    }
    function promiseAllObject(promisesObj) {
      const keys = Object.keys(promisesObj);
      const promises = keys.map((key) => promisesObj[key]);
      return Promise.all(promises).then((results) => {
        const resolvedObj = {};
        for (let i = 0; i < keys.length; i++) {
          resolvedObj[keys[i]] = results[i];
        }
        return resolvedObj;
      });
    }
    function randomString(length = 10) {
      const chars = "abcdefghijklmnopqrstuvwxyz";
      let str2 = "";
      for (let i = 0; i < length; i++) {
        str2 += chars[Math.floor(Math.random() * chars.length)];
      }
      return str2;
    }
    function esc(str2) {
      return JSON.stringify(str2);
    }
    function slugify(input) {
      return input.toLowerCase().trim().replace(/[^\w\s-]/g, "").replace(/[\s_-]+/g, "-").replace(/^-+|-+$/g, "");
    }
    exports.captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {
    };
    function isObject(data) {
      return typeof data === "object" && data !== null && !Array.isArray(data);
    }
    exports.allowsEval = cached(() => {
      if (core_js_1.globalConfig.jitless) {
        return false;
      }
      if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
        return false;
      }
      try {
        const F = Function;
        new F("");
        return true;
      } catch (_) {
        return false;
      }
    });
    function isPlainObject(o) {
      if (isObject(o) === false)
        return false;
      const ctor = o.constructor;
      if (ctor === void 0)
        return true;
      if (typeof ctor !== "function")
        return true;
      const prot = ctor.prototype;
      if (isObject(prot) === false)
        return false;
      if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
      }
      return true;
    }
    function shallowClone(o) {
      if (isPlainObject(o))
        return { ...o };
      if (Array.isArray(o))
        return [...o];
      if (o instanceof Map)
        return new Map(o);
      if (o instanceof Set)
        return new Set(o);
      return o;
    }
    function numKeys(data) {
      let keyCount = 0;
      for (const key in data) {
        if (Object.prototype.hasOwnProperty.call(data, key)) {
          keyCount++;
        }
      }
      return keyCount;
    }
    var getParsedType = (data) => {
      const t = typeof data;
      switch (t) {
        case "undefined":
          return "undefined";
        case "string":
          return "string";
        case "number":
          return Number.isNaN(data) ? "nan" : "number";
        case "boolean":
          return "boolean";
        case "function":
          return "function";
        case "bigint":
          return "bigint";
        case "symbol":
          return "symbol";
        case "object":
          if (Array.isArray(data)) {
            return "array";
          }
          if (data === null) {
            return "null";
          }
          if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
            return "promise";
          }
          if (typeof Map !== "undefined" && data instanceof Map) {
            return "map";
          }
          if (typeof Set !== "undefined" && data instanceof Set) {
            return "set";
          }
          if (typeof Date !== "undefined" && data instanceof Date) {
            return "date";
          }
          if (typeof File !== "undefined" && data instanceof File) {
            return "file";
          }
          return "object";
        default:
          throw new Error(`Unknown data type: ${t}`);
      }
    };
    exports.getParsedType = getParsedType;
    exports.propertyKeyTypes = /* @__PURE__ */ new Set(["string", "number", "symbol"]);
    exports.primitiveTypes = /* @__PURE__ */ new Set([
      "string",
      "number",
      "bigint",
      "boolean",
      "symbol",
      "undefined"
    ]);
    function escapeRegex(str2) {
      return str2.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }
    function clone(inst, def, params) {
      const cl = new inst._zod.constr(def ?? inst._zod.def);
      if (!def || params?.parent)
        cl._zod.parent = inst;
      return cl;
    }
    function normalizeParams(_params) {
      const params = _params;
      if (!params)
        return {};
      if (typeof params === "string")
        return { error: () => params };
      if (params?.message !== void 0) {
        if (params?.error !== void 0)
          throw new Error("Cannot specify both `message` and `error` params");
        params.error = params.message;
      }
      delete params.message;
      if (typeof params.error === "string")
        return { ...params, error: () => params.error };
      return params;
    }
    function createTransparentProxy(getter) {
      let target;
      return new Proxy({}, {
        get(_, prop, receiver) {
          target ?? (target = getter());
          return Reflect.get(target, prop, receiver);
        },
        set(_, prop, value, receiver) {
          target ?? (target = getter());
          return Reflect.set(target, prop, value, receiver);
        },
        has(_, prop) {
          target ?? (target = getter());
          return Reflect.has(target, prop);
        },
        deleteProperty(_, prop) {
          target ?? (target = getter());
          return Reflect.deleteProperty(target, prop);
        },
        ownKeys(_) {
          target ?? (target = getter());
          return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(_, prop) {
          target ?? (target = getter());
          return Reflect.getOwnPropertyDescriptor(target, prop);
        },
        defineProperty(_, prop, descriptor) {
          target ?? (target = getter());
          return Reflect.defineProperty(target, prop, descriptor);
        }
      });
    }
    function stringifyPrimitive(value) {
      if (typeof value === "bigint")
        return value.toString() + "n";
      if (typeof value === "string")
        return `"${value}"`;
      return `${value}`;
    }
    function optionalKeys(shape) {
      return Object.keys(shape).filter((k) => {
        return shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional";
      });
    }
    exports.NUMBER_FORMAT_RANGES = (() => ({
      safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
      int32: [-2147483648, 2147483647],
      uint32: [0, 4294967295],
      float32: [-34028234663852886e22, 34028234663852886e22],
      float64: [-Number.MAX_VALUE, Number.MAX_VALUE]
    }))();
    exports.BIGINT_FORMAT_RANGES = {
      int64: [/* @__PURE__ */ BigInt("-9223372036854775808"), /* @__PURE__ */ BigInt("9223372036854775807")],
      uint64: [/* @__PURE__ */ BigInt(0), /* @__PURE__ */ BigInt("18446744073709551615")]
    };
    function pick(schema2, mask) {
      const currDef = schema2._zod.def;
      const checks = currDef.checks;
      const hasChecks = checks && checks.length > 0;
      if (hasChecks) {
        throw new Error(".pick() cannot be used on object schemas containing refinements");
      }
      const newShape = {};
      mirrorShape(newShape, schema2, maskedKeys(schema2, mask));
      return clone(schema2, mergeDefs(currDef, { shape: newShape, checks: [] }));
    }
    function maskedKeys(schema2, mask) {
      const raw = sourceShape(schema2);
      const keys = [];
      for (const key of Reflect.ownKeys(mask)) {
        if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
          throw new Error(`Unrecognized key: "${String(key)}"`);
        }
        if (mask[key])
          keys.push(key);
      }
      return keys;
    }
    function omit(schema2, mask) {
      const currDef = schema2._zod.def;
      const checks = currDef.checks;
      const hasChecks = checks && checks.length > 0;
      if (hasChecks) {
        throw new Error(".omit() cannot be used on object schemas containing refinements");
      }
      const omitted = new Set(maskedKeys(schema2, mask));
      const newShape = {};
      mirrorShape(newShape, schema2, Reflect.ownKeys(sourceShape(schema2)).filter((key) => !omitted.has(key)));
      return clone(schema2, mergeDefs(currDef, { shape: newShape, checks: [] }));
    }
    function extend(schema2, shape) {
      if (!isPlainObject(shape)) {
        throw new Error("Invalid input to extend: expected a plain object");
      }
      const checks = schema2._zod.def.checks;
      const hasChecks = checks && checks.length > 0;
      if (hasChecks) {
        const existingShape = sourceShape(schema2);
        for (const key of Reflect.ownKeys(shape)) {
          if (Object.getOwnPropertyDescriptor(existingShape, key) !== void 0) {
            throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
          }
        }
      }
      return clone(schema2, mergeDefs(schema2._zod.def, { shape: extended(schema2, shape) }));
    }
    function extended(schema2, shape) {
      const newShape = {};
      mirrorShape(newShape, schema2, Reflect.ownKeys(sourceShape(schema2)));
      mirrorProps(newShape, shape);
      return newShape;
    }
    function safeExtend(schema2, shape) {
      if (!isPlainObject(shape)) {
        throw new Error("Invalid input to safeExtend: expected a plain object");
      }
      return clone(schema2, mergeDefs(schema2._zod.def, { shape: extended(schema2, shape) }));
    }
    function merge2(a, b) {
      if (!b?._zod?.def) {
        throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
      }
      if (a._zod.def.checks?.length) {
        throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
      }
      const newShape = {};
      mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
      mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
      const def = mergeDefs(a._zod.def, {
        shape: newShape,
        get catchall() {
          return b._zod.def.catchall;
        },
        checks: b._zod.def.checks ?? []
      });
      return clone(a, def);
    }
    function partial(Class2, schema2, mask, name = "partial") {
      const currDef = schema2._zod.def;
      const checks = currDef.checks;
      const hasChecks = checks && checks.length > 0;
      if (hasChecks) {
        throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
      }
      const selected = mask ? new Set(maskedKeys(schema2, mask)) : void 0;
      const newShape = {};
      mirrorShape(newShape, schema2, Reflect.ownKeys(sourceShape(schema2)), Class2 && ((value, key) => selected && !selected.has(key) ? value : new Class2({ type: "optional", innerType: value })));
      return clone(schema2, mergeDefs(schema2._zod.def, { shape: newShape, checks: [] }));
    }
    function required(Class2, schema2, mask) {
      const selected = mask ? new Set(maskedKeys(schema2, mask)) : void 0;
      const newShape = {};
      mirrorShape(newShape, schema2, Reflect.ownKeys(sourceShape(schema2)), (value, key) => (
        // overwrite with non-optional
        selected && !selected.has(key) ? value : new Class2({ type: "nonoptional", innerType: value })
      ));
      return clone(schema2, mergeDefs(schema2._zod.def, { shape: newShape }));
    }
    function aborted(x, startIndex = 0) {
      if (x.aborted === true)
        return true;
      for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue !== true) {
          return true;
        }
      }
      return false;
    }
    function explicitlyAborted(x, startIndex = 0) {
      if (x.aborted === true)
        return true;
      for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue === false) {
          return true;
        }
      }
      return false;
    }
    function prefixIssues(path, issues) {
      return issues.map((iss) => {
        var _a;
        (_a = iss).path ?? (_a.path = []);
        iss.path.unshift(path);
        return iss;
      });
    }
    function unwrapMessage(message) {
      return typeof message === "string" ? message : message?.message;
    }
    function sizeCaps(defChecks) {
      const caps = [];
      for (const ch of defChecks ?? []) {
        const d = ch._zod.def;
        if (!/_(length|size)$|_equals$/.test(d.check))
          break;
        const max = d.maximum ?? d.length ?? d.size;
        if (max >= 0)
          caps.push([max, ch]);
      }
      return caps;
    }
    function attachSchema(issues, start, inst) {
      var _a;
      for (let i = start; i < issues.length; i++) {
        (_a = issues[i]).schema ?? (_a.schema = inst);
      }
    }
    function finalizeIssue(iss, ctx, config) {
      var _a;
      const traits = iss.inst?._zod?.traits;
      if (traits?.has("$ZodType")) {
        if (traits.has("$ZodCheck"))
          (_a = iss).schema ?? (_a.schema = iss.inst);
        else
          iss.schema = iss.inst;
      }
      const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0;
      const message = iss.message ? iss.message : unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ?? unwrapMessage(schemaError?.(iss)) ?? unwrapMessage(ctx?.error?.(iss)) ?? unwrapMessage(config.customError?.(iss)) ?? unwrapMessage(config.localeError?.(iss)) ?? "Invalid input";
      const full = {};
      for (const k of Object.keys(iss)) {
        if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
          continue;
        full[k] = iss[k];
      }
      full.path ?? (full.path = []);
      full.message = message;
      if (ctx?.reportInput) {
        full.input = iss.input;
      }
      return full;
    }
    function getSizableOrigin(input) {
      if (input instanceof Set)
        return "set";
      if (input instanceof Map)
        return "map";
      if (input instanceof File)
        return "file";
      return "unknown";
    }
    var highSurrogate = /[\uD800-\uDBFF]/;
    function codePointLength(str2) {
      const units = str2.length;
      if (!highSurrogate.test(str2))
        return units;
      let count = units;
      for (let i = 0; i < units - 1; i++) {
        if ((str2.charCodeAt(i) & 64512) === 55296 && (str2.charCodeAt(i + 1) & 64512) === 56320) {
          count--;
          i++;
        }
      }
      return count;
    }
    function getLengthableOrigin(input) {
      if (Array.isArray(input))
        return "array";
      if (typeof input === "string")
        return "string";
      return "unknown";
    }
    function parsedType(data) {
      const t = typeof data;
      switch (t) {
        case "number": {
          return Number.isNaN(data) ? "nan" : "number";
        }
        case "object": {
          if (data === null) {
            return "null";
          }
          if (Array.isArray(data)) {
            return "array";
          }
          const obj = data;
          if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
            return obj.constructor.name;
          }
        }
      }
      return t;
    }
    function issue(...args) {
      const [iss, input, inst] = args;
      if (typeof iss === "string") {
        return {
          message: iss,
          code: "custom",
          input,
          inst
        };
      }
      return { ...iss };
    }
    function cleanEnum(obj) {
      return Object.entries(obj).filter(([k, _]) => {
        return Number.isNaN(Number.parseInt(k, 10));
      }).map((el) => el[1]);
    }
    function base64ToUint8Array(base64) {
      const binaryString = atob(base64);
      const bytes = new Uint8Array(binaryString.length);
      for (let i = 0; i < binaryString.length; i++) {
        bytes[i] = binaryString.charCodeAt(i);
      }
      return bytes;
    }
    function uint8ArrayToBase64(bytes) {
      let binaryString = "";
      for (let i = 0; i < bytes.length; i++) {
        binaryString += String.fromCharCode(bytes[i]);
      }
      return btoa(binaryString);
    }
    function base64urlToUint8Array(base64url) {
      const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
      const padding = "=".repeat((4 - base64.length % 4) % 4);
      return base64ToUint8Array(base64 + padding);
    }
    function uint8ArrayToBase64url(bytes) {
      return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
    }
    function hexToUint8Array(hex) {
      const cleanHex = hex.replace(/^0x/, "");
      if (cleanHex.length % 2 !== 0) {
        throw new Error("Invalid hex string length");
      }
      const bytes = new Uint8Array(cleanHex.length / 2);
      for (let i = 0; i < cleanHex.length; i += 2) {
        bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
      }
      return bytes;
    }
    function uint8ArrayToHex(bytes) {
      return Array.from(bytes).map((b) => b.toString(16).padStart(2, "0")).join("");
    }
    var Class = class {
      constructor(..._args) {
      }
    };
    exports.Class = Class;
    function members(proto, table) {
      for (const key in table) {
        const desc = Object.getOwnPropertyDescriptor(table, key);
        if (desc.get)
          Object.defineProperty(proto, key, { ...desc, enumerable: false });
        else
          defineBound(proto, key, desc.value);
      }
    }
    function own(inst, key, value, enumerable = true) {
      Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
      return value;
    }
    function hide(inst, key, value) {
      return own(inst, key, value, false);
    }
    function derived(computes, table) {
      for (const key in computes) {
        const compute = computes[key];
        Object.defineProperty(table, key, {
          configurable: true,
          enumerable: true,
          get() {
            return own(this, key, compute(this));
          },
          set(value) {
            own(this, key, value);
          }
        });
      }
      return table;
    }
    function defineBound(proto, key, fn) {
      Object.defineProperty(proto, key, {
        configurable: true,
        get() {
          return this == null ? fn : own(this, key, fn.bind(this));
        },
        set(value) {
          own(this, key, value);
        }
      });
    }
    function claim(inst, sentinel) {
      const proto = Object.getPrototypeOf(inst);
      return sentinel in proto ? void 0 : proto;
    }
    var installing;
    var broke = false;
    var breaker = {
      configurable: true,
      get() {
        broke = true;
        return void 0;
      }
    };
    function defineLazyInternal(inst, key, compute) {
      const proto = Object.getPrototypeOf(inst._zod);
      if (key in proto && installing !== inst._zod) {
        installing = void 0;
        return;
      }
      installing = inst._zod;
      Object.defineProperty(proto, key, {
        configurable: true,
        get() {
          Object.defineProperty(this, key, breaker);
          const outer = broke;
          broke = false;
          try {
            const value = compute(this);
            if (broke)
              delete this[key];
            else
              Object.defineProperty(this, key, { configurable: true, writable: true, value });
            broke = broke || outer;
            return value;
          } catch (err) {
            delete this[key];
            broke = broke || outer;
            throw err;
          }
        },
        set(value) {
          Object.defineProperty(this, key, { configurable: true, writable: true, value });
        }
      });
    }
    function installLazyProp(inst, key, make, enumerable) {
      const proto = claim(inst, key);
      if (!proto)
        return;
      Object.defineProperty(proto, key, {
        configurable: true,
        get() {
          const desc = { configurable: true, writable: true, enumerable, value: void 0 };
          Object.defineProperty(this, key, desc);
          desc.value = make(this);
          Object.defineProperty(this, key, desc);
          return desc.value;
        },
        set(value) {
          Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
        }
      });
    }
    exports.CONSTANT_CATCH = "~constantCatch";
    function constantCatch(value) {
      const fn = () => value;
      fn[exports.CONSTANT_CATCH] = true;
      return fn;
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/core.cjs
var require_core = __commonJS({
  "node_modules/zod/v4/core/core.cjs"(exports) {
    "use strict";
    var _a;
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.globalConfig = exports.$ZodEncodeError = exports.$ZodAsyncError = exports.$brand = exports.NEVER = void 0;
    exports.$constructor = $constructor;
    exports.config = config;
    var util_js_1 = require_util();
    exports.NEVER = Object.freeze({
      status: "aborted"
    });
    var _zodDesc = { value: void 0, enumerable: false };
    var _E = "captureStackTrace" in Error ? Error : null;
    function newError(Definition) {
      const E = _E;
      if (E) {
        const saved = E.stackTraceLimit;
        if (typeof saved === "number") {
          try {
            E.stackTraceLimit = 0;
          } catch {
            _E = null;
            return new Definition();
          }
          try {
            return new Definition();
          } finally {
            E.stackTraceLimit = saved;
          }
        }
      }
      return new Definition();
    }
    function $constructor(name, initializer, proto, params) {
      const zodProto = {};
      function Internals(def) {
        this.def = def;
        this.constr = _;
        this.traits = /* @__PURE__ */ new Set();
      }
      Internals.prototype = zodProto;
      const protoMembers = proto;
      const initialized = protoMembers && /* @__PURE__ */ new WeakSet();
      function init(inst, def) {
        if (!inst._zod) {
          _zodDesc.value = new Internals(def);
          try {
            Object.defineProperty(inst, "_zod", _zodDesc);
          } finally {
            _zodDesc.value = void 0;
          }
        } else if (inst._zod.traits.has(name)) {
          return;
        }
        inst._zod.traits.add(name);
        initializer(inst, def);
        if (initialized) {
          const own = Object.getPrototypeOf(inst);
          const ctorProto = inst._zod.constr.prototype;
          let up = own;
          while (up && up !== ctorProto)
            up = Object.getPrototypeOf(up);
          const target = up ?? own;
          if (!initialized.has(target)) {
            initialized.add(target);
            (0, util_js_1.members)(target, protoMembers);
          }
        }
        const proto2 = _.prototype;
        for (const k in proto2) {
          if (!Object.prototype.hasOwnProperty.call(proto2, k))
            continue;
          if (!(k in inst)) {
            inst[k] = proto2[k].bind(inst);
          }
        }
      }
      const Parent = params?.Parent ?? Object;
      class Definition extends Parent {
      }
      Object.defineProperty(Definition, "name", { value: name });
      function _(def) {
        const inst = params?.Parent ? newError(Definition) : this;
        init(inst, def);
        const deferred = inst._zod.deferred;
        if (deferred) {
          for (const fn of deferred) {
            fn();
          }
          inst._zod.deferred = void 0;
        }
        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
          pp(inst);
        return inst;
      }
      Object.defineProperty(_, "init", { value: init });
      Object.defineProperty(_, Symbol.hasInstance, {
        value: (inst) => {
          if (params?.Parent && inst instanceof params.Parent)
            return true;
          return inst?._zod?.traits?.has(name);
        }
      });
      Object.defineProperty(_, "name", { value: name });
      return _;
    }
    exports.$brand = /* @__PURE__ */ Symbol("zod_brand");
    var $ZodAsyncError = class extends Error {
      constructor() {
        super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
      }
    };
    exports.$ZodAsyncError = $ZodAsyncError;
    var $ZodEncodeError = class extends Error {
      constructor(name) {
        super(`Encountered unidirectional transform during encode: ${name}`);
        this.name = "ZodEncodeError";
      }
    };
    exports.$ZodEncodeError = $ZodEncodeError;
    (_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
    exports.globalConfig = globalThis.__zod_globalConfig;
    function config(newConfig) {
      if (newConfig)
        Object.assign(exports.globalConfig, newConfig);
      return exports.globalConfig;
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/errors.cjs
var require_errors = __commonJS({
  "node_modules/zod/v4/core/errors.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.$ZodRealError = exports.$ZodError = void 0;
    exports.flattenError = flattenError;
    exports.formatError = formatError;
    exports.treeifyError = treeifyError;
    exports.toDotPath = toDotPath;
    exports.prettifyError = prettifyError;
    var core_js_1 = require_core();
    var util = __importStar(require_util());
    function _getMessage() {
      const internals = this._zod;
      internals.message ?? (internals.message = JSON.stringify(internals.def, util.jsonStringifyReplacer, 2));
      return internals.message;
    }
    function _setMessage(value) {
      this._zod.message = value;
    }
    var _messageDesc = {
      get: _getMessage,
      set: _setMessage,
      enumerable: true,
      configurable: true
    };
    var _issuesDesc = { value: void 0, enumerable: false };
    var _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
    var initializer = (inst, def) => {
      inst.name = "$ZodError";
      _issuesDesc.value = def;
      Object.defineProperty(inst, "issues", _issuesDesc);
      _issuesDesc.value = void 0;
      Object.defineProperty(inst, "message", _messageDesc);
      const proto = Object.getPrototypeOf(inst);
      if (!_installedToString.has(proto)) {
        _installedToString.add(proto);
        Object.defineProperty(proto, "toString", {
          configurable: true,
          enumerable: false,
          get() {
            const value = () => this.message;
            Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
            return value;
          },
          set(value) {
            Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
          }
        });
      }
    };
    exports.$ZodError = (0, core_js_1.$constructor)("$ZodError", initializer);
    exports.$ZodRealError = (0, core_js_1.$constructor)("$ZodError", initializer, void 0, {
      Parent: Error
    });
    function node(obj, key, make) {
      if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (key === "__proto__") {
          Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
        } else {
          obj[key] = make();
        }
      }
      return obj[key];
    }
    function flattenError(error, mapper = (issue) => issue.message) {
      const fieldErrors = {};
      const formErrors = [];
      for (const sub of error.issues) {
        if (sub.path.length > 0) {
          node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
        } else {
          formErrors.push(mapper(sub));
        }
      }
      return { formErrors, fieldErrors };
    }
    function formatError(error, mapper = (issue) => issue.message) {
      const fieldErrors = { _errors: [] };
      const processError = (error2, path = []) => {
        for (const issue of error2.issues) {
          if (issue.code === "invalid_union" && issue.errors.length) {
            issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
          } else if (issue.code === "invalid_key") {
            processError({ issues: issue.issues }, [...path, ...issue.path]);
          } else if (issue.code === "invalid_element") {
            processError({ issues: issue.issues }, [...path, ...issue.path]);
          } else {
            const fullpath = [...path, ...issue.path];
            if (fullpath.length === 0) {
              fieldErrors._errors.push(mapper(issue));
            } else {
              let curr = fieldErrors;
              let i = 0;
              while (i < fullpath.length) {
                const el = fullpath[i];
                const terminal = i === fullpath.length - 1;
                if (el === "_errors") {
                  if (terminal)
                    curr._errors.push(mapper(issue));
                  i++;
                  continue;
                }
                if (!Object.prototype.hasOwnProperty.call(curr, el)) {
                  Object.defineProperty(curr, el, {
                    value: { _errors: [] },
                    enumerable: true,
                    writable: true,
                    configurable: true
                  });
                }
                const node2 = curr[el];
                if (terminal) {
                  node2._errors.push(mapper(issue));
                }
                curr = node2;
                i++;
              }
            }
          }
        }
      };
      processError(error);
      return fieldErrors;
    }
    function treeifyError(error, mapper = (issue) => issue.message) {
      const result = { errors: [] };
      const processError = (error2, path = []) => {
        var _a;
        for (const issue of error2.issues) {
          if (issue.code === "invalid_union" && issue.errors.length) {
            issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
          } else if (issue.code === "invalid_key") {
            processError({ issues: issue.issues }, [...path, ...issue.path]);
          } else if (issue.code === "invalid_element") {
            processError({ issues: issue.issues }, [...path, ...issue.path]);
          } else {
            const fullpath = [...path, ...issue.path];
            if (fullpath.length === 0) {
              result.errors.push(mapper(issue));
              continue;
            }
            let curr = result;
            let i = 0;
            while (i < fullpath.length) {
              const el = fullpath[i];
              const terminal = i === fullpath.length - 1;
              if (typeof el === "string") {
                curr.properties ?? (curr.properties = {});
                if (!Object.prototype.hasOwnProperty.call(curr.properties, el)) {
                  Object.defineProperty(curr.properties, el, {
                    value: { errors: [] },
                    enumerable: true,
                    writable: true,
                    configurable: true
                  });
                }
                curr = curr.properties[el];
              } else {
                curr.items ?? (curr.items = []);
                (_a = curr.items)[el] ?? (_a[el] = { errors: [] });
                curr = curr.items[el];
              }
              if (terminal) {
                curr.errors.push(mapper(issue));
              }
              i++;
            }
          }
        }
      };
      processError(error);
      return result;
    }
    function toDotPath(_path) {
      const segs = [];
      const path = _path.map((seg) => typeof seg === "object" ? seg.key : seg);
      for (const seg of path) {
        if (typeof seg === "number")
          segs.push(`[${seg}]`);
        else if (typeof seg === "symbol")
          segs.push(`[${JSON.stringify(String(seg))}]`);
        else if (/[^\w$]/.test(seg))
          segs.push(`[${JSON.stringify(seg)}]`);
        else {
          if (segs.length)
            segs.push(".");
          segs.push(seg);
        }
      }
      return segs.join("");
    }
    function prettifyError(error) {
      const lines = [];
      const issues = [...error.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
      for (const issue of issues) {
        lines.push(`\u2716 ${issue.message}`);
        if (issue.path?.length)
          lines.push(`  \u2192 at ${toDotPath(issue.path)}`);
      }
      return lines.join("\n");
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/parse.cjs
var require_parse = __commonJS({
  "node_modules/zod/v4/core/parse.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.safeDecodeAsync = exports._safeDecodeAsync = exports.safeEncodeAsync = exports._safeEncodeAsync = exports.safeDecode = exports._safeDecode = exports.safeEncode = exports._safeEncode = exports.decodeAsync = exports._decodeAsync = exports.encodeAsync = exports._encodeAsync = exports.decode = exports._decode = exports.encode = exports._encode = exports.validateAsync = exports.validate = exports.safeParseAsync = exports._safeParseAsync = exports.safeParse = exports._safeParse = exports.parseAsync = exports._parseAsync = exports.parse = exports._parse = void 0;
    var core2 = __importStar(require_core());
    var errors = __importStar(require_errors());
    var util = __importStar(require_util());
    function finalizeParams(callee, params) {
      return { callee: params?.callee ?? callee, Err: params?.Err };
    }
    var _parse = (_Err) => {
      const fn = (schema2, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
        const result = schema2._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise) {
          throw new core2.$ZodAsyncError();
        }
        if (result.issues.length) {
          const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config())));
          util.captureStackTrace(e, _params?.callee ?? fn);
          throw e;
        }
        return result.value;
      };
      return fn;
    };
    exports._parse = _parse;
    exports.parse = (0, exports._parse)(errors.$ZodRealError);
    var _parseAsync = (_Err) => {
      const fn = async (schema2, value, _ctx, params) => {
        const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
        let result = schema2._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise)
          result = await result;
        if (result.issues.length) {
          const e = new (params?.Err ?? _Err)(result.issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config())));
          util.captureStackTrace(e, params?.callee ?? fn);
          throw e;
        }
        return result.value;
      };
      return fn;
    };
    exports._parseAsync = _parseAsync;
    exports.parseAsync = (0, exports._parseAsync)(errors.$ZodRealError);
    var _safeParse = (_Err) => (schema2, value, _ctx) => {
      const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
      const result = schema2._zod.run({ value, issues: [] }, ctx);
      if (result instanceof Promise) {
        throw new core2.$ZodAsyncError();
      }
      return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
    };
    exports._safeParse = _safeParse;
    exports.safeParse = (0, exports._safeParse)(errors.$ZodRealError);
    function failure(Err, issues, ctx) {
      let error;
      return {
        success: false,
        get error() {
          if (!error) {
            error = new Err(issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config())));
            issues = void 0;
            ctx = void 0;
          }
          return error;
        },
        set error(e) {
          error = e;
          issues = void 0;
          ctx = void 0;
        }
      };
    }
    var _safeParseAsync = (_Err) => async (schema2, value, _ctx) => {
      const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
      let result = schema2._zod.run({ value, issues: [] }, ctx);
      if (result instanceof Promise)
        result = await result;
      return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
    };
    exports._safeParseAsync = _safeParseAsync;
    exports.safeParseAsync = (0, exports._safeParseAsync)(errors.$ZodRealError);
    var COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
    var COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
    exports.validate = ((schema2, value, _ctx) => {
      const validator = schema2._zod.bag.validator;
      if (validator !== void 0) {
        if (validator(value) !== COMPILE_INVALID)
          return true;
        if (validator.definite === true && _ctx === void 0)
          return false;
      }
      return validateFallback(schema2, value, _ctx);
    });
    function validateFallback(schema2, value, _ctx) {
      const ctx = _ctx ? { ..._ctx, async: false, abortEarly: true } : { async: false, abortEarly: true };
      const fallbackRun = schema2._zod.bag.fallbackRun;
      let result;
      if (fallbackRun) {
        ctx[COMPILE_FALLBACK] = true;
        result = fallbackRun({ value, issues: [] }, ctx);
      } else {
        result = schema2._zod.run({ value, issues: [] }, ctx);
      }
      if (result instanceof Promise) {
        throw new core2.$ZodAsyncError();
      }
      return result.issues.length === 0;
    }
    var validateAsync = async (schema2, value, _ctx) => {
      const ctx = _ctx ? { ..._ctx, async: true, abortEarly: true } : { async: true, abortEarly: true };
      let result = schema2._zod.run({ value, issues: [] }, ctx);
      if (result instanceof Promise)
        result = await result;
      return result.issues.length === 0;
    };
    exports.validateAsync = validateAsync;
    var _encode = (_Err) => {
      const parse = (0, exports._parse)(_Err);
      const fn = (schema2, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse(schema2, value, ctx, finalizeParams(fn, _params));
      };
      return fn;
    };
    exports._encode = _encode;
    exports.encode = (0, exports._encode)(errors.$ZodRealError);
    var _decode = (_Err) => {
      const parse = (0, exports._parse)(_Err);
      const fn = (schema2, value, _ctx, _params) => {
        return parse(schema2, value, _ctx, finalizeParams(fn, _params));
      };
      return fn;
    };
    exports._decode = _decode;
    exports.decode = (0, exports._decode)(errors.$ZodRealError);
    var _encodeAsync = (_Err) => {
      const parseAsync = (0, exports._parseAsync)(_Err);
      const fn = async (schema2, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return await parseAsync(schema2, value, ctx, finalizeParams(fn, _params));
      };
      return fn;
    };
    exports._encodeAsync = _encodeAsync;
    exports.encodeAsync = (0, exports._encodeAsync)(errors.$ZodRealError);
    var _decodeAsync = (_Err) => {
      const parseAsync = (0, exports._parseAsync)(_Err);
      const fn = async (schema2, value, _ctx, _params) => {
        return await parseAsync(schema2, value, _ctx, finalizeParams(fn, _params));
      };
      return fn;
    };
    exports._decodeAsync = _decodeAsync;
    exports.decodeAsync = (0, exports._decodeAsync)(errors.$ZodRealError);
    var _safeEncode = (_Err) => (schema2, value, _ctx) => {
      const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
      return (0, exports._safeParse)(_Err)(schema2, value, ctx);
    };
    exports._safeEncode = _safeEncode;
    exports.safeEncode = (0, exports._safeEncode)(errors.$ZodRealError);
    var _safeDecode = (_Err) => (schema2, value, _ctx) => {
      return (0, exports._safeParse)(_Err)(schema2, value, _ctx);
    };
    exports._safeDecode = _safeDecode;
    exports.safeDecode = (0, exports._safeDecode)(errors.$ZodRealError);
    var _safeEncodeAsync = (_Err) => async (schema2, value, _ctx) => {
      const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
      return (0, exports._safeParseAsync)(_Err)(schema2, value, ctx);
    };
    exports._safeEncodeAsync = _safeEncodeAsync;
    exports.safeEncodeAsync = (0, exports._safeEncodeAsync)(errors.$ZodRealError);
    var _safeDecodeAsync = (_Err) => async (schema2, value, _ctx) => {
      return (0, exports._safeParseAsync)(_Err)(schema2, value, _ctx);
    };
    exports._safeDecodeAsync = _safeDecodeAsync;
    exports.safeDecodeAsync = (0, exports._safeDecodeAsync)(errors.$ZodRealError);
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/regexes.cjs
var require_regexes = __commonJS({
  "node_modules/zod/v4/core/regexes.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.sha1_base64 = exports.sha1_hex = exports.md5_base64url = exports.md5_base64 = exports.md5_hex = exports.hex = exports.uppercase = exports.lowercase = exports.undefined = exports.null = exports.boolean = exports.number = exports.integer = exports.bigint = exports.string = exports.anyString = exports.date = exports.iban = exports.currencyCode = exports.creditCard = exports.e164 = exports.httpProtocol = exports.domain = exports.hostname = exports.base64url = exports.base64 = exports.cidrv6 = exports.cidrv4 = exports.mac = exports.ipv6 = exports.ipv4 = exports.browserEmail = exports.idnEmail = exports.unicodeEmail = exports.rfc5322Email = exports.html5Email = exports.email = exports.uuid7 = exports.uuid6 = exports.uuid4 = exports.uuid = exports.guid = exports.extendedDuration = exports.duration = exports.nanoid = exports.ksuid = exports.xid = exports.ulid = exports.cuid2 = exports.cuid = void 0;
    exports.sha512_base64url = exports.sha512_base64 = exports.sha512_hex = exports.sha384_base64url = exports.sha384_base64 = exports.sha384_hex = exports.sha256_base64url = exports.sha256_base64 = exports.sha256_hex = exports.sha1_base64url = void 0;
    exports.nanoidOfLength = nanoidOfLength;
    exports.emoji = emoji;
    exports.time = time;
    exports.datetime = datetime;
    var util = __importStar(require_util());
    exports.cuid = /^[cC][0-9a-z]{6,}$/;
    exports.cuid2 = /^[0-9a-z]+$/;
    exports.ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
    exports.xid = /^[0-9a-vA-V]{20}$/;
    exports.ksuid = /^[A-Za-z0-9]{27}$/;
    exports.nanoid = /^[a-zA-Z0-9_-]{21}$/;
    function nanoidOfLength(length) {
      return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
    }
    exports.duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
    exports.extendedDuration = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
    exports.guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
    var uuid = (version) => {
      if (!version)
        return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
      return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
    };
    exports.uuid = uuid;
    exports.uuid4 = (0, exports.uuid)(4);
    exports.uuid6 = (0, exports.uuid)(6);
    exports.uuid7 = (0, exports.uuid)(7);
    exports.email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
    exports.html5Email = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
    exports.rfc5322Email = /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
    exports.unicodeEmail = /^[^\s@"]{1,64}@[^\s@]{1,255}$/u;
    exports.idnEmail = exports.unicodeEmail;
    exports.browserEmail = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
    var _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
    function emoji() {
      return new RegExp(_emoji, "u");
    }
    exports.ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
    exports.ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
    var mac = (delimiter) => {
      const escapedDelim = util.escapeRegex(delimiter ?? ":");
      return new RegExp(`^(?:[0-9A-F]{2}${escapedDelim}){5}[0-9A-F]{2}$|^(?:[0-9a-f]{2}${escapedDelim}){5}[0-9a-f]{2}$`);
    };
    exports.mac = mac;
    exports.cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
    exports.cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
    exports.base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
    exports.base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
    exports.hostname = /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;
    exports.domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
    exports.httpProtocol = /^https?$/;
    exports.e164 = /^\+[1-9]\d{6,14}$/;
    exports.creditCard = /^\d(?:[ -]?\d){11,18}$/;
    exports.currencyCode = /^(?:AED|AFN|ALL|AMD|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BHD|BIF|BMD|BND|BOB|BOV|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHE|CHF|CHW|CLF|CLP|CNY|COP|COU|CRC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MXV|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|USN|UYI|UYU|UYW|UZS|VED|VES|VND|VUV|WST|XAD|XAF|XAG|XAU|XBA|XBB|XBC|XBD|XCD|XCG|XDR|XOF|XPD|XPF|XPT|XSU|XTS|XUA|XXX|YER|ZAR|ZMW|ZWG)$/;
    exports.iban = /^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$/;
    var dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
    function anchor(source) {
      return new RegExp(`^${source}$`);
    }
    exports.date = anchor(dateSource);
    function timeSource(args) {
      const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
      const regex = typeof args.precision === "number" ? args.precision === -1 ? `${hhmm}` : args.precision === 0 ? `${hhmm}:[0-5]\\d` : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}` : args.seconds ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?` : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
      return regex;
    }
    function time(args) {
      return new RegExp(`^${timeSource(args)}$`);
    }
    function datetime(args) {
      const opts = ["Z"];
      if (args.offset)
        opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
      const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
      const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
      return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
    }
    exports.anyString = /^[\s\S]{0,}$/;
    var string = (params) => {
      const regex = params ? `[\\s\\S]{${params?.minimum ?? 0},${params?.maximum ?? ""}}` : `[\\s\\S]*`;
      return new RegExp(`^${regex}$`);
    };
    exports.string = string;
    exports.bigint = /^-?\d+n?$/;
    exports.integer = /^-?\d+$/;
    exports.number = /^-?\d+(?:\.\d+)?$/;
    exports.boolean = /^(?:true|false)$/i;
    var _null2 = /^null$/i;
    exports.null = _null2;
    var _undefined = /^undefined$/i;
    exports.undefined = _undefined;
    exports.lowercase = /^[^A-Z]*$/;
    exports.uppercase = /^[^a-z]*$/;
    exports.hex = /^[0-9a-fA-F]*$/;
    function fixedBase64(bodyLength, padding) {
      return new RegExp(`^[A-Za-z0-9+/]{${bodyLength}}${padding}$`);
    }
    function fixedBase64url(length) {
      return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
    }
    exports.md5_hex = /^[0-9a-fA-F]{32}$/;
    exports.md5_base64 = fixedBase64(22, "==");
    exports.md5_base64url = fixedBase64url(22);
    exports.sha1_hex = /^[0-9a-fA-F]{40}$/;
    exports.sha1_base64 = fixedBase64(27, "=");
    exports.sha1_base64url = fixedBase64url(27);
    exports.sha256_hex = /^[0-9a-fA-F]{64}$/;
    exports.sha256_base64 = fixedBase64(43, "=");
    exports.sha256_base64url = fixedBase64url(43);
    exports.sha384_hex = /^[0-9a-fA-F]{96}$/;
    exports.sha384_base64 = fixedBase64(64, "");
    exports.sha384_base64url = fixedBase64url(64);
    exports.sha512_hex = /^[0-9a-fA-F]{128}$/;
    exports.sha512_base64 = fixedBase64(86, "==");
    exports.sha512_base64url = fixedBase64url(86);
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/checks.cjs
var require_checks = __commonJS({
  "node_modules/zod/v4/core/checks.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.$ZodCheckOverwrite = exports.$ZodCheckMimeType = exports.$ZodCheckProperties = exports.$ZodCheckProperty = exports.$ZodCheckEndsWith = exports.$ZodCheckStartsWith = exports.$ZodCheckIncludes = exports.$ZodCheckUpperCase = exports.$ZodCheckLowerCase = exports.$ZodCheckRegex = exports.$ZodCheckStringFormat = exports.$ZodCheckLengthEquals = exports.$ZodCheckMinLength = exports.$ZodCheckMaxLength = exports.$ZodCheckSizeEquals = exports.$ZodCheckMinSize = exports.$ZodCheckMaxSize = exports.$ZodCheckBigIntFormat = exports.$ZodCheckNumberFormat = exports.$ZodCheckMultipleOf = exports.$ZodCheckGreaterThan = exports.$ZodCheckLessThan = exports.$ZodCheck = void 0;
    var core2 = __importStar(require_core());
    var regexes = __importStar(require_regexes());
    var util = __importStar(require_util());
    exports.$ZodCheck = core2.$constructor("$ZodCheck", (inst, def) => {
      var _a;
      inst._zod ?? (inst._zod = {});
      inst._zod.def = def;
      (_a = inst._zod).onattach ?? (_a.onattach = []);
    });
    var _whenHasSize = (payload) => {
      const val = payload.value;
      return !util.nullish(val) && val.size !== void 0;
    };
    var _whenHasLength = (payload) => {
      const val = payload.value;
      return !util.nullish(val) && val.length !== void 0;
    };
    var numericOriginMap = {
      number: "number",
      bigint: "bigint",
      object: "date"
    };
    exports.$ZodCheckLessThan = core2.$constructor("$ZodCheckLessThan", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      const origin = numericOriginMap[typeof def.value];
      inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
          return;
        }
        payload.issues.push({
          origin: numericOriginMap[typeof payload.value] ?? origin,
          code: "too_big",
          maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
          input: payload.value,
          inclusive: def.inclusive,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckGreaterThan = core2.$constructor("$ZodCheckGreaterThan", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      const origin = numericOriginMap[typeof def.value];
      inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
          return;
        }
        payload.issues.push({
          origin: numericOriginMap[typeof payload.value] ?? origin,
          code: "too_small",
          minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
          input: payload.value,
          inclusive: def.inclusive,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckMultipleOf = /* @__PURE__ */ core2.$constructor("$ZodCheckMultipleOf", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      inst._zod.check = (payload) => {
        if (typeof payload.value !== typeof def.value)
          throw new Error("Cannot mix number and bigint in multiple_of check.");
        const isMultiple = typeof payload.value === "bigint" ? (
          // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
          def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
        ) : util.floatSafeRemainder(payload.value, def.value) === 0;
        if (isMultiple)
          return;
        payload.issues.push({
          origin: typeof payload.value,
          code: "not_multiple_of",
          divisor: def.value,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckNumberFormat = core2.$constructor("$ZodCheckNumberFormat", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      def.format = def.format || "float64";
      const isInt = def.format?.includes("int");
      const origin = isInt ? "int" : "number";
      const [minimum, maximum] = util.NUMBER_FORMAT_RANGES[def.format];
      inst._zod.check = (payload) => {
        const input = payload.value;
        if (isInt) {
          if (!Number.isInteger(input)) {
            payload.issues.push({
              expected: origin,
              format: def.format,
              code: "invalid_type",
              continue: false,
              input,
              inst
            });
            return;
          }
          if (!Number.isSafeInteger(input)) {
            if (input > 0) {
              payload.issues.push({
                input,
                code: "too_big",
                maximum: Number.MAX_SAFE_INTEGER,
                note: "Integers must be within the safe integer range.",
                inst,
                origin,
                inclusive: true,
                continue: !def.abort
              });
            } else {
              payload.issues.push({
                input,
                code: "too_small",
                minimum: Number.MIN_SAFE_INTEGER,
                note: "Integers must be within the safe integer range.",
                inst,
                origin,
                inclusive: true,
                continue: !def.abort
              });
            }
            return;
          }
        }
        if (input < minimum) {
          payload.issues.push({
            origin: "number",
            input,
            code: "too_small",
            minimum,
            inclusive: true,
            inst,
            continue: !def.abort
          });
        }
        if (input > maximum) {
          payload.issues.push({
            origin: "number",
            input,
            code: "too_big",
            maximum,
            inclusive: true,
            inst,
            continue: !def.abort
          });
        }
      };
    });
    exports.$ZodCheckBigIntFormat = core2.$constructor("$ZodCheckBigIntFormat", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      const [minimum, maximum] = util.BIGINT_FORMAT_RANGES[def.format];
      inst._zod.check = (payload) => {
        const input = payload.value;
        if (input < minimum) {
          payload.issues.push({
            origin: "bigint",
            input,
            code: "too_small",
            minimum,
            inclusive: true,
            inst,
            continue: !def.abort
          });
        }
        if (input > maximum) {
          payload.issues.push({
            origin: "bigint",
            input,
            code: "too_big",
            maximum,
            inclusive: true,
            inst,
            continue: !def.abort
          });
        }
      };
    });
    exports.$ZodCheckMaxSize = core2.$constructor("$ZodCheckMaxSize", (inst, def) => {
      var _a;
      exports.$ZodCheck.init(inst, def);
      (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
      inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size <= def.maximum)
          return;
        payload.issues.push({
          origin: util.getSizableOrigin(input),
          code: "too_big",
          maximum: def.maximum,
          inclusive: true,
          input,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckMinSize = core2.$constructor("$ZodCheckMinSize", (inst, def) => {
      var _a;
      exports.$ZodCheck.init(inst, def);
      (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
      inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size >= def.minimum)
          return;
        payload.issues.push({
          origin: util.getSizableOrigin(input),
          code: "too_small",
          minimum: def.minimum,
          inclusive: true,
          input,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckSizeEquals = core2.$constructor("$ZodCheckSizeEquals", (inst, def) => {
      var _a;
      exports.$ZodCheck.init(inst, def);
      (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
      inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size === def.size)
          return;
        const tooBig = size > def.size;
        payload.issues.push({
          origin: util.getSizableOrigin(input),
          ...tooBig ? { code: "too_big", maximum: def.size } : { code: "too_small", minimum: def.size },
          inclusive: true,
          exact: true,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckMaxLength = core2.$constructor("$ZodCheckMaxLength", (inst, def) => {
      var _a;
      exports.$ZodCheck.init(inst, def);
      (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
      inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        const length = typeof input === "string" && units > def.maximum ? util.codePointLength(input) : units;
        if (length <= def.maximum)
          return;
        const origin = util.getLengthableOrigin(input);
        payload.issues.push({
          origin,
          code: "too_big",
          maximum: def.maximum,
          inclusive: true,
          input,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckMinLength = core2.$constructor("$ZodCheckMinLength", (inst, def) => {
      var _a;
      exports.$ZodCheck.init(inst, def);
      (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
      inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2 ? util.codePointLength(input) : units;
        if (length >= def.minimum)
          return;
        const origin = util.getLengthableOrigin(input);
        payload.issues.push({
          origin,
          code: "too_small",
          minimum: def.minimum,
          inclusive: true,
          input,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckLengthEquals = core2.$constructor("$ZodCheckLengthEquals", (inst, def) => {
      var _a;
      exports.$ZodCheck.init(inst, def);
      (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
      inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        const length = typeof input === "string" && units >= def.length && units <= def.length * 2 ? util.codePointLength(input) : units;
        if (length === def.length)
          return;
        const origin = util.getLengthableOrigin(input);
        const tooBig = length > def.length;
        payload.issues.push({
          origin,
          ...tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length },
          inclusive: true,
          exact: true,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckStringFormat = core2.$constructor("$ZodCheckStringFormat", (inst, def) => {
      var _a, _b;
      exports.$ZodCheck.init(inst, def);
      if (def.pattern)
        (_a = inst._zod).check ?? (_a.check = (payload) => {
          def.pattern.lastIndex = 0;
          if (def.pattern.test(payload.value))
            return;
          payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: def.format,
            input: payload.value,
            ...def.pattern ? { pattern: def.pattern.toString() } : {},
            inst,
            continue: !def.abort
          });
        });
      else
        (_b = inst._zod).check ?? (_b.check = () => {
        });
    });
    exports.$ZodCheckRegex = core2.$constructor("$ZodCheckRegex", (inst, def) => {
      exports.$ZodCheckStringFormat.init(inst, def);
      inst._zod.check = (payload) => {
        def.pattern.lastIndex = 0;
        if (def.pattern.test(payload.value))
          return;
        payload.issues.push({
          origin: "string",
          code: "invalid_format",
          format: "regex",
          input: payload.value,
          pattern: def.pattern.toString(),
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckLowerCase = core2.$constructor("$ZodCheckLowerCase", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.lowercase);
      exports.$ZodCheckStringFormat.init(inst, def);
    });
    exports.$ZodCheckUpperCase = core2.$constructor("$ZodCheckUpperCase", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.uppercase);
      exports.$ZodCheckStringFormat.init(inst, def);
    });
    exports.$ZodCheckIncludes = core2.$constructor("$ZodCheckIncludes", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      const escapedRegex = util.escapeRegex(def.includes);
      const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
      def.pattern = pattern;
      inst._zod.check = (payload) => {
        if (payload.value.includes(def.includes, def.position))
          return;
        payload.issues.push({
          origin: "string",
          code: "invalid_format",
          format: "includes",
          includes: def.includes,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckStartsWith = core2.$constructor("$ZodCheckStartsWith", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      const pattern = new RegExp(`^${util.escapeRegex(def.prefix)}.*`);
      def.pattern ?? (def.pattern = pattern);
      inst._zod.check = (payload) => {
        if (payload.value.startsWith(def.prefix))
          return;
        payload.issues.push({
          origin: "string",
          code: "invalid_format",
          format: "starts_with",
          prefix: def.prefix,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckEndsWith = core2.$constructor("$ZodCheckEndsWith", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      const pattern = new RegExp(`.*${util.escapeRegex(def.suffix)}$`);
      def.pattern ?? (def.pattern = pattern);
      inst._zod.check = (payload) => {
        if (payload.value.endsWith(def.suffix))
          return;
        payload.issues.push({
          origin: "string",
          code: "invalid_format",
          format: "ends_with",
          suffix: def.suffix,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    function handleCheckPropertyResult(result, payload, property) {
      if (result.issues.length) {
        payload.issues.push(...util.prefixIssues(property, result.issues));
      }
    }
    exports.$ZodCheckProperty = core2.$constructor("$ZodCheckProperty", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      inst._zod.check = (payload) => {
        const result = def.schema._zod.run({
          value: payload.value[def.property],
          issues: []
        }, {});
        if (result instanceof Promise) {
          return result.then((result2) => handleCheckPropertyResult(result2, payload, def.property));
        }
        handleCheckPropertyResult(result, payload, def.property);
        return;
      };
    });
    exports.$ZodCheckProperties = core2.$constructor("$ZodCheckProperties", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      util.hide(inst, Symbol.iterator, function* () {
        yield inst;
      });
      let entries;
      inst._zod.check = (payload) => {
        if (payload.value == null) {
          payload.issues.push({ expected: "object", code: "invalid_type", input: payload.value, inst });
          return void 0;
        }
        entries ?? (entries = Reflect.ownKeys(def.shape).map((key) => [key, def.shape[key]]));
        const input = payload.value;
        let proms;
        for (const [key, schema2] of entries) {
          const result = schema2._zod.run({ value: input[key], issues: [] }, {});
          if (result instanceof Promise) {
            proms ?? (proms = []);
            proms.push(result.then((result2) => handleCheckPropertyResult(result2, payload, key)));
          } else {
            handleCheckPropertyResult(result, payload, key);
          }
        }
        if (proms)
          return Promise.all(proms).then(() => void 0);
        return void 0;
      };
    });
    exports.$ZodCheckMimeType = core2.$constructor("$ZodCheckMimeType", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      const mimeSet = new Set(def.mime);
      inst._zod.check = (payload) => {
        if (mimeSet.has(payload.value.type))
          return;
        payload.issues.push({
          code: "invalid_value",
          values: def.mime,
          input: payload.value.type,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCheckOverwrite = core2.$constructor("$ZodCheckOverwrite", (inst, def) => {
      exports.$ZodCheck.init(inst, def);
      inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
      };
    });
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/doc.cjs
var require_doc = __commonJS({
  "node_modules/zod/v4/core/doc.cjs"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.Doc = void 0;
    var Doc = class {
      constructor(args = [], closed = {}) {
        this.content = [];
        this.indent = 0;
        this.args = args;
        this.closed = closed;
      }
      // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
      indented(fn) {
        this.indent += 1;
        try {
          fn(this);
        } finally {
          this.indent -= 1;
        }
      }
      write(arg) {
        if (typeof arg === "function") {
          arg(this, { execution: "sync" });
          arg(this, { execution: "async" });
          return;
        }
        const content = arg;
        const lines = content.split("\n").filter((x) => x);
        const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
        const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
        for (const line of dedented) {
          this.content.push(line);
        }
      }
      compile() {
        const F = Function;
        const content = this?.content ?? [``];
        const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {
${content.join("\n")}
};`);
        return factory(...Object.values(this.closed));
      }
    };
    exports.Doc = Doc;
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/versions.cjs
var require_versions = __commonJS({
  "node_modules/zod/v4/core/versions.cjs"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.version = void 0;
    exports.version = {
      major: 4,
      minor: 6,
      patch: 7
    };
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/schemas.cjs
var require_schemas = __commonJS({
  "node_modules/zod/v4/core/schemas.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.$ZodObject = exports.$ZodArray = exports.$ZodDate = exports.$ZodVoid = exports.$ZodNever = exports.$ZodUnknown = exports.$ZodAny = exports.$ZodNull = exports.$ZodUndefined = exports.$ZodSymbol = exports.$ZodBigIntFormat = exports.$ZodBigInt = exports.$ZodBoolean = exports.$ZodNumberFormat = exports.$ZodNumber = exports.$ZodCustomStringFormat = exports.$ZodJWT = exports.$ZodIBAN = exports.$ZodCreditCard = exports.$ZodE164 = exports.$ZodBase64URL = exports.base64urlCharset = exports.$ZodBase64 = exports.base64Charset = exports.$ZodCIDRv6 = exports.$ZodCIDRv4 = exports.$ZodMAC = exports.$ZodIPv6 = exports.$ZodIPv4 = exports.$ZodISODuration = exports.$ZodISOTime = exports.$ZodISODate = exports.$ZodISODateTime = exports.$ZodKSUID = exports.$ZodXID = exports.$ZodULID = exports.$ZodCUID2 = exports.$ZodCUID = exports.$ZodNanoID = exports.$ZodEmoji = exports.$ZodURL = exports.URL_UNPARSEABLE = exports.URL_BAD_FORMAT = exports.$ZodEmail = exports.$ZodUUID = exports.$ZodGUID = exports.$ZodStringFormat = exports.$ZodString = exports.clone = exports.$ZodType = void 0;
    exports.$ZodCustom = exports.$ZodLazy = exports.$ZodPromise = exports.$ZodFunction = exports.$ZodTemplateLiteral = exports.$ZodReadonly = exports.$ZodPreprocess = exports.$ZodCodec = exports.$ZodPipe = exports.$ZodNaN = exports.$ZodCatch = exports.$ZodSuccess = exports.$ZodNonOptional = exports.$ZodPrefault = exports.$ZodDefault = exports.$ZodNullable = exports.$ZodExactOptional = exports.$ZodOptional = exports.$ZodTransform = exports.$ZodFile = exports.$ZodLiteral = exports.$ZodEnum = exports.$ZodSet = exports.$ZodMap = exports.$ZodRecord = exports.$ZodTuple = exports.$ZodIntersection = exports.$ZodDiscriminatedUnion = exports.$ZodXor = exports.$ZodUnion = exports.$ZodObjectJIT = void 0;
    exports.standardProps = standardProps;
    exports.canParseURL = canParseURL;
    exports.validateURL = validateURL;
    exports.parseURLObject = parseURLObject;
    exports.stripTabAndNewline = stripTabAndNewline;
    exports.urlHostnameOk = urlHostnameOk;
    exports.urlProtocolOk = urlProtocolOk;
    exports.isValidIPv6 = isValidIPv6;
    exports.isValidCIDRv6 = isValidCIDRv6;
    exports.isValidBase64 = isValidBase64;
    exports.isValidBase64URL = isValidBase64URL;
    exports.isValidCreditCard = isValidCreditCard;
    exports.isValidIBAN = isValidIBAN;
    exports.isValidJWT = isValidJWT;
    exports.getDiscriminatedOption = getDiscriminatedOption;
    exports.mergeValues = mergeValues;
    var checks = __importStar(require_checks());
    var core2 = __importStar(require_core());
    var doc_js_1 = require_doc();
    var parse_js_1 = require_parse();
    var regexes = __importStar(require_regexes());
    var util = __importStar(require_util());
    var versions_js_1 = require_versions();
    exports.$ZodType = core2.$constructor("$ZodType", (inst, def) => {
      var _a;
      inst ?? (inst = {});
      inst._zod.def = def;
      inst._zod.bag = inst._zod.bag || {};
      inst._zod.version = versions_js_1.version;
      const defChecks = inst._zod.def.checks;
      const checks2 = inst._zod.traits.has("$ZodCheck") ? [inst, ...defChecks ?? []] : defChecks?.length ? [...defChecks] : [];
      for (const ch of checks2) {
        for (const fn of ch._zod.onattach) {
          fn(inst);
        }
      }
      if (checks2.length === 0) {
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred?.push(() => {
          inst._zod.run = inst._zod.parse;
        });
      } else {
        const runChecks = (payload, checks3, ctx) => {
          if (payload.memo)
            return payload;
          let isAborted = util.aborted(payload);
          let asyncResult;
          for (const ch of checks3) {
            if (ch._zod.def.when) {
              if (util.explicitlyAborted(payload))
                continue;
              const shouldRun = ch._zod.def.when(payload);
              if (!shouldRun)
                continue;
            } else if (isAborted) {
              continue;
            }
            const currLen = payload.issues.length;
            const _ = ch._zod.check(payload);
            if (_ instanceof Promise && ctx?.async === false) {
              throw new core2.$ZodAsyncError();
            }
            if (asyncResult || _ instanceof Promise) {
              asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                await _;
                const nextLen = payload.issues.length;
                if (nextLen === currLen)
                  return;
                util.attachSchema(payload.issues, currLen, inst);
                if (!isAborted)
                  isAborted = util.aborted(payload, currLen);
              });
            } else {
              const nextLen = payload.issues.length;
              if (nextLen === currLen)
                continue;
              util.attachSchema(payload.issues, currLen, inst);
              if (!isAborted)
                isAborted = util.aborted(payload, currLen);
            }
          }
          if (asyncResult) {
            return asyncResult.then(() => {
              return payload;
            });
          }
          return payload;
        };
        const handleCanaryResult = (canary, payload, ctx) => {
          if (util.aborted(canary)) {
            canary.aborted = true;
            return canary;
          }
          const checkResult = runChecks(payload, checks2, ctx);
          if (checkResult instanceof Promise) {
            if (ctx.async === false)
              throw new core2.$ZodAsyncError();
            return checkResult.then((checkResult2) => inst._zod.parse(checkResult2, ctx));
          }
          return inst._zod.parse(checkResult, ctx);
        };
        inst._zod.run = (payload, ctx) => {
          if (ctx.skipChecks) {
            return inst._zod.parse(payload, ctx);
          }
          if (ctx.direction === "backward") {
            const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
            if (canary instanceof Promise) {
              return canary.then((canary2) => {
                return handleCanaryResult(canary2, payload, ctx);
              });
            }
            return handleCanaryResult(canary, payload, ctx);
          }
          const result = inst._zod.parse(payload, ctx);
          if (result instanceof Promise) {
            if (ctx.async === false)
              throw new core2.$ZodAsyncError();
            return result.then((result2) => runChecks(result2, checks2, ctx));
          }
          return runChecks(result, checks2, ctx);
        };
      }
    }, {
      // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
      get "~standard"() {
        return util.hide(this, "~standard", standardProps(this));
      },
      set "~standard"(value) {
        util.own(this, "~standard", value);
      }
    });
    var toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config())) } : { value: r.value };
    async function validateAsync(inst, value) {
      const ctx = { async: true };
      return toStandardResult(await inst._zod.run({ value, issues: [] }, ctx), ctx);
    }
    function standardProps(inst) {
      return {
        validate: (value) => {
          const ctx = { async: false };
          try {
            const r = inst._zod.run({ value, issues: [] }, ctx);
            if (!(r instanceof Promise))
              return toStandardResult(r, ctx);
          } catch (_) {
          }
          return validateAsync(inst, value);
        },
        vendor: "zod",
        version: 1
      };
    }
    var util_js_1 = require_util();
    Object.defineProperty(exports, "clone", { enumerable: true, get: function() {
      return util_js_1.clone;
    } });
    exports.$ZodString = core2.$constructor("$ZodString", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.pattern = def.pattern ?? regexes.anyString;
      inst._zod.parse = (payload, _) => {
        if (def.coerce)
          try {
            payload.value = String(payload.value);
          } catch (_2) {
          }
        if (typeof payload.value === "string")
          return payload;
        payload.issues.push({
          expected: "string",
          code: "invalid_type",
          input: payload.value,
          inst
        });
        return payload;
      };
    });
    exports.$ZodStringFormat = core2.$constructor("$ZodStringFormat", (inst, def) => {
      checks.$ZodCheckStringFormat.init(inst, def);
      exports.$ZodString.init(inst, def);
    });
    exports.$ZodGUID = core2.$constructor("$ZodGUID", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.guid);
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodUUID = core2.$constructor("$ZodUUID", (inst, def) => {
      if (def.version) {
        const versionMap = {
          v1: 1,
          v2: 2,
          v3: 3,
          v4: 4,
          v5: 5,
          v6: 6,
          v7: 7,
          v8: 8
        };
        const v = versionMap[def.version];
        if (v === void 0)
          throw new Error(`Invalid UUID version: "${def.version}"`);
        def.pattern ?? (def.pattern = regexes.uuid(v));
      } else
        def.pattern ?? (def.pattern = regexes.uuid());
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodEmail = core2.$constructor("$ZodEmail", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.email);
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.URL_BAD_FORMAT = 1;
    exports.URL_UNPARSEABLE = 2;
    function canParseURL(input) {
      try {
        if (typeof URL !== "undefined" && typeof URL.canParse === "function")
          return URL.canParse(input);
        new URL(input);
        return true;
      } catch {
        return false;
      }
    }
    function validateURL(trimmed, def) {
      if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
        return canParseURL(trimmed) || exports.URL_UNPARSEABLE;
      }
      return parseURLObject(trimmed, def);
    }
    function parseURLObject(trimmed, def) {
      if (!def.normalize && def.protocol?.source === regexes.httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
        return exports.URL_BAD_FORMAT;
      }
      try {
        if (typeof URL !== "undefined") {
          const URLStatic = URL;
          if (typeof URLStatic.parse === "function")
            return URLStatic.parse(trimmed) ?? exports.URL_UNPARSEABLE;
        }
        return new URL(trimmed);
      } catch {
        return exports.URL_UNPARSEABLE;
      }
    }
    var asciiTabOrNewline = /[\t\n\r]/g;
    function stripTabAndNewline(value) {
      return value.replace(asciiTabOrNewline, "");
    }
    function urlHostnameOk(url, hostname) {
      hostname.lastIndex = 0;
      return hostname.test(url.hostname);
    }
    function urlProtocolOk(url, protocol) {
      protocol.lastIndex = 0;
      return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
    }
    exports.$ZodURL = core2.$constructor("$ZodURL", (inst, def) => {
      exports.$ZodStringFormat.init(inst, def);
      inst._zod.check = (payload) => {
        try {
          const trimmed = payload.value.trim();
          const url = validateURL(trimmed, def);
          if (url === exports.URL_BAD_FORMAT) {
            payload.issues.push({
              code: "invalid_format",
              format: "url",
              note: "Invalid URL format",
              input: payload.value,
              inst,
              continue: !def.abort
            });
            return;
          }
          if (url === exports.URL_UNPARSEABLE) {
            payload.issues.push({
              code: "invalid_format",
              format: "url",
              input: payload.value,
              inst,
              continue: !def.abort
            });
            return;
          }
          if (url === true) {
            payload.value = stripTabAndNewline(trimmed);
            return;
          }
          if (def.hostname && !urlHostnameOk(url, def.hostname)) {
            payload.issues.push({
              code: "invalid_format",
              format: "url",
              note: "Invalid hostname",
              pattern: def.hostname.source,
              input: payload.value,
              inst,
              continue: !def.abort
            });
          }
          if (def.protocol && !urlProtocolOk(url, def.protocol)) {
            payload.issues.push({
              code: "invalid_format",
              format: "url",
              note: "Invalid protocol",
              pattern: def.protocol.source,
              input: payload.value,
              inst,
              continue: !def.abort
            });
          }
          payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
          return;
        } catch (_) {
          payload.issues.push({
            code: "invalid_format",
            format: "url",
            input: payload.value,
            inst,
            continue: !def.abort
          });
        }
      };
    });
    exports.$ZodEmoji = core2.$constructor("$ZodEmoji", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.emoji());
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodNanoID = core2.$constructor("$ZodNanoID", (inst, def) => {
      if (def.length !== void 0 && (!Number.isInteger(def.length) || def.length < 1))
        throw new Error(`Invalid nanoid length: ${def.length}`);
      def.pattern ?? (def.pattern = def.length === void 0 ? regexes.nanoid : regexes.nanoidOfLength(def.length));
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodCUID = core2.$constructor("$ZodCUID", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.cuid);
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodCUID2 = core2.$constructor("$ZodCUID2", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.cuid2);
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodULID = core2.$constructor("$ZodULID", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.ulid);
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodXID = core2.$constructor("$ZodXID", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.xid);
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodKSUID = core2.$constructor("$ZodKSUID", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.ksuid);
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodISODateTime = core2.$constructor("$ZodISODateTime", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.datetime(def));
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodISODate = core2.$constructor("$ZodISODate", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.date);
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodISOTime = core2.$constructor("$ZodISOTime", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.time(def));
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodISODuration = core2.$constructor("$ZodISODuration", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.duration);
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodIPv4 = core2.$constructor("$ZodIPv4", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.ipv4);
      exports.$ZodStringFormat.init(inst, def);
    });
    var ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
    function isValidIPv6(value) {
      if (!ipv6Alphabet.test(value))
        return false;
      return canParseURL(`http://[${value}]`);
    }
    exports.$ZodIPv6 = core2.$constructor("$ZodIPv6", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.ipv6);
      exports.$ZodStringFormat.init(inst, def);
      inst._zod.check = (payload) => {
        if (!isValidIPv6(payload.value)) {
          payload.issues.push({
            code: "invalid_format",
            format: "ipv6",
            input: payload.value,
            inst,
            continue: !def.abort
          });
        }
      };
    });
    exports.$ZodMAC = core2.$constructor("$ZodMAC", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.mac(def.delimiter));
      exports.$ZodStringFormat.init(inst, def);
    });
    exports.$ZodCIDRv4 = core2.$constructor("$ZodCIDRv4", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.cidrv4);
      exports.$ZodStringFormat.init(inst, def);
    });
    function isValidCIDRv6(value) {
      const parts = value.split("/");
      if (parts.length !== 2)
        return false;
      const [address, prefix] = parts;
      if (!prefix)
        return false;
      const prefixNum = Number(prefix);
      if (`${prefixNum}` !== prefix)
        return false;
      if (prefixNum < 0 || prefixNum > 128)
        return false;
      return isValidIPv6(address);
    }
    exports.$ZodCIDRv6 = core2.$constructor("$ZodCIDRv6", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.cidrv6);
      exports.$ZodStringFormat.init(inst, def);
      inst._zod.check = (payload) => {
        if (!isValidCIDRv6(payload.value)) {
          payload.issues.push({
            code: "invalid_format",
            format: "cidrv6",
            input: payload.value,
            inst,
            continue: !def.abort
          });
        }
      };
    });
    function isValidBase64(data) {
      if (data === "")
        return true;
      if (/\s/.test(data))
        return false;
      if (data.length % 4 !== 0)
        return false;
      try {
        atob(data);
        return true;
      } catch {
        return false;
      }
    }
    exports.base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
    exports.$ZodBase64 = core2.$constructor("$ZodBase64", (inst, def) => {
      def.pattern ?? (def.pattern = exports.base64Charset);
      exports.$ZodStringFormat.init(inst, def);
      inst._zod.check = (payload) => {
        if (isValidBase64(payload.value))
          return;
        payload.issues.push({
          code: "invalid_format",
          format: "base64",
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.base64urlCharset = /^[A-Za-z0-9_-]*$/;
    function isValidBase64URL(data) {
      if (!exports.base64urlCharset.test(data))
        return false;
      const base64 = data.replace(/[-_]/g, (c) => c === "-" ? "+" : "/");
      const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
      return isValidBase64(padded);
    }
    exports.$ZodBase64URL = core2.$constructor("$ZodBase64URL", (inst, def) => {
      def.pattern ?? (def.pattern = exports.base64urlCharset);
      exports.$ZodStringFormat.init(inst, def);
      inst._zod.check = (payload) => {
        if (isValidBase64URL(payload.value))
          return;
        payload.issues.push({
          code: "invalid_format",
          format: "base64url",
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodE164 = core2.$constructor("$ZodE164", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.e164);
      exports.$ZodStringFormat.init(inst, def);
    });
    var CC_SANITIZE = /[- ]/g;
    function isLuhnAlgo(digits) {
      let length = digits.length;
      let bit = 1;
      let sum = 0;
      while (length) {
        const value = digits.charCodeAt(--length) - 48;
        bit ^= 1;
        sum += bit ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][value] : value;
      }
      return sum % 10 === 0;
    }
    function isValidCreditCard(input) {
      if (!regexes.creditCard.test(input))
        return false;
      return isLuhnAlgo(input.replace(CC_SANITIZE, ""));
    }
    exports.$ZodCreditCard = core2.$constructor("$ZodCreditCard", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.creditCard);
      exports.$ZodStringFormat.init(inst, def);
      inst._zod.check = (payload) => {
        if (isValidCreditCard(payload.value))
          return;
        payload.issues.push({
          code: "invalid_format",
          format: "credit_card",
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    function isIso7064Mod97(iban) {
      let remainder = 0;
      const len = iban.length;
      for (let i = 4; i < len; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
      }
      for (let i = 0; i < 4; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
      }
      return remainder === 1;
    }
    function isValidIBAN(input) {
      if (!regexes.iban.test(input))
        return false;
      return isIso7064Mod97(input);
    }
    exports.$ZodIBAN = core2.$constructor("$ZodIBAN", (inst, def) => {
      def.pattern ?? (def.pattern = regexes.iban);
      exports.$ZodStringFormat.init(inst, def);
      inst._zod.check = (payload) => {
        if (isValidIBAN(payload.value))
          return;
        payload.issues.push({
          code: "invalid_format",
          format: "iban",
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    function isValidJWT(token, algorithm = null) {
      try {
        const tokensParts = token.split(".");
        if (tokensParts.length !== 3)
          return false;
        const [header] = tokensParts;
        if (!header)
          return false;
        const parsedHeader = JSON.parse(atob(header));
        if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
          return false;
        if (!parsedHeader.alg)
          return false;
        if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
          return false;
        return true;
      } catch {
        return false;
      }
    }
    exports.$ZodJWT = core2.$constructor("$ZodJWT", (inst, def) => {
      exports.$ZodStringFormat.init(inst, def);
      inst._zod.check = (payload) => {
        if (isValidJWT(payload.value, def.alg))
          return;
        payload.issues.push({
          code: "invalid_format",
          format: "jwt",
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodCustomStringFormat = core2.$constructor("$ZodCustomStringFormat", (inst, def) => {
      exports.$ZodStringFormat.init(inst, def);
      inst._zod.check = (payload) => {
        if (def.fn(payload.value))
          return;
        payload.issues.push({
          code: "invalid_format",
          format: def.format,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      };
    });
    exports.$ZodNumber = core2.$constructor("$ZodNumber", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.pattern = regexes.number;
      inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
          try {
            payload.value = Number(payload.value);
          } catch (_) {
          }
        const input = payload.value;
        if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
          return payload;
        }
        const received = typeof input === "number" ? Number.isNaN(input) ? "NaN" : !Number.isFinite(input) ? String(input) : void 0 : void 0;
        payload.issues.push({
          expected: "number",
          code: "invalid_type",
          input,
          inst,
          ...received ? { received } : {}
        });
        return payload;
      };
    });
    exports.$ZodNumberFormat = core2.$constructor("$ZodNumberFormat", (inst, def) => {
      checks.$ZodCheckNumberFormat.init(inst, def);
      exports.$ZodNumber.init(inst, def);
    });
    exports.$ZodBoolean = core2.$constructor("$ZodBoolean", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.pattern = regexes.boolean;
      inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
          try {
            payload.value = Boolean(payload.value);
          } catch (_) {
          }
        const input = payload.value;
        if (typeof input === "boolean")
          return payload;
        payload.issues.push({
          expected: "boolean",
          code: "invalid_type",
          input,
          inst
        });
        return payload;
      };
    });
    exports.$ZodBigInt = core2.$constructor("$ZodBigInt", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.pattern = regexes.bigint;
      inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
          try {
            payload.value = BigInt(payload.value);
          } catch (_) {
          }
        if (typeof payload.value === "bigint")
          return payload;
        payload.issues.push({
          expected: "bigint",
          code: "invalid_type",
          input: payload.value,
          inst
        });
        return payload;
      };
    });
    exports.$ZodBigIntFormat = core2.$constructor("$ZodBigIntFormat", (inst, def) => {
      checks.$ZodCheckBigIntFormat.init(inst, def);
      exports.$ZodBigInt.init(inst, def);
    });
    exports.$ZodSymbol = core2.$constructor("$ZodSymbol", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "symbol")
          return payload;
        payload.issues.push({
          expected: "symbol",
          code: "invalid_type",
          input,
          inst
        });
        return payload;
      };
    });
    exports.$ZodUndefined = core2.$constructor("$ZodUndefined", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.pattern = regexes.undefined;
      inst._zod.values = /* @__PURE__ */ new Set([void 0]);
      inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
          return payload;
        payload.issues.push({
          expected: "undefined",
          code: "invalid_type",
          input,
          inst
        });
        return payload;
      };
    });
    exports.$ZodNull = core2.$constructor("$ZodNull", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.pattern = regexes.null;
      inst._zod.values = /* @__PURE__ */ new Set([null]);
      inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (input === null)
          return payload;
        payload.issues.push({
          expected: "null",
          code: "invalid_type",
          input,
          inst
        });
        return payload;
      };
    });
    exports.$ZodAny = core2.$constructor("$ZodAny", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload) => payload;
    });
    exports.$ZodUnknown = core2.$constructor("$ZodUnknown", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload) => payload;
    });
    exports.$ZodNever = core2.$constructor("$ZodNever", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload, _ctx) => {
        payload.issues.push({
          expected: "never",
          code: "invalid_type",
          input: payload.value,
          inst
        });
        return payload;
      };
    });
    exports.$ZodVoid = core2.$constructor("$ZodVoid", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
          return payload;
        payload.issues.push({
          expected: "void",
          code: "invalid_type",
          input,
          inst
        });
        return payload;
      };
    });
    exports.$ZodDate = core2.$constructor("$ZodDate", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload, _ctx) => {
        if (def.coerce) {
          try {
            payload.value = new Date(payload.value);
          } catch (_err) {
          }
        }
        const input = payload.value;
        const isDate = input instanceof Date;
        const isValidDate = isDate && !Number.isNaN(input.getTime());
        if (isValidDate)
          return payload;
        payload.issues.push({
          expected: "date",
          code: "invalid_type",
          input,
          ...isDate ? { received: "Invalid Date" } : {},
          inst
        });
        return payload;
      };
    });
    function capSize(inst, size) {
      const caps = util.sizeCaps(inst._zod.def.checks);
      if (!caps.length)
        return;
      const cap = Math.min(...caps.map((c) => c[0]));
      const parse = inst._zod.parse;
      inst._zod.parse = (payload, ctx) => {
        const n = size(payload.value);
        if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
          for (const [max, ch] of util.sizeCaps(inst._zod.def.checks)) {
            if (n > max && ch._zod.def.when(payload)) {
              const start = payload.issues.length;
              ch._zod.check(payload);
              payload.issues[start].continue = false;
              util.attachSchema(payload.issues, start, inst);
              return payload;
            }
          }
        }
        return parse(payload, ctx);
      };
    }
    var arraySize = (input) => Array.isArray(input) ? input.length : -1;
    var mapSize = (input) => input instanceof Map ? input.size : -1;
    var setSize = (input) => input instanceof Set ? input.size : -1;
    function handleArrayResult(result, final, index) {
      if (result.issues.length) {
        final.issues.push(...util.prefixIssues(index, result.issues));
      }
      final.value[index] = result.value;
    }
    exports.$ZodArray = core2.$constructor("$ZodArray", (inst, def) => {
      exports.$ZodType.init(inst, def);
      const memo = core2.globalConfig.memoizer;
      memo?.attach(inst);
      inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
          payload.issues.push({
            expected: "array",
            code: "invalid_type",
            input,
            inst
          });
          return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
        const proms = [];
        const abortEarly = ctx?.abortEarly;
        for (let i = 0; i < input.length; i++) {
          const item = input[i];
          const result = def.element._zod.run({
            value: item,
            issues: []
          }, ctx);
          if (result instanceof Promise) {
            proms.push(result.then((result2) => handleArrayResult(result2, payload, i)));
          } else {
            handleArrayResult(result, payload, i);
            if (abortEarly && result.issues.length !== 0 && util.aborted(result))
              break;
          }
        }
        if (proms.length) {
          return Promise.all(proms).then(() => payload);
        }
        return payload;
      };
      capSize(inst, arraySize);
    });
    function handlePropertyResult(result, final, key, input, optin, optout) {
      const isPresent = key in input;
      const isOptionalOut = optout === "optional";
      if (!isPresent && isOptionalOut && optin === "optional") {
        return;
      }
      if (result.issues.length) {
        if (optin !== void 0 && isOptionalOut && !isPresent) {
          return;
        }
        final.issues.push(...util.prefixIssues(key, result.issues));
      }
      if (!isPresent && optin === void 0) {
        if (!result.issues.length) {
          final.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: void 0,
            path: [key]
          });
        }
        return;
      }
      if (result.value === void 0) {
        if (isPresent || optin === "defaulted" && !isOptionalOut) {
          final.value[key] = void 0;
        }
      } else {
        final.value[key] = result.value;
      }
    }
    var NO_SYMBOL_KEYS = [];
    function normalizeDef(def) {
      const keys = Object.keys(def.shape);
      const ownSymbols = Object.getOwnPropertySymbols(def.shape);
      const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
      const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
      for (const k of allKeys) {
        if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
          throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
        }
      }
      const okeys = util.optionalKeys(def.shape);
      return {
        ...def,
        allKeys,
        symbolKeys,
        // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
        keySet: new Set(keys),
        numKeys: keys.length,
        optionalKeys: new Set(okeys)
      };
    }
    function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
      const unrecognized = [];
      const keySet = def.keySet;
      const _catchall = def.catchall._zod;
      const t = _catchall.def.type;
      const optin = _catchall.optin;
      const optout = _catchall.optout;
      let seen = 0;
      for (const key in input) {
        if (abortEarly && payload.issues.length !== seen) {
          if (util.aborted(payload, seen))
            break;
          seen = payload.issues.length;
        }
        if (keySet.has(key))
          continue;
        if (key === "__proto__") {
          if (t === "never")
            unrecognized.push(key);
          continue;
        }
        if (t === "never") {
          unrecognized.push(key);
          continue;
        }
        const r = _catchall.run({ value: input[key], issues: [] }, ctx);
        if (r instanceof Promise) {
          proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout)));
        } else {
          handlePropertyResult(r, payload, key, input, optin, optout);
        }
      }
      if (unrecognized.length) {
        payload.issues.push({
          code: "unrecognized_keys",
          keys: unrecognized,
          input,
          inst,
          // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
          continue: true
        });
      }
      if (!proms.length)
        return payload;
      return Promise.all(proms).then(() => {
        return payload;
      });
    }
    exports.$ZodObject = core2.$constructor("$ZodObject", (inst, def) => {
      exports.$ZodType.init(inst, def);
      const desc = Object.getOwnPropertyDescriptor(def, "shape");
      const sh = desc?.get ? desc.get.raw : def.shape ?? {};
      if (sh) {
        const get = () => {
          const newSh = { ...sh };
          Object.defineProperty(def, "shape", { value: newSh });
          get.raw = newSh;
          return newSh;
        };
        get.raw = sh;
        Object.defineProperty(def, "shape", { get });
      }
      const _normalized = util.cached(() => normalizeDef(def));
      util.defineLazyInternal(inst, "propValues", (zod2) => {
        const shape = zod2.def.shape;
        const propValues = {};
        for (const key in shape) {
          const field = shape[key]._zod;
          if (field.values) {
            if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
              util.assignProp(propValues, key, /* @__PURE__ */ new Set());
            }
            for (const v of field.values)
              propValues[key].add(v);
            if (field.optin !== void 0)
              propValues[key].add(void 0);
          }
        }
        return propValues;
      });
      const isObject = util.isObject;
      const catchall = def.catchall;
      let value;
      const memo = core2.globalConfig.memoizer;
      memo?.attach(inst);
      inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
          payload.issues.push({
            expected: "object",
            code: "invalid_type",
            input,
            inst
          });
          return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
        const proms = [];
        const shape = value.shape;
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const key of value.allKeys) {
          if (abortEarly && payload.issues.length !== seen) {
            if (util.aborted(payload, seen))
              break;
            seen = payload.issues.length;
          }
          if (key === "__proto__")
            continue;
          const el = shape[key];
          const optin = el._zod.optin;
          const optout = el._zod.optout;
          const r = el._zod.run({ value: input[key], issues: [] }, ctx);
          if (r instanceof Promise) {
            proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout)));
          } else {
            handlePropertyResult(r, payload, key, input, optin, optout);
          }
        }
        if (!catchall) {
          return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
      };
    });
    exports.$ZodObjectJIT = core2.$constructor("$ZodObjectJIT", (inst, def) => {
      exports.$ZodObject.init(inst, def);
      const superParse = inst._zod.parse;
      const _normalized = util.cached(() => normalizeDef(def));
      const memo = core2.globalConfig.memoizer;
      const generateFastpass = (shape) => {
        const normalized = _normalized.value;
        const syms = normalized.symbolKeys;
        const doc = new doc_js_1.Doc(["payload", "ctx"], { shape, inst, memo, syms });
        const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
        const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write(`const input = payload.value;`);
        const ids = /* @__PURE__ */ Object.create(null);
        let counter = 0;
        for (const key of normalized.allKeys) {
          ids[key] = `key_${counter++}`;
        }
        doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
        for (const key of normalized.allKeys) {
          if (key === "__proto__")
            continue;
          const id = ids[key];
          const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : util.esc(key);
          const isPresent = `${k} in input`;
          const schema2 = shape[key];
          const optin = schema2?._zod?.optin;
          const isOptionalIn = optin !== void 0;
          const isOptionalOut = schema2?._zod?.optout === "optional";
          doc.write(`const ${id} = ${parseStr(k)};`);
          if (isOptionalIn && isOptionalOut) {
            const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
            doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
          } else if (!isOptionalIn) {
            doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
          } else {
            doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
            if (optin === "defaulted") {
              doc.write(`newResult[${k}] = ${id}.value;`);
            } else {
              doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
            }
          }
        }
        doc.write(`payload.value = newResult;`);
        doc.write(`return payload;`);
        return doc.compile();
      };
      let fastpass;
      const isObject = util.isObject;
      const jit = !core2.globalConfig.jitless;
      const allowsEval = util.allowsEval;
      const fastEnabled = jit && allowsEval.value;
      const catchall = def.catchall;
      let value;
      inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
          payload.issues.push({
            expected: "object",
            code: "invalid_type",
            input,
            inst
          });
          return payload;
        }
        if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
          if (!fastpass)
            fastpass = generateFastpass(def.shape);
          payload = fastpass(payload, ctx);
          if (!catchall)
            return payload;
          return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
        }
        return superParse(payload, ctx);
      };
    });
    function handleUnionResults(results, final, inst, ctx) {
      for (const result of results) {
        if (result.issues.length === 0) {
          final.value = result.value;
          return final;
        }
      }
      const nonaborted = results.filter((r) => !util.aborted(r));
      if (nonaborted.length === 1) {
        final.value = nonaborted[0].value;
        return nonaborted[0];
      }
      final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config())))
      });
      return final;
    }
    exports.$ZodUnion = core2.$constructor("$ZodUnion", (inst, def) => {
      exports.$ZodType.init(inst, def);
      util.defineLazyInternal(inst, "optin", (zod2) => zod2.def.options.some((o) => o._zod.optin === "defaulted") ? "defaulted" : zod2.def.options.some((o) => o._zod.optin !== void 0) ? "optional" : void 0);
      util.defineLazyInternal(inst, "optout", (zod2) => zod2.def.options.some((o) => o._zod.optout === "optional") ? "optional" : void 0);
      util.defineLazyInternal(inst, "values", (zod2) => {
        if (zod2.def.options.every((o) => o._zod.values)) {
          return new Set(zod2.def.options.flatMap((option) => Array.from(option._zod.values)));
        }
        return void 0;
      });
      util.defineLazyInternal(inst, "pattern", (zod2) => {
        if (zod2.def.options.every((o) => o._zod.pattern)) {
          const patterns = zod2.def.options.map((o) => o._zod.pattern);
          return new RegExp(`^(${patterns.map((p) => util.cleanRegex(p.source)).join("|")})$`);
        }
        return void 0;
      });
      const first = def.options.length === 1 ? def.options[0]._zod.run : null;
      inst._zod.parse = (payload, ctx) => {
        if (first) {
          return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
          const result = option._zod.run({
            value: payload.value,
            issues: []
          }, ctx);
          if (result instanceof Promise) {
            results.push(result);
            async = true;
          } else {
            if (result.issues.length === 0)
              return result;
            results.push(result);
          }
        }
        if (!async)
          return handleUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results2) => {
          return handleUnionResults(results2, payload, inst, ctx);
        });
      };
    });
    function handleExclusiveUnionResults(results, final, inst, ctx) {
      const matches = [];
      for (let i = 0; i < results.length; i++) {
        if (results[i].issues.length === 0)
          matches.push(i);
      }
      if (matches.length === 1) {
        final.value = results[matches[0]].value;
        return final;
      }
      if (matches.length === 0) {
        final.issues.push({
          code: "invalid_union",
          input: final.value,
          inst,
          errors: results.map((result) => result.issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config())))
        });
      } else {
        final.issues.push({
          code: "invalid_union",
          input: final.value,
          inst,
          errors: [],
          inclusive: false,
          matches
        });
      }
      return final;
    }
    exports.$ZodXor = core2.$constructor("$ZodXor", (inst, def) => {
      exports.$ZodUnion.init(inst, def);
      def.inclusive = false;
      const first = def.options.length === 1 ? def.options[0]._zod.run : null;
      inst._zod.parse = (payload, ctx) => {
        if (first) {
          return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
          const result = option._zod.run({
            value: payload.value,
            issues: []
          }, ctx);
          if (result instanceof Promise) {
            results.push(result);
            async = true;
          } else {
            results.push(result);
          }
        }
        if (!async)
          return handleExclusiveUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results2) => {
          return handleExclusiveUnionResults(results2, payload, inst, ctx);
        });
      };
    });
    function getDiscriminatedOption(union, value) {
      const internals = union._zod;
      let map2 = internals.bag.optionsMap;
      if (!map2) {
        map2 = discriminatorMap(internals.def);
        internals.bag.optionsMap = map2;
      }
      const option = map2.get(value);
      if (option === null)
        throw new Error(`Ambiguous discriminator value "${String(value)}"`);
      return option;
    }
    function discriminatorMap(def) {
      const map2 = /* @__PURE__ */ new Map();
      for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0)
          throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
        for (const value of values) {
          if (map2.has(value)) {
            if (value !== void 0)
              throw new Error(`Duplicate discriminator value "${String(value)}"`);
            map2.set(value, null);
          } else {
            map2.set(value, option);
          }
        }
      }
      return map2;
    }
    exports.$ZodDiscriminatedUnion = /* @__PURE__ */ core2.$constructor("$ZodDiscriminatedUnion", (inst, def) => {
      def.inclusive = false;
      exports.$ZodUnion.init(inst, def);
      const _super = inst._zod.parse;
      util.defineLazyInternal(inst, "propValues", (zod2) => {
        const propValues = {};
        let undefinedCount = 0;
        for (const option of zod2.def.options) {
          const pv = option._zod.propValues;
          if (!pv || Object.keys(pv).length === 0)
            throw new Error(`Invalid discriminated union option at index "${zod2.def.options.indexOf(option)}"`);
          if (pv[zod2.def.discriminator]?.has(void 0))
            undefinedCount++;
          for (const [k, v] of Object.entries(pv)) {
            if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
              util.assignProp(propValues, k, /* @__PURE__ */ new Set());
            }
            for (const val of v) {
              propValues[k].add(val);
            }
          }
        }
        if (!zod2.def.unionFallback && undefinedCount > 1)
          propValues[zod2.def.discriminator]?.delete(void 0);
        return propValues;
      });
      def.options.forEach((option, i) => {
        const propShape = util.rawShape(option._zod.def);
        if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
          throw new Error(`Invalid discriminated union option at index "${i}"`);
        }
      });
      const disc = util.cached(() => discriminatorMap(def));
      inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!util.isObject(input)) {
          payload.issues.push({
            code: "invalid_type",
            expected: "object",
            input,
            inst
          });
          return payload;
        }
        const value = input?.[def.discriminator];
        const opt = disc.value.get(value);
        if (opt && (value !== void 0 || ctx.direction !== "backward")) {
          return opt._zod.run(payload, ctx);
        }
        if (def.unionFallback || ctx.direction === "backward") {
          return _super(payload, ctx);
        }
        payload.issues.push({
          code: "invalid_union",
          errors: [],
          note: "No matching discriminator",
          discriminator: def.discriminator,
          options: Array.from(disc.value.keys()).filter((value2) => disc.value.get(value2) !== null),
          input,
          path: [def.discriminator],
          inst
        });
        return payload;
      };
    });
    exports.$ZodIntersection = core2.$constructor("$ZodIntersection", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        const left = def.left._zod.run({ value: input, issues: [] }, ctx);
        const right = def.right._zod.run({ value: input, issues: [] }, ctx);
        const async = left instanceof Promise || right instanceof Promise;
        if (async) {
          return Promise.all([left, right]).then(([left2, right2]) => {
            return handleIntersectionResults(payload, left2, right2);
          });
        }
        return handleIntersectionResults(payload, left, right);
      };
    });
    function mergeValues(a, b) {
      if (a === b) {
        return { valid: true, data: a };
      }
      if (a instanceof Date && b instanceof Date && +a === +b) {
        return { valid: true, data: a };
      }
      if (util.isPlainObject(a) && util.isPlainObject(b)) {
        const bKeys = Object.keys(b);
        const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
          delete newObj.__proto__;
        for (const key of sharedKeys) {
          if (key === "__proto__")
            continue;
          const sharedValue = mergeValues(a[key], b[key]);
          if (!sharedValue.valid) {
            return {
              valid: false,
              mergeErrorPath: [key, ...sharedValue.mergeErrorPath]
            };
          }
          newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
      }
      if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) {
          return { valid: false, mergeErrorPath: [] };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
          const itemA = a[index];
          const itemB = b[index];
          const sharedValue = mergeValues(itemA, itemB);
          if (!sharedValue.valid) {
            return {
              valid: false,
              mergeErrorPath: [index, ...sharedValue.mergeErrorPath]
            };
          }
          newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
      }
      return { valid: false, mergeErrorPath: [] };
    }
    function handleIntersectionResults(result, left, right) {
      const unrecKeys = /* @__PURE__ */ new Map();
      let unrecIssue;
      const keyIssues = /* @__PURE__ */ new Map();
      const collect = (iss, side) => {
        let keys;
        if (iss.code === "unrecognized_keys" && !iss.path?.length) {
          unrecIssue ?? (unrecIssue = iss);
          keys = iss.keys;
        } else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
          const k = String(iss.path[0]);
          if (!keyIssues.has(k))
            keyIssues.set(k, iss);
          keys = [k];
        } else {
          return false;
        }
        for (const k of keys) {
          if (!unrecKeys.has(k))
            unrecKeys.set(k, {});
          unrecKeys.get(k)[side] = true;
        }
        return true;
      };
      for (const iss of left.issues) {
        if (!collect(iss, "l"))
          result.issues.push(iss);
      }
      for (const iss of right.issues) {
        if (!collect(iss, "r"))
          result.issues.push(iss);
      }
      const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
      if (bothKeys.length) {
        const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
        if (aggregated.length)
          result.issues.push({ ...unrecIssue, keys: aggregated });
        for (const k of bothKeys) {
          if (!aggregated.includes(k) && keyIssues.has(k))
            result.issues.push(keyIssues.get(k));
        }
      }
      const merged = mergeValues(left.value, right.value);
      if (!merged.valid) {
        if (util.aborted(result))
          return result;
        throw new Error(`Unmergable intersection. Error path: ${JSON.stringify(merged.mergeErrorPath)}`);
      }
      result.value = merged.data;
      return result;
    }
    exports.$ZodTuple = core2.$constructor("$ZodTuple", (inst, def) => {
      exports.$ZodType.init(inst, def);
      const items = def.items;
      const memo = core2.globalConfig.memoizer;
      memo?.attach(inst);
      inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
          payload.issues.push({
            input,
            inst,
            expected: "tuple",
            code: "invalid_type"
          });
          return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, [], ctx) : [];
        const proms = [];
        const optinStart = getTupleOptStart(items, "optin");
        const optoutStart = getTupleOptStart(items, "optout");
        if (!def.rest) {
          if (input.length < optinStart) {
            payload.issues.push({
              code: "too_small",
              minimum: optinStart,
              inclusive: true,
              input,
              inst,
              origin: "array"
            });
            return payload;
          }
          if (input.length > items.length) {
            payload.issues.push({
              code: "too_big",
              maximum: items.length,
              inclusive: true,
              input,
              inst,
              origin: "array"
            });
          }
        }
        const itemResults = new Array(items.length);
        const abortEarly = def.rest ? ctx?.abortEarly : void 0;
        let itemAborted = false;
        for (let i = 0; i < items.length; i++) {
          const r = items[i]._zod.run({ value: input[i], issues: [] }, ctx);
          if (r instanceof Promise) {
            proms.push(r.then((rr) => {
              itemResults[i] = rr;
            }));
          } else {
            itemResults[i] = r;
            if (abortEarly && !itemAborted && r.issues.length)
              itemAborted = util.aborted(r);
          }
        }
        if (def.rest && !itemAborted) {
          let i = items.length - 1;
          const rest = input.slice(items.length);
          let seen = payload.issues.length;
          for (const el of rest) {
            if (abortEarly && payload.issues.length !== seen) {
              if (util.aborted(payload, seen))
                break;
              seen = payload.issues.length;
            }
            i++;
            const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
            if (result instanceof Promise) {
              proms.push(result.then((r) => handleTupleResult(r, payload, i)));
            } else {
              handleTupleResult(result, payload, i);
            }
          }
        }
        if (proms.length) {
          return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
        }
        return handleTupleResults(itemResults, payload, items, input, optoutStart);
      };
    });
    function getTupleOptStart(items, key) {
      for (let i = items.length - 1; i >= 0; i--) {
        const omittable = key === "optin" ? items[i]._zod.optin !== void 0 : items[i]._zod.optout === "optional";
        if (!omittable)
          return i + 1;
      }
      return 0;
    }
    function handleTupleResult(result, final, index) {
      if (result.issues.length) {
        final.issues.push(...util.prefixIssues(index, result.issues));
      }
      final.value[index] = result.value;
    }
    function handleTupleResults(itemResults, final, items, input, optoutStart) {
      for (let i = 0; i < items.length; i++) {
        const r = itemResults[i];
        const isPresent = i < input.length;
        if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
          final.value.length = i;
          break;
        }
        if (r.issues.length) {
          if (!isPresent && i >= optoutStart) {
            final.value.length = i;
            break;
          }
          final.issues.push(...util.prefixIssues(i, r.issues));
        }
        final.value[i] = r.value;
      }
      for (let i = final.value.length - 1; i >= input.length; i--) {
        if (items[i]._zod.optout === "optional" && final.value[i] === void 0) {
          final.value.length = i;
        } else {
          break;
        }
      }
      return final;
    }
    exports.$ZodRecord = core2.$constructor("$ZodRecord", (inst, def) => {
      exports.$ZodType.init(inst, def);
      const memo = core2.globalConfig.memoizer;
      memo?.attach(inst);
      inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!util.isPlainObject(input)) {
          payload.issues.push({
            expected: "record",
            code: "invalid_type",
            input,
            inst
          });
          return payload;
        }
        const proms = [];
        const values = def.keyType._zod.values;
        if (values && !def.partial) {
          payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
          const recordKeys = /* @__PURE__ */ new Set();
          for (const key of values) {
            if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
              recordKeys.add(typeof key === "number" ? key.toString() : key);
              if (key === "__proto__")
                continue;
              const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
              if (keyResult instanceof Promise) {
                throw new Error("Async schemas not supported in object keys currently");
              }
              if (keyResult.issues.length) {
                payload.issues.push({
                  code: "invalid_key",
                  origin: "record",
                  issues: keyResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config())),
                  input: key,
                  path: [key],
                  inst
                });
                continue;
              }
              const outKey = keyResult.value;
              if (outKey === "__proto__")
                continue;
              const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
              if (result instanceof Promise) {
                proms.push(result.then((result2) => {
                  if (result2.issues.length) {
                    payload.issues.push(...util.prefixIssues(key, result2.issues));
                  }
                  payload.value[outKey] = result2.value;
                }));
              } else {
                if (result.issues.length) {
                  payload.issues.push(...util.prefixIssues(key, result.issues));
                }
                payload.value[outKey] = result.value;
              }
            }
          }
          let unrecognized;
          for (const key in input) {
            if (!recordKeys.has(key)) {
              if (def.mode === "loose") {
                if (key === "__proto__")
                  continue;
                payload.value[key] = input[key];
              } else {
                unrecognized = unrecognized ?? [];
                unrecognized.push(key);
              }
            }
          }
          if (unrecognized && unrecognized.length > 0) {
            payload.issues.push({
              code: "unrecognized_keys",
              input,
              inst,
              keys: unrecognized,
              continue: true
            });
          }
        } else {
          payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
          let unrecognized;
          for (const key of Reflect.ownKeys(input)) {
            if (key === "__proto__")
              continue;
            if (!Object.prototype.propertyIsEnumerable.call(input, key))
              continue;
            let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
            if (keyResult instanceof Promise) {
              throw new Error("Async schemas not supported in object keys currently");
            }
            const checkNumericKey = typeof key === "string" && regexes.number.test(key) && keyResult.issues.length;
            if (checkNumericKey) {
              const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
              if (retryResult instanceof Promise) {
                throw new Error("Async schemas not supported in object keys currently");
              }
              if (retryResult.issues.length === 0) {
                keyResult = retryResult;
              }
            }
            if (keyResult.issues.length) {
              if (def.mode === "loose") {
                payload.value[key] = input[key];
              } else if (values) {
                unrecognized = unrecognized ?? [];
                unrecognized.push(key);
              } else {
                payload.issues.push({
                  code: "invalid_key",
                  origin: "record",
                  issues: keyResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config())),
                  input: key,
                  path: [key],
                  inst
                });
              }
              continue;
            }
            const outKey = keyResult.value;
            if (outKey === "__proto__")
              continue;
            const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
            if (result instanceof Promise) {
              proms.push(result.then((result2) => {
                if (result2.issues.length) {
                  payload.issues.push(...util.prefixIssues(key, result2.issues));
                }
                payload.value[outKey] = result2.value;
              }));
            } else {
              if (result.issues.length) {
                payload.issues.push(...util.prefixIssues(key, result.issues));
              }
              payload.value[outKey] = result.value;
            }
          }
          if (unrecognized && unrecognized.length > 0) {
            payload.issues.push({
              code: "unrecognized_keys",
              input,
              inst,
              keys: unrecognized,
              continue: true
            });
          }
        }
        if (proms.length) {
          return Promise.all(proms).then(() => payload);
        }
        return payload;
      };
    });
    exports.$ZodMap = core2.$constructor("$ZodMap", (inst, def) => {
      exports.$ZodType.init(inst, def);
      const memo = core2.globalConfig.memoizer;
      memo?.attach(inst);
      inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Map)) {
          payload.issues.push({
            expected: "map",
            code: "invalid_type",
            input,
            inst
          });
          return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, /* @__PURE__ */ new Map(), ctx) : /* @__PURE__ */ new Map();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const [key, value] of input) {
          if (abortEarly && payload.issues.length !== seen) {
            if (util.aborted(payload, seen))
              break;
            seen = payload.issues.length;
          }
          const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
          const valueResult = def.valueType._zod.run({ value, issues: [] }, ctx);
          if (keyResult instanceof Promise || valueResult instanceof Promise) {
            proms.push(Promise.all([keyResult, valueResult]).then(([keyResult2, valueResult2]) => {
              handleMapResult(keyResult2, valueResult2, payload, key, input, inst, ctx);
            }));
          } else {
            handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
          }
        }
        if (proms.length)
          return Promise.all(proms).then(() => payload);
        return payload;
      };
      capSize(inst, mapSize);
    });
    function handleMapResult(keyResult, valueResult, final, key, input, inst, ctx) {
      if (keyResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
          final.issues.push(...util.prefixIssues(key, keyResult.issues));
        } else {
          final.issues.push({
            code: "invalid_key",
            origin: "map",
            input,
            inst,
            issues: keyResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config()))
          });
        }
      }
      if (valueResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
          final.issues.push(...util.prefixIssues(key, valueResult.issues));
        } else {
          final.issues.push({
            origin: "map",
            code: "invalid_element",
            input,
            inst,
            key,
            issues: valueResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config()))
          });
        }
      }
      final.value.set(keyResult.value, valueResult.value);
    }
    exports.$ZodSet = core2.$constructor("$ZodSet", (inst, def) => {
      exports.$ZodType.init(inst, def);
      const memo = core2.globalConfig.memoizer;
      memo?.attach(inst);
      inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Set)) {
          payload.issues.push({
            input,
            inst,
            expected: "set",
            code: "invalid_type"
          });
          return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, /* @__PURE__ */ new Set(), ctx) : /* @__PURE__ */ new Set();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const item of input) {
          if (abortEarly && payload.issues.length !== seen) {
            if (util.aborted(payload, seen))
              break;
            seen = payload.issues.length;
          }
          const result = def.valueType._zod.run({ value: item, issues: [] }, ctx);
          if (result instanceof Promise) {
            proms.push(result.then((result2) => handleSetResult(result2, payload)));
          } else
            handleSetResult(result, payload);
        }
        if (proms.length)
          return Promise.all(proms).then(() => payload);
        return payload;
      };
      capSize(inst, setSize);
    });
    function handleSetResult(result, final) {
      if (result.issues.length) {
        final.issues.push(...result.issues);
      }
      final.value.add(result.value);
    }
    exports.$ZodEnum = core2.$constructor("$ZodEnum", (inst, def) => {
      exports.$ZodType.init(inst, def);
      const values = util.getEnumValues(def.entries);
      const valuesSet = new Set(values);
      inst._zod.values = valuesSet;
      util.defineLazyInternal(inst, "pattern", (zod2) => {
        const patternValues = util.getEnumValues(zod2.def.entries).filter((k) => util.propertyKeyTypes.has(typeof k));
        return new RegExp(patternValues.length ? `^(${patternValues.map((o) => util.escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
      });
      inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (valuesSet.has(input)) {
          return payload;
        }
        payload.issues.push({
          code: "invalid_value",
          values,
          input,
          inst
        });
        return payload;
      };
    });
    exports.$ZodLiteral = core2.$constructor("$ZodLiteral", (inst, def) => {
      exports.$ZodType.init(inst, def);
      const values = new Set(def.values);
      inst._zod.values = values;
      util.defineLazyInternal(inst, "pattern", (zod2) => {
        const vals = zod2.def.values;
        return new RegExp(vals.length ? `^(${vals.map((o) => typeof o === "string" ? util.escapeRegex(o) : o ? util.escapeRegex(o.toString()) : String(o)).join("|")})$` : "^[^\\s\\S]$");
      });
      inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (values.has(input)) {
          return payload;
        }
        payload.issues.push({
          code: "invalid_value",
          values: def.values,
          input,
          inst
        });
        return payload;
      };
    });
    exports.$ZodFile = core2.$constructor("$ZodFile", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (input instanceof File)
          return payload;
        payload.issues.push({
          expected: "file",
          code: "invalid_type",
          input,
          inst
        });
        return payload;
      };
    });
    exports.$ZodTransform = core2.$constructor("$ZodTransform", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.optin = "optional";
      core2.globalConfig.memoizer?.guard(inst);
      inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
          throw new core2.$ZodEncodeError(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
          const output = _out instanceof Promise ? _out : Promise.resolve(_out);
          return output.then((output2) => {
            payload.value = output2;
            return payload;
          });
        }
        if (_out instanceof Promise) {
          throw new core2.$ZodAsyncError();
        }
        payload.value = _out;
        return payload;
      };
    });
    function handleOptionalResult(payload, result) {
      payload.value = result.issues.length ? void 0 : result.value;
      return payload;
    }
    exports.$ZodOptional = core2.$constructor("$ZodOptional", (inst, def) => {
      exports.$ZodType.init(inst, def);
      util.defineLazyInternal(inst, "optin", (zod2) => zod2.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
      inst._zod.optout = "optional";
      util.defineLazyInternal(inst, "values", (zod2) => {
        const values = zod2.def.innerType._zod.values;
        return values ? /* @__PURE__ */ new Set([...values, void 0]) : void 0;
      });
      util.defineLazyInternal(inst, "pattern", (zod2) => {
        const pattern = zod2.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${util.cleanRegex(pattern.source)})?$`) : void 0;
      });
      inst._zod.parse = (payload, ctx) => {
        if (payload.value === void 0) {
          if (def.innerType._zod.optin !== "defaulted")
            return payload;
          const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
          if (result instanceof Promise)
            return result.then((result2) => handleOptionalResult(payload, result2));
          return handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
      };
    });
    exports.$ZodExactOptional = core2.$constructor("$ZodExactOptional", (inst, def) => {
      exports.$ZodOptional.init(inst, def);
      util.defineLazyInternal(inst, "values", (zod2) => zod2.def.innerType._zod.values);
      util.defineLazyInternal(inst, "pattern", (zod2) => zod2.def.innerType._zod.pattern);
      inst._zod.parse = (payload, ctx) => {
        return def.innerType._zod.run(payload, ctx);
      };
    });
    exports.$ZodNullable = core2.$constructor("$ZodNullable", (inst, def) => {
      exports.$ZodType.init(inst, def);
      util.defineLazyInternal(inst, "optin", (zod2) => zod2.def.innerType._zod.optin);
      util.defineLazyInternal(inst, "optout", (zod2) => zod2.def.innerType._zod.optout);
      util.defineLazyInternal(inst, "pattern", (zod2) => {
        const pattern = zod2.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${util.cleanRegex(pattern.source)}|null)$`) : void 0;
      });
      util.defineLazyInternal(inst, "values", (zod2) => {
        return zod2.def.innerType._zod.values ? /* @__PURE__ */ new Set([...zod2.def.innerType._zod.values, null]) : void 0;
      });
      inst._zod.parse = (payload, ctx) => {
        if (payload.value === null)
          return payload;
        return def.innerType._zod.run(payload, ctx);
      };
    });
    exports.$ZodDefault = core2.$constructor("$ZodDefault", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.optin = "defaulted";
      util.defineLazyInternal(inst, "values", (zod2) => zod2.def.innerType._zod.values);
      inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
          return def.innerType._zod.run(payload, ctx);
        }
        if (payload.value === void 0) {
          payload.value = def.defaultValue;
          return payload;
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
          return result.then((result2) => handleDefaultResult(result2, def));
        }
        return handleDefaultResult(result, def);
      };
    });
    function handleDefaultResult(payload, def) {
      if (payload.value === void 0) {
        payload.value = def.defaultValue;
      }
      return payload;
    }
    exports.$ZodPrefault = core2.$constructor("$ZodPrefault", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.optin = "defaulted";
      util.defineLazyInternal(inst, "values", (zod2) => zod2.def.innerType._zod.values);
      inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
          return def.innerType._zod.run(payload, ctx);
        }
        if (payload.value === void 0) {
          payload.value = def.defaultValue;
        }
        return def.innerType._zod.run(payload, ctx);
      };
    });
    exports.$ZodNonOptional = core2.$constructor("$ZodNonOptional", (inst, def) => {
      exports.$ZodType.init(inst, def);
      util.defineLazyInternal(inst, "values", (zod2) => {
        const v = zod2.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== void 0)) : void 0;
      });
      inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
          return result.then((result2) => handleNonOptionalResult(result2, inst));
        }
        return handleNonOptionalResult(result, inst);
      };
    });
    function handleNonOptionalResult(payload, inst) {
      if (!payload.issues.length && payload.value === void 0) {
        payload.issues.push({
          code: "invalid_type",
          expected: "nonoptional",
          input: payload.value,
          inst
        });
      }
      return payload;
    }
    exports.$ZodSuccess = core2.$constructor("$ZodSuccess", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
          throw new core2.$ZodEncodeError("ZodSuccess");
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
          return result.then((result2) => {
            payload.value = result2.issues.length === 0;
            return payload;
          });
        }
        payload.value = result.issues.length === 0;
        return payload;
      };
    });
    function handleCatchResult(payload, result, def, ctx) {
      if (!result.issues.length) {
        payload.value = result.value;
        if (result.memo)
          payload.memo = true;
        return payload;
      }
      payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: {
          issues: result.issues.map((iss) => util.finalizeIssue(iss, ctx, core2.config()))
        },
        input: payload.value
      });
      return payload;
    }
    exports.$ZodCatch = core2.$constructor("$ZodCatch", (inst, def) => {
      exports.$ZodType.init(inst, def);
      util.defineLazyInternal(inst, "optin", (zod2) => zod2.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
      util.defineLazyInternal(inst, "optout", (zod2) => zod2.def.innerType._zod.optout);
      util.defineLazyInternal(inst, "values", (zod2) => zod2.def.innerType._zod.values);
      inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
          return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        if (result instanceof Promise) {
          return result.then((result2) => handleCatchResult(payload, result2, def, ctx));
        }
        return handleCatchResult(payload, result, def, ctx);
      };
    });
    exports.$ZodNaN = core2.$constructor("$ZodNaN", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "number" || !Number.isNaN(payload.value)) {
          payload.issues.push({
            input: payload.value,
            inst,
            expected: "nan",
            code: "invalid_type"
          });
          return payload;
        }
        return payload;
      };
    });
    exports.$ZodPipe = core2.$constructor("$ZodPipe", (inst, def) => {
      exports.$ZodType.init(inst, def);
      util.defineLazyInternal(inst, "values", (zod2) => zod2.def.in._zod.values);
      util.defineLazyInternal(inst, "optin", (zod2) => zod2.def.in._zod.optin);
      util.defineLazyInternal(inst, "optout", (zod2) => zod2.def.out._zod.optout);
      util.defineLazyInternal(inst, "propValues", (zod2) => zod2.def.in._zod.propValues);
      inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
          const right = def.out._zod.run(payload, ctx);
          if (right instanceof Promise) {
            return right.then((right2) => handlePipeResult(right2, def.in, ctx));
          }
          return handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        if (left instanceof Promise) {
          return left.then((left2) => handlePipeResult(left2, def.out, ctx));
        }
        return handlePipeResult(left, def.out, ctx);
      };
    });
    function handlePipeResult(left, next, ctx) {
      if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
        left.aborted = true;
        return left;
      }
      return next._zod.run({ value: left.value, issues: left.issues }, ctx);
    }
    exports.$ZodCodec = core2.$constructor("$ZodCodec", (inst, def) => {
      exports.$ZodType.init(inst, def);
      util.defineLazyInternal(inst, "values", (zod2) => zod2.def.in._zod.values);
      util.defineLazyInternal(inst, "optin", (zod2) => zod2.def.in._zod.optin);
      util.defineLazyInternal(inst, "optout", (zod2) => zod2.def.out._zod.optout);
      util.defineLazyInternal(inst, "propValues", (zod2) => zod2.def.in._zod.propValues);
      inst._zod.parse = (payload, ctx) => {
        const direction = ctx.direction || "forward";
        if (direction === "forward") {
          const left = def.in._zod.run(payload, ctx);
          if (left instanceof Promise) {
            return left.then((left2) => handleCodecAResult(left2, def, ctx));
          }
          return handleCodecAResult(left, def, ctx);
        } else {
          const right = def.out._zod.run(payload, ctx);
          if (right instanceof Promise) {
            return right.then((right2) => handleCodecAResult(right2, def, ctx));
          }
          return handleCodecAResult(right, def, ctx);
        }
      };
    });
    function handleCodecAResult(result, def, ctx) {
      if (result.issues.length) {
        result.aborted = true;
        return result;
      }
      const direction = ctx.direction || "forward";
      if (direction === "forward") {
        const transformed = def.transform(result.value, result);
        if (transformed instanceof Promise) {
          return transformed.then((value) => handleCodecTxResult(result, value, def.out, ctx));
        }
        return handleCodecTxResult(result, transformed, def.out, ctx);
      } else {
        const transformed = def.reverseTransform(result.value, result);
        if (transformed instanceof Promise) {
          return transformed.then((value) => handleCodecTxResult(result, value, def.in, ctx));
        }
        return handleCodecTxResult(result, transformed, def.in, ctx);
      }
    }
    function handleCodecTxResult(left, value, nextSchema, ctx) {
      if (left.issues.length) {
        left.aborted = true;
        return left;
      }
      return nextSchema._zod.run({ value, issues: left.issues }, ctx);
    }
    exports.$ZodPreprocess = core2.$constructor("$ZodPreprocess", (inst, def) => {
      exports.$ZodPipe.init(inst, def);
    });
    exports.$ZodReadonly = core2.$constructor("$ZodReadonly", (inst, def) => {
      exports.$ZodType.init(inst, def);
      util.defineLazyInternal(inst, "propValues", (zod2) => zod2.def.innerType._zod.propValues);
      util.defineLazyInternal(inst, "values", (zod2) => zod2.def.innerType._zod.values);
      util.defineLazyInternal(inst, "optin", (zod2) => zod2.def.innerType?._zod?.optin);
      util.defineLazyInternal(inst, "optout", (zod2) => zod2.def.innerType?._zod?.optout);
      inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
          return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
          return result.then(handleReadonlyResult);
        }
        return handleReadonlyResult(result);
      };
    });
    function handleReadonlyResult(payload) {
      if (!payload.memo)
        payload.value = Object.freeze(payload.value);
      return payload;
    }
    function leafPattern(schema2) {
      const def = schema2._zod.def;
      let pattern = def.pattern;
      let isInt = !!def.format?.includes("int");
      let minimum;
      let maximum;
      for (const ch of def.checks ?? []) {
        const d = ch._zod.def;
        if (d.pattern)
          pattern = d.pattern;
        isInt || (isInt = !!d.format?.includes("int"));
        const lo = d.minimum ?? d.length;
        const hi = d.maximum ?? d.length;
        if (lo !== void 0 && (minimum === void 0 || lo > minimum))
          minimum = lo;
        if (hi !== void 0 && (maximum === void 0 || hi < maximum))
          maximum = hi;
      }
      if (pattern)
        return pattern.source;
      if (minimum !== void 0 && maximum !== void 0 && minimum > maximum)
        return "(?!)";
      if (minimum !== void 0 || maximum !== void 0)
        return regexes.string({ minimum, maximum }).source;
      const own = schema2._zod.pattern;
      return (isInt && own === regexes.number ? regexes.integer : own)?.source;
    }
    function partPattern(schema2) {
      const def = schema2._zod.def;
      const own = schema2._zod.pattern?.source;
      const inner = def.innerType ?? schema2._zod.innerType;
      if (inner) {
        const before = inner._zod.pattern?.source;
        const after = partPattern(inner);
        if (own && before && after && after !== before) {
          return own.replace(util.cleanRegex(before), () => util.cleanRegex(after));
        }
        return own;
      }
      if (def.options) {
        const sources = def.options.map(partPattern);
        if (sources.every(Boolean))
          return `^(${sources.map((s) => util.cleanRegex(s)).join("|")})$`;
      }
      return leafPattern(schema2);
    }
    exports.$ZodTemplateLiteral = core2.$constructor("$ZodTemplateLiteral", (inst, def) => {
      exports.$ZodType.init(inst, def);
      const regexParts = [];
      for (const part of def.parts) {
        if (typeof part === "object" && part !== null) {
          const source = partPattern(part);
          if (!source) {
            throw new Error(`Invalid template literal part, no pattern found: ${[...part._zod.traits].shift()}`);
          }
          regexParts.push(util.cleanRegex(source));
        } else if (part === null || util.primitiveTypes.has(typeof part)) {
          regexParts.push(util.escapeRegex(`${part}`));
        } else {
          throw new Error(`Invalid template literal part: ${part}`);
        }
      }
      inst._zod.pattern = new RegExp(`^${regexParts.join("")}$`);
      inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "string") {
          payload.issues.push({
            input: payload.value,
            inst,
            expected: "string",
            code: "invalid_type"
          });
          return payload;
        }
        inst._zod.pattern.lastIndex = 0;
        if (!inst._zod.pattern.test(payload.value)) {
          payload.issues.push({
            input: payload.value,
            inst,
            code: "invalid_format",
            format: def.format ?? "template_literal",
            pattern: inst._zod.pattern.source
          });
          return payload;
        }
        return payload;
      };
    });
    exports.$ZodFunction = core2.$constructor("$ZodFunction", (inst, def) => {
      exports.$ZodType.init(inst, def);
      Object.defineProperty(inst, "_def", { value: def });
      inst._zod.def = def;
      inst.implement = (func) => {
        if (typeof func !== "function") {
          throw new Error("implement() must be called with a function");
        }
        return Object.defineProperty(function(...args) {
          const parsedArgs = inst._def.input ? (0, parse_js_1.parse)(inst._def.input, args) : args;
          const result = Reflect.apply(func, this, parsedArgs);
          if (inst._def.output) {
            return (0, parse_js_1.parse)(inst._def.output, result);
          }
          return result;
        }, "_zod", { value: inst._zod, enumerable: false });
      };
      inst.implementAsync = (func) => {
        if (typeof func !== "function") {
          throw new Error("implementAsync() must be called with a function");
        }
        return Object.defineProperty(async function(...args) {
          const parsedArgs = inst._def.input ? await (0, parse_js_1.parseAsync)(inst._def.input, args) : args;
          const result = await Reflect.apply(func, this, parsedArgs);
          if (inst._def.output) {
            return await (0, parse_js_1.parseAsync)(inst._def.output, result);
          }
          return result;
        }, "_zod", { value: inst._zod, enumerable: false });
      };
      inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "function") {
          payload.issues.push({
            code: "invalid_type",
            expected: "function",
            input: payload.value,
            inst
          });
          return payload;
        }
        const hasPromiseOutput = inst._def.output && inst._def.output._zod.def.type === "promise";
        if (hasPromiseOutput) {
          payload.value = inst.implementAsync(payload.value);
        } else {
          payload.value = inst.implement(payload.value);
        }
        return payload;
      };
      inst.input = (...args) => {
        const F = inst.constructor;
        if (Array.isArray(args[0])) {
          return new F({
            type: "function",
            input: new exports.$ZodTuple({
              type: "tuple",
              items: args[0],
              rest: args[1]
            }),
            output: inst._def.output
          });
        }
        return new F({
          type: "function",
          input: args[0],
          output: inst._def.output
        });
      };
      inst.output = (output) => {
        const F = inst.constructor;
        return new F({
          type: "function",
          input: inst._def.input,
          output
        });
      };
      return inst;
    });
    exports.$ZodPromise = core2.$constructor("$ZodPromise", (inst, def) => {
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload, ctx) => {
        return Promise.resolve(payload.value).then((inner) => def.innerType._zod.run({ value: inner, issues: [] }, ctx));
      };
    });
    exports.$ZodLazy = core2.$constructor("$ZodLazy", (inst, def) => {
      exports.$ZodType.init(inst, def);
      util.defineLazy(inst._zod, "innerType", () => {
        const d = def;
        if (!d._cachedInner)
          d._cachedInner = def.getter();
        return d._cachedInner;
      });
      util.defineLazyInternal(inst, "pattern", (zod2) => zod2.innerType?._zod?.pattern);
      util.defineLazyInternal(inst, "propValues", (zod2) => zod2.innerType?._zod?.propValues);
      util.defineLazyInternal(inst, "optin", (zod2) => zod2.innerType?._zod?.optin ?? void 0);
      util.defineLazyInternal(inst, "optout", (zod2) => zod2.innerType?._zod?.optout ?? void 0);
      inst._zod.parse = (payload, ctx) => {
        const inner = inst._zod.innerType;
        return inner._zod.run(payload, ctx);
      };
    });
    exports.$ZodCustom = core2.$constructor("$ZodCustom", (inst, def) => {
      checks.$ZodCheck.init(inst, def);
      exports.$ZodType.init(inst, def);
      inst._zod.parse = (payload, _) => {
        return payload;
      };
      inst._zod.check = (payload) => {
        const input = payload.value;
        const r = def.fn(input);
        if (r instanceof Promise) {
          return r.then((r2) => handleRefineResult(r2, payload, input, inst));
        }
        handleRefineResult(r, payload, input, inst);
        return;
      };
    });
    function handleRefineResult(result, payload, input, inst) {
      if (!result) {
        const _iss = {
          code: "custom",
          input,
          inst,
          // incorporates params.error into issue reporting
          path: [...inst._zod.def.path ?? []],
          // incorporates params.error into issue reporting
          continue: !inst._zod.def.abort
          // params: inst._zod.def.params,
        };
        if (inst._zod.def.params)
          _iss.params = inst._zod.def.params;
        payload.issues.push(util.issue(_iss));
      }
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/memoizer.cjs
var require_memoizer = __commonJS({
  "node_modules/zod/v4/core/memoizer.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.$ZodCyclicError = void 0;
    exports.isRecursiveSchema = isRecursiveSchema;
    exports.memoizer = memoizer;
    exports.isBackEdge = isBackEdge;
    var util = __importStar(require_util());
    var $ZodCyclicError = class extends Error {
      constructor() {
        super(`Cannot parse a reference cycle that closes through a transform`);
        this.name = "ZodCyclicError";
      }
    };
    exports.$ZodCyclicError = $ZodCyclicError;
    var STATE = "~memo";
    var NO_ISSUES = [];
    function isRef(value) {
      return value !== null && typeof value === "object";
    }
    function cloneIssues(issues) {
      return issues.map((iss) => iss.path ? { ...iss, path: iss.path.slice() } : { ...iss });
    }
    var recursive = /* @__PURE__ */ new WeakMap();
    var NONE = 0;
    var ASSUMED = 1;
    var PROVEN = 2;
    function isRecursive(inst, stack, resolve) {
      const cached = recursive.get(inst);
      if (cached !== void 0)
        return cached ? PROVEN : NONE;
      if (stack.has(inst))
        return PROVEN;
      stack.add(inst);
      let result = NONE;
      const check = (child) => {
        if (result !== PROVEN && child?._zod) {
          const answer = isRecursive(child, stack, resolve);
          if (answer > result)
            result = answer;
        }
      };
      const shape = (sh, spread) => {
        let answer = NONE;
        for (const key of Reflect.ownKeys(sh)) {
          const desc = Object.getOwnPropertyDescriptor(sh, key);
          if (spread && !desc.enumerable)
            continue;
          const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
          if (child > answer)
            answer = child;
        }
        return answer;
      };
      const merge2 = (answer) => {
        if (answer > result)
          result = answer;
      };
      const def = inst._zod.def;
      const kind = def.type;
      switch (kind) {
        case "object": {
          const raw = util.rawShape(def);
          merge2(raw ? shape(raw, true) : ASSUMED);
          check(def.catchall);
          break;
        }
        case "array":
          check(def.element);
          break;
        case "tuple":
          for (const el of def.items)
            check(el);
          check(def.rest);
          break;
        case "record":
        case "map":
          check(def.keyType);
          check(def.valueType);
          break;
        case "set":
          check(def.valueType);
          break;
        case "union":
          for (const el of def.options)
            check(el);
          break;
        case "intersection":
          check(def.left);
          check(def.right);
          break;
        case "optional":
        case "nullable":
        case "default":
        case "prefault":
        case "catch":
        case "readonly":
        case "nonoptional":
        case "promise":
        case "success":
          check(def.innerType);
          break;
        case "pipe":
          check(def.in);
          check(def.out);
          break;
        case "function":
          check(def.input);
          check(def.output);
          break;
        // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
        case "lazy": {
          const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : void 0);
          merge2(inner ? isRecursive(inner, stack, false) : ASSUMED);
          break;
        }
        // a leaf by choice: `parts` are regex fragments, not data positions
        case "template_literal":
        // leaves
        case "string":
        case "number":
        case "int":
        case "boolean":
        case "bigint":
        case "symbol":
        case "undefined":
        case "null":
        case "void":
        case "never":
        case "any":
        case "unknown":
        case "date":
        case "nan":
        case "enum":
        case "literal":
        case "file":
        case "transform":
        case "custom":
          break;
        default: {
          kind;
          for (const key in def) {
            const desc = Object.getOwnPropertyDescriptor(def, key);
            if (!desc || desc.get)
              continue;
            const value = desc.value;
            if (!value || typeof value !== "object")
              continue;
            if (value._zod)
              check(value);
            else if (Array.isArray(value))
              for (const el of value)
                check(el);
          }
        }
      }
      stack.delete(inst);
      return settle(inst, result);
    }
    function settle(inst, answer) {
      if (answer !== ASSUMED)
        recursive.set(inst, answer === PROVEN);
      return answer;
    }
    function isRecursiveSchema(inst) {
      return isRecursive(inst, /* @__PURE__ */ new Set(), true) !== NONE;
    }
    function bucketFor(state, inst) {
      let bucket = state.buckets.get(inst);
      if (!bucket) {
        bucket = /* @__PURE__ */ new WeakMap();
        state.buckets.set(inst, bucket);
      }
      return bucket;
    }
    var handoff;
    var open = [];
    var memo = {
      alloc(_inst, payload, empty) {
        const bucket = handoff;
        if (!bucket)
          return empty;
        handoff = void 0;
        const entry = { value: empty, issues: null };
        bucket.set(payload.value, entry);
        open.push(entry);
        return empty;
      },
      guard(inst) {
        var _a;
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
          const base = inst._zod.parse;
          const wrapped = (payload, ctx) => {
            if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
              throw new $ZodCyclicError();
            return base(payload, ctx);
          };
          inst._zod.parse = wrapped;
          if (inst._zod.run === base)
            inst._zod.run = wrapped;
        });
      },
      attach(inst) {
        var _a;
        let isRecursiveInst;
        let rechecked = false;
        let lastCtx;
        let lastBucket;
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
          const base = inst._zod.parse;
          const wrapped = (payload, ctx) => {
            if (isRecursiveInst === void 0) {
              const walked = isRecursive(inst, /* @__PURE__ */ new Set(), false);
              if (walked === NONE) {
                inst._zod.parse = base;
                if (inst._zod.run === wrapped)
                  inst._zod.run = base;
                return base(payload, ctx);
              }
              if (walked === PROVEN || rechecked)
                isRecursiveInst = true;
              else
                rechecked = true;
            }
            const input = payload.value;
            if (!isRef(input))
              return base(payload, ctx);
            let state = ctx[STATE];
            if (!state) {
              state = { buckets: /* @__PURE__ */ new WeakMap(), backEdges: void 0 };
              ctx[STATE] = state;
            }
            let bucket;
            if (lastCtx === ctx) {
              bucket = lastBucket;
            } else {
              bucket = bucketFor(state, inst);
              lastCtx = ctx;
              lastBucket = bucket;
            }
            const hit = bucket.get(input);
            if (hit) {
              payload.value = hit.value;
              if (hit.issues) {
                if (hit.issues.length)
                  payload.issues.push(...cloneIssues(hit.issues));
              } else {
                payload.memo = true;
                state.backEdges ?? (state.backEdges = /* @__PURE__ */ new WeakSet());
                state.backEdges.add(hit.value);
              }
              return payload;
            }
            handoff = bucket;
            const depth = open.length;
            const result = base(payload, ctx);
            handoff = void 0;
            const entry = open.length > depth ? open.pop() : void 0;
            if (result instanceof Promise) {
              return result.then((r) => {
                if (entry)
                  entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
                return r;
              });
            }
            if (entry)
              entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
            return result;
          };
          inst._zod.parse = wrapped;
          if (inst._zod.run === base)
            inst._zod.run = wrapped;
        });
      }
    };
    function memoizer() {
      return memo;
    }
    function isBackEdge(ctx, value) {
      const backEdges = ctx[STATE]?.backEdges;
      return backEdges !== void 0 && isRef(value) && backEdges.has(value);
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/locales/en.cjs
var require_en = __commonJS({
  "node_modules/zod/v4/locales/en.cjs"(exports, module) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.default = default_1;
    var util = __importStar(require_util());
    var error = () => {
      const Sizable = {
        string: { unit: "characters", verb: "to have" },
        file: { unit: "bytes", verb: "to have" },
        array: { unit: "items", verb: "to have" },
        set: { unit: "items", verb: "to have" },
        map: { unit: "entries", verb: "to have" }
      };
      function getSizing(origin) {
        return Sizable[origin] ?? null;
      }
      const FormatDictionary = {
        regex: "input",
        email: "email address",
        url: "URL",
        emoji: "emoji",
        uuid: "UUID",
        uuidv4: "UUIDv4",
        uuidv6: "UUIDv6",
        nanoid: "nanoid",
        guid: "GUID",
        cuid: "cuid",
        cuid2: "cuid2",
        ulid: "ULID",
        xid: "XID",
        ksuid: "KSUID",
        datetime: "ISO datetime",
        date: "ISO date",
        time: "ISO time",
        duration: "ISO duration",
        ipv4: "IPv4 address",
        ipv6: "IPv6 address",
        mac: "MAC address",
        cidrv4: "IPv4 range",
        cidrv6: "IPv6 range",
        base64: "base64-encoded string",
        base64url: "base64url-encoded string",
        json_string: "JSON string",
        e164: "E.164 number",
        currency_code: "currency code",
        credit_card: "credit card number",
        iban: "IBAN",
        jwt: "JWT",
        template_literal: "input"
      };
      const TypeDictionary = {
        // Compatibility: "nan" -> "NaN" for display
        nan: "NaN"
        // All other type names omitted - they fall back to raw values via ?? operator
      };
      function getTypeName(type2, input) {
        if (type2 === "number" && typeof input === "number" && !Number.isFinite(input)) {
          return String(input);
        }
        return TypeDictionary[type2] ?? type2;
      }
      return (issue) => {
        switch (issue.code) {
          case "invalid_type": {
            const expected = getTypeName(issue.expected);
            const receivedType = util.parsedType(issue.input);
            const received = getTypeName(receivedType, issue.input);
            return `Invalid input: expected ${expected}, received ${received}`;
          }
          case "invalid_value":
            if (issue.values.length === 1)
              return `Invalid input: expected ${util.stringifyPrimitive(issue.values[0])}`;
            return `Invalid option: expected one of ${util.joinValues(issue.values, "|")}`;
          case "too_big": {
            const adj = issue.exact ? "exactly " : issue.inclusive ? "<=" : "<";
            const sizing = getSizing(issue.origin);
            if (sizing)
              return `Too big: expected ${issue.origin ?? "value"} to have ${adj}${issue.maximum.toString()} ${sizing.unit ?? "elements"}`;
            return `Too big: expected ${issue.origin ?? "value"} to be ${adj}${issue.maximum.toString()}`;
          }
          case "too_small": {
            const adj = issue.exact ? "exactly " : issue.inclusive ? ">=" : ">";
            const sizing = getSizing(issue.origin);
            if (sizing) {
              return `Too small: expected ${issue.origin} to have ${adj}${issue.minimum.toString()} ${sizing.unit}`;
            }
            return `Too small: expected ${issue.origin} to be ${adj}${issue.minimum.toString()}`;
          }
          case "invalid_format": {
            const _issue = issue;
            if (_issue.format === "starts_with") {
              return `Invalid string: must start with "${_issue.prefix}"`;
            }
            if (_issue.format === "ends_with")
              return `Invalid string: must end with "${_issue.suffix}"`;
            if (_issue.format === "includes")
              return `Invalid string: must include "${_issue.includes}"`;
            if (_issue.format === "regex")
              return `Invalid string: must match pattern ${_issue.pattern}`;
            return `Invalid ${FormatDictionary[_issue.format] ?? issue.format}`;
          }
          case "not_multiple_of":
            return `Invalid number: must be a multiple of ${issue.divisor}`;
          case "unrecognized_keys":
            return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${util.joinValues(issue.keys, ", ")}`;
          case "invalid_key":
            return `Invalid key in ${issue.origin}`;
          case "invalid_union":
            if (issue.options && Array.isArray(issue.options) && issue.options.length > 0) {
              const opts = issue.options.map((o) => `'${o}'`).join(" | ");
              return `Invalid discriminator value. Expected ${opts}`;
            }
            if (issue.inclusive === false) {
              return "Invalid input: more than one option matched";
            }
            return "Invalid input";
          case "invalid_element":
            return `Invalid value in ${issue.origin}`;
          default:
            return `Invalid input`;
        }
      };
    };
    function default_1() {
      return {
        localeError: error()
      };
    }
    module.exports = exports.default;
  }
});

// scripts/stubs/zod-locales.cjs
var require_zod_locales = __commonJS({
  "scripts/stubs/zod-locales.cjs"(exports) {
    exports.en = require_en();
  }
});

// node_modules/zod/v4/core/registries.cjs
var require_registries = __commonJS({
  "node_modules/zod/v4/core/registries.cjs"(exports) {
    "use strict";
    var _a;
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.globalRegistry = exports.$ZodRegistry = exports.$input = exports.$output = void 0;
    exports.registry = registry;
    exports.$output = /* @__PURE__ */ Symbol("ZodOutput");
    exports.$input = /* @__PURE__ */ Symbol("ZodInput");
    var $ZodRegistry = class {
      constructor() {
        this._map = /* @__PURE__ */ new WeakMap();
        this._idmap = /* @__PURE__ */ new Map();
      }
      add(schema2, ..._meta) {
        const meta = _meta[0];
        this._map.set(schema2, meta);
        if (meta && typeof meta === "object" && "id" in meta) {
          this._idmap.set(meta.id, schema2);
        }
        return this;
      }
      clear() {
        this._map = /* @__PURE__ */ new WeakMap();
        this._idmap = /* @__PURE__ */ new Map();
        return this;
      }
      remove(schema2) {
        const meta = this._map.get(schema2);
        if (meta && typeof meta === "object" && "id" in meta) {
          this._idmap.delete(meta.id);
        }
        this._map.delete(schema2);
        return this;
      }
      get(schema2) {
        const p = schema2._zod.parent;
        if (p) {
          const pm = { ...this.get(p) ?? {} };
          delete pm.id;
          const f = { ...pm, ...this._map.get(schema2) };
          return Object.keys(f).length ? f : void 0;
        }
        return this._map.get(schema2);
      }
      has(schema2) {
        return this._map.has(schema2);
      }
    };
    exports.$ZodRegistry = $ZodRegistry;
    function registry() {
      return new $ZodRegistry();
    }
    (_a = globalThis).__zod_globalRegistry ?? (_a.__zod_globalRegistry = registry());
    exports.globalRegistry = globalThis.__zod_globalRegistry;
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/compile.cjs
var require_compile = __commonJS({
  "node_modules/zod/v4/core/compile.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.ZodCompileUnsupportedError = exports.ZodCompileAsyncError = exports.INVALID = void 0;
    exports.compile = compile;
    exports.withParser = withParser;
    exports.compileFn = compileFn;
    var core_js_1 = require_core();
    var doc_js_1 = require_doc();
    var memoizer_js_1 = require_memoizer();
    var regexes = __importStar(require_regexes());
    var schemas_js_1 = require_schemas();
    var util = __importStar(require_util());
    exports.INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
    var FALLBACK_FLAG = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
    var ZodCompileAsyncError = class extends Error {
      constructor(message = "z.compile does not support async refinements, transforms, or checks") {
        super(message);
        this.name = "ZodCompileAsyncError";
      }
    };
    exports.ZodCompileAsyncError = ZodCompileAsyncError;
    var ZodCompileUnsupportedError = class extends Error {
      constructor(feature, islandable = true) {
        super(`z.compile does not support ${feature}; this schema must use the runtime parser`);
        this.name = "ZodCompileUnsupportedError";
        this.islandable = islandable;
      }
    };
    exports.ZodCompileUnsupportedError = ZodCompileUnsupportedError;
    function compileValidator(schema2, parser) {
      try {
        return compileFn(schema2, { assertOnly: true });
      } catch {
        return parser;
      }
    }
    function compile(schema2, options) {
      try {
        const parser = compileFn(schema2);
        const clone = withParser(schema2, parser);
        clone._zod.bag.validator = compileValidator(schema2, parser);
        return clone;
      } catch (err) {
        if (options?.strict)
          throw err;
        return schema2;
      }
    }
    function withParser(schema2, parser) {
      if ((0, memoizer_js_1.isRecursiveSchema)(schema2)) {
        throw new ZodCompileUnsupportedError("a schema whose subtree contains a reference cycle");
      }
      const clone = util.clone(schema2);
      const liveRun = schema2._zod.run;
      const originalRun = liveRun.__originalRun ?? liveRun;
      const wrapped = (payload, ctx) => {
        if (ctx?.async || ctx?.direction === "backward" || ctx?.skipChecks || ctx?.[FALLBACK_FLAG]) {
          return originalRun(payload, ctx);
        }
        if (ctx && (0, memoizer_js_1.isBackEdge)(ctx, payload.value)) {
          return originalRun(payload, ctx);
        }
        const out = parser(payload.value);
        if (out !== exports.INVALID) {
          payload.value = out;
          return payload;
        }
        if (ctx)
          ctx[FALLBACK_FLAG] = true;
        return originalRun(payload, ctx);
      };
      wrapped.__originalRun = originalRun;
      clone._zod.bag.fallbackRun = originalRun;
      clone._zod.bag.validator = parser;
      clone._zod.run = wrapped;
      if (!liveRun.__originalRun)
        installCompiledUserMethods(clone, schema2, parser);
      return clone;
    }
    function installCompiledUserMethods(target, source, parser) {
      const targetAny = target;
      const sourceAny = source;
      if (typeof sourceAny.safeParse === "function") {
        const originalSafeParse = sourceAny.safeParse;
        targetAny.safeParse = (data, params) => {
          const out = parser(data);
          if (out !== exports.INVALID) {
            return { success: true, data: out };
          }
          return originalSafeParse(data, params);
        };
      }
      if (typeof sourceAny.parse === "function") {
        const originalParse = sourceAny.parse;
        targetAny.parse = (data, params) => {
          const out = parser(data);
          if (out !== exports.INVALID) {
            return out;
          }
          return originalParse(data, params);
        };
      }
    }
    function compileFn(schema2, options) {
      let recursive = true;
      try {
        recursive = (0, memoizer_js_1.isRecursiveSchema)(schema2);
      } catch {
      }
      if (recursive) {
        throw new ZodCompileUnsupportedError("a schema whose subtree contains a reference cycle");
      }
      const ctx = {
        constants: /* @__PURE__ */ new Map(),
        constantCounter: 0,
        varCounter: 0,
        definite: true
      };
      const doc = new doc_js_1.Doc(["input"]);
      const outputAccessor = generateCheck(doc, ctx, schema2, "input", !options?.assertOnly);
      doc.write(outputAccessor === null ? `return true;` : `return ${outputAccessor};`);
      const constantNames = ["INVALID", ...ctx.constants.keys()];
      const constantValues = [exports.INVALID, ...ctx.constants.values()];
      const code = doc.content.join("\n");
      const fullCode = options?.debug ? constantNames.length > 0 ? `// Constants: ${constantNames.join(", ")}
${code}` : code : "";
      const F = Function;
      const factoryCode = `return (input) => {
${code}
}`;
      let fn;
      try {
        const factory = new F(...constantNames, factoryCode);
        fn = factory(...constantValues);
      } catch (err) {
        throw new ZodCompileUnsupportedError(`this schema (generated code failed to evaluate: ${err.message})`);
      }
      if (options?.debug) {
        fn.code = fullCode;
      }
      fn.definite = ctx.definite;
      return fn;
    }
    function addConstant(ctx, value) {
      for (const [name2, v] of ctx.constants) {
        if (v === value)
          return name2;
      }
      const name = `c${ctx.constantCounter++}`;
      ctx.constants.set(name, value);
      return name;
    }
    function addUserConstant(ctx, fn) {
      ctx.definite = false;
      return addConstant(ctx, fn);
    }
    function newVar(ctx) {
      return `v${ctx.varCounter++}`;
    }
    function runtimeRun(schema2, value) {
      const result = schema2._zod.run({ value, issues: [] }, {});
      if (result && typeof result.then === "function")
        return exports.INVALID;
      const r = result;
      return r.issues.length === 0 ? r.value : exports.INVALID;
    }
    function compileChild(doc, ctx, schema2, accessor, needsValue = true) {
      const contentLen = doc.content.length;
      const constantCount = ctx.constants.size;
      const constantCounter = ctx.constantCounter;
      const varCounter = ctx.varCounter;
      try {
        return generateCheck(doc, ctx, schema2, accessor, needsValue);
      } catch (err) {
        if (!(err instanceof ZodCompileUnsupportedError) || !err.islandable)
          throw err;
        doc.content.length = contentLen;
        if (ctx.constants.size > constantCount) {
          const trailing = Array.from(ctx.constants.keys()).slice(constantCount);
          for (const k of trailing)
            ctx.constants.delete(k);
        }
        ctx.constantCounter = constantCounter;
        ctx.varCounter = varCounter;
        return emitRuntimeIsland(doc, ctx, schema2, accessor);
      }
    }
    function emitRuntimeIsland(doc, ctx, schema2, accessor) {
      ctx.definite = false;
      const schemaConst = addConstant(ctx, schema2);
      const runConst = addConstant(ctx, runtimeRun);
      const outVar = newVar(ctx);
      doc.write(`const ${outVar} = ${runConst}(${schemaConst}, ${accessor});`);
      doc.write(`if (${outVar} === INVALID) return INVALID;`);
      return outVar;
    }
    var WHEN_DEFAULTED_CHECKS = /* @__PURE__ */ new Set([
      "max_size",
      "min_size",
      "size_equals",
      "max_length",
      "min_length",
      "length_equals"
    ]);
    function generateChecks(doc, ctx, schema2, accessor) {
      const schemaChecks = schema2._zod.def.checks;
      if (!schemaChecks || schemaChecks.length === 0)
        return accessor;
      let currentAccessor = accessor;
      for (const check of schemaChecks) {
        const def = check._zod.def;
        if (def.when && !WHEN_DEFAULTED_CHECKS.has(def.check)) {
          throw new ZodCompileUnsupportedError(`check with a custom "when" condition`);
        }
        switch (def.check) {
          case "greater_than":
            generateGreaterThanCheck(doc, ctx, def, currentAccessor);
            break;
          case "less_than":
            generateLessThanCheck(doc, ctx, def, currentAccessor);
            break;
          case "multiple_of":
            generateMultipleOfCheck(doc, ctx, def, currentAccessor);
            break;
          case "number_format":
            generateNumberFormatCheck(doc, def, currentAccessor);
            break;
          case "min_length": {
            const min = numericOperand(def.minimum, "min_length");
            const len = codePointLengthVar(doc, ctx, currentAccessor, `${currentAccessor}.length >= ${min} && ${currentAccessor}.length < ${def.minimum * 2}`);
            doc.write(`if (${len} < ${min}) return INVALID;`);
            break;
          }
          case "max_length": {
            const max = numericOperand(def.maximum, "max_length");
            const len = codePointLengthVar(doc, ctx, currentAccessor, `${currentAccessor}.length > ${max}`);
            doc.write(`if (${len} > ${max}) return INVALID;`);
            break;
          }
          case "length_equals": {
            const exact = numericOperand(def.length, "length_equals");
            const len = codePointLengthVar(doc, ctx, currentAccessor, `${currentAccessor}.length >= ${exact} && ${currentAccessor}.length <= ${def.length * 2}`);
            doc.write(`if (${len} !== ${exact}) return INVALID;`);
            break;
          }
          case "min_size":
            doc.write(`if (${currentAccessor}.size < ${numericOperand(def.minimum, "min_size")}) return INVALID;`);
            break;
          case "max_size":
            doc.write(`if (${currentAccessor}.size > ${numericOperand(def.maximum, "max_size")}) return INVALID;`);
            break;
          case "size_equals":
            doc.write(`if (${currentAccessor}.size !== ${numericOperand(def.size, "size_equals")}) return INVALID;`);
            break;
          case "string_format":
            currentAccessor = generateStringFormatCheck(doc, ctx, def, currentAccessor);
            break;
          case "custom":
            currentAccessor = generateCustomRefineCheck(doc, ctx, check, currentAccessor);
            break;
          case "bigint_format":
            generateBigIntFormatCheck(doc, def, currentAccessor);
            break;
          case "mime_type":
            generateMimeTypeCheck(doc, ctx, def, currentAccessor);
            break;
          case "property":
            generatePropertyCheck(doc, ctx, def, currentAccessor);
            break;
          case "properties":
            generatePropertiesChecks(doc, ctx, def, currentAccessor);
            break;
          case "overwrite": {
            const newAccessor = newVar(ctx);
            generateOverwriteCheck(doc, ctx, check, currentAccessor, newAccessor);
            currentAccessor = newAccessor;
            break;
          }
          default: {
            void def;
            throw new ZodCompileUnsupportedError(`check type ${def.check}`);
          }
        }
      }
      return currentAccessor;
    }
    function codePointLengthVar(doc, ctx, accessor, inDoubt) {
      const cpLen = addConstant(ctx, util.codePointLength);
      const v = newVar(ctx);
      doc.write(`const ${v} = typeof ${accessor} === "string" && ${inDoubt} ? ${cpLen}(${accessor}) : ${accessor}.length;`);
      return v;
    }
    function numericOperand(value, label) {
      if (typeof value !== "number" || !Number.isFinite(value)) {
        throw new ZodCompileUnsupportedError(`${label} bound of type ${typeof value}`);
      }
      return `${value}`;
    }
    function comparisonOperand(ctx, value) {
      if (typeof value === "bigint")
        return `${value}n`;
      if (typeof value === "number") {
        if (Number.isNaN(value))
          throw new ZodCompileUnsupportedError("comparison check with NaN bound");
        return `${value}`;
      }
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) {
          throw new ZodCompileUnsupportedError("comparison check with Invalid Date bound");
        }
        return addConstant(ctx, value);
      }
      throw new ZodCompileUnsupportedError(`comparison check bound of type ${typeof value}`);
    }
    function generateGreaterThanCheck(doc, ctx, def, accessor) {
      const op = def.inclusive ? "<" : "<=";
      doc.write(`if (${accessor} ${op} ${comparisonOperand(ctx, def.value)}) return INVALID;`);
    }
    function generateLessThanCheck(doc, ctx, def, accessor) {
      const op = def.inclusive ? ">" : ">=";
      doc.write(`if (${accessor} ${op} ${comparisonOperand(ctx, def.value)}) return INVALID;`);
    }
    function generateMultipleOfCheck(doc, ctx, def, accessor) {
      if (typeof def.value === "bigint") {
        if (def.value === BigInt(0))
          throw new ZodCompileUnsupportedError("multiple_of check with a zero divisor");
        doc.write(`if (${accessor} % ${def.value}n !== 0n) return INVALID;`);
      } else {
        const remainder = addConstant(ctx, util.floatSafeRemainder);
        doc.write(`if (${remainder}(${accessor}, ${numericOperand(def.value, "multiple_of")}) !== 0) return INVALID;`);
      }
    }
    function generateNumberFormatCheck(doc, def, accessor) {
      const format = def.format;
      switch (format) {
        case "safeint":
          doc.write(`if (!Number.isSafeInteger(${accessor})) return INVALID;`);
          break;
        case "int32":
          doc.write(`if (!Number.isInteger(${accessor}) || ${accessor} < -2147483648 || ${accessor} > 2147483647) return INVALID;`);
          break;
        case "uint32":
          doc.write(`if (!Number.isInteger(${accessor}) || ${accessor} < 0 || ${accessor} > 4294967295) return INVALID;`);
          break;
        case "float32":
          doc.write(`if (!Number.isFinite(${accessor}) || ${accessor} < -3.4028234663852886e38 || ${accessor} > 3.4028234663852886e38) return INVALID;`);
          break;
        case "float64":
          doc.write(`if (!Number.isFinite(${accessor})) return INVALID;`);
          break;
        default: {
          void format;
          throw new ZodCompileUnsupportedError(`number format ${format}`);
        }
      }
    }
    function generateBigIntFormatCheck(doc, def, accessor) {
      const format = def.format;
      if (!format)
        return;
      switch (format) {
        case "int64":
          doc.write(`if (${accessor} < -9223372036854775808n || ${accessor} > 9223372036854775807n) return INVALID;`);
          break;
        case "uint64":
          doc.write(`if (${accessor} < 0n || ${accessor} > 18446744073709551615n) return INVALID;`);
          break;
        default: {
          void format;
          throw new ZodCompileUnsupportedError(`bigint format ${format}`);
        }
      }
    }
    function generateMimeTypeCheck(doc, ctx, def, accessor) {
      const mimeTypes = def.mime;
      if (mimeTypes && mimeTypes.length > 0) {
        const mimeSet = addConstant(ctx, new Set(mimeTypes));
        doc.write(`if (!${mimeSet}.has(${accessor}.type)) return INVALID;`);
      }
    }
    function generatePropertiesChecks(doc, ctx, def, accessor) {
      if (def.when) {
        throw new ZodCompileUnsupportedError(`check with a custom "when" condition`);
      }
      doc.write(`if (${accessor} == null) return INVALID;`);
      const shape = def.shape;
      for (const key of Reflect.ownKeys(shape)) {
        const keyExpr = typeof key === "symbol" ? addConstant(ctx, key) : util.esc(key);
        const inputVar = newVar(ctx);
        doc.write(`const ${inputVar} = ${accessor}[${keyExpr}];`);
        compileChild(doc, ctx, shape[key], inputVar, false);
      }
    }
    function generatePropertyCheck(doc, ctx, def, accessor) {
      const propAccessor = `${accessor}[${JSON.stringify(def.property)}]`;
      generateCheck(doc, ctx, def.schema, propAccessor);
    }
    function generateOverwriteCheck(doc, ctx, check, currentAccessor, newAccessor) {
      const tx = check._zod.def.tx;
      if (!tx) {
        throw new ZodCompileUnsupportedError("overwrite check without a transform function");
      }
      if (isAsyncFunction(tx)) {
        throw new ZodCompileAsyncError("z.compile: async overwrite transforms are not supported");
      }
      const txConst = addConstant(ctx, tx);
      doc.write(`const ${newAccessor} = ${txConst}(${currentAccessor});`);
    }
    function throwAsync() {
      throw new core_js_1.$ZodAsyncError();
    }
    function pushIssue(issue) {
      this.issues.push(issue);
    }
    function generateCustomRefineCheck(doc, ctx, check, accessor) {
      const def = check._zod.def;
      if (def.fn) {
        if (isAsyncFunction(def.fn)) {
          throw new ZodCompileAsyncError("z.compile: async .refine() predicates are not supported");
        }
        const fnConst = addUserConstant(ctx, def.fn);
        const throwAsyncConst = addConstant(ctx, throwAsync);
        const resVar = newVar(ctx);
        doc.write(`const ${resVar} = ${fnConst}(${accessor});`);
        doc.write(`if (${resVar} instanceof Promise) ${throwAsyncConst}();`);
        doc.write(`if (!${resVar}) return INVALID;`);
        return accessor;
      }
      if (check._zod.check) {
        if (isAsyncFunction(check._zod.check)) {
          throw new ZodCompileAsyncError("z.compile: async .superRefine() / check functions are not supported");
        }
        const checkFn = check._zod.check;
        const helperFn = (value) => {
          const fakePayload = { value, issues: [], addIssue: pushIssue };
          const result = checkFn(fakePayload);
          if (result instanceof Promise)
            throwAsync();
          return fakePayload.issues.length === 0 ? fakePayload.value : exports.INVALID;
        };
        const helperConst = addUserConstant(ctx, helperFn);
        const outVar = newVar(ctx);
        doc.write(`const ${outVar} = ${helperConst}(${accessor});`);
        doc.write(`if (${outVar} === INVALID) return INVALID;`);
        return outVar;
      }
      throw new ZodCompileUnsupportedError("custom check without a predicate or check function");
    }
    var PATTERN_IS_COMPLETE = /* @__PURE__ */ new Set([
      "cidrv4",
      "cuid",
      "cuid2",
      "date",
      "datetime",
      "duration",
      "e164",
      "email",
      "emoji",
      "ends_with",
      "guid",
      "includes",
      "ipv4",
      "ksuid",
      "lowercase",
      "mac",
      "nanoid",
      "regex",
      "starts_with",
      "time",
      "ulid",
      "uppercase",
      "uuid",
      "xid"
    ]);
    function generateStringFormatCheck(doc, ctx, def, accessor, needsValue = true) {
      const fmt = def.format;
      if (fmt === "base64") {
        const validator = addConstant(ctx, schemas_js_1.isValidBase64);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
      }
      if (fmt === "base64url") {
        const validator = addConstant(ctx, schemas_js_1.isValidBase64URL);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
      }
      if (fmt === "jwt") {
        const validator = addConstant(ctx, schemas_js_1.isValidJWT);
        const alg = addConstant(ctx, def.alg ?? null);
        doc.write(`if (!${validator}(${accessor}, ${alg})) return INVALID;`);
        return accessor;
      }
      if (fmt === "ipv6") {
        const validator = addConstant(ctx, schemas_js_1.isValidIPv6);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
      }
      if (fmt === "cidrv6") {
        const validator = addConstant(ctx, schemas_js_1.isValidCIDRv6);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
      }
      if (fmt === "credit_card") {
        const validator = addConstant(ctx, schemas_js_1.isValidCreditCard);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
      }
      if (fmt === "iban") {
        const validator = addConstant(ctx, schemas_js_1.isValidIBAN);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
      }
      const formatDef = def;
      if (fmt === "url" || fmt === "httpurl" || formatDef.normalize || formatDef.hostname !== void 0 || formatDef.protocol !== void 0) {
        const parseConst = addConstant(ctx, schemas_js_1.validateURL);
        const defConst = addConstant(ctx, def);
        const trimVar = newVar(ctx);
        const urlVar = newVar(ctx);
        doc.write(`const ${trimVar} = ${accessor}.trim();`);
        doc.write(`const ${urlVar} = ${parseConst}(${trimVar}, ${defConst});`);
        doc.write(`if (typeof ${urlVar} === "number") return INVALID;`);
        if (formatDef.hostname !== void 0) {
          const hostnameConst = addConstant(ctx, schemas_js_1.urlHostnameOk);
          doc.write(`if (!${hostnameConst}(${urlVar}, ${defConst}.hostname)) return INVALID;`);
        }
        if (formatDef.protocol !== void 0) {
          const protocolConst = addConstant(ctx, schemas_js_1.urlProtocolOk);
          doc.write(`if (!${protocolConst}(${urlVar}, ${defConst}.protocol)) return INVALID;`);
        }
        if (!needsValue)
          return null;
        const outputVar = newVar(ctx);
        const outputExpr = formatDef.normalize ? `${urlVar}.href` : `${addConstant(ctx, schemas_js_1.stripTabAndNewline)}(${trimVar})`;
        doc.write(`const ${outputVar} = ${outputExpr};`);
        return outputVar;
      }
      const customFn = def.fn;
      if (customFn) {
        if (isAsyncFunction(customFn))
          throw new ZodCompileUnsupportedError(`async string format ${fmt}`);
        const fnConst = addConstant(ctx, customFn);
        doc.write(`if (!${fnConst}(${accessor})) return INVALID;`);
        return accessor;
      }
      if (PATTERN_IS_COMPLETE.has(fmt) && def.pattern) {
        const patternConst = addConstant(ctx, def.pattern);
        doc.write(`${patternConst}.lastIndex = 0;`);
        doc.write(`if (!${patternConst}.test(${accessor})) return INVALID;`);
        return accessor;
      }
      const format = def.format;
      switch (format) {
        case "regex":
          throw new ZodCompileUnsupportedError("regex format without a pattern");
        case "lowercase":
          doc.write(`if (${accessor} !== ${accessor}.toLowerCase()) return INVALID;`);
          break;
        case "uppercase":
          doc.write(`if (${accessor} !== ${accessor}.toUpperCase()) return INVALID;`);
          break;
        case "includes":
          doc.write(`if (!${accessor}.includes(${util.esc(def.includes)})) return INVALID;`);
          break;
        case "starts_with": {
          const prefix = def.prefix;
          doc.write(`if (${accessor}.slice(0, ${prefix.length}) !== ${util.esc(prefix)}) return INVALID;`);
          break;
        }
        case "ends_with": {
          const suffix = def.suffix;
          doc.write(`if (${accessor}.slice(-${suffix.length}) !== ${util.esc(suffix)}) return INVALID;`);
          break;
        }
        default: {
          void format;
          throw new ZodCompileUnsupportedError(`string format ${format}`);
        }
      }
      return accessor;
    }
    function generateCheck(doc, ctx, schema2, accessor, needsValue = true) {
      const def = schema2._zod.def;
      const type2 = def.type;
      if (def.coerce) {
        throw new ZodCompileUnsupportedError(`coercion (z.coerce.${type2}())`);
      }
      const buildsValue = needsValue || !!def.checks?.length;
      let typeAccessor;
      switch (type2) {
        case "string":
          typeAccessor = generateStringCheck(doc, ctx, schema2, accessor, buildsValue);
          break;
        case "number":
          typeAccessor = generateNumberCheck(doc, schema2, accessor);
          break;
        case "boolean":
          typeAccessor = generateBooleanCheck(doc, accessor);
          break;
        case "bigint":
          typeAccessor = generateBigIntCheck(doc, schema2, accessor);
          break;
        case "symbol":
          typeAccessor = generateSymbolCheck(doc, accessor);
          break;
        case "undefined":
          typeAccessor = generateUndefinedCheck(doc, accessor);
          break;
        case "null":
          typeAccessor = generateNullCheck(doc, accessor);
          break;
        case "any":
        case "unknown":
          typeAccessor = accessor;
          break;
        case "never":
          doc.write("return INVALID;");
          typeAccessor = accessor;
          break;
        case "void":
          typeAccessor = generateVoidCheck(doc, accessor);
          break;
        case "nan":
          typeAccessor = generateNaNCheck(doc, accessor);
          break;
        case "date":
          typeAccessor = generateDateCheck(doc, accessor);
          break;
        case "object":
          typeAccessor = generateObjectCheck(doc, ctx, schema2, accessor, buildsValue);
          break;
        case "optional":
          typeAccessor = generateOptionalCheck(doc, ctx, schema2, accessor, buildsValue);
          break;
        case "nullable":
          typeAccessor = generateNullableCheck(doc, ctx, schema2, accessor, buildsValue);
          break;
        case "array":
          typeAccessor = generateArrayCheck(doc, ctx, schema2, accessor, buildsValue);
          break;
        case "literal":
          typeAccessor = generateLiteralCheck(doc, ctx, schema2, accessor);
          break;
        case "enum":
          typeAccessor = generateEnumCheck(doc, ctx, schema2, accessor);
          break;
        case "readonly": {
          const innerOut = generateWrapperCheck(doc, ctx, schema2, accessor);
          const frozenVar = newVar(ctx);
          doc.write(`const ${frozenVar} = Object.freeze(${innerOut});`);
          typeAccessor = frozenVar;
          break;
        }
        case "success":
          generateWrapperCheck(doc, ctx, schema2, accessor);
          typeAccessor = "true";
          break;
        case "default":
        case "prefault":
          typeAccessor = generateDefaultCheck(doc, ctx, schema2, accessor);
          break;
        case "nonoptional":
          typeAccessor = generateNonOptionalCheck(doc, ctx, schema2, accessor);
          break;
        case "tuple":
          typeAccessor = generateTupleCheck(doc, ctx, schema2, accessor);
          break;
        case "union":
          typeAccessor = generateUnionCheck(doc, ctx, schema2, accessor);
          break;
        case "intersection":
          typeAccessor = generateIntersectionCheck(doc, ctx, schema2, accessor);
          break;
        case "record":
          typeAccessor = generateRecordCheck(doc, ctx, schema2, accessor);
          break;
        case "map":
          typeAccessor = generateMapCheck(doc, ctx, schema2, accessor);
          break;
        case "set":
          typeAccessor = generateSetCheck(doc, ctx, schema2, accessor);
          break;
        case "file":
          typeAccessor = generateFileCheck(doc, accessor);
          break;
        case "template_literal":
          typeAccessor = generateTemplateLiteralCheck(doc, ctx, schema2, accessor);
          break;
        case "lazy":
          typeAccessor = generateLazyCheck(doc, ctx, schema2, accessor);
          break;
        case "pipe":
          typeAccessor = generatePipeCheck(doc, ctx, schema2, accessor);
          break;
        case "custom":
          typeAccessor = generateCustomCheck(doc, ctx, schema2, accessor);
          break;
        case "transform":
          typeAccessor = generateTransformCheck(doc, ctx, schema2, accessor);
          break;
        case "catch":
          typeAccessor = generateCatchCheck(doc, ctx, schema2, accessor);
          break;
        default: {
          void type2;
          throw new ZodCompileUnsupportedError(`schema type ${type2}`);
        }
      }
      if (typeAccessor === null)
        return null;
      return generateChecks(doc, ctx, schema2, typeAccessor);
    }
    function generateStringCheck(doc, ctx, schema2, accessor, needsValue = true) {
      doc.write(`if (typeof ${accessor} !== "string") return INVALID;`);
      const def = schema2._zod.def;
      if (def.format === void 0)
        return accessor;
      return generateStringFormatCheck(doc, ctx, def, accessor, needsValue);
    }
    function generateNumberCheck(doc, schema2, accessor) {
      doc.write(`if (typeof ${accessor} !== "number" || !Number.isFinite(${accessor})) return INVALID;`);
      const def = schema2._zod.def;
      if (def.check === "number_format" && def.format) {
        generateNumberFormatCheck(doc, { format: def.format }, accessor);
      }
      return accessor;
    }
    function generateBooleanCheck(doc, accessor) {
      doc.write(`if (typeof ${accessor} !== "boolean") return INVALID;`);
      return accessor;
    }
    function generateBigIntCheck(doc, schema2, accessor) {
      doc.write(`if (typeof ${accessor} !== "bigint") return INVALID;`);
      const def = schema2._zod.def;
      if (def.format) {
        switch (def.format) {
          case "int64":
            doc.write(`if (${accessor} < -9223372036854775808n || ${accessor} > 9223372036854775807n) return INVALID;`);
            break;
          case "uint64":
            doc.write(`if (${accessor} < 0n || ${accessor} > 18446744073709551615n) return INVALID;`);
            break;
        }
      }
      return accessor;
    }
    function generateSymbolCheck(doc, accessor) {
      doc.write(`if (typeof ${accessor} !== "symbol") return INVALID;`);
      return accessor;
    }
    function generateUndefinedCheck(doc, accessor) {
      doc.write(`if (${accessor} !== undefined) return INVALID;`);
      return accessor;
    }
    function generateNullCheck(doc, accessor) {
      doc.write(`if (${accessor} !== null) return INVALID;`);
      return accessor;
    }
    function generateVoidCheck(doc, accessor) {
      doc.write(`if (${accessor} !== undefined) return INVALID;`);
      return accessor;
    }
    function generateNaNCheck(doc, accessor) {
      doc.write(`if (typeof ${accessor} !== "number" || !Number.isNaN(${accessor})) return INVALID;`);
      return accessor;
    }
    function generateDateCheck(doc, accessor) {
      doc.write(`if (!(${accessor} instanceof Date) || Number.isNaN(${accessor}.getTime())) return INVALID;`);
      return accessor;
    }
    function generateObjectCheck(doc, ctx, schema2, accessor, buildsValue = true) {
      const def = schema2._zod.def;
      doc.write(`if (typeof ${accessor} !== "object" || ${accessor} === null || Array.isArray(${accessor})) return INVALID;`);
      const shape = def.shape;
      const keys = Object.keys(shape);
      const symbolKeys = Object.getOwnPropertySymbols(shape);
      const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
      const keyExpr = (k) => typeof k === "symbol" ? addConstant(ctx, k) : util.esc(k);
      const propKey = (k) => typeof k === "symbol" ? `[${keyExpr(k)}]` : util.esc(k);
      const propShape = shape;
      if (keys.includes("__proto__")) {
        throw new ZodCompileUnsupportedError('object shape key "__proto__"');
      }
      const propOutputs = /* @__PURE__ */ new Map();
      for (const key of allKeys) {
        const propSchema = propShape[key];
        const kx = keyExpr(key);
        const inputVar = newVar(ctx);
        doc.write(`const ${inputVar} = ${accessor}[${kx}];`);
        if (propSchema._zod.optin !== void 0) {
          const outputVar2 = newVar(ctx);
          doc.write(`let ${outputVar2} = (() => {`);
          doc.indented((d) => {
            const outputAccessor = compileChild(d, ctx, propSchema, inputVar);
            d.write(`return ${outputAccessor};`);
          });
          doc.write(`})();`);
          if (propSchema._zod.optout === "optional") {
            doc.write(`if (${outputVar2} === INVALID) {`);
            doc.indented((d) => {
              d.write(`if (${kx} in ${accessor}) return INVALID;`);
              d.write(`${outputVar2} = undefined;`);
            });
            doc.write(`}`);
          } else {
            doc.write(`if (${outputVar2} === INVALID) return INVALID;`);
          }
          propOutputs.set(key, outputVar2);
        } else {
          if (requiresPresenceCheck(propSchema)) {
            doc.write(`if (!(${kx} in ${accessor})) return INVALID;`);
          }
          const outputAccessor = compileChild(doc, ctx, propSchema, inputVar, buildsValue);
          if (outputAccessor !== null)
            propOutputs.set(key, outputAccessor);
        }
      }
      const catchall = def.catchall;
      let unknownKeysMode = "none";
      if (catchall) {
        const catchallType = catchall._zod.def.type;
        if (catchallType === "never") {
          const condition = keys.map((k) => `k !== ${util.esc(k)}`).join(" && ") || "true";
          doc.write(`for (const k in ${accessor}) {`);
          doc.indented((d) => {
            d.write(`if (${condition}) return INVALID;`);
          });
          doc.write(`}`);
        } else if ((catchallType === "unknown" || catchallType === "any") && !catchall._zod.def.checks?.length) {
          unknownKeysMode = "passthrough";
        } else {
          unknownKeysMode = "schema";
        }
      }
      const outputVar = newVar(ctx);
      const hasConditionalKeys = allKeys.some((k) => mayOmitUndefined(propShape[k]) || dropsWhenAbsent(propShape[k]));
      if (!buildsValue) {
        if (unknownKeysMode === "schema") {
          const knownSet = keys.length > 0 ? addConstant(ctx, new Set(keys)) : null;
          doc.write(`for (const k in ${accessor}) {`);
          doc.indented((d) => {
            d.write(`if (k === "__proto__") continue;`);
            if (knownSet)
              d.write(`if (${knownSet}.has(k)) continue;`);
            const valVar = newVar(ctx);
            d.write(`const ${valVar} = ${accessor}[k];`);
            compileChild(d, ctx, catchall, valVar, false);
          });
          doc.write(`}`);
        }
        return null;
      }
      if (!hasConditionalKeys) {
        const propLiterals = allKeys.map((k) => `${propKey(k)}: ${propOutputs.get(k)}`).join(", ");
        doc.write(`const ${outputVar} = { ${propLiterals} };`);
      } else {
        doc.write(`const ${outputVar} = {};`);
        for (const k of allKeys) {
          const kx = keyExpr(k);
          const out = propOutputs.get(k);
          if (dropsWhenAbsent(propShape[k])) {
            doc.write(`if (${kx} in ${accessor}) ${outputVar}[${kx}] = ${out};`);
          } else if (mayOmitUndefined(propShape[k])) {
            doc.write(`if (${out} !== undefined || ${kx} in ${accessor}) ${outputVar}[${kx}] = ${out};`);
          } else {
            doc.write(`${outputVar}[${kx}] = ${out};`);
          }
        }
      }
      if (unknownKeysMode !== "none") {
        const knownSet = keys.length > 0 ? addConstant(ctx, new Set(keys)) : null;
        doc.write(`for (const k in ${accessor}) {`);
        doc.indented((d) => {
          d.write(`if (k === "__proto__") continue;`);
          if (knownSet)
            d.write(`if (${knownSet}.has(k)) continue;`);
          if (unknownKeysMode === "passthrough") {
            d.write(`${outputVar}[k] = ${accessor}[k];`);
          } else {
            const valVar = newVar(ctx);
            d.write(`const ${valVar} = ${accessor}[k];`);
            const catchallOut = compileChild(d, ctx, catchall, valVar);
            d.write(`${outputVar}[k] = ${catchallOut};`);
          }
        });
        doc.write(`}`);
      }
      return outputVar;
    }
    function generateOptionalCheck(doc, ctx, schema2, accessor, buildsValue = true) {
      const def = schema2._zod.def;
      if (isExactOptional(schema2)) {
        return generateCheck(doc, ctx, def.innerType, accessor, buildsValue);
      }
      if (def.innerType._zod.optin === "defaulted") {
        const outputVar2 = newVar(ctx);
        const branchVar = newVar(ctx);
        doc.write(`let ${outputVar2};`);
        doc.write(`if (${accessor} === undefined) {`);
        doc.indented((d) => {
          d.write(`const ${branchVar} = (() => {`);
          d.indented((d2) => {
            const innerOutput = generateCheck(d2, ctx, def.innerType, accessor);
            d2.write(`return ${innerOutput};`);
          });
          d.write(`})();`);
          d.write(`if (${branchVar} !== INVALID) ${outputVar2} = ${branchVar};`);
        });
        doc.write(`} else {`);
        doc.indented((d) => {
          const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
          d.write(`${outputVar2} = ${innerOutput};`);
        });
        doc.write(`}`);
        return outputVar2;
      }
      const outputVar = buildsValue ? newVar(ctx) : null;
      if (outputVar)
        doc.write(`let ${outputVar};`);
      doc.write(`if (${accessor} !== undefined) {`);
      doc.indented((d) => {
        const innerOutput = generateCheck(d, ctx, def.innerType, accessor, buildsValue);
        if (outputVar && innerOutput !== null)
          d.write(`${outputVar} = ${innerOutput};`);
      });
      doc.write(`}`);
      return outputVar;
    }
    function isExactOptional(schema2) {
      return schema2._zod.traits?.has("$ZodExactOptional") === true;
    }
    function requiresPresenceCheck(schema2) {
      return schema2._zod.optin === void 0 && fastPathAcceptsAbsence(schema2);
    }
    function fastPathAcceptsAbsence(schema2) {
      if (schema2._zod.def.coerce)
        return true;
      const def = schema2._zod.def;
      switch (def.type) {
        case "any":
        case "unknown":
        case "undefined":
        case "void":
        case "default":
        case "prefault":
        case "transform":
        case "custom":
        case "lazy":
          return true;
        case "string":
        case "number":
        case "boolean":
        case "bigint":
        case "symbol":
        case "null":
        case "never":
        case "nan":
        case "date":
        case "object":
        case "array":
        case "tuple":
        case "record":
        case "map":
        case "set":
        case "file":
        case "template_literal":
          return false;
        case "nonoptional":
          return def.innerType ? fastPathAcceptsAbsence(def.innerType) : false;
        case "literal":
          return !!def.values?.includes(void 0);
        case "enum":
          return !!schema2._zod.values?.has(void 0);
        case "optional":
        case "nullable":
        case "readonly":
        case "success":
          return def.innerType ? fastPathAcceptsAbsence(def.innerType) : true;
        case "catch":
          return true;
        case "union":
          return def.options ? def.options.some(fastPathAcceptsAbsence) : true;
        case "intersection":
          if (!def.left || !def.right)
            return true;
          return fastPathAcceptsAbsence(def.left) && fastPathAcceptsAbsence(def.right);
        case "pipe":
          return def.in ? fastPathAcceptsAbsence(def.in) : true;
        default:
          return true;
      }
    }
    function dropsWhenAbsent(schema2) {
      return schema2._zod.optin === "optional" && schema2._zod.optout === "optional";
    }
    function mayOmitUndefined(schema2) {
      return (schema2._zod.optin !== "defaulted" || schema2._zod.optout === "optional") && mayOutputUndefined(schema2);
    }
    function mayOutputUndefined(schema2) {
      const def = schema2._zod.def;
      switch (def.type) {
        case "string":
        case "number":
        case "boolean":
        case "bigint":
        case "symbol":
        case "null":
        case "nan":
        case "date":
        case "object":
        case "array":
        case "tuple":
        case "record":
        case "map":
        case "set":
        case "file":
        case "template_literal":
        case "never":
        case "success":
          return false;
        case "literal":
          return !!def.values?.includes(void 0);
        case "enum":
          return !!schema2._zod.values?.has(void 0);
        case "optional":
          return true;
        case "nullable":
        case "readonly":
        case "nonoptional":
          return def.innerType ? mayOutputUndefined(def.innerType) : true;
        case "union":
          return def.options ? def.options.some(mayOutputUndefined) : true;
        case "intersection":
          return !def.left || !def.right || mayOutputUndefined(def.left) || mayOutputUndefined(def.right);
        case "pipe":
          return def.out ? mayOutputUndefined(def.out) : true;
        default:
          return true;
      }
    }
    function generateNullableCheck(doc, ctx, schema2, accessor, buildsValue = true) {
      const def = schema2._zod.def;
      const outputVar = buildsValue ? newVar(ctx) : null;
      if (outputVar)
        doc.write(`let ${outputVar} = null;`);
      doc.write(`if (${accessor} !== null) {`);
      doc.indented((d) => {
        const innerOutput = generateCheck(d, ctx, def.innerType, accessor, buildsValue);
        if (outputVar && innerOutput !== null)
          d.write(`${outputVar} = ${innerOutput};`);
      });
      doc.write(`}`);
      return outputVar;
    }
    function generateSizeGate(doc, schema2, size) {
      for (const [max, check] of util.sizeCaps(schema2._zod.def.checks)) {
        doc.write(`if (${size} > ${numericOperand(max, check._zod.def.check)}) return INVALID;`);
      }
    }
    function generateArrayCheck(doc, ctx, schema2, accessor, buildsValue = true) {
      const def = schema2._zod.def;
      doc.write(`if (!Array.isArray(${accessor})) return INVALID;`);
      generateSizeGate(doc, schema2, `${accessor}.length`);
      const outputVar = buildsValue ? newVar(ctx) : null;
      const iVar = newVar(ctx);
      const elemVar = newVar(ctx);
      if (outputVar)
        doc.write(`const ${outputVar} = new Array(${accessor}.length);`);
      doc.write(`for (let ${iVar} = 0; ${iVar} < ${accessor}.length; ${iVar}++) {`);
      doc.indented((d) => {
        d.write(`const ${elemVar} = ${accessor}[${iVar}];`);
        const elemOutput = compileChild(d, ctx, def.element, elemVar, buildsValue);
        if (outputVar && elemOutput !== null)
          d.write(`${outputVar}[${iVar}] = ${elemOutput};`);
      });
      doc.write(`}`);
      return outputVar;
    }
    function generateLiteralCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      const values = def.values;
      if (values.length !== 1) {
        const literalSet = addConstant(ctx, new Set(values));
        doc.write(`if (!${literalSet}.has(${accessor})) return INVALID;`);
        return accessor;
      }
      const value = values[0];
      if (typeof value === "number" && Number.isNaN(value)) {
        const literalSet = addConstant(ctx, new Set(values));
        doc.write(`if (!${literalSet}.has(${accessor})) return INVALID;`);
        return accessor;
      }
      if (typeof value === "string") {
        doc.write(`if (${accessor} !== ${util.esc(value)}) return INVALID;`);
      } else if (typeof value === "number" || typeof value === "boolean") {
        doc.write(`if (${accessor} !== ${value}) return INVALID;`);
      } else if (value === null) {
        doc.write(`if (${accessor} !== null) return INVALID;`);
      } else if (value === void 0) {
        doc.write(`if (${accessor} !== undefined) return INVALID;`);
      } else if (typeof value === "bigint") {
        doc.write(`if (${accessor} !== ${value}n) return INVALID;`);
      } else {
        throw new ZodCompileUnsupportedError(`literal type ${typeof value}`);
      }
      return accessor;
    }
    function generateEnumCheck(doc, ctx, schema2, accessor) {
      const values = schema2._zod.values;
      if (!values) {
        throw new ZodCompileUnsupportedError("enum schema without enumerated values");
      }
      const enumSet = addConstant(ctx, values);
      doc.write(`if (!${enumSet}.has(${accessor})) return INVALID;`);
      return accessor;
    }
    function generateWrapperCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      return generateCheck(doc, ctx, def.innerType, accessor);
    }
    function generateDefaultCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      const descriptor = Object.getOwnPropertyDescriptor(schema2._zod.def, "defaultValue");
      const defaultGetter = descriptor ? () => schema2._zod.def.defaultValue : void 0;
      if (schema2._zod.def.type === "prefault") {
        if (!defaultGetter) {
          return generateCheck(doc, ctx, def.innerType, accessor);
        }
        const defaultFn = addConstant(ctx, defaultGetter);
        const inputVar = newVar(ctx);
        doc.write(`let ${inputVar} = ${accessor};`);
        doc.write(`if (${accessor} === undefined) ${inputVar} = ${defaultFn}();`);
        return generateCheck(doc, ctx, def.innerType, inputVar);
      }
      const outputVar = newVar(ctx);
      if (defaultGetter) {
        const defaultFn = addConstant(ctx, defaultGetter);
        const cloneFn = addConstant(ctx, util.shallowClone);
        doc.write(`let ${outputVar};`);
        doc.write(`if (${accessor} === undefined) {`);
        doc.indented((d) => {
          d.write(`${outputVar} = ${cloneFn}(${defaultFn}());`);
        });
        doc.write(`} else {`);
        doc.indented((d) => {
          const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
          d.write(`${outputVar} = ${innerOutput} === undefined ? ${cloneFn}(${defaultFn}()) : ${innerOutput};`);
        });
        doc.write(`}`);
      } else {
        doc.write(`let ${outputVar};`);
        doc.write(`if (${accessor} !== undefined) {`);
        doc.indented((d) => {
          const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
          d.write(`${outputVar} = ${innerOutput};`);
        });
        doc.write(`}`);
      }
      return outputVar;
    }
    function generateNonOptionalCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      const innerOutput = generateCheck(doc, ctx, def.innerType, accessor);
      const outputVar = newVar(ctx);
      doc.write(`const ${outputVar} = ${innerOutput};`);
      doc.write(`if (${outputVar} === undefined) return INVALID;`);
      return outputVar;
    }
    function generateTupleCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      const items = def.items;
      const rest = def.rest;
      doc.write(`if (!Array.isArray(${accessor})) return INVALID;`);
      const optinStart = getTupleOptStart(items, "optin");
      const optoutStart = getTupleOptStart(items, "optout");
      if (rest) {
        doc.write(`if (${accessor}.length < ${optinStart}) return INVALID;`);
      } else {
        doc.write(`if (${accessor}.length < ${optinStart} || ${accessor}.length > ${items.length}) return INVALID;`);
      }
      const outputVar = newVar(ctx);
      doc.write(`const ${outputVar} = [];`);
      for (let i = 0; i < items.length; i++) {
        const itemSchema = items[i];
        if (i >= optoutStart) {
          doc.write(`if (${outputVar}.length === ${i}) {`);
          doc.indented((d) => {
            d.write(`if (${i} < ${accessor}.length) {`);
            d.indented((d2) => {
              const elemVar = newVar(ctx);
              d2.write(`const ${elemVar} = ${accessor}[${i}];`);
              const elemOutput = compileChild(d2, ctx, itemSchema, elemVar);
              d2.write(`${outputVar}[${i}] = ${elemOutput};`);
            });
            d.write(`} else {`);
            d.indented((d2) => {
              if (dropsWhenAbsent(itemSchema)) {
                d2.write(`${outputVar}.length = ${i};`);
                return;
              }
              const elemVar = newVar(ctx);
              const branchVar = newVar(ctx);
              d2.write(`const ${elemVar} = undefined;`);
              d2.write(`const ${branchVar} = (() => {`);
              d2.indented((d3) => {
                const elemOutput = compileChild(d3, ctx, itemSchema, elemVar);
                d3.write(`return ${elemOutput};`);
              });
              d2.write(`})();`);
              d2.write(`if (${branchVar} === INVALID || ${branchVar} === undefined) ${outputVar}.length = ${i};`);
              d2.write(`else ${outputVar}[${i}] = ${branchVar};`);
            });
            d.write(`}`);
          });
          doc.write(`}`);
        } else {
          const elemVar = newVar(ctx);
          doc.write(`const ${elemVar} = ${accessor}[${i}];`);
          const elemOutput = compileChild(doc, ctx, itemSchema, elemVar);
          doc.write(`${outputVar}[${i}] = ${elemOutput};`);
        }
      }
      if (rest) {
        const iVar = newVar(ctx);
        const elemVar = newVar(ctx);
        doc.write(`for (let ${iVar} = ${items.length}; ${iVar} < ${accessor}.length; ${iVar}++) {`);
        doc.indented((d) => {
          d.write(`const ${elemVar} = ${accessor}[${iVar}];`);
          const elemOutput = compileChild(d, ctx, rest, elemVar);
          d.write(`${outputVar}[${iVar}] = ${elemOutput};`);
        });
        doc.write(`}`);
      }
      return outputVar;
    }
    function getTupleOptStart(items, key) {
      for (let i = items.length - 1; i >= 0; i--) {
        const omittable = key === "optin" ? items[i]._zod.optin !== void 0 : items[i]._zod.optout === "optional";
        if (!omittable)
          return i + 1;
      }
      return 0;
    }
    function generateUnionCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      const options = def.options;
      if (def.discriminator) {
        return generateDiscriminatedUnionCheck(doc, ctx, def, accessor);
      }
      if (def.inclusive === false) {
        throw new ZodCompileUnsupportedError("exclusive unions (z.xor)");
      }
      if (options.length === 0) {
        doc.write("return INVALID;");
        return accessor;
      }
      if (options.length === 1) {
        return generateCheck(doc, ctx, options[0], accessor);
      }
      const allLiterals = options.every((opt) => opt._zod.def.type === "literal" && !opt._zod.def.checks?.length);
      if (allLiterals) {
        const values = new Set(options.flatMap((opt) => opt._zod.def.values));
        const valuesConst = addConstant(ctx, values);
        doc.write(`if (!${valuesConst}.has(${accessor})) return INVALID;`);
        return accessor;
      }
      const outputVar = newVar(ctx);
      doc.write(`let ${outputVar};`);
      for (let i = 0; i < options.length; i++) {
        const opt = options[i];
        if (i === 0) {
          doc.write(`${outputVar} = (() => {`);
        } else {
          doc.write(`if (${outputVar} === INVALID) ${outputVar} = (() => {`);
        }
        doc.indented((d) => {
          const branchOutput = generateCheck(d, ctx, opt, accessor);
          d.write(`return ${branchOutput};`);
        });
        doc.write(`})();`);
      }
      doc.write(`if (${outputVar} === INVALID) return INVALID;`);
      return outputVar;
    }
    function generateDiscriminatedUnionCheck(doc, ctx, def, accessor) {
      if (def.unionFallback) {
        throw new ZodCompileUnsupportedError("discriminated union with unionFallback");
      }
      if (def.options.length === 0) {
        doc.write("return INVALID;");
        return accessor;
      }
      const discVar = newVar(ctx);
      const outputVar = newVar(ctx);
      doc.write(`const ${discVar} = ${accessor}?.[${util.esc(def.discriminator)}];`);
      doc.write(`let ${outputVar};`);
      let firstBranch = true;
      const claimed = /* @__PURE__ */ new Set();
      for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0) {
          throw new ZodCompileUnsupportedError("discriminated union option without static discriminator values");
        }
        for (const value of values) {
          if (claimed.has(value)) {
            throw new ZodCompileUnsupportedError(`duplicate discriminator value ${String(value)}`);
          }
          claimed.add(value);
        }
        const conditions = Array.from(values, (value) => literalEquality(ctx, discVar, value));
        const prefix = firstBranch ? "if" : "else if";
        doc.write(`${prefix} (${conditions.join(" || ")}) {`);
        doc.indented((d) => {
          const branchOutput = generateCheck(d, ctx, option, accessor);
          d.write(`${outputVar} = ${branchOutput};`);
        });
        doc.write(`}`);
        firstBranch = false;
      }
      doc.write(`else { return INVALID; }`);
      return outputVar;
    }
    function literalEquality(ctx, accessor, value) {
      if (typeof value === "string")
        return `${accessor} === ${util.esc(value)}`;
      if (typeof value === "number") {
        if (Number.isNaN(value))
          return `Number.isNaN(${accessor})`;
        return `${accessor} === ${value}`;
      }
      if (typeof value === "boolean")
        return `${accessor} === ${value}`;
      if (value === null)
        return `${accessor} === null`;
      if (value === void 0)
        return `${accessor} === undefined`;
      if (typeof value === "bigint")
        return `${accessor} === ${value}n`;
      if (typeof value === "symbol") {
        const symbolConst = addConstant(ctx, value);
        return `${accessor} === ${symbolConst}`;
      }
      throw new ZodCompileUnsupportedError(`literal discriminator value ${String(value)}`);
    }
    function generateIntersectionCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      ctx.definite = false;
      const leftOutput = compileChild(doc, ctx, def.left, accessor);
      const rightOutput = compileChild(doc, ctx, def.right, accessor);
      const mergeConst = addConstant(ctx, schemas_js_1.mergeValues);
      const mergedVar = newVar(ctx);
      doc.write(`const ${mergedVar} = ${mergeConst}(${leftOutput}, ${rightOutput});`);
      doc.write(`if (!${mergedVar}.valid) return INVALID;`);
      return `${mergedVar}.data`;
    }
    function generateRecordCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      const isPlainObjectConst = addConstant(ctx, util.isPlainObject);
      doc.write(`if (!${isPlainObjectConst}(${accessor})) return INVALID;`);
      const outputVar = newVar(ctx);
      const kVar = newVar(ctx);
      const valVar = newVar(ctx);
      doc.write(`const ${outputVar} = {};`);
      const recordDef = def;
      const keyValues = recordDef.partial ? void 0 : def.keyType._zod.values;
      if (keyValues) {
        const inputKeys = [];
        for (const key of keyValues) {
          if (!(typeof key === "string" || typeof key === "number" || typeof key === "symbol")) {
            throw new ZodCompileUnsupportedError(`record key value ${String(key)}`);
          }
          const inputKey = typeof key === "number" ? key.toString() : key;
          if (inputKey === "__proto__") {
            throw new ZodCompileUnsupportedError('record key "__proto__"');
          }
          inputKeys.push(inputKey);
          const keyConst = addConstant(ctx, key);
          const outKey = generateCheck(doc, ctx, def.keyType, keyConst);
          const valueVar = newVar(ctx);
          doc.write(`const ${valueVar} = ${accessor}[${literalPropertyKey(ctx, inputKey)}];`);
          const valOutput = compileChild(doc, ctx, def.valueType, valueVar);
          doc.write(`${outputVar}[${outKey}] = ${valOutput};`);
        }
        const knownKeysConst = addConstant(ctx, new Set(inputKeys));
        doc.write(`for (const ${kVar} in ${accessor}) {`);
        doc.indented((d) => {
          d.write(`if (${knownKeysConst}.has(${kVar})) continue;`);
          if (recordDef.mode === "loose") {
            d.write(`if (${kVar} !== "__proto__") ${outputVar}[${kVar}] = ${accessor}[${kVar}];`);
          } else {
            d.write(`return INVALID;`);
          }
        });
        doc.write(`}`);
        return outputVar;
      }
      const keyDef = def.keyType._zod.def;
      const keyIsBareString = keyDef.type === "string" && keyDef.format === void 0 && !keyDef.coerce && (keyDef.checks?.length ?? 0) === 0;
      if (!keyIsBareString) {
        const isLoose = def.mode === "loose";
        const keyFn = compileFn(def.keyType);
        if (keyFn.definite === false)
          ctx.definite = false;
        const keyFast = addConstant(ctx, keyFn);
        const numericConst = addConstant(ctx, regexes.number);
        const outKeyVar = newVar(ctx);
        emitOwnKeys(doc, ctx, accessor, kVar, (d) => {
          d.write(`let ${outKeyVar} = ${keyFast}(${kVar});`);
          d.write(`if (${outKeyVar} === INVALID && typeof ${kVar} === "string" && ${numericConst}.test(${kVar})) ${outKeyVar} = ${keyFast}(Number(${kVar}));`);
          if (isLoose) {
            d.write(`if (${outKeyVar} === INVALID) { ${outputVar}[${kVar}] = ${accessor}[${kVar}]; continue; }`);
          } else {
            d.write(`if (${outKeyVar} === INVALID) return INVALID;`);
          }
          d.write(`if (${outKeyVar} === "__proto__") continue;`);
          const valueVar = newVar(ctx);
          d.write(`const ${valueVar} = ${accessor}[${kVar}];`);
          const valOutput = compileChild(d, ctx, def.valueType, valueVar);
          d.write(`${outputVar}[${outKeyVar}] = ${valOutput};`);
        });
        return outputVar;
      }
      emitOwnKeys(doc, ctx, accessor, kVar, (d) => {
        d.write(`const ${valVar} = ${accessor}[${kVar}];`);
        const valOutput = compileChild(d, ctx, def.valueType, valVar);
        d.write(`${outputVar}[${kVar}] = ${valOutput};`);
      }, `return INVALID;`);
      return outputVar;
    }
    function emitOwnKeys(doc, ctx, accessor, kVar, body, onSymbol) {
      const propIsEnumerableConst = addConstant(ctx, Object.prototype.propertyIsEnumerable);
      const symsVar = newVar(ctx);
      const keysVar = newVar(ctx);
      const iVar = newVar(ctx);
      doc.write(`const ${symsVar} = Object.getOwnPropertySymbols(${accessor});`);
      doc.write(`const ${keysVar} = Object.getOwnPropertyNames(${accessor});`);
      doc.write(`for (let ${iVar} = 0; ${iVar} < ${keysVar}.length; ${iVar}++) {`);
      doc.indented((d) => {
        d.write(`const ${kVar} = ${keysVar}[${iVar}];`);
        d.write(`if (${kVar} === "__proto__" || !${propIsEnumerableConst}.call(${accessor}, ${kVar})) continue;`);
        body(d);
      });
      doc.write(`}`);
      doc.write(`for (let ${iVar} = 0; ${iVar} < ${symsVar}.length; ${iVar}++) {`);
      doc.indented((d) => {
        d.write(`const ${kVar} = ${symsVar}[${iVar}];`);
        d.write(`if (!${propIsEnumerableConst}.call(${accessor}, ${kVar})) continue;`);
        if (onSymbol)
          d.write(onSymbol);
        else
          body(d);
      });
      doc.write(`}`);
    }
    function literalPropertyKey(ctx, key) {
      if (typeof key === "string")
        return util.esc(key);
      return addConstant(ctx, key);
    }
    function generateMapCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      doc.write(`if (!(${accessor} instanceof Map)) return INVALID;`);
      generateSizeGate(doc, schema2, `${accessor}.size`);
      const outputVar = newVar(ctx);
      const kVar = newVar(ctx);
      const valVar = newVar(ctx);
      doc.write(`const ${outputVar} = new Map();`);
      doc.write(`for (const [${kVar}, ${valVar}] of ${accessor}) {`);
      doc.indented((d) => {
        const keyOutput = generateCheck(d, ctx, def.keyType, kVar);
        const valOutput = generateCheck(d, ctx, def.valueType, valVar);
        d.write(`${outputVar}.set(${keyOutput}, ${valOutput});`);
      });
      doc.write(`}`);
      return outputVar;
    }
    function generateSetCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      doc.write(`if (!(${accessor} instanceof Set)) return INVALID;`);
      generateSizeGate(doc, schema2, `${accessor}.size`);
      const outputVar = newVar(ctx);
      const valVar = newVar(ctx);
      doc.write(`const ${outputVar} = new Set();`);
      doc.write(`for (const ${valVar} of ${accessor}) {`);
      doc.indented((d) => {
        const valOutput = generateCheck(d, ctx, def.valueType, valVar);
        d.write(`${outputVar}.add(${valOutput});`);
      });
      doc.write(`}`);
      return outputVar;
    }
    function generateFileCheck(doc, accessor) {
      doc.write(`if (!(${accessor} instanceof File)) return INVALID;`);
      return accessor;
    }
    function generateTemplateLiteralCheck(doc, ctx, schema2, accessor) {
      doc.write(`if (typeof ${accessor} !== "string") return INVALID;`);
      const pattern = schema2._zod.pattern;
      if (pattern) {
        const patternConst = addConstant(ctx, pattern);
        doc.write(`${patternConst}.lastIndex = 0;`);
        doc.write(`if (!${patternConst}.test(${accessor})) return INVALID;`);
      }
      return accessor;
    }
    function generateLazyCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      const getterConst = addUserConstant(ctx, def.getter);
      const cacheConst = addConstant(ctx, { parser: null });
      doc.write(`if (!${cacheConst}.parser) {`);
      doc.indented((d) => {
        d.write(`const inner = ${getterConst}();`);
        d.write(`${cacheConst}.parser = function(input) {`);
        d.indented((d2) => {
          d2.write(`const result = inner._zod.run({ value: input, issues: [] }, {});`);
          d2.write(`return result.issues.length === 0 ? result.value : INVALID;`);
        });
        d.write(`};`);
      });
      doc.write(`}`);
      const outputVar = newVar(ctx);
      doc.write(`const ${outputVar} = ${cacheConst}.parser(${accessor});`);
      doc.write(`if (${outputVar} === INVALID) return INVALID;`);
      return outputVar;
    }
    function generatePipeCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      const inputOutput = generateCheck(doc, ctx, def.in, accessor);
      if (def.transform) {
        if (isAsyncFunction(def.transform)) {
          throw new ZodCompileAsyncError("z.compile: async transforms in pipes are not supported");
        }
        const transformFn = def.transform;
        const helperFn = (value) => {
          const fakePayload = { value, issues: [], addIssue: pushIssue };
          const result = transformFn(value, fakePayload);
          if (result instanceof Promise)
            return exports.INVALID;
          return fakePayload.issues.length === 0 ? result : exports.INVALID;
        };
        const helperConst = addUserConstant(ctx, helperFn);
        const transformedVar = newVar(ctx);
        doc.write(`const ${transformedVar} = ${helperConst}(${inputOutput});`);
        doc.write(`if (${transformedVar} === INVALID) return INVALID;`);
        return generateCheck(doc, ctx, def.out, transformedVar);
      } else {
        return generateCheck(doc, ctx, def.out, inputOutput);
      }
    }
    function isAsyncFunction(fn) {
      return typeof fn === "function" && (fn.constructor.name === "AsyncFunction" || fn[Symbol.toStringTag] === "AsyncFunction");
    }
    function generateCustomCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      if (def.fn) {
        if (isAsyncFunction(def.fn)) {
          throw new ZodCompileAsyncError("z.compile: async custom predicates are not supported");
        }
        const fnConst = addUserConstant(ctx, def.fn);
        const throwAsyncConst = addConstant(ctx, throwAsync);
        const resVar = newVar(ctx);
        doc.write(`const ${resVar} = ${fnConst}(${accessor});`);
        doc.write(`if (${resVar} instanceof Promise) ${throwAsyncConst}();`);
        doc.write(`if (!${resVar}) return INVALID;`);
      } else {
        throw new ZodCompileUnsupportedError("custom schema without a predicate function");
      }
      return accessor;
    }
    function runtimeCatch(innerSchema, catchValue, value) {
      const result = innerSchema._zod.run({ value, issues: [] }, {});
      if (result && typeof result.then === "function")
        return exports.INVALID;
      const r = result;
      if (r.issues.length === 0)
        return r.value;
      return catchValue();
    }
    function generateCatchCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      if (!def.catchValue[util.CONSTANT_CATCH]) {
        throw new ZodCompileUnsupportedError("catch with a callback (only a constant catch value compiles)", false);
      }
      const outputVar = newVar(ctx);
      doc.write(`let ${outputVar} = (() => {`);
      doc.indented((d) => {
        const innerOut = compileChild(d, ctx, def.innerType, accessor);
        d.write(`return ${innerOut};`);
      });
      doc.write(`})();`);
      const innerConst = addConstant(ctx, def.innerType);
      const catchConst = addUserConstant(ctx, def.catchValue);
      const catchHelperConst = addConstant(ctx, runtimeCatch);
      doc.write(`if (${outputVar} === INVALID) {`);
      doc.indented((d) => {
        d.write(`${outputVar} = ${catchHelperConst}(${innerConst}, ${catchConst}, ${accessor});`);
        d.write(`if (${outputVar} === INVALID) return INVALID;`);
      });
      doc.write(`}`);
      return outputVar;
    }
    function generateTransformCheck(doc, ctx, schema2, accessor) {
      const def = schema2._zod.def;
      if (def.transform) {
        if (isAsyncFunction(def.transform)) {
          throw new ZodCompileAsyncError("z.compile: async transforms are not supported");
        }
        const transformFn = def.transform;
        const helperFn = (value) => {
          const fakePayload = { value, issues: [], addIssue: pushIssue };
          const result = transformFn(value, fakePayload);
          if (result instanceof Promise)
            return exports.INVALID;
          return fakePayload.issues.length === 0 ? result : exports.INVALID;
        };
        const helperConst = addUserConstant(ctx, helperFn);
        const outputVar = newVar(ctx);
        doc.write(`const ${outputVar} = ${helperConst}(${accessor});`);
        doc.write(`if (${outputVar} === INVALID) return INVALID;`);
        return outputVar;
      }
      return accessor;
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/api.cjs
var require_api = __commonJS({
  "node_modules/zod/v4/core/api.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.TimePrecision = void 0;
    exports._string = _string;
    exports._coercedString = _coercedString;
    exports._email = _email;
    exports._guid = _guid;
    exports._uuid = _uuid;
    exports._uuidv4 = _uuidv4;
    exports._uuidv6 = _uuidv6;
    exports._uuidv7 = _uuidv7;
    exports._url = _url;
    exports._emoji = _emoji;
    exports._nanoid = _nanoid;
    exports._cuid = _cuid;
    exports._cuid2 = _cuid2;
    exports._ulid = _ulid;
    exports._xid = _xid;
    exports._ksuid = _ksuid;
    exports._ipv4 = _ipv4;
    exports._ipv6 = _ipv6;
    exports._mac = _mac;
    exports._cidrv4 = _cidrv4;
    exports._cidrv6 = _cidrv6;
    exports._base64 = _base64;
    exports._base64url = _base64url;
    exports._e164 = _e164;
    exports._creditCard = _creditCard;
    exports._iban = _iban;
    exports._jwt = _jwt;
    exports._isoDateTime = _isoDateTime;
    exports._isoDate = _isoDate;
    exports._isoTime = _isoTime;
    exports._isoDuration = _isoDuration;
    exports._number = _number;
    exports._coercedNumber = _coercedNumber;
    exports._int = _int;
    exports._float32 = _float32;
    exports._float64 = _float64;
    exports._int32 = _int32;
    exports._uint32 = _uint32;
    exports._boolean = _boolean;
    exports._coercedBoolean = _coercedBoolean;
    exports._bigint = _bigint;
    exports._coercedBigint = _coercedBigint;
    exports._int64 = _int64;
    exports._uint64 = _uint64;
    exports._symbol = _symbol;
    exports._undefined = _undefined;
    exports._null = _null2;
    exports._any = _any;
    exports._unknown = _unknown;
    exports._never = _never;
    exports._void = _void;
    exports._date = _date;
    exports._coercedDate = _coercedDate;
    exports._nan = _nan;
    exports._lt = _lt;
    exports._lte = _lte;
    exports._max = _lte;
    exports._lte = _lte;
    exports._max = _lte;
    exports._gt = _gt;
    exports._gte = _gte;
    exports._min = _gte;
    exports._gte = _gte;
    exports._min = _gte;
    exports._positive = _positive;
    exports._negative = _negative;
    exports._nonpositive = _nonpositive;
    exports._nonnegative = _nonnegative;
    exports._multipleOf = _multipleOf;
    exports._maxSize = _maxSize;
    exports._minSize = _minSize;
    exports._size = _size;
    exports._maxLength = _maxLength;
    exports._minLength = _minLength;
    exports._length = _length;
    exports._regex = _regex;
    exports._lowercase = _lowercase;
    exports._uppercase = _uppercase;
    exports._includes = _includes;
    exports._startsWith = _startsWith;
    exports._endsWith = _endsWith;
    exports._property = _property;
    exports._properties = _properties;
    exports._mime = _mime;
    exports._overwrite = _overwrite;
    exports._normalize = _normalize;
    exports._trim = _trim;
    exports._toLowerCase = _toLowerCase;
    exports._toUpperCase = _toUpperCase;
    exports._slugify = _slugify;
    exports._array = _array;
    exports._union = _union;
    exports._xor = _xor;
    exports._discriminatedUnion = _discriminatedUnion;
    exports._intersection = _intersection;
    exports._tuple = _tuple;
    exports._record = _record;
    exports._map = _map;
    exports._set = _set;
    exports._enum = _enum;
    exports._nativeEnum = _nativeEnum;
    exports._literal = _literal;
    exports._file = _file;
    exports._transform = _transform;
    exports._optional = _optional;
    exports._nullable = _nullable;
    exports._default = _default2;
    exports._nonoptional = _nonoptional;
    exports._success = _success;
    exports._catch = _catch;
    exports._pipe = _pipe;
    exports._readonly = _readonly;
    exports._templateLiteral = _templateLiteral;
    exports._lazy = _lazy;
    exports._promise = _promise;
    exports._custom = _custom;
    exports._refine = _refine;
    exports._superRefine = _superRefine;
    exports._check = _check;
    exports.describe = describe;
    exports.meta = meta;
    exports._stringbool = _stringbool;
    exports._stringFormat = _stringFormat;
    var checks = __importStar(require_checks());
    var registries = __importStar(require_registries());
    var schemas = __importStar(require_schemas());
    var util = __importStar(require_util());
    function snapshotChecks(def) {
      if (def.checks)
        def.checks = [...def.checks];
      return def;
    }
    // @__NO_SIDE_EFFECTS__
    function _string(Class, params) {
      return new Class(snapshotChecks({ type: "string", ...util.normalizeParams(params) }));
    }
    // @__NO_SIDE_EFFECTS__
    function _coercedString(Class, params) {
      return new Class(snapshotChecks({ type: "string", coerce: true, ...util.normalizeParams(params) }));
    }
    // @__NO_SIDE_EFFECTS__
    function _email(Class, params) {
      return new Class({
        type: "string",
        format: "email",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _guid(Class, params) {
      return new Class({
        type: "string",
        format: "guid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _uuid(Class, params) {
      return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _uuidv4(Class, params) {
      return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v4",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _uuidv6(Class, params) {
      return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v6",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _uuidv7(Class, params) {
      return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v7",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _url(Class, params) {
      return new Class({
        type: "string",
        format: "url",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _emoji(Class, params) {
      return new Class({
        type: "string",
        format: "emoji",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _nanoid(Class, params) {
      return new Class({
        type: "string",
        format: "nanoid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _cuid(Class, params) {
      return new Class({
        type: "string",
        format: "cuid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _cuid2(Class, params) {
      return new Class({
        type: "string",
        format: "cuid2",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _ulid(Class, params) {
      return new Class({
        type: "string",
        format: "ulid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _xid(Class, params) {
      return new Class({
        type: "string",
        format: "xid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _ksuid(Class, params) {
      return new Class({
        type: "string",
        format: "ksuid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _ipv4(Class, params) {
      return new Class({
        type: "string",
        format: "ipv4",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _ipv6(Class, params) {
      return new Class({
        type: "string",
        format: "ipv6",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _mac(Class, params) {
      return new Class({
        type: "string",
        format: "mac",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _cidrv4(Class, params) {
      return new Class({
        type: "string",
        format: "cidrv4",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _cidrv6(Class, params) {
      return new Class({
        type: "string",
        format: "cidrv6",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _base64(Class, params) {
      return new Class({
        type: "string",
        format: "base64",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _base64url(Class, params) {
      return new Class({
        type: "string",
        format: "base64url",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _e164(Class, params) {
      return new Class({
        type: "string",
        format: "e164",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _creditCard(Class, params) {
      return new Class({
        type: "string",
        format: "credit_card",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _iban(Class, params) {
      return new Class({
        type: "string",
        format: "iban",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _jwt(Class, params) {
      return new Class({
        type: "string",
        format: "jwt",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params)
      });
    }
    exports.TimePrecision = {
      Any: null,
      Minute: -1,
      Second: 0,
      Millisecond: 3,
      Microsecond: 6
    };
    // @__NO_SIDE_EFFECTS__
    function _isoDateTime(Class, params) {
      return new Class({
        type: "string",
        format: "datetime",
        check: "string_format",
        offset: false,
        local: false,
        precision: null,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _isoDate(Class, params) {
      return new Class({
        type: "string",
        format: "date",
        check: "string_format",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _isoTime(Class, params) {
      return new Class({
        type: "string",
        format: "time",
        check: "string_format",
        precision: null,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _isoDuration(Class, params) {
      return new Class({
        type: "string",
        format: "duration",
        check: "string_format",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _number(Class, params) {
      return new Class(snapshotChecks({ type: "number", checks: [], ...util.normalizeParams(params) }));
    }
    // @__NO_SIDE_EFFECTS__
    function _coercedNumber(Class, params) {
      return new Class(snapshotChecks({ type: "number", coerce: true, checks: [], ...util.normalizeParams(params) }));
    }
    // @__NO_SIDE_EFFECTS__
    function _int(Class, params) {
      return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "safeint",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _float32(Class, params) {
      return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float32",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _float64(Class, params) {
      return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float64",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _int32(Class, params) {
      return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "int32",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _uint32(Class, params) {
      return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "uint32",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _boolean(Class, params) {
      return new Class({
        type: "boolean",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _coercedBoolean(Class, params) {
      return new Class({
        type: "boolean",
        coerce: true,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _bigint(Class, params) {
      return new Class({
        type: "bigint",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _coercedBigint(Class, params) {
      return new Class({
        type: "bigint",
        coerce: true,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _int64(Class, params) {
      return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "int64",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _uint64(Class, params) {
      return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "uint64",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _symbol(Class, params) {
      return new Class({
        type: "symbol",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _undefined(Class, params) {
      return new Class({
        type: "undefined",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _null2(Class, params) {
      return new Class({
        type: "null",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _any(Class) {
      return new Class({
        type: "any"
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _unknown(Class) {
      return new Class({
        type: "unknown"
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _never(Class, params) {
      return new Class({
        type: "never",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _void(Class, params) {
      return new Class({
        type: "void",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _date(Class, params) {
      return new Class({
        type: "date",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _coercedDate(Class, params) {
      return new Class({
        type: "date",
        coerce: true,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _nan(Class, params) {
      return new Class({
        type: "nan",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _lt(value, params) {
      return new checks.$ZodCheckLessThan({
        check: "less_than",
        ...util.normalizeParams(params),
        value,
        inclusive: false
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _lte(value, params) {
      return new checks.$ZodCheckLessThan({
        check: "less_than",
        ...util.normalizeParams(params),
        value,
        inclusive: true
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _gt(value, params) {
      return new checks.$ZodCheckGreaterThan({
        check: "greater_than",
        ...util.normalizeParams(params),
        value,
        inclusive: false
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _gte(value, params) {
      return new checks.$ZodCheckGreaterThan({
        check: "greater_than",
        ...util.normalizeParams(params),
        value,
        inclusive: true
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _positive(params) {
      return /* @__PURE__ */ _gt(0, params);
    }
    // @__NO_SIDE_EFFECTS__
    function _negative(params) {
      return /* @__PURE__ */ _lt(0, params);
    }
    // @__NO_SIDE_EFFECTS__
    function _nonpositive(params) {
      return /* @__PURE__ */ _lte(0, params);
    }
    // @__NO_SIDE_EFFECTS__
    function _nonnegative(params) {
      return /* @__PURE__ */ _gte(0, params);
    }
    // @__NO_SIDE_EFFECTS__
    function _multipleOf(value, params) {
      return new checks.$ZodCheckMultipleOf({
        check: "multiple_of",
        ...util.normalizeParams(params),
        value
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _maxSize(maximum, params) {
      return new checks.$ZodCheckMaxSize({
        check: "max_size",
        ...util.normalizeParams(params),
        maximum
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _minSize(minimum, params) {
      return new checks.$ZodCheckMinSize({
        check: "min_size",
        ...util.normalizeParams(params),
        minimum
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _size(size, params) {
      return new checks.$ZodCheckSizeEquals({
        check: "size_equals",
        ...util.normalizeParams(params),
        size
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _maxLength(maximum, params) {
      const ch = new checks.$ZodCheckMaxLength({
        check: "max_length",
        ...util.normalizeParams(params),
        maximum
      });
      return ch;
    }
    // @__NO_SIDE_EFFECTS__
    function _minLength(minimum, params) {
      return new checks.$ZodCheckMinLength({
        check: "min_length",
        ...util.normalizeParams(params),
        minimum
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _length(length, params) {
      return new checks.$ZodCheckLengthEquals({
        check: "length_equals",
        ...util.normalizeParams(params),
        length
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _regex(pattern, params) {
      return new checks.$ZodCheckRegex({
        check: "string_format",
        format: "regex",
        ...util.normalizeParams(params),
        pattern
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _lowercase(params) {
      return new checks.$ZodCheckLowerCase({
        check: "string_format",
        format: "lowercase",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _uppercase(params) {
      return new checks.$ZodCheckUpperCase({
        check: "string_format",
        format: "uppercase",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _includes(includes, params) {
      return new checks.$ZodCheckIncludes({
        check: "string_format",
        format: "includes",
        ...util.normalizeParams(params),
        includes
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _startsWith(prefix, params) {
      return new checks.$ZodCheckStartsWith({
        check: "string_format",
        format: "starts_with",
        ...util.normalizeParams(params),
        prefix
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _endsWith(suffix, params) {
      return new checks.$ZodCheckEndsWith({
        check: "string_format",
        format: "ends_with",
        ...util.normalizeParams(params),
        suffix
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _property(property, schema2, params) {
      return new checks.$ZodCheckProperty({
        check: "property",
        property,
        schema: schema2,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _properties(shape, params) {
      return new checks.$ZodCheckProperties({
        check: "properties",
        shape,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _mime(types2, params) {
      return new checks.$ZodCheckMimeType({
        check: "mime_type",
        mime: types2,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _overwrite(tx) {
      return new checks.$ZodCheckOverwrite({
        check: "overwrite",
        tx
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _normalize(form) {
      return /* @__PURE__ */ _overwrite((input) => input.normalize(form));
    }
    // @__NO_SIDE_EFFECTS__
    function _trim() {
      return /* @__PURE__ */ _overwrite((input) => input.trim());
    }
    // @__NO_SIDE_EFFECTS__
    function _toLowerCase() {
      return /* @__PURE__ */ _overwrite((input) => input.toLowerCase());
    }
    // @__NO_SIDE_EFFECTS__
    function _toUpperCase() {
      return /* @__PURE__ */ _overwrite((input) => input.toUpperCase());
    }
    // @__NO_SIDE_EFFECTS__
    function _slugify() {
      return /* @__PURE__ */ _overwrite((input) => util.slugify(input));
    }
    // @__NO_SIDE_EFFECTS__
    function _array(Class, element, params) {
      return new Class({
        type: "array",
        element,
        // get element() {
        //   return element;
        // },
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _union(Class, options, params) {
      return new Class({
        type: "union",
        options,
        ...util.normalizeParams(params)
      });
    }
    function _xor(Class, options, params) {
      return new Class({
        type: "union",
        options,
        inclusive: false,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _discriminatedUnion(Class, discriminator, options, params) {
      return new Class({
        type: "union",
        options,
        discriminator,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _intersection(Class, left, right) {
      return new Class({
        type: "intersection",
        left,
        right
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _tuple(Class, items, _paramsOrRest, _params) {
      const hasRest = _paramsOrRest instanceof schemas.$ZodType;
      const params = hasRest ? _params : _paramsOrRest;
      const rest = hasRest ? _paramsOrRest : null;
      return new Class({
        type: "tuple",
        items,
        rest,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _record(Class, keyType, valueType, params) {
      return new Class({
        type: "record",
        keyType,
        valueType,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _map(Class, keyType, valueType, params) {
      return new Class({
        type: "map",
        keyType,
        valueType,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _set(Class, valueType, params) {
      return new Class({
        type: "set",
        valueType,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _enum(Class, values, params) {
      const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
      return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _nativeEnum(Class, entries, params) {
      return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _literal(Class, value, params) {
      return new Class({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _file(Class, params) {
      return new Class({
        type: "file",
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _transform(Class, fn) {
      return new Class({
        type: "transform",
        transform: fn
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _optional(Class, innerType) {
      return new Class({
        type: "optional",
        innerType
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _nullable(Class, innerType) {
      return new Class({
        type: "nullable",
        innerType
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _default2(Class, innerType, defaultValue) {
      return new Class({
        type: "default",
        innerType,
        get defaultValue() {
          return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        }
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _nonoptional(Class, innerType, params) {
      return new Class({
        type: "nonoptional",
        innerType,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _success(Class, innerType) {
      return new Class({
        type: "success",
        innerType
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _catch(Class, innerType, catchValue) {
      return new Class({
        type: "catch",
        innerType,
        catchValue: typeof catchValue === "function" ? catchValue : util.constantCatch(catchValue)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _pipe(Class, in_, out) {
      return new Class({
        type: "pipe",
        in: in_,
        out
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _readonly(Class, innerType) {
      return new Class({
        type: "readonly",
        innerType
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _templateLiteral(Class, parts, params) {
      return new Class({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params)
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _lazy(Class, getter) {
      return new Class({
        type: "lazy",
        getter
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _promise(Class, innerType) {
      return new Class({
        type: "promise",
        innerType
      });
    }
    // @__NO_SIDE_EFFECTS__
    function _custom(Class, fn, _params) {
      const norm = util.normalizeParams(_params);
      norm.abort ?? (norm.abort = true);
      const schema2 = new Class({
        type: "custom",
        check: "custom",
        fn,
        ...norm
      });
      return schema2;
    }
    // @__NO_SIDE_EFFECTS__
    function _refine(Class, fn, _params) {
      const schema2 = new Class({
        type: "custom",
        check: "custom",
        fn,
        ...util.normalizeParams(_params)
      });
      return schema2;
    }
    // @__NO_SIDE_EFFECTS__
    function _superRefine(fn, params) {
      const ch = /* @__PURE__ */ _check((payload) => {
        payload.addIssue = (issue) => {
          if (typeof issue === "string") {
            payload.issues.push(util.issue(issue, payload.value, ch._zod.def));
          } else {
            const _issue = issue;
            if (_issue.fatal)
              _issue.continue = false;
            _issue.code ?? (_issue.code = "custom");
            if (!("input" in _issue))
              _issue.input = payload.value;
            _issue.inst ?? (_issue.inst = ch);
            _issue.continue ?? (_issue.continue = !ch._zod.def.abort);
            payload.issues.push(util.issue(_issue));
          }
        };
        return fn(payload.value, payload);
      }, params);
      return ch;
    }
    // @__NO_SIDE_EFFECTS__
    function _check(fn, params) {
      const ch = new checks.$ZodCheck({
        check: "custom",
        ...util.normalizeParams(params)
      });
      ch._zod.check = fn;
      return ch;
    }
    // @__NO_SIDE_EFFECTS__
    function describe(description) {
      const ch = new checks.$ZodCheck({ check: "describe" });
      ch._zod.onattach = [
        (inst) => {
          const existing = registries.globalRegistry.get(inst) ?? {};
          registries.globalRegistry.add(inst, { ...existing, description });
        }
      ];
      ch._zod.check = () => {
      };
      return ch;
    }
    // @__NO_SIDE_EFFECTS__
    function meta(metadata) {
      const ch = new checks.$ZodCheck({ check: "meta" });
      ch._zod.onattach = [
        (inst) => {
          const existing = registries.globalRegistry.get(inst) ?? {};
          registries.globalRegistry.add(inst, { ...existing, ...metadata });
        }
      ];
      ch._zod.check = () => {
      };
      return ch;
    }
    // @__NO_SIDE_EFFECTS__
    function _stringbool(Classes, _params) {
      const params = util.normalizeParams(_params);
      let truthyArray = params.truthy ?? ["true", "1", "yes", "on", "y", "enabled"];
      let falsyArray = params.falsy ?? ["false", "0", "no", "off", "n", "disabled"];
      if (params.case !== "sensitive") {
        truthyArray = truthyArray.map((v) => typeof v === "string" ? v.toLowerCase() : v);
        falsyArray = falsyArray.map((v) => typeof v === "string" ? v.toLowerCase() : v);
      }
      const truthySet = new Set(truthyArray);
      const falsySet = new Set(falsyArray);
      const _Codec = Classes.Codec ?? schemas.$ZodCodec;
      const _Boolean = Classes.Boolean ?? schemas.$ZodBoolean;
      const _String = Classes.String ?? schemas.$ZodString;
      const stringSchema = new _String({ type: "string", error: params.error });
      const booleanSchema = new _Boolean({ type: "boolean", error: params.error });
      const codec = new _Codec({
        type: "pipe",
        in: stringSchema,
        out: booleanSchema,
        transform: ((input, payload) => {
          let data = input;
          if (params.case !== "sensitive")
            data = data.toLowerCase();
          if (truthySet.has(data)) {
            return true;
          } else if (falsySet.has(data)) {
            return false;
          } else {
            payload.issues.push({
              code: "invalid_value",
              expected: "stringbool",
              values: [...truthySet, ...falsySet],
              input: payload.value,
              inst: codec,
              continue: false
            });
            return {};
          }
        }),
        reverseTransform: ((input, _payload) => {
          if (input === true) {
            return truthyArray[0] || "true";
          } else {
            return falsyArray[0] || "false";
          }
        }),
        error: params.error
      });
      codec._zod.bag.truthy = truthyArray;
      codec._zod.bag.falsy = falsyArray;
      codec._zod.bag.case = params.case ?? "insensitive";
      return codec;
    }
    // @__NO_SIDE_EFFECTS__
    function _stringFormat(Class, format, fnOrRegex, _params = {}) {
      const params = util.normalizeParams(_params);
      const def = {
        check: "string_format",
        type: "string",
        format,
        fn: typeof fnOrRegex === "function" ? fnOrRegex : (val) => fnOrRegex.test(val),
        ...params
      };
      if (fnOrRegex instanceof RegExp) {
        def.pattern = fnOrRegex;
      }
      const inst = new Class(def);
      return inst;
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/to-json-schema.cjs
var require_to_json_schema = __commonJS({
  "node_modules/zod/v4/core/to-json-schema.cjs"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.createStandardJSONSchemaMethod = exports.createToJSONSchemaMethod = void 0;
    exports.initializeContext = initializeContext;
    exports.handleUnrepresentable = handleUnrepresentable;
    exports.processSchema = processSchema;
    exports.process = processSchema;
    exports.processSchema = processSchema;
    exports.process = processSchema;
    exports.extractDefs = extractDefs;
    exports.finalize = finalize;
    var registries_js_1 = require_registries();
    var util_js_1 = require_util();
    function assignProps(target, ...sources) {
      for (const source of sources) {
        for (const key of Reflect.ownKeys(source)) {
          if (Object.prototype.propertyIsEnumerable.call(source, key)) {
            (0, util_js_1.assignProp)(target, key, source[key]);
          }
        }
      }
      return target;
    }
    function initializeContext(params) {
      let target = params?.target ?? "draft-2020-12";
      if (target === "draft-4")
        target = "draft-04";
      if (target === "draft-7")
        target = "draft-07";
      return {
        processors: params.processors ?? {},
        metadataRegistry: params?.metadata ?? registries_js_1.globalRegistry,
        target,
        unrepresentable: params?.unrepresentable ?? "throw",
        override: params?.override ?? (() => {
        }),
        io: params?.io ?? "output",
        counter: 0,
        seen: /* @__PURE__ */ new Map(),
        sharedDefsExtractedFor: void 0,
        sharedEmitDoneFor: void 0,
        cycles: params?.cycles ?? "ref",
        reused: params?.reused ?? "inline",
        intersections: [],
        deferred: [],
        external: params?.external ?? void 0
      };
    }
    function handleUnrepresentable(schema2, ctx, json2, params, message) {
      const result = typeof ctx.unrepresentable === "function" ? ctx.unrepresentable({ zodSchema: schema2, path: params.path, message }) : ctx.unrepresentable;
      if (result === "any")
        return false;
      if (result === void 0 || result === "throw")
        throw new Error(message);
      Object.assign(json2, result);
      return true;
    }
    function processSchema(schema2, ctx, _params = { path: [], schemaPath: [] }) {
      var _a;
      const def = schema2._zod.def;
      const seen = ctx.seen.get(schema2);
      if (seen) {
        seen.count++;
        const isCycle = _params.schemaPath.includes(schema2);
        if (isCycle) {
          seen.cycle = _params.path;
        }
        return seen.schema;
      }
      const result = { schema: {}, count: 1, cycle: void 0, path: _params.path };
      ctx.seen.set(schema2, result);
      ctx.sharedDefsExtractedFor = void 0;
      ctx.sharedEmitDoneFor = void 0;
      const overrideSchema = schema2._zod.toJSONSchema?.();
      if (overrideSchema) {
        result.schema = overrideSchema;
      } else {
        const params = {
          ..._params,
          schemaPath: [..._params.schemaPath, schema2],
          path: _params.path
        };
        if (schema2._zod.processJSONSchema) {
          schema2._zod.processJSONSchema(ctx, result.schema, params);
        } else {
          const _json = result.schema;
          const processor = ctx.processors[def.type];
          if (!processor) {
            throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
          }
          processor(schema2, ctx, _json, params);
        }
        const parent = schema2._zod.parent;
        if (parent) {
          if (!result.ref)
            result.ref = parent;
          processSchema(parent, ctx, params);
          ctx.seen.get(parent).isParent = true;
        }
      }
      const meta = ctx.metadataRegistry.get(schema2);
      if (meta)
        assignProps(result.schema, meta);
      if (ctx.io === "input" && isTransforming(schema2)) {
        delete result.schema.examples;
        delete result.schema.default;
      }
      if (ctx.io === "input" && "_prefault" in result.schema)
        (_a = result.schema).default ?? (_a.default = result.schema._prefault);
      delete result.schema._prefault;
      const _result = ctx.seen.get(schema2);
      return _result.schema;
    }
    function encodeJSONPointerSegment(segment) {
      return segment.replace(/~/g, "~0").replace(/\//g, "~1");
    }
    function extractDefs(ctx, schema2) {
      const root = ctx.seen.get(schema2);
      if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
      if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
        return;
      const idToSchema = /* @__PURE__ */ new Map();
      for (const entry of ctx.seen.entries()) {
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
          const existing = idToSchema.get(id);
          if (existing && existing !== entry[0]) {
            throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
          }
          idToSchema.set(id, entry[0]);
        }
      }
      const makeURI = (entry) => {
        const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
        if (ctx.external) {
          const externalId = ctx.external.registry.get(entry[0])?.id;
          const uriGenerator = ctx.external.uri ?? ((id2) => id2);
          if (externalId) {
            return { ref: uriGenerator(externalId) };
          }
          const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
          entry[1].defId = id;
          return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
        }
        const uriPrefix = `#`;
        const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
        if (entry[1] === root && !entry[1].schema.id) {
          return { ref: uriPrefix };
        }
        const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
        return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
      };
      const extractToDef = (entry) => {
        if (entry[1].schema.$ref) {
          return;
        }
        const seen = entry[1];
        const { ref, defId } = makeURI(entry);
        seen.def = { ...seen.schema };
        if (defId)
          seen.defId = defId;
        const schema3 = seen.schema;
        for (const key in schema3) {
          delete schema3[key];
        }
        schema3.$ref = ref;
      };
      if (ctx.cycles === "throw") {
        for (const entry of ctx.seen.entries()) {
          const seen = entry[1];
          if (seen.cycle) {
            throw new Error(`Cycle detected: #/${seen.cycle?.join("/")}/<root>

Set the \`cycles\` parameter to \`"ref"\` to resolve cyclical schemas with defs.`);
          }
        }
      }
      for (const entry of ctx.seen.entries()) {
        const seen = entry[1];
        if (schema2 === entry[0]) {
          extractToDef(entry);
          continue;
        }
        if (ctx.external) {
          const ext = ctx.external.registry.get(entry[0])?.id;
          if (schema2 !== entry[0] && ext) {
            extractToDef(entry);
            continue;
          }
        }
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
          extractToDef(entry);
          continue;
        }
        if (seen.cycle) {
          extractToDef(entry);
          continue;
        }
        if (seen.count > 1) {
          if (ctx.reused === "ref") {
            extractToDef(entry);
          }
        }
      }
      if (ctx.external)
        ctx.sharedDefsExtractedFor = ctx.external;
    }
    function compactTypeUnion(schema2) {
      const options = schema2.anyOf;
      if (!Array.isArray(options) || options.length === 0 || schema2.type !== void 0)
        return;
      const types2 = [];
      for (const option of options) {
        if (!option || typeof option !== "object")
          return;
        compactTypeUnion(option);
        const keys = Object.keys(option);
        if (keys.length !== 1 || keys[0] !== "type")
          return;
        const type2 = option.type;
        for (const member of Array.isArray(type2) ? type2 : [type2]) {
          if (typeof member !== "string")
            return;
          if (!types2.includes(member))
            types2.push(member);
        }
      }
      delete schema2.anyOf;
      schema2.type = types2.length === 1 ? types2[0] : types2;
    }
    var FOLDABLE_KEYS = /* @__PURE__ */ new Set(["type", "properties", "required", "additionalProperties"]);
    var UNION_KEYS = ["oneOf", "anyOf"];
    function undeclaredConstraint(member) {
      const extra = member.additionalProperties;
      if (extra === void 0 || extra === false || typeof extra !== "object" || extra === null)
        return null;
      return Object.keys(extra).length ? extra : null;
    }
    function foldObjects(members) {
      const objects = [];
      for (const member of members) {
        if (typeof member !== "object" || member.type !== "object")
          return null;
        for (const key in member) {
          if (!FOLDABLE_KEYS.has(key))
            return null;
        }
        objects.push(member);
      }
      const properties = {};
      const required = /* @__PURE__ */ new Set();
      for (const object of objects) {
        for (const key in object.properties) {
          if (Object.prototype.hasOwnProperty.call(properties, key))
            continue;
          const parts = [];
          for (const other of objects) {
            const part = other.properties?.[key] ?? undeclaredConstraint(other);
            if (part === null || part === void 0)
              continue;
            if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
              parts.push(part);
          }
          const merged = parts.length === 1 ? parts[0] : foldObjects(parts) ?? { allOf: parts };
          (0, util_js_1.assignProp)(properties, key, merged);
        }
        for (const key of object.required ?? [])
          required.add(key);
      }
      const folded = { type: "object", properties };
      if (required.size)
        folded.required = [...required];
      if (objects.every((object) => object.additionalProperties === false)) {
        folded.additionalProperties = false;
      } else {
        const constraints = [];
        for (const object of objects) {
          const constraint = undeclaredConstraint(object);
          if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
            constraints.push(constraint);
        }
        if (constraints.length === 1)
          folded.additionalProperties = constraints[0];
        else if (constraints.length > 1)
          folded.additionalProperties = { allOf: constraints };
      }
      return folded;
    }
    function foldIntersection(json2) {
      const allOf = json2.allOf;
      if (!Array.isArray(allOf) || allOf.length < 2)
        return;
      for (const key of FOLDABLE_KEYS)
        if (key in json2)
          return;
      const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
      let folded = null;
      if (!unions.length) {
        folded = foldObjects(allOf);
      } else {
        const union = unions[0];
        const keyword = UNION_KEYS.find((k) => Array.isArray(union[k]));
        if (Object.keys(union).length !== 1)
          return;
        const rest = allOf.filter((m) => m !== union);
        const branches = union[keyword].map((branch) => foldObjects([...rest, branch]));
        if (branches.some((b) => !b))
          return;
        folded = { [keyword]: branches };
      }
      if (!folded)
        return;
      delete json2.allOf;
      assignProps(json2, folded);
    }
    function finalize(ctx, schema2) {
      const root = ctx.seen.get(schema2);
      if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
      const flattenRef = (zodSchema) => {
        const seen = ctx.seen.get(zodSchema);
        if (seen.ref === null)
          return;
        const schema3 = seen.def ?? seen.schema;
        const _cached = { ...schema3 };
        const ref = seen.ref;
        seen.ref = null;
        if (ref) {
          flattenRef(ref);
          const refSeen = ctx.seen.get(ref);
          const refSchema = refSeen.schema;
          if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
            schema3.allOf = schema3.allOf ?? [];
            schema3.allOf.push(refSchema);
          } else {
            assignProps(schema3, refSchema);
          }
          assignProps(schema3, _cached);
          const isParentRef = zodSchema._zod.parent === ref;
          if (isParentRef) {
            for (const key in schema3) {
              if (key === "$ref" || key === "allOf")
                continue;
              if (!(key in _cached)) {
                delete schema3[key];
              }
            }
          }
          if (refSchema.$ref && refSeen.def) {
            for (const key in schema3) {
              if (key === "$ref" || key === "allOf")
                continue;
              if (key in refSeen.def && JSON.stringify(schema3[key]) === JSON.stringify(refSeen.def[key])) {
                delete schema3[key];
              }
            }
          }
        }
        const parent = zodSchema._zod.parent;
        if (parent && parent !== ref) {
          flattenRef(parent);
          const parentSeen = ctx.seen.get(parent);
          if (parentSeen?.schema.$ref) {
            schema3.$ref = parentSeen.schema.$ref;
            if (parentSeen.def) {
              for (const key in schema3) {
                if (key === "$ref" || key === "allOf")
                  continue;
                if (key in parentSeen.def && JSON.stringify(schema3[key]) === JSON.stringify(parentSeen.def[key])) {
                  delete schema3[key];
                }
              }
            }
          }
        }
        ctx.override({
          zodSchema,
          jsonSchema: schema3,
          path: seen.path ?? []
        });
      };
      if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of [...ctx.seen.entries()].reverse()) {
          flattenRef(entry[0]);
        }
        if (ctx.target !== "openapi-3.0") {
          for (const entry of ctx.seen.entries()) {
            compactTypeUnion(entry[1].def ?? entry[1].schema);
          }
        }
        for (const rewrite of ctx.deferred)
          rewrite();
        if (ctx.intersections.length) {
          const carriers = /* @__PURE__ */ new Map();
          for (const seen of ctx.seen.values()) {
            for (const json2 of [seen.schema, seen.def]) {
              const allOf = json2?.allOf;
              if (!Array.isArray(allOf))
                continue;
              const existing = carriers.get(allOf);
              if (existing)
                existing.push(json2);
              else
                carriers.set(allOf, [json2]);
            }
          }
          for (const allOf of ctx.intersections) {
            for (const json2 of carriers.get(allOf) ?? [])
              foldIntersection(json2);
          }
        }
      }
      const result = {};
      if (ctx.target === "draft-2020-12") {
        result.$schema = "https://json-schema.org/draft/2020-12/schema";
      } else if (ctx.target === "draft-07") {
        result.$schema = "http://json-schema.org/draft-07/schema#";
      } else if (ctx.target === "draft-04") {
        result.$schema = "http://json-schema.org/draft-04/schema#";
      } else if (ctx.target === "openapi-3.0") {
      } else {
      }
      if (ctx.external?.uri) {
        const id = ctx.external.registry.get(schema2)?.id;
        if (!id)
          throw new Error("Schema is missing an `id` property");
        result.$id = ctx.external.uri(id);
      }
      assignProps(result, root.defId ? root.schema : root.def ?? root.schema);
      const rootMetaId = ctx.metadataRegistry.get(schema2)?.id;
      if (rootMetaId !== void 0 && result.id === rootMetaId)
        delete result.id;
      const defs = ctx.external?.defs ?? {};
      if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of ctx.seen.entries()) {
          const seen = entry[1];
          if (seen.def && seen.defId) {
            if (seen.def.id === seen.defId)
              delete seen.def.id;
            (0, util_js_1.assignProp)(defs, seen.defId, seen.def);
          }
        }
      }
      if (ctx.external)
        ctx.sharedEmitDoneFor = ctx.external;
      if (ctx.external) {
      } else {
        if (Object.keys(defs).length > 0) {
          if (ctx.target === "draft-2020-12") {
            result.$defs = defs;
          } else {
            result.definitions = defs;
          }
        }
      }
      try {
        const finalized = JSON.parse(JSON.stringify(result));
        Object.defineProperty(finalized, "~standard", {
          value: {
            ...schema2["~standard"],
            jsonSchema: {
              input: (0, exports.createStandardJSONSchemaMethod)(schema2, "input", ctx.processors),
              output: (0, exports.createStandardJSONSchemaMethod)(schema2, "output", ctx.processors)
            }
          },
          enumerable: false,
          writable: false
        });
        return finalized;
      } catch (_err) {
        throw new Error("Error converting schema to JSON.");
      }
    }
    function isTransforming(_schema, _ctx) {
      const ctx = _ctx ?? { seen: /* @__PURE__ */ new Set() };
      if (ctx.seen.has(_schema))
        return false;
      ctx.seen.add(_schema);
      const def = _schema._zod.def;
      if (def.type === "transform")
        return true;
      if (def.type === "array")
        return isTransforming(def.element, ctx);
      if (def.type === "set")
        return isTransforming(def.valueType, ctx);
      if (def.type === "lazy")
        return isTransforming(def.getter(), ctx);
      if (def.type === "promise" || def.type === "optional" || def.type === "nonoptional" || def.type === "nullable" || def.type === "readonly" || def.type === "default" || def.type === "prefault" || def.type === "catch") {
        return isTransforming(def.innerType, ctx);
      }
      if (def.type === "intersection") {
        return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
      }
      if (def.type === "record" || def.type === "map") {
        return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
      }
      if (def.type === "pipe") {
        if (_schema._zod.traits.has("$ZodCodec"))
          return true;
        return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
      }
      if (def.type === "object") {
        for (const key in def.shape) {
          if (isTransforming(def.shape[key], ctx))
            return true;
        }
        return false;
      }
      if (def.type === "union") {
        for (const option of def.options) {
          if (isTransforming(option, ctx))
            return true;
        }
        return false;
      }
      if (def.type === "tuple") {
        for (const item of def.items) {
          if (isTransforming(item, ctx))
            return true;
        }
        if (def.rest && isTransforming(def.rest, ctx))
          return true;
        return false;
      }
      return false;
    }
    var createToJSONSchemaMethod = (schema2, processors = {}) => (params) => {
      const ctx = initializeContext({ ...params, processors });
      processSchema(schema2, ctx);
      extractDefs(ctx, schema2);
      return finalize(ctx, schema2);
    };
    exports.createToJSONSchemaMethod = createToJSONSchemaMethod;
    var createStandardJSONSchemaMethod = (schema2, io, processors = {}) => (params) => {
      const { libraryOptions, target } = params ?? {};
      const ctx = initializeContext({ ...libraryOptions ?? {}, target, io, processors });
      processSchema(schema2, ctx);
      extractDefs(ctx, schema2);
      return finalize(ctx, schema2);
    };
    exports.createStandardJSONSchemaMethod = createStandardJSONSchemaMethod;
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/json-schema-processors.cjs
var require_json_schema_processors = __commonJS({
  "node_modules/zod/v4/core/json-schema-processors.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.allProcessors = exports.lazyProcessor = exports.optionalProcessor = exports.promiseProcessor = exports.readonlyProcessor = exports.pipeProcessor = exports.catchProcessor = exports.prefaultProcessor = exports.defaultProcessor = exports.nonoptionalProcessor = exports.nullableProcessor = exports.recordProcessor = exports.tupleProcessor = exports.intersectionProcessor = exports.unionProcessor = exports.objectProcessor = exports.arrayProcessor = exports.setProcessor = exports.mapProcessor = exports.transformProcessor = exports.functionProcessor = exports.customProcessor = exports.successProcessor = exports.fileProcessor = exports.templateLiteralProcessor = exports.nanProcessor = exports.literalProcessor = exports.enumProcessor = exports.dateProcessor = exports.unknownProcessor = exports.anyProcessor = exports.neverProcessor = exports.voidProcessor = exports.undefinedProcessor = exports.nullProcessor = exports.symbolProcessor = exports.bigintProcessor = exports.booleanProcessor = exports.numberProcessor = exports.stringProcessor = void 0;
    exports.aggregateChecks = aggregateChecks;
    exports.toJSONSchema = toJSONSchema;
    var regexes = __importStar(require_regexes());
    var schemas_js_1 = require_schemas();
    var to_json_schema_js_1 = require_to_json_schema();
    var util_js_1 = require_util();
    var narrowMin = (agg, key, value) => {
      if (agg[key] === void 0 || value > agg[key])
        agg[key] = value;
    };
    var narrowMax = (agg, key, value) => {
      if (agg[key] === void 0 || value < agg[key])
        agg[key] = value;
    };
    var narrowBoth = (agg, value) => {
      narrowMin(agg, "minimum", value);
      narrowMax(agg, "maximum", value);
    };
    var addDivisor = (agg, value) => {
      agg.multipleOf ?? (agg.multipleOf = []);
      if (!agg.multipleOf.includes(value))
        agg.multipleOf.push(value);
    };
    var addPattern = (agg, pattern) => {
      agg.patterns ?? (agg.patterns = /* @__PURE__ */ new Set());
      agg.patterns.add(pattern);
    };
    var intersectMime = (agg, mime) => {
      agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
    };
    var setFormat = (agg, format) => {
      agg.format = format;
      if (format.includes("int"))
        agg.isInt = true;
    };
    var minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
    var maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
    var formatContributor = (ranges) => (agg, def) => {
      setFormat(agg, def.format);
      const [minimum, maximum] = ranges[def.format];
      narrowMin(agg, "minimum", minimum);
      narrowMax(agg, "maximum", maximum);
    };
    var contributors = {
      greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
      less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
      multiple_of: (agg, def) => addDivisor(agg, def.value),
      number_format: formatContributor(util_js_1.NUMBER_FORMAT_RANGES),
      bigint_format: formatContributor(util_js_1.BIGINT_FORMAT_RANGES),
      min_length: minContributor,
      max_length: maxContributor,
      length_equals: (agg, def) => narrowBoth(agg, def.length),
      min_size: minContributor,
      max_size: maxContributor,
      size_equals: (agg, def) => narrowBoth(agg, def.size),
      string_format: (agg, def) => {
        setFormat(agg, def.format);
        if (def.pattern)
          addPattern(agg, def.pattern);
        if (def.format === "base64" || def.format === "base64url")
          agg.contentEncoding = def.format;
        if (def.local || def.precision === -1)
          agg.laxFormat = true;
      },
      mime_type: (agg, def) => intersectMime(agg, def.mime)
    };
    function aggregateChecks(schema2) {
      const agg = {};
      const def = schema2._zod.def;
      const list = schema2._zod.traits.has("$ZodCheck") ? [schema2, ...def.checks ?? []] : def.checks ?? [];
      for (const ch of list)
        contributors[ch._zod.def.check]?.(agg, ch._zod.def);
      const bag = schema2._zod.bag;
      if (bag.minimum !== void 0)
        narrowMin(agg, "minimum", bag.minimum);
      if (bag.exclusiveMinimum !== void 0)
        narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
      if (bag.maximum !== void 0)
        narrowMax(agg, "maximum", bag.maximum);
      if (bag.exclusiveMaximum !== void 0)
        narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
      if (bag.multipleOf !== void 0)
        addDivisor(agg, bag.multipleOf);
      if (bag.format !== void 0) {
        agg.format ?? (agg.format = bag.format);
        if (bag.format.includes("int"))
          agg.isInt = true;
      }
      if (bag.mime)
        intersectMime(agg, bag.mime);
      for (const pattern of bag.patterns ?? [])
        addPattern(agg, pattern);
      return agg;
    }
    var formatMap = {
      guid: "uuid",
      url: "uri",
      datetime: "date-time",
      json_string: "json-string",
      regex: ""
      // do not set
    };
    var exactPatterns = /* @__PURE__ */ new Map([
      [schemas_js_1.base64Charset, regexes.base64],
      [schemas_js_1.base64urlCharset, regexes.base64url]
    ]);
    var exactPattern = (p) => exactPatterns.get(p) ?? p;
    var stringProcessor = (schema2, ctx, _json, _params) => {
      const json2 = _json;
      json2.type = "string";
      const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema2);
      if (typeof minimum === "number")
        json2.minLength = minimum;
      if (typeof maximum === "number")
        json2.maxLength = maximum;
      if (format) {
        json2.format = formatMap[format] ?? format;
        if (json2.format === "")
          delete json2.format;
        if (format === "time" || laxFormat) {
          delete json2.format;
        }
      }
      if (contentEncoding)
        json2.contentEncoding = contentEncoding;
      if (patterns && patterns.size > 0) {
        const patternList = [...patterns].map(exactPattern);
        if (patternList.length === 1)
          json2.pattern = patternList[0].source;
        else if (patternList.length > 1) {
          json2.allOf = [
            ...patternList.map((regex) => ({
              ...ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0" ? { type: "string" } : {},
              pattern: regex.source
            }))
          ];
        }
      }
    };
    exports.stringProcessor = stringProcessor;
    var numberProcessor = (schema2, ctx, _json, params) => {
      const json2 = _json;
      const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema2);
      json2.type = isInt ? "integer" : "number";
      const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
      const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
      const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
      if (exMin) {
        if (legacy) {
          json2.minimum = exclusiveMinimum;
          json2.exclusiveMinimum = true;
        } else {
          json2.exclusiveMinimum = exclusiveMinimum;
        }
      } else if (typeof minimum === "number") {
        json2.minimum = minimum;
      }
      if (exMax) {
        if (legacy) {
          json2.maximum = exclusiveMaximum;
          json2.exclusiveMaximum = true;
        } else {
          json2.exclusiveMaximum = exclusiveMaximum;
        }
      } else if (typeof maximum === "number") {
        json2.maximum = maximum;
      }
      if (multipleOf) {
        const divisors = /* @__PURE__ */ new Set();
        for (const divisor of multipleOf) {
          if (Number.isFinite(divisor) && divisor !== 0)
            divisors.add(Math.abs(divisor));
          else
            (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
        }
        const [first, ...rest] = divisors;
        if (first !== void 0)
          json2.multipleOf = first;
        if (rest.length)
          json2.allOf = [...json2.allOf ?? [], ...rest.map((m) => ({ multipleOf: m }))];
      }
    };
    exports.numberProcessor = numberProcessor;
    var booleanProcessor = (_schema, _ctx, json2, _params) => {
      json2.type = "boolean";
    };
    exports.booleanProcessor = booleanProcessor;
    var bigintProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "BigInt cannot be represented in JSON Schema");
    };
    exports.bigintProcessor = bigintProcessor;
    var symbolProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Symbols cannot be represented in JSON Schema");
    };
    exports.symbolProcessor = symbolProcessor;
    var nullProcessor = (_schema, ctx, json2, _params) => {
      if (ctx.target === "openapi-3.0") {
        json2.type = "string";
        json2.nullable = true;
        json2.enum = [null];
      } else {
        json2.type = "null";
      }
    };
    exports.nullProcessor = nullProcessor;
    var undefinedProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Undefined cannot be represented in JSON Schema");
    };
    exports.undefinedProcessor = undefinedProcessor;
    var voidProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Void cannot be represented in JSON Schema");
    };
    exports.voidProcessor = voidProcessor;
    var neverProcessor = (_schema, _ctx, json2, _params) => {
      json2.not = {};
    };
    exports.neverProcessor = neverProcessor;
    var anyProcessor = (_schema, _ctx, _json, _params) => {
    };
    exports.anyProcessor = anyProcessor;
    var unknownProcessor = (_schema, _ctx, _json, _params) => {
    };
    exports.unknownProcessor = unknownProcessor;
    var dateProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Date cannot be represented in JSON Schema");
    };
    exports.dateProcessor = dateProcessor;
    var enumProcessor = (schema2, _ctx, json2, _params) => {
      const def = schema2._zod.def;
      const values = (0, util_js_1.getEnumValues)(def.entries);
      if (values.length === 0) {
        json2.not = {};
        return;
      }
      if (values.every((v) => typeof v === "number"))
        json2.type = "number";
      if (values.every((v) => typeof v === "string"))
        json2.type = "string";
      json2.enum = values;
    };
    exports.enumProcessor = enumProcessor;
    var literalProcessor = (schema2, ctx, json2, params) => {
      const def = schema2._zod.def;
      if (def.values.length === 0) {
        json2.not = {};
        return;
      }
      const vals = [];
      for (const val of def.values) {
        if (val === void 0) {
          if ((0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Literal `undefined` cannot be represented in JSON Schema"))
            return;
        } else if (typeof val === "bigint") {
          if ((0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "BigInt literals cannot be represented in JSON Schema"))
            return;
          vals.push(Number(val));
        } else {
          vals.push(val);
        }
      }
      if (vals.length === 0) {
      } else if (vals.length === 1) {
        const val = vals[0];
        json2.type = val === null ? "null" : typeof val;
        if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
          json2.enum = [val];
        } else {
          json2.const = val;
        }
      } else {
        if (vals.every((v) => typeof v === "number"))
          json2.type = "number";
        if (vals.every((v) => typeof v === "string"))
          json2.type = "string";
        if (vals.every((v) => typeof v === "boolean"))
          json2.type = "boolean";
        if (vals.every((v) => v === null))
          json2.type = "null";
        json2.enum = vals;
      }
    };
    exports.literalProcessor = literalProcessor;
    var nanProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "NaN cannot be represented in JSON Schema");
    };
    exports.nanProcessor = nanProcessor;
    var templateLiteralProcessor = (schema2, _ctx, json2, _params) => {
      const _json = json2;
      const pattern = schema2._zod.pattern;
      if (!pattern)
        throw new Error("Pattern not found in template literal");
      _json.type = "string";
      _json.pattern = pattern.source;
    };
    exports.templateLiteralProcessor = templateLiteralProcessor;
    var fileProcessor = (schema2, _ctx, json2, _params) => {
      const _json = json2;
      _json.type = "string";
      _json.format = "binary";
      _json.contentEncoding = "binary";
      const { minimum, maximum, mime } = aggregateChecks(schema2);
      if (minimum !== void 0)
        _json.minLength = minimum;
      if (maximum !== void 0)
        _json.maxLength = maximum;
      if (!mime)
        return;
      if (mime.length === 0)
        _json.not = {};
      else if (mime.length === 1)
        _json.contentMediaType = mime[0];
      else
        _json.anyOf = mime.map((m) => ({ contentMediaType: m }));
    };
    exports.fileProcessor = fileProcessor;
    var successProcessor = (_schema, _ctx, json2, _params) => {
      json2.type = "boolean";
    };
    exports.successProcessor = successProcessor;
    var customProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Custom types cannot be represented in JSON Schema");
    };
    exports.customProcessor = customProcessor;
    var functionProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Function types cannot be represented in JSON Schema");
    };
    exports.functionProcessor = functionProcessor;
    var transformProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Transforms cannot be represented in JSON Schema");
    };
    exports.transformProcessor = transformProcessor;
    var mapProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Map cannot be represented in JSON Schema");
    };
    exports.mapProcessor = mapProcessor;
    var setProcessor = (schema2, ctx, json2, params) => {
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Set cannot be represented in JSON Schema");
    };
    exports.setProcessor = setProcessor;
    var arrayProcessor = (schema2, ctx, _json, params) => {
      const json2 = _json;
      const def = schema2._zod.def;
      const { minimum, maximum } = aggregateChecks(schema2);
      if (typeof minimum === "number")
        json2.minItems = minimum;
      if (typeof maximum === "number")
        json2.maxItems = maximum;
      json2.type = "array";
      json2.items = (0, to_json_schema_js_1.processSchema)(def.element, ctx, {
        ...params,
        path: [...params.path, "items"]
      });
    };
    exports.arrayProcessor = arrayProcessor;
    function inputOptin(schema2) {
      const def = schema2._zod.def;
      if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
        return inputOptin(def.out);
      }
      if (def.type === "catch") {
        return inputOptin(def.innerType);
      }
      return schema2._zod.optin;
    }
    var objectProcessor = (schema2, ctx, _json, params) => {
      const json2 = _json;
      const def = schema2._zod.def;
      const shape = def.shape;
      const symbolKeys = Object.getOwnPropertySymbols(shape);
      if (symbolKeys.length && (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Symbol keys cannot be represented in JSON Schema")) {
        return;
      }
      json2.type = "object";
      json2.properties = {};
      for (const key in shape) {
        (0, util_js_1.assignProp)(json2.properties, key, (0, to_json_schema_js_1.processSchema)(shape[key], ctx, {
          ...params,
          path: [...params.path, "properties", key]
        }));
      }
      const requiredKeys = [];
      for (const key of Object.keys(shape)) {
        const field = def.shape[key];
        if (ctx.io === "input" ? inputOptin(field) === void 0 : field._zod.optout === void 0) {
          requiredKeys.push(key);
        }
      }
      if (requiredKeys.length > 0) {
        json2.required = requiredKeys;
      }
      if (def.catchall?._zod.def.type === "never") {
        json2.additionalProperties = false;
      } else if (!def.catchall) {
        if (ctx.io === "output")
          json2.additionalProperties = false;
      } else if (def.catchall) {
        json2.additionalProperties = (0, to_json_schema_js_1.processSchema)(def.catchall, ctx, {
          ...params,
          path: [...params.path, "additionalProperties"]
        });
      }
    };
    exports.objectProcessor = objectProcessor;
    var unionProcessor = (schema2, ctx, json2, params) => {
      const def = schema2._zod.def;
      const isExclusive = def.inclusive === false;
      const options = def.options.map((x, i) => (0, to_json_schema_js_1.processSchema)(x, ctx, {
        ...params,
        path: [...params.path, isExclusive ? "oneOf" : "anyOf", i]
      }));
      if (isExclusive) {
        json2.oneOf = options;
      } else {
        json2.anyOf = options;
      }
    };
    exports.unionProcessor = unionProcessor;
    var intersectionProcessor = (schema2, ctx, json2, params) => {
      const def = schema2._zod.def;
      const a = (0, to_json_schema_js_1.processSchema)(def.left, ctx, {
        ...params,
        path: [...params.path, "allOf", 0]
      });
      const b = (0, to_json_schema_js_1.processSchema)(def.right, ctx, {
        ...params,
        path: [...params.path, "allOf", 1]
      });
      const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
      const allOf = [
        ...isSimpleIntersection(a) ? a.allOf : [a],
        ...isSimpleIntersection(b) ? b.allOf : [b]
      ];
      json2.allOf = allOf;
      ctx.intersections.push(allOf);
    };
    exports.intersectionProcessor = intersectionProcessor;
    var tupleProcessor = (schema2, ctx, _json, params) => {
      const json2 = _json;
      const def = schema2._zod.def;
      json2.type = "array";
      const prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
      const restPath = ctx.target === "draft-2020-12" ? "items" : ctx.target === "openapi-3.0" ? "items" : "additionalItems";
      const prefixItems = def.items.map((x, i) => (0, to_json_schema_js_1.processSchema)(x, ctx, {
        ...params,
        path: [...params.path, prefixPath, i]
      }));
      const rest = def.rest ? (0, to_json_schema_js_1.processSchema)(def.rest, ctx, {
        ...params,
        path: [...params.path, restPath, ...ctx.target === "openapi-3.0" ? [def.items.length] : []]
      }) : null;
      let minItems = def.items.length;
      while (minItems > 0) {
        const item = def.items[minItems - 1];
        const optional = ctx.io === "input" ? inputOptin(item) !== void 0 : item._zod.optout === "optional";
        if (!optional)
          break;
        minItems--;
      }
      const maxItems = def.items.length;
      const isClosed = !def.rest;
      if (ctx.target === "draft-2020-12") {
        json2.prefixItems = prefixItems;
        if (isClosed) {
          json2.items = false;
        } else if (rest) {
          json2.items = rest;
        }
        if (minItems > 0)
          json2.minItems = minItems;
        if (isClosed)
          json2.maxItems = maxItems;
      } else if (ctx.target === "openapi-3.0") {
        json2.items = {
          anyOf: prefixItems
        };
        if (rest) {
          json2.items.anyOf.push(rest);
        }
        if (minItems > 0)
          json2.minItems = minItems;
        if (isClosed)
          json2.maxItems = maxItems;
      } else {
        json2.items = prefixItems;
        if (isClosed) {
          json2.additionalItems = false;
        } else if (rest) {
          json2.additionalItems = rest;
        }
        if (minItems > 0)
          json2.minItems = minItems;
        if (isClosed)
          json2.maxItems = maxItems;
      }
      const { minimum, maximum } = aggregateChecks(schema2);
      if (typeof minimum === "number")
        json2.minItems = minimum;
      if (typeof maximum === "number")
        json2.maxItems = maximum;
    };
    exports.tupleProcessor = tupleProcessor;
    function stringifyKeyNames(bySchema, json2, visited) {
      if (json2.$ref) {
        if (visited.has(json2))
          return json2;
        visited.add(json2);
        const def = bySchema.get(json2)?.def;
        if (!def)
          return json2;
        const inlined = stringifyKeyNames(bySchema, def, visited);
        return inlined === def ? json2 : inlined;
      }
      for (const keyword of ["anyOf", "oneOf"]) {
        const branches = json2[keyword];
        if (!Array.isArray(branches))
          continue;
        const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
        if (mapped.some((branch, i) => branch !== branches[i]))
          json2 = { ...json2, [keyword]: mapped };
      }
      const types2 = Array.isArray(json2.type) ? json2.type : [json2.type];
      const numericType = !types2.includes("string") && types2.some((t) => t === "number" || t === "integer");
      const values = json2.enum ?? (json2.const !== void 0 ? [json2.const] : void 0);
      if (!numericType && !values?.some((v) => typeof v === "number"))
        return json2;
      const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json2;
      if (rest.enum)
        rest.enum = rest.enum.map((v) => typeof v === "number" ? String(v) : v);
      else if (typeof rest.const === "number")
        rest.const = String(rest.const);
      if (!numericType)
        return rest;
      rest.type = "string";
      if (!values)
        rest.pattern = (types2.includes("number") ? regexes.number : regexes.integer).source;
      return rest;
    }
    var pendingRecords = /* @__PURE__ */ new WeakMap();
    function rewriteKeyNames(ctx) {
      const bySchema = /* @__PURE__ */ new Map();
      for (const entry of ctx.seen.values()) {
        if (entry.def && !bySchema.has(entry.schema))
          bySchema.set(entry.schema, entry);
      }
      const rewrites = /* @__PURE__ */ new Map();
      for (const record of pendingRecords.get(ctx) ?? []) {
        const seen = ctx.seen.get(record);
        const names = (seen?.def ?? seen?.schema)?.propertyNames;
        if (!names || names === true || rewrites.has(names))
          continue;
        const rewritten = stringifyKeyNames(bySchema, names, /* @__PURE__ */ new Set());
        if (rewritten !== names)
          rewrites.set(names, rewritten);
      }
      if (!rewrites.size)
        return;
      for (const entry of ctx.seen.values()) {
        for (const carrier of [entry.schema, entry.def]) {
          const rewritten = carrier && rewrites.get(carrier.propertyNames);
          if (rewritten)
            carrier.propertyNames = rewritten;
        }
      }
    }
    var recordProcessor = (schema2, ctx, _json, params) => {
      const json2 = _json;
      const def = schema2._zod.def;
      json2.type = "object";
      const keyType = def.keyType;
      const patterns = aggregateChecks(keyType).patterns;
      if (def.mode === "loose" && patterns && patterns.size > 0) {
        const valueSchema = (0, to_json_schema_js_1.processSchema)(def.valueType, ctx, {
          ...params,
          path: [...params.path, "patternProperties", "*"]
        });
        json2.patternProperties = {};
        for (const pattern of patterns) {
          (0, util_js_1.assignProp)(json2.patternProperties, exactPattern(pattern).source, valueSchema);
        }
      } else {
        if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
          json2.propertyNames = (0, to_json_schema_js_1.processSchema)(def.keyType, ctx, {
            ...params,
            path: [...params.path, "propertyNames"]
          });
          let pending = pendingRecords.get(ctx);
          if (!pending) {
            pending = [];
            pendingRecords.set(ctx, pending);
            ctx.deferred.push(() => rewriteKeyNames(ctx));
          }
          pending.push(schema2);
        }
        json2.additionalProperties = (0, to_json_schema_js_1.processSchema)(def.valueType, ctx, {
          ...params,
          path: [...params.path, "additionalProperties"]
        });
      }
      const keyValues = keyType._zod.values;
      const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== void 0;
      if (keyValues && !def.partial && !omittableOnInput) {
        const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
        if (validKeyValues.length > 0) {
          json2.required = validKeyValues.map(String);
        }
      }
    };
    exports.recordProcessor = recordProcessor;
    var nullableProcessor = (schema2, ctx, json2, params) => {
      const def = schema2._zod.def;
      const inner = (0, to_json_schema_js_1.processSchema)(def.innerType, ctx, params);
      const seen = ctx.seen.get(schema2);
      if (ctx.target === "openapi-3.0") {
        seen.ref = def.innerType;
        json2.nullable = true;
      } else {
        json2.anyOf = [inner, { type: "null" }];
      }
    };
    exports.nullableProcessor = nullableProcessor;
    var nonoptionalProcessor = (schema2, ctx, _json, params) => {
      const def = schema2._zod.def;
      (0, to_json_schema_js_1.processSchema)(def.innerType, ctx, params);
      const seen = ctx.seen.get(schema2);
      seen.ref = def.innerType;
    };
    exports.nonoptionalProcessor = nonoptionalProcessor;
    var UNREPRESENTABLE_DEFAULT = /* @__PURE__ */ Symbol();
    function serializeDefaultValue(value, schema2, ctx, json2, params) {
      let unrepresentable = false;
      const serialized = JSON.stringify(value, (_, val) => {
        if (typeof val !== "bigint")
          return val;
        unrepresentable = true;
        return null;
      });
      if (!unrepresentable)
        return JSON.parse(serialized);
      (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "BigInt defaults cannot be represented in JSON Schema");
      return UNREPRESENTABLE_DEFAULT;
    }
    var defaultProcessor = (schema2, ctx, json2, params) => {
      const def = schema2._zod.def;
      (0, to_json_schema_js_1.processSchema)(def.innerType, ctx, params);
      const seen = ctx.seen.get(schema2);
      seen.ref = def.innerType;
      const value = serializeDefaultValue(def.defaultValue, schema2, ctx, json2, params);
      if (value !== UNREPRESENTABLE_DEFAULT)
        json2.default = value;
    };
    exports.defaultProcessor = defaultProcessor;
    var prefaultProcessor = (schema2, ctx, json2, params) => {
      const def = schema2._zod.def;
      (0, to_json_schema_js_1.processSchema)(def.innerType, ctx, params);
      const seen = ctx.seen.get(schema2);
      seen.ref = def.innerType;
      if (ctx.io !== "input")
        return;
      const value = serializeDefaultValue(def.defaultValue, schema2, ctx, json2, params);
      if (value !== UNREPRESENTABLE_DEFAULT)
        json2._prefault = value;
    };
    exports.prefaultProcessor = prefaultProcessor;
    var catchProcessor = (schema2, ctx, json2, params) => {
      const def = schema2._zod.def;
      (0, to_json_schema_js_1.processSchema)(def.innerType, ctx, params);
      const seen = ctx.seen.get(schema2);
      seen.ref = def.innerType;
      let catchValue;
      try {
        catchValue = def.catchValue(void 0);
      } catch {
        (0, to_json_schema_js_1.handleUnrepresentable)(schema2, ctx, json2, params, "Dynamic catch values are not supported in JSON Schema");
        return;
      }
      json2.default = catchValue;
    };
    exports.catchProcessor = catchProcessor;
    var pipeProcessor = (schema2, ctx, _json, params) => {
      const def = schema2._zod.def;
      const inIsTransform = def.in._zod.traits.has("$ZodTransform");
      const innerType = ctx.io === "input" ? inIsTransform ? def.out : def.in : def.out;
      (0, to_json_schema_js_1.processSchema)(innerType, ctx, params);
      const seen = ctx.seen.get(schema2);
      seen.ref = innerType;
    };
    exports.pipeProcessor = pipeProcessor;
    var readonlyProcessor = (schema2, ctx, json2, params) => {
      const def = schema2._zod.def;
      (0, to_json_schema_js_1.processSchema)(def.innerType, ctx, params);
      const seen = ctx.seen.get(schema2);
      seen.ref = def.innerType;
      json2.readOnly = true;
    };
    exports.readonlyProcessor = readonlyProcessor;
    var promiseProcessor = (schema2, ctx, _json, params) => {
      const def = schema2._zod.def;
      (0, to_json_schema_js_1.processSchema)(def.innerType, ctx, params);
      const seen = ctx.seen.get(schema2);
      seen.ref = def.innerType;
    };
    exports.promiseProcessor = promiseProcessor;
    var optionalProcessor = (schema2, ctx, _json, params) => {
      const def = schema2._zod.def;
      (0, to_json_schema_js_1.processSchema)(def.innerType, ctx, params);
      const seen = ctx.seen.get(schema2);
      seen.ref = def.innerType;
    };
    exports.optionalProcessor = optionalProcessor;
    var lazyProcessor = (schema2, ctx, _json, params) => {
      const innerType = schema2._zod.innerType;
      (0, to_json_schema_js_1.processSchema)(innerType, ctx, params);
      const seen = ctx.seen.get(schema2);
      seen.ref = innerType;
    };
    exports.lazyProcessor = lazyProcessor;
    exports.allProcessors = {
      string: exports.stringProcessor,
      number: exports.numberProcessor,
      boolean: exports.booleanProcessor,
      bigint: exports.bigintProcessor,
      symbol: exports.symbolProcessor,
      null: exports.nullProcessor,
      undefined: exports.undefinedProcessor,
      void: exports.voidProcessor,
      never: exports.neverProcessor,
      any: exports.anyProcessor,
      unknown: exports.unknownProcessor,
      date: exports.dateProcessor,
      enum: exports.enumProcessor,
      literal: exports.literalProcessor,
      nan: exports.nanProcessor,
      template_literal: exports.templateLiteralProcessor,
      file: exports.fileProcessor,
      success: exports.successProcessor,
      custom: exports.customProcessor,
      function: exports.functionProcessor,
      transform: exports.transformProcessor,
      map: exports.mapProcessor,
      set: exports.setProcessor,
      array: exports.arrayProcessor,
      object: exports.objectProcessor,
      union: exports.unionProcessor,
      intersection: exports.intersectionProcessor,
      tuple: exports.tupleProcessor,
      record: exports.recordProcessor,
      nullable: exports.nullableProcessor,
      nonoptional: exports.nonoptionalProcessor,
      default: exports.defaultProcessor,
      prefault: exports.prefaultProcessor,
      catch: exports.catchProcessor,
      pipe: exports.pipeProcessor,
      readonly: exports.readonlyProcessor,
      promise: exports.promiseProcessor,
      optional: exports.optionalProcessor,
      lazy: exports.lazyProcessor
    };
    function toJSONSchema(input, params) {
      if ("_idmap" in input) {
        const registry = input;
        const ctx2 = (0, to_json_schema_js_1.initializeContext)({ ...params, processors: exports.allProcessors });
        const defs = {};
        for (const entry of registry._idmap.entries()) {
          const [_, schema2] = entry;
          (0, to_json_schema_js_1.processSchema)(schema2, ctx2);
        }
        const schemas = {};
        const external = {
          registry,
          uri: params?.uri,
          defs
        };
        ctx2.external = external;
        for (const entry of registry._idmap.entries()) {
          const [key, schema2] = entry;
          (0, to_json_schema_js_1.extractDefs)(ctx2, schema2);
          (0, util_js_1.assignProp)(schemas, key, (0, to_json_schema_js_1.finalize)(ctx2, schema2));
        }
        if (Object.keys(defs).length > 0) {
          const defsSegment = ctx2.target === "draft-2020-12" ? "$defs" : "definitions";
          schemas.__shared = {
            [defsSegment]: defs
          };
        }
        return { schemas };
      }
      const ctx = (0, to_json_schema_js_1.initializeContext)({ ...params, processors: exports.allProcessors });
      (0, to_json_schema_js_1.processSchema)(input, ctx);
      (0, to_json_schema_js_1.extractDefs)(ctx, input);
      return (0, to_json_schema_js_1.finalize)(ctx, input);
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/json-schema-generator.cjs
var require_json_schema_generator = __commonJS({
  "node_modules/zod/v4/core/json-schema-generator.cjs"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.JSONSchemaGenerator = void 0;
    var json_schema_processors_js_1 = require_json_schema_processors();
    var to_json_schema_js_1 = require_to_json_schema();
    var JSONSchemaGenerator = class {
      /** @deprecated Access via ctx instead */
      get metadataRegistry() {
        return this.ctx.metadataRegistry;
      }
      /** @deprecated Access via ctx instead */
      get target() {
        return this.ctx.target;
      }
      // annotated so the .d.cts emits an indexed access rather than an inline `import()` of an ESM path
      /** @deprecated Access via ctx instead */
      get unrepresentable() {
        return this.ctx.unrepresentable;
      }
      /** @deprecated Access via ctx instead */
      get override() {
        return this.ctx.override;
      }
      /** @deprecated Access via ctx instead */
      get io() {
        return this.ctx.io;
      }
      /** @deprecated Access via ctx instead */
      get counter() {
        return this.ctx.counter;
      }
      set counter(value) {
        this.ctx.counter = value;
      }
      /** @deprecated Access via ctx instead */
      get seen() {
        return this.ctx.seen;
      }
      constructor(params) {
        let normalizedTarget = params?.target ?? "draft-2020-12";
        if (normalizedTarget === "draft-4")
          normalizedTarget = "draft-04";
        if (normalizedTarget === "draft-7")
          normalizedTarget = "draft-07";
        this.ctx = (0, to_json_schema_js_1.initializeContext)({
          processors: json_schema_processors_js_1.allProcessors,
          target: normalizedTarget,
          ...params?.metadata && { metadata: params.metadata },
          ...params?.unrepresentable && { unrepresentable: params.unrepresentable },
          ...params?.override && { override: params.override },
          ...params?.io && { io: params.io }
        });
      }
      /**
       * Process a schema to prepare it for JSON Schema generation.
       * This must be called before emit().
       */
      process(schema2, _params = { path: [], schemaPath: [] }) {
        return (0, to_json_schema_js_1.processSchema)(schema2, this.ctx, _params);
      }
      /**
       * Emit the final JSON Schema after processing.
       * Must call process() first.
       */
      emit(schema2, _params) {
        if (_params) {
          if (_params.cycles)
            this.ctx.cycles = _params.cycles;
          if (_params.reused)
            this.ctx.reused = _params.reused;
          if (_params.external)
            this.ctx.external = _params.external;
        }
        this.ctx.sharedDefsExtractedFor = void 0;
        this.ctx.sharedEmitDoneFor = void 0;
        (0, to_json_schema_js_1.extractDefs)(this.ctx, schema2);
        const result = (0, to_json_schema_js_1.finalize)(this.ctx, schema2);
        const { "~standard": _, ...plainResult } = result;
        return plainResult;
      }
    };
    exports.JSONSchemaGenerator = JSONSchemaGenerator;
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/json-schema.cjs
var require_json_schema = __commonJS({
  "node_modules/zod/v4/core/json-schema.cjs"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/index.cjs
var require_core2 = __commonJS({
  "node_modules/zod/v4/core/index.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __exportStar = exports && exports.__exportStar || function(m, exports2) {
      for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports2, p)) __createBinding(exports2, m, p);
    };
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.JSONSchema = exports.JSONSchemaGenerator = exports.toJSONSchema = exports.locales = exports.regexes = exports.toZod = exports.util = void 0;
    __exportStar(require_core(), exports);
    __exportStar(require_parse(), exports);
    __exportStar(require_errors(), exports);
    __exportStar(require_schemas(), exports);
    __exportStar(require_memoizer(), exports);
    __exportStar(require_checks(), exports);
    __exportStar(require_versions(), exports);
    exports.util = __importStar(require_util());
    var util_js_1 = require_util();
    Object.defineProperty(exports, "toZod", { enumerable: true, get: function() {
      return util_js_1.toZod;
    } });
    exports.regexes = __importStar(require_regexes());
    exports.locales = __importStar(require_zod_locales());
    __exportStar(require_registries(), exports);
    __exportStar(require_doc(), exports);
    __exportStar(require_compile(), exports);
    __exportStar(require_api(), exports);
    __exportStar(require_to_json_schema(), exports);
    var json_schema_processors_js_1 = require_json_schema_processors();
    Object.defineProperty(exports, "toJSONSchema", { enumerable: true, get: function() {
      return json_schema_processors_js_1.toJSONSchema;
    } });
    var json_schema_generator_js_1 = require_json_schema_generator();
    Object.defineProperty(exports, "JSONSchemaGenerator", { enumerable: true, get: function() {
      return json_schema_generator_js_1.JSONSchemaGenerator;
    } });
    exports.JSONSchema = __importStar(require_json_schema());
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/checks.cjs
var require_checks2 = __commonJS({
  "node_modules/zod/v4/classic/checks.cjs"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.slugify = exports.toUpperCase = exports.toLowerCase = exports.trim = exports.normalize = exports.overwrite = exports.mime = exports.properties = exports.property = exports.endsWith = exports.startsWith = exports.includes = exports.uppercase = exports.lowercase = exports.regex = exports.length = exports.minLength = exports.maxLength = exports.size = exports.minSize = exports.maxSize = exports.multipleOf = exports.nonnegative = exports.nonpositive = exports.negative = exports.positive = exports.gte = exports.gt = exports.lte = exports.lt = void 0;
    var index_js_1 = require_core2();
    Object.defineProperty(exports, "lt", { enumerable: true, get: function() {
      return index_js_1._lt;
    } });
    Object.defineProperty(exports, "lte", { enumerable: true, get: function() {
      return index_js_1._lte;
    } });
    Object.defineProperty(exports, "gt", { enumerable: true, get: function() {
      return index_js_1._gt;
    } });
    Object.defineProperty(exports, "gte", { enumerable: true, get: function() {
      return index_js_1._gte;
    } });
    Object.defineProperty(exports, "positive", { enumerable: true, get: function() {
      return index_js_1._positive;
    } });
    Object.defineProperty(exports, "negative", { enumerable: true, get: function() {
      return index_js_1._negative;
    } });
    Object.defineProperty(exports, "nonpositive", { enumerable: true, get: function() {
      return index_js_1._nonpositive;
    } });
    Object.defineProperty(exports, "nonnegative", { enumerable: true, get: function() {
      return index_js_1._nonnegative;
    } });
    Object.defineProperty(exports, "multipleOf", { enumerable: true, get: function() {
      return index_js_1._multipleOf;
    } });
    Object.defineProperty(exports, "maxSize", { enumerable: true, get: function() {
      return index_js_1._maxSize;
    } });
    Object.defineProperty(exports, "minSize", { enumerable: true, get: function() {
      return index_js_1._minSize;
    } });
    Object.defineProperty(exports, "size", { enumerable: true, get: function() {
      return index_js_1._size;
    } });
    Object.defineProperty(exports, "maxLength", { enumerable: true, get: function() {
      return index_js_1._maxLength;
    } });
    Object.defineProperty(exports, "minLength", { enumerable: true, get: function() {
      return index_js_1._minLength;
    } });
    Object.defineProperty(exports, "length", { enumerable: true, get: function() {
      return index_js_1._length;
    } });
    Object.defineProperty(exports, "regex", { enumerable: true, get: function() {
      return index_js_1._regex;
    } });
    Object.defineProperty(exports, "lowercase", { enumerable: true, get: function() {
      return index_js_1._lowercase;
    } });
    Object.defineProperty(exports, "uppercase", { enumerable: true, get: function() {
      return index_js_1._uppercase;
    } });
    Object.defineProperty(exports, "includes", { enumerable: true, get: function() {
      return index_js_1._includes;
    } });
    Object.defineProperty(exports, "startsWith", { enumerable: true, get: function() {
      return index_js_1._startsWith;
    } });
    Object.defineProperty(exports, "endsWith", { enumerable: true, get: function() {
      return index_js_1._endsWith;
    } });
    Object.defineProperty(exports, "property", { enumerable: true, get: function() {
      return index_js_1._property;
    } });
    Object.defineProperty(exports, "properties", { enumerable: true, get: function() {
      return index_js_1._properties;
    } });
    Object.defineProperty(exports, "mime", { enumerable: true, get: function() {
      return index_js_1._mime;
    } });
    Object.defineProperty(exports, "overwrite", { enumerable: true, get: function() {
      return index_js_1._overwrite;
    } });
    Object.defineProperty(exports, "normalize", { enumerable: true, get: function() {
      return index_js_1._normalize;
    } });
    Object.defineProperty(exports, "trim", { enumerable: true, get: function() {
      return index_js_1._trim;
    } });
    Object.defineProperty(exports, "toLowerCase", { enumerable: true, get: function() {
      return index_js_1._toLowerCase;
    } });
    Object.defineProperty(exports, "toUpperCase", { enumerable: true, get: function() {
      return index_js_1._toUpperCase;
    } });
    Object.defineProperty(exports, "slugify", { enumerable: true, get: function() {
      return index_js_1._slugify;
    } });
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/errors.cjs
var require_errors2 = __commonJS({
  "node_modules/zod/v4/classic/errors.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.ZodRealError = exports.ZodError = void 0;
    var core2 = __importStar(require_core2());
    var index_js_1 = require_core2();
    var util = __importStar(require_util());
    var _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
    function _lazyMethod(proto, key, make) {
      Object.defineProperty(proto, key, {
        configurable: true,
        enumerable: false,
        get() {
          const value = make(this);
          Object.defineProperty(this, key, { value, configurable: true, writable: true });
          return value;
        },
        set(value) {
          Object.defineProperty(this, key, { value, configurable: true, writable: true });
        }
      });
    }
    var initializer = (inst, issues) => {
      index_js_1.$ZodError.init(inst, issues);
      inst.name = "ZodError";
      const proto = Object.getPrototypeOf(inst);
      if (_installedErrorProtos.has(proto))
        return;
      _installedErrorProtos.add(proto);
      _lazyMethod(proto, "format", (self) => (mapper) => core2.formatError(self, mapper));
      _lazyMethod(proto, "flatten", (self) => (mapper) => core2.flattenError(self, mapper));
      _lazyMethod(proto, "addIssue", (self) => (issue) => {
        self.issues.push(issue);
        self.message = JSON.stringify(self.issues, util.jsonStringifyReplacer, 2);
      });
      _lazyMethod(proto, "addIssues", (self) => (issues2) => {
        self.issues.push(...issues2);
        self.message = JSON.stringify(self.issues, util.jsonStringifyReplacer, 2);
      });
      Object.defineProperty(proto, "isEmpty", {
        configurable: true,
        enumerable: false,
        get() {
          return this.issues.length === 0;
        }
      });
    };
    exports.ZodError = core2.$constructor("ZodError", initializer);
    exports.ZodRealError = core2.$constructor("ZodError", initializer, void 0, {
      Parent: Error
    });
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/parse.cjs
var require_parse2 = __commonJS({
  "node_modules/zod/v4/classic/parse.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.safeDecodeAsync = exports.safeEncodeAsync = exports.safeDecode = exports.safeEncode = exports.decodeAsync = exports.encodeAsync = exports.decode = exports.encode = exports.validateAsync = exports.validate = exports.safeParseAsync = exports.safeParse = exports.parseAsync = exports.parse = void 0;
    var core2 = __importStar(require_core2());
    var errors_js_1 = require_errors2();
    exports.parse = core2._parse(errors_js_1.ZodRealError);
    exports.parseAsync = core2._parseAsync(errors_js_1.ZodRealError);
    exports.safeParse = core2._safeParse(errors_js_1.ZodRealError);
    exports.safeParseAsync = core2._safeParseAsync(errors_js_1.ZodRealError);
    var index_js_1 = require_core2();
    Object.defineProperty(exports, "validate", { enumerable: true, get: function() {
      return index_js_1.validate;
    } });
    Object.defineProperty(exports, "validateAsync", { enumerable: true, get: function() {
      return index_js_1.validateAsync;
    } });
    exports.encode = core2._encode(errors_js_1.ZodRealError);
    exports.decode = core2._decode(errors_js_1.ZodRealError);
    exports.encodeAsync = core2._encodeAsync(errors_js_1.ZodRealError);
    exports.decodeAsync = core2._decodeAsync(errors_js_1.ZodRealError);
    exports.safeEncode = core2._safeEncode(errors_js_1.ZodRealError);
    exports.safeDecode = core2._safeDecode(errors_js_1.ZodRealError);
    exports.safeEncodeAsync = core2._safeEncodeAsync(errors_js_1.ZodRealError);
    exports.safeDecodeAsync = core2._safeDecodeAsync(errors_js_1.ZodRealError);
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/schemas.cjs
var require_schemas2 = __commonJS({
  "node_modules/zod/v4/classic/schemas.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    var __importDefault = exports && exports.__importDefault || function(mod) {
      return mod && mod.__esModule ? mod : { "default": mod };
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.ZodIntersection = exports.ZodDiscriminatedUnion = exports.ZodXor = exports.ZodUnion = exports.ZodObject = exports.ZodArray = exports.ZodDate = exports.ZodVoid = exports.ZodNever = exports.ZodUnknown = exports.ZodAny = exports.ZodNull = exports.ZodUndefined = exports.ZodSymbol = exports.ZodBigIntFormat = exports.ZodBigInt = exports.ZodBoolean = exports.ZodNumberFormat = exports.ZodNumber = exports.ZodCustomStringFormat = exports.ZodJWT = exports.ZodIBAN = exports.ZodCreditCard = exports.ZodE164 = exports.ZodBase64URL = exports.ZodBase64 = exports.ZodCIDRv6 = exports.ZodCIDRv4 = exports.ZodIPv6 = exports.ZodMAC = exports.ZodIPv4 = exports.ZodKSUID = exports.ZodXID = exports.ZodULID = exports.ZodCUID2 = exports.ZodCUID = exports.ZodNanoID = exports.ZodEmoji = exports.ZodURL = exports.ZodUUID = exports.ZodGUID = exports.ZodEmail = exports.ZodISODuration = exports.ZodISOTime = exports.ZodISODate = exports.ZodISODateTime = exports.ZodStringFormat = exports.ZodString = exports._ZodString = exports.ZodType = void 0;
    exports.stringbool = exports.ZodInstanceOf = exports.meta = exports.describe = exports.ZodCustom = exports.ZodFunction = exports.ZodPromise = exports.ZodLazy = exports.ZodTemplateLiteral = exports.ZodReadonly = exports.ZodPreprocess = exports.ZodCodec = exports.ZodPipe = exports.ZodNaN = exports.ZodCatch = exports.ZodSuccess = exports.ZodNonOptional = exports.ZodPrefault = exports.ZodDefault = exports.ZodNullable = exports.ZodExactOptional = exports.ZodOptional = exports.ZodTransform = exports.ZodFile = exports.ZodLiteral = exports.ZodEnum = exports.ZodSet = exports.ZodMap = exports.ZodRecord = exports.ZodTuple = void 0;
    exports.string = string;
    exports.email = email;
    exports.guid = guid;
    exports.uuid = uuid;
    exports.uuidv4 = uuidv4;
    exports.uuidv6 = uuidv6;
    exports.uuidv7 = uuidv7;
    exports.url = url;
    exports.httpUrl = httpUrl;
    exports.emoji = emoji;
    exports.nanoid = nanoid;
    exports.cuid = cuid;
    exports.cuid2 = cuid2;
    exports.ulid = ulid;
    exports.xid = xid;
    exports.ksuid = ksuid;
    exports.ipv4 = ipv4;
    exports.mac = mac;
    exports.ipv6 = ipv6;
    exports.cidrv4 = cidrv4;
    exports.cidrv6 = cidrv6;
    exports.base64 = base64;
    exports.base64url = base64url;
    exports.e164 = e164;
    exports.creditCard = creditCard;
    exports.iban = iban;
    exports.jwt = jwt;
    exports.stringFormat = stringFormat;
    exports.hostname = hostname;
    exports.hex = hex;
    exports.currencyCode = currencyCode;
    exports.hash = hash;
    exports.number = number;
    exports.int = int2;
    exports.float32 = float32;
    exports.float64 = float64;
    exports.int32 = int32;
    exports.uint32 = uint32;
    exports.boolean = boolean;
    exports.bigint = bigint;
    exports.int64 = int64;
    exports.uint64 = uint64;
    exports.symbol = symbol;
    exports.undefined = _undefined;
    exports.null = _null2;
    exports.any = any;
    exports.unknown = unknown;
    exports.never = never;
    exports.void = _void;
    exports.date = date;
    exports.array = array;
    exports.keyof = keyof;
    exports.object = object;
    exports.strictObject = strictObject;
    exports.looseObject = looseObject;
    exports.union = union;
    exports.xor = xor;
    exports.discriminatedUnion = discriminatedUnion;
    exports.intersection = intersection;
    exports.tuple = tuple;
    exports.record = record;
    exports.partialRecord = partialRecord;
    exports.looseRecord = looseRecord;
    exports.map = map2;
    exports.set = set2;
    exports.enum = _enum;
    exports.nativeEnum = nativeEnum;
    exports.literal = literal;
    exports.file = file;
    exports.transform = transform;
    exports.optional = optional;
    exports.exactOptional = exactOptional;
    exports.nullable = nullable;
    exports.nullish = nullish;
    exports._default = _default2;
    exports.prefault = prefault;
    exports.nonoptional = nonoptional;
    exports.success = success;
    exports.catch = _catch;
    exports.nan = nan;
    exports.pipe = pipe;
    exports.codec = codec;
    exports.invertCodec = invertCodec;
    exports.readonly = readonly;
    exports.templateLiteral = templateLiteral;
    exports.lazy = lazy2;
    exports.promise = promise;
    exports._function = _function;
    exports.function = _function;
    exports._function = _function;
    exports.function = _function;
    exports.check = check;
    exports.custom = custom;
    exports.refine = refine;
    exports.superRefine = superRefine;
    exports.instanceof = _instanceof;
    exports.json = json2;
    exports.preprocess = preprocess;
    var core2 = __importStar(require_core2());
    var index_js_1 = require_core2();
    var processors = __importStar(require_json_schema_processors());
    var regexes = __importStar(require_regexes());
    var to_json_schema_js_1 = require_to_json_schema();
    var en_js_1 = __importDefault(require_en());
    var checks = __importStar(require_checks2());
    var parse = __importStar(require_parse2());
    function _ensureDefaultLocale() {
      if (!core2.globalConfig.localeError)
        core2.config((0, en_js_1.default)());
    }
    function _ensureDefaultMemoizer() {
      if (!core2.globalConfig.memoizer)
        core2.config({ memoizer: core2.memoizer() });
    }
    exports.ZodType = core2.$constructor("ZodType", (inst, def) => {
      _ensureDefaultLocale();
      core2.$ZodType.init(inst, def);
      inst.def = def;
      inst.type = def.type;
      return inst;
    }, {
      check(...chks) {
        const def = this.def;
        return this.clone(index_js_1.util.mergeDefs(def, {
          checks: [
            ...def.checks ?? [],
            ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch)
          ]
        }), { parent: true });
      },
      with(...chks) {
        return this.check(...chks);
      },
      clone(def, params) {
        return core2.clone(this, def, params);
      },
      brand() {
        return this;
      },
      register(reg, meta) {
        reg.add(this, meta);
        return this;
      },
      refine(check2, params) {
        return this.check(refine(check2, params));
      },
      superRefine(refinement, params) {
        return this.check(superRefine(refinement, params));
      },
      overwrite(fn) {
        return this.check(checks.overwrite(fn));
      },
      optional() {
        return optional(this);
      },
      exactOptional() {
        return exactOptional(this);
      },
      nullable() {
        return nullable(this);
      },
      nullish() {
        return optional(nullable(this));
      },
      nonoptional(params) {
        return nonoptional(this, params);
      },
      array() {
        return array(this);
      },
      or(arg) {
        return union([this, arg]);
      },
      and(arg) {
        return intersection(this, arg);
      },
      transform(tx) {
        return pipe(this, transform(tx));
      },
      default(d) {
        return _default2(this, d);
      },
      prefault(d) {
        return prefault(this, d);
      },
      catch(params) {
        return _catch(this, params);
      },
      pipe(target) {
        return pipe(this, target);
      },
      readonly() {
        return readonly(this);
      },
      describe(description) {
        const cl = this.clone();
        core2.globalRegistry.add(cl, { description });
        return cl;
      },
      meta(...args) {
        if (args.length === 0)
          return core2.globalRegistry.get(this);
        const cl = this.clone();
        core2.globalRegistry.add(cl, args[0]);
        return cl;
      },
      isOptional() {
        return this.safeParse(void 0).success;
      },
      isNullable() {
        return this.safeParse(null).success;
      },
      apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
      },
      // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
      get "~standard"() {
        return index_js_1.util.hide(this, "~standard", {
          ...core2.standardProps(this),
          jsonSchema: {
            input: (0, to_json_schema_js_1.createStandardJSONSchemaMethod)(this, "input"),
            output: (0, to_json_schema_js_1.createStandardJSONSchemaMethod)(this, "output")
          }
        });
      },
      set "~standard"(value) {
        index_js_1.util.own(this, "~standard", value);
      },
      parse: function _parse(data, params) {
        return parse.parse(this, data, params, { callee: _parse });
      },
      parseAsync: async function _parseAsync(data, params) {
        return await parse.parseAsync(this, data, params, { callee: _parseAsync });
      },
      safeParse(data, params) {
        return parse.safeParse(this, data, params);
      },
      async safeParseAsync(data, params) {
        return parse.safeParseAsync(this, data, params);
      },
      // `spa` is an alias: same function object as `safeParseAsync`, as before.
      get spa() {
        return this?.safeParseAsync;
      },
      set spa(value) {
        index_js_1.util.own(this, "spa", value);
      },
      validate(data, params) {
        return parse.validate(this, data, params);
      },
      validateAsync(data, params) {
        return parse.validateAsync(this, data, params);
      },
      encode: function _encode(data, params) {
        return parse.encode(this, data, params, { callee: _encode });
      },
      decode: function _decode(data, params) {
        return parse.decode(this, data, params, { callee: _decode });
      },
      encodeAsync: async function _encodeAsync(data, params) {
        return await parse.encodeAsync(this, data, params, { callee: _encodeAsync });
      },
      decodeAsync: async function _decodeAsync(data, params) {
        return await parse.decodeAsync(this, data, params, { callee: _decodeAsync });
      },
      safeEncode(data, params) {
        return parse.safeEncode(this, data, params);
      },
      safeDecode(data, params) {
        return parse.safeDecode(this, data, params);
      },
      async safeEncodeAsync(data, params) {
        return parse.safeEncodeAsync(this, data, params);
      },
      async safeDecodeAsync(data, params) {
        return parse.safeDecodeAsync(this, data, params);
      },
      toJSONSchema(params) {
        return (0, to_json_schema_js_1.createToJSONSchemaMethod)(this, {})(params);
      },
      // Reads through to the registry on every access, so it must not cache.
      get description() {
        return core2.globalRegistry.get(this)?.description;
      },
      // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
      get _def() {
        return this._zod.def;
      }
    });
    exports._ZodString = core2.$constructor(
      "_ZodString",
      (inst, def) => {
        core2.$ZodString.init(inst, def);
        exports.ZodType.init(inst, def);
        inst._zod.processJSONSchema = (ctx, json3, params) => processors.stringProcessor(inst, ctx, json3, params);
      },
      /* @__PURE__ */ index_js_1.util.derived({
        format: (inst) => processors.aggregateChecks(inst).format ?? null,
        minLength: (inst) => processors.aggregateChecks(inst).minimum ?? null,
        maxLength: (inst) => processors.aggregateChecks(inst).maximum ?? null
      }, {
        regex(...args) {
          return this.check(checks.regex(...args));
        },
        includes(...args) {
          return this.check(checks.includes(...args));
        },
        startsWith(...args) {
          return this.check(checks.startsWith(...args));
        },
        endsWith(...args) {
          return this.check(checks.endsWith(...args));
        },
        min(...args) {
          return this.check(checks.minLength(...args));
        },
        max(...args) {
          return this.check(checks.maxLength(...args));
        },
        length(...args) {
          return this.check(checks.length(...args));
        },
        nonempty(...args) {
          return this.check(checks.minLength(1, ...args));
        },
        lowercase(params) {
          return this.check(checks.lowercase(params));
        },
        uppercase(params) {
          return this.check(checks.uppercase(params));
        },
        trim() {
          return this.check(checks.trim());
        },
        normalize(...args) {
          return this.check(checks.normalize(...args));
        },
        toLowerCase() {
          return this.check(checks.toLowerCase());
        },
        toUpperCase() {
          return this.check(checks.toUpperCase());
        },
        slugify() {
          return this.check(checks.slugify());
        }
      })
    );
    exports.ZodString = core2.$constructor("ZodString", (inst, def) => {
      core2.$ZodString.init(inst, def);
      exports._ZodString.init(inst, def);
    }, {
      email(params) {
        return this.check(core2._email(exports.ZodEmail, params));
      },
      url(params) {
        return this.check(core2._url(exports.ZodURL, params));
      },
      jwt(params) {
        return this.check(core2._jwt(exports.ZodJWT, params));
      },
      emoji(params) {
        return this.check(core2._emoji(exports.ZodEmoji, params));
      },
      guid(params) {
        return this.check(core2._guid(exports.ZodGUID, params));
      },
      uuid(params) {
        return this.check(core2._uuid(exports.ZodUUID, params));
      },
      uuidv4(params) {
        return this.check(core2._uuidv4(exports.ZodUUID, params));
      },
      uuidv6(params) {
        return this.check(core2._uuidv6(exports.ZodUUID, params));
      },
      uuidv7(params) {
        return this.check(core2._uuidv7(exports.ZodUUID, params));
      },
      nanoid(params) {
        return this.check(core2._nanoid(exports.ZodNanoID, params));
      },
      cuid(params) {
        return this.check(core2._cuid(exports.ZodCUID, params));
      },
      cuid2(params) {
        return this.check(core2._cuid2(exports.ZodCUID2, params));
      },
      ulid(params) {
        return this.check(core2._ulid(exports.ZodULID, params));
      },
      base64(params) {
        return this.check(core2._base64(exports.ZodBase64, params));
      },
      base64url(params) {
        return this.check(core2._base64url(exports.ZodBase64URL, params));
      },
      xid(params) {
        return this.check(core2._xid(exports.ZodXID, params));
      },
      ksuid(params) {
        return this.check(core2._ksuid(exports.ZodKSUID, params));
      },
      ipv4(params) {
        return this.check(core2._ipv4(exports.ZodIPv4, params));
      },
      ipv6(params) {
        return this.check(core2._ipv6(exports.ZodIPv6, params));
      },
      cidrv4(params) {
        return this.check(core2._cidrv4(exports.ZodCIDRv4, params));
      },
      cidrv6(params) {
        return this.check(core2._cidrv6(exports.ZodCIDRv6, params));
      },
      e164(params) {
        return this.check(core2._e164(exports.ZodE164, params));
      },
      datetime(params) {
        return this.check(core2._isoDateTime(exports.ZodISODateTime, params));
      },
      date(params) {
        return this.check(core2._isoDate(exports.ZodISODate, params));
      },
      time(params) {
        return this.check(core2._isoTime(exports.ZodISOTime, params));
      },
      duration(params) {
        return this.check(core2._isoDuration(exports.ZodISODuration, params));
      }
    });
    function string(params) {
      return core2._string(exports.ZodString, params);
    }
    exports.ZodStringFormat = core2.$constructor("ZodStringFormat", (inst, def) => {
      core2.$ZodStringFormat.init(inst, def);
      exports._ZodString.init(inst, def);
    });
    exports.ZodISODateTime = core2.$constructor("ZodISODateTime", (inst, def) => {
      core2.$ZodISODateTime.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    exports.ZodISODate = core2.$constructor("ZodISODate", (inst, def) => {
      core2.$ZodISODate.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    exports.ZodISOTime = core2.$constructor("ZodISOTime", (inst, def) => {
      core2.$ZodISOTime.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    exports.ZodISODuration = core2.$constructor("ZodISODuration", (inst, def) => {
      core2.$ZodISODuration.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    exports.ZodEmail = core2.$constructor("ZodEmail", (inst, def) => {
      core2.$ZodEmail.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function email(params) {
      return core2._email(exports.ZodEmail, params);
    }
    exports.ZodGUID = core2.$constructor("ZodGUID", (inst, def) => {
      core2.$ZodGUID.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function guid(params) {
      return core2._guid(exports.ZodGUID, params);
    }
    exports.ZodUUID = core2.$constructor("ZodUUID", (inst, def) => {
      core2.$ZodUUID.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function uuid(params) {
      return core2._uuid(exports.ZodUUID, params);
    }
    function uuidv4(params) {
      return core2._uuidv4(exports.ZodUUID, params);
    }
    function uuidv6(params) {
      return core2._uuidv6(exports.ZodUUID, params);
    }
    function uuidv7(params) {
      return core2._uuidv7(exports.ZodUUID, params);
    }
    exports.ZodURL = core2.$constructor("ZodURL", (inst, def) => {
      core2.$ZodURL.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function url(params) {
      return core2._url(exports.ZodURL, params);
    }
    function httpUrl(params) {
      return core2._url(exports.ZodURL, {
        protocol: regexes.httpProtocol,
        hostname: regexes.domain,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodEmoji = core2.$constructor("ZodEmoji", (inst, def) => {
      core2.$ZodEmoji.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function emoji(params) {
      return core2._emoji(exports.ZodEmoji, params);
    }
    exports.ZodNanoID = core2.$constructor("ZodNanoID", (inst, def) => {
      core2.$ZodNanoID.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function nanoid(params) {
      return core2._nanoid(exports.ZodNanoID, params);
    }
    exports.ZodCUID = core2.$constructor("ZodCUID", (inst, def) => {
      core2.$ZodCUID.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function cuid(params) {
      return core2._cuid(exports.ZodCUID, params);
    }
    exports.ZodCUID2 = core2.$constructor("ZodCUID2", (inst, def) => {
      core2.$ZodCUID2.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function cuid2(params) {
      return core2._cuid2(exports.ZodCUID2, params);
    }
    exports.ZodULID = core2.$constructor("ZodULID", (inst, def) => {
      core2.$ZodULID.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function ulid(params) {
      return core2._ulid(exports.ZodULID, params);
    }
    exports.ZodXID = core2.$constructor("ZodXID", (inst, def) => {
      core2.$ZodXID.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function xid(params) {
      return core2._xid(exports.ZodXID, params);
    }
    exports.ZodKSUID = core2.$constructor("ZodKSUID", (inst, def) => {
      core2.$ZodKSUID.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function ksuid(params) {
      return core2._ksuid(exports.ZodKSUID, params);
    }
    exports.ZodIPv4 = core2.$constructor("ZodIPv4", (inst, def) => {
      core2.$ZodIPv4.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function ipv4(params) {
      return core2._ipv4(exports.ZodIPv4, params);
    }
    exports.ZodMAC = core2.$constructor("ZodMAC", (inst, def) => {
      core2.$ZodMAC.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function mac(params) {
      return core2._mac(exports.ZodMAC, params);
    }
    exports.ZodIPv6 = core2.$constructor("ZodIPv6", (inst, def) => {
      core2.$ZodIPv6.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function ipv6(params) {
      return core2._ipv6(exports.ZodIPv6, params);
    }
    exports.ZodCIDRv4 = core2.$constructor("ZodCIDRv4", (inst, def) => {
      core2.$ZodCIDRv4.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function cidrv4(params) {
      return core2._cidrv4(exports.ZodCIDRv4, params);
    }
    exports.ZodCIDRv6 = core2.$constructor("ZodCIDRv6", (inst, def) => {
      core2.$ZodCIDRv6.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function cidrv6(params) {
      return core2._cidrv6(exports.ZodCIDRv6, params);
    }
    exports.ZodBase64 = core2.$constructor("ZodBase64", (inst, def) => {
      core2.$ZodBase64.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function base64(params) {
      return core2._base64(exports.ZodBase64, params);
    }
    exports.ZodBase64URL = core2.$constructor("ZodBase64URL", (inst, def) => {
      core2.$ZodBase64URL.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function base64url(params) {
      return core2._base64url(exports.ZodBase64URL, params);
    }
    exports.ZodE164 = core2.$constructor("ZodE164", (inst, def) => {
      core2.$ZodE164.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function e164(params) {
      return core2._e164(exports.ZodE164, params);
    }
    exports.ZodCreditCard = core2.$constructor("ZodCreditCard", (inst, def) => {
      core2.$ZodCreditCard.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function creditCard(params) {
      return core2._creditCard(exports.ZodCreditCard, params);
    }
    exports.ZodIBAN = core2.$constructor("ZodIBAN", (inst, def) => {
      core2.$ZodIBAN.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function iban(params) {
      return core2._iban(exports.ZodIBAN, params);
    }
    exports.ZodJWT = core2.$constructor("ZodJWT", (inst, def) => {
      core2.$ZodJWT.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function jwt(params) {
      return core2._jwt(exports.ZodJWT, params);
    }
    exports.ZodCustomStringFormat = core2.$constructor("ZodCustomStringFormat", (inst, def) => {
      core2.$ZodCustomStringFormat.init(inst, def);
      exports.ZodStringFormat.init(inst, def);
    });
    function stringFormat(format, fnOrRegex, _params = {}) {
      return core2._stringFormat(exports.ZodCustomStringFormat, format, fnOrRegex, _params);
    }
    function hostname(_params) {
      return core2._stringFormat(exports.ZodCustomStringFormat, "hostname", regexes.hostname, _params);
    }
    function hex(_params) {
      return core2._stringFormat(exports.ZodCustomStringFormat, "hex", regexes.hex, _params);
    }
    function currencyCode(_params) {
      return core2._stringFormat(exports.ZodCustomStringFormat, "currency_code", regexes.currencyCode, _params);
    }
    function hash(alg, params) {
      const enc = params?.enc ?? "hex";
      const format = `${alg}_${enc}`;
      const regex = core2.regexes[format];
      if (!regex)
        throw new Error(`Unrecognized hash format: ${format}`);
      return core2._stringFormat(exports.ZodCustomStringFormat, format, regex, params);
    }
    exports.ZodNumber = core2.$constructor(
      "ZodNumber",
      (inst, def) => {
        core2.$ZodNumber.init(inst, def);
        exports.ZodType.init(inst, def);
        inst._zod.processJSONSchema = (ctx, json3, params) => processors.numberProcessor(inst, ctx, json3, params);
        inst.isFinite = true;
      },
      /* @__PURE__ */ index_js_1.util.derived({
        minValue: (inst) => {
          const { minimum, exclusiveMinimum } = processors.aggregateChecks(inst);
          return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
        },
        maxValue: (inst) => {
          const { maximum, exclusiveMaximum } = processors.aggregateChecks(inst);
          return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
        },
        isInt: (inst) => {
          const { isInt, multipleOf } = processors.aggregateChecks(inst);
          return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
        },
        format: (inst) => processors.aggregateChecks(inst).format ?? null
      }, {
        gt(value, params) {
          return this.check(checks.gt(value, params));
        },
        gte(value, params) {
          return this.check(checks.gte(value, params));
        },
        min(value, params) {
          return this.check(checks.gte(value, params));
        },
        lt(value, params) {
          return this.check(checks.lt(value, params));
        },
        lte(value, params) {
          return this.check(checks.lte(value, params));
        },
        max(value, params) {
          return this.check(checks.lte(value, params));
        },
        int(params) {
          return this.check(int2(params));
        },
        safe(params) {
          return this.check(int2(params));
        },
        positive(params) {
          return this.check(checks.gt(0, params));
        },
        nonnegative(params) {
          return this.check(checks.gte(0, params));
        },
        negative(params) {
          return this.check(checks.lt(0, params));
        },
        nonpositive(params) {
          return this.check(checks.lte(0, params));
        },
        multipleOf(value, params) {
          return this.check(checks.multipleOf(value, params));
        },
        step(value, params) {
          return this.check(checks.multipleOf(value, params));
        },
        finite() {
          return this;
        }
      })
    );
    function number(params) {
      return core2._number(exports.ZodNumber, params);
    }
    exports.ZodNumberFormat = core2.$constructor("ZodNumberFormat", (inst, def) => {
      core2.$ZodNumberFormat.init(inst, def);
      exports.ZodNumber.init(inst, def);
    });
    function int2(params) {
      return core2._int(exports.ZodNumberFormat, params);
    }
    function float32(params) {
      return core2._float32(exports.ZodNumberFormat, params);
    }
    function float64(params) {
      return core2._float64(exports.ZodNumberFormat, params);
    }
    function int32(params) {
      return core2._int32(exports.ZodNumberFormat, params);
    }
    function uint32(params) {
      return core2._uint32(exports.ZodNumberFormat, params);
    }
    exports.ZodBoolean = core2.$constructor("ZodBoolean", (inst, def) => {
      core2.$ZodBoolean.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.booleanProcessor(inst, ctx, json3, params);
    });
    function boolean(params) {
      return core2._boolean(exports.ZodBoolean, params);
    }
    exports.ZodBigInt = core2.$constructor(
      "ZodBigInt",
      (inst, def) => {
        core2.$ZodBigInt.init(inst, def);
        exports.ZodType.init(inst, def);
        inst._zod.processJSONSchema = (ctx, json3, params) => processors.bigintProcessor(inst, ctx, json3, params);
      },
      /* @__PURE__ */ index_js_1.util.derived({
        minValue: (inst) => processors.aggregateChecks(inst).minimum ?? null,
        maxValue: (inst) => processors.aggregateChecks(inst).maximum ?? null,
        format: (inst) => processors.aggregateChecks(inst).format ?? null
      }, {
        gte(value, params) {
          return this.check(checks.gte(value, params));
        },
        min(value, params) {
          return this.check(checks.gte(value, params));
        },
        gt(value, params) {
          return this.check(checks.gt(value, params));
        },
        lt(value, params) {
          return this.check(checks.lt(value, params));
        },
        lte(value, params) {
          return this.check(checks.lte(value, params));
        },
        max(value, params) {
          return this.check(checks.lte(value, params));
        },
        positive(params) {
          return this.check(checks.gt(BigInt(0), params));
        },
        negative(params) {
          return this.check(checks.lt(BigInt(0), params));
        },
        nonpositive(params) {
          return this.check(checks.lte(BigInt(0), params));
        },
        nonnegative(params) {
          return this.check(checks.gte(BigInt(0), params));
        },
        multipleOf(value, params) {
          return this.check(checks.multipleOf(value, params));
        }
      })
    );
    function bigint(params) {
      return core2._bigint(exports.ZodBigInt, params);
    }
    exports.ZodBigIntFormat = core2.$constructor("ZodBigIntFormat", (inst, def) => {
      core2.$ZodBigIntFormat.init(inst, def);
      exports.ZodBigInt.init(inst, def);
    });
    function int64(params) {
      return core2._int64(exports.ZodBigIntFormat, params);
    }
    function uint64(params) {
      return core2._uint64(exports.ZodBigIntFormat, params);
    }
    exports.ZodSymbol = core2.$constructor("ZodSymbol", (inst, def) => {
      core2.$ZodSymbol.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.symbolProcessor(inst, ctx, json3, params);
    });
    function symbol(params) {
      return core2._symbol(exports.ZodSymbol, params);
    }
    exports.ZodUndefined = core2.$constructor("ZodUndefined", (inst, def) => {
      core2.$ZodUndefined.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.undefinedProcessor(inst, ctx, json3, params);
    });
    function _undefined(params) {
      return core2._undefined(exports.ZodUndefined, params);
    }
    exports.ZodNull = core2.$constructor("ZodNull", (inst, def) => {
      core2.$ZodNull.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.nullProcessor(inst, ctx, json3, params);
    });
    function _null2(params) {
      return core2._null(exports.ZodNull, params);
    }
    exports.ZodAny = core2.$constructor("ZodAny", (inst, def) => {
      core2.$ZodAny.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.anyProcessor(inst, ctx, json3, params);
    });
    function any() {
      return core2._any(exports.ZodAny);
    }
    exports.ZodUnknown = core2.$constructor("ZodUnknown", (inst, def) => {
      core2.$ZodUnknown.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.unknownProcessor(inst, ctx, json3, params);
    });
    function unknown() {
      return core2._unknown(exports.ZodUnknown);
    }
    exports.ZodNever = core2.$constructor("ZodNever", (inst, def) => {
      core2.$ZodNever.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.neverProcessor(inst, ctx, json3, params);
    });
    function never(params) {
      return core2._never(exports.ZodNever, params);
    }
    exports.ZodVoid = core2.$constructor("ZodVoid", (inst, def) => {
      core2.$ZodVoid.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.voidProcessor(inst, ctx, json3, params);
    });
    function _void(params) {
      return core2._void(exports.ZodVoid, params);
    }
    exports.ZodDate = core2.$constructor(
      "ZodDate",
      (inst, def) => {
        core2.$ZodDate.init(inst, def);
        exports.ZodType.init(inst, def);
        inst._zod.processJSONSchema = (ctx, json3, params) => processors.dateProcessor(inst, ctx, json3, params);
        inst.min = (value, params) => inst.check(checks.gte(value, params));
        inst.max = (value, params) => inst.check(checks.lte(value, params));
      },
      /* @__PURE__ */ index_js_1.util.derived({
        minDate: (inst) => {
          const { minimum } = processors.aggregateChecks(inst);
          return minimum ? new Date(minimum) : null;
        },
        maxDate: (inst) => {
          const { maximum } = processors.aggregateChecks(inst);
          return maximum ? new Date(maximum) : null;
        }
      }, {})
    );
    function date(params) {
      return core2._date(exports.ZodDate, params);
    }
    exports.ZodArray = core2.$constructor("ZodArray", (inst, def) => {
      _ensureDefaultMemoizer();
      core2.$ZodArray.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.arrayProcessor(inst, ctx, json3, params);
      inst.element = def.element;
    }, {
      min(n, params) {
        return this.check(checks.minLength(n, params));
      },
      nonempty(params) {
        return this.check(checks.minLength(1, params));
      },
      max(n, params) {
        return this.check(checks.maxLength(n, params));
      },
      length(n, params) {
        return this.check(checks.length(n, params));
      },
      unwrap() {
        return this.element;
      }
    });
    function array(element, params) {
      return core2._array(exports.ZodArray, element, params);
    }
    function keyof(schema2) {
      const shape = schema2._zod.def.shape;
      return _enum(Object.keys(shape));
    }
    exports.ZodObject = core2.$constructor("ZodObject", (inst, def) => {
      _ensureDefaultMemoizer();
      core2.$ZodObjectJIT.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.objectProcessor(inst, ctx, json3, params);
      index_js_1.util.installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
    }, {
      keyof() {
        return _enum(Object.keys(this._zod.def.shape));
      },
      catchall(catchall) {
        return this.clone(index_js_1.util.mergeDefs(this._zod.def, { catchall }));
      },
      passthrough() {
        return this.clone(index_js_1.util.mergeDefs(this._zod.def, { catchall: unknown() }));
      },
      loose() {
        return this.clone(index_js_1.util.mergeDefs(this._zod.def, { catchall: unknown() }));
      },
      strict() {
        return this.clone(index_js_1.util.mergeDefs(this._zod.def, { catchall: never() }));
      },
      strip() {
        return this.clone(index_js_1.util.mergeDefs(this._zod.def, { catchall: void 0 }));
      },
      extend(incoming) {
        return index_js_1.util.extend(this, incoming);
      },
      safeExtend(incoming) {
        return index_js_1.util.safeExtend(this, incoming);
      },
      merge(other) {
        return index_js_1.util.merge(this, other);
      },
      pick(mask) {
        return index_js_1.util.pick(this, mask);
      },
      omit(mask) {
        return index_js_1.util.omit(this, mask);
      },
      partial(...args) {
        return index_js_1.util.partial(exports.ZodOptional, this, args[0]);
      },
      exactPartial(...args) {
        return index_js_1.util.partial(exports.ZodExactOptional, this, args[0], "exactPartial");
      },
      required(...args) {
        return index_js_1.util.required(exports.ZodNonOptional, this, args[0]);
      }
    });
    function object(shape, params) {
      const def = {
        type: "object",
        shape: shape ?? {},
        ...index_js_1.util.normalizeParams(params)
      };
      return new exports.ZodObject(def);
    }
    function strictObject(shape, params) {
      return new exports.ZodObject({
        type: "object",
        shape,
        catchall: never(),
        ...index_js_1.util.normalizeParams(params)
      });
    }
    function looseObject(shape, params) {
      return new exports.ZodObject({
        type: "object",
        shape,
        catchall: unknown(),
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodUnion = core2.$constructor("ZodUnion", (inst, def) => {
      core2.$ZodUnion.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.unionProcessor(inst, ctx, json3, params);
      inst.options = def.options;
    });
    function union(options, params) {
      return new exports.ZodUnion({
        type: "union",
        options,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodXor = core2.$constructor("ZodXor", (inst, def) => {
      exports.ZodUnion.init(inst, def);
      core2.$ZodXor.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.unionProcessor(inst, ctx, json3, params);
      inst.options = def.options;
    });
    function xor(options, params) {
      return new exports.ZodXor({
        type: "union",
        options,
        inclusive: false,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodDiscriminatedUnion = core2.$constructor("ZodDiscriminatedUnion", (inst, def) => {
      exports.ZodUnion.init(inst, def);
      core2.$ZodDiscriminatedUnion.init(inst, def);
    });
    function discriminatedUnion(discriminator, options, params) {
      return new exports.ZodDiscriminatedUnion({
        type: "union",
        options,
        discriminator,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodIntersection = core2.$constructor("ZodIntersection", (inst, def) => {
      core2.$ZodIntersection.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.intersectionProcessor(inst, ctx, json3, params);
    });
    function intersection(left, right) {
      return new exports.ZodIntersection({
        type: "intersection",
        left,
        right
      });
    }
    exports.ZodTuple = core2.$constructor("ZodTuple", (inst, def) => {
      _ensureDefaultMemoizer();
      core2.$ZodTuple.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.tupleProcessor(inst, ctx, json3, params);
    }, {
      rest(rest) {
        return this.clone({
          ...this._zod.def,
          rest
        });
      },
      partial() {
        const def = this._zod.def;
        if (def.checks?.length)
          throw new Error(".partial() cannot be used on tuple schemas containing refinements");
        return this.clone({
          ...def,
          items: def.items.map((item) => new exports.ZodOptional({ type: "optional", innerType: item }))
        });
      }
    });
    function tuple(items, _paramsOrRest, _params) {
      const hasRest = _paramsOrRest instanceof core2.$ZodType;
      const params = hasRest ? _params : _paramsOrRest;
      const rest = hasRest ? _paramsOrRest : null;
      return new exports.ZodTuple({
        type: "tuple",
        items,
        rest,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodRecord = core2.$constructor("ZodRecord", (inst, def) => {
      _ensureDefaultMemoizer();
      core2.$ZodRecord.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.recordProcessor(inst, ctx, json3, params);
      inst.keyType = def.keyType;
      inst.valueType = def.valueType;
    });
    function record(keyType, valueType, params) {
      if (!valueType || !valueType._zod) {
        return new exports.ZodRecord({
          type: "record",
          keyType: string(),
          valueType: keyType,
          ...index_js_1.util.normalizeParams(valueType)
        });
      }
      return new exports.ZodRecord({
        type: "record",
        keyType,
        valueType,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    function partialRecord(keyType, valueType, params) {
      return new exports.ZodRecord({
        type: "record",
        keyType,
        valueType,
        ...index_js_1.util.normalizeParams(params),
        partial: true
      });
    }
    function looseRecord(keyType, valueType, params) {
      return new exports.ZodRecord({
        type: "record",
        keyType,
        valueType,
        mode: "loose",
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodMap = core2.$constructor("ZodMap", (inst, def) => {
      _ensureDefaultMemoizer();
      core2.$ZodMap.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.mapProcessor(inst, ctx, json3, params);
      inst.keyType = def.keyType;
      inst.valueType = def.valueType;
      inst.min = (...args) => inst.check(core2._minSize(...args));
      inst.nonempty = (params) => inst.check(core2._minSize(1, params));
      inst.max = (...args) => inst.check(core2._maxSize(...args));
      inst.size = (...args) => inst.check(core2._size(...args));
    });
    function map2(keyType, valueType, params) {
      return new exports.ZodMap({
        type: "map",
        keyType,
        valueType,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodSet = core2.$constructor("ZodSet", (inst, def) => {
      _ensureDefaultMemoizer();
      core2.$ZodSet.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.setProcessor(inst, ctx, json3, params);
      inst.min = (...args) => inst.check(core2._minSize(...args));
      inst.nonempty = (params) => inst.check(core2._minSize(1, params));
      inst.max = (...args) => inst.check(core2._maxSize(...args));
      inst.size = (...args) => inst.check(core2._size(...args));
    });
    function set2(valueType, params) {
      return new exports.ZodSet({
        type: "set",
        valueType,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodEnum = core2.$constructor("ZodEnum", (inst, def) => {
      core2.$ZodEnum.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.enumProcessor(inst, ctx, json3, params);
      inst.enum = def.entries;
      inst.options = [...inst._zod.values];
      const keys = new Set(Object.keys(def.entries));
      inst.extract = (values, params) => {
        const newEntries = {};
        for (const value of values) {
          if (keys.has(value)) {
            newEntries[value] = def.entries[value];
          } else
            throw new Error(`Key ${value} not found in enum`);
        }
        return new exports.ZodEnum({
          ...def,
          checks: [],
          ...index_js_1.util.normalizeParams(params),
          entries: newEntries
        });
      };
      inst.exclude = (values, params) => {
        const newEntries = { ...def.entries };
        for (const value of values) {
          if (keys.has(value)) {
            delete newEntries[value];
          } else
            throw new Error(`Key ${value} not found in enum`);
        }
        return new exports.ZodEnum({
          ...def,
          checks: [],
          ...index_js_1.util.normalizeParams(params),
          entries: newEntries
        });
      };
    });
    function _enum(values, params) {
      const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
      return new exports.ZodEnum({
        type: "enum",
        entries,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    function nativeEnum(entries, params) {
      return new exports.ZodEnum({
        type: "enum",
        entries,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodLiteral = core2.$constructor("ZodLiteral", (inst, def) => {
      core2.$ZodLiteral.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.literalProcessor(inst, ctx, json3, params);
      inst.values = new Set(def.values);
      Object.defineProperty(inst, "value", {
        get() {
          if (def.values.length > 1) {
            throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
          }
          return def.values[0];
        }
      });
    });
    function literal(value, params) {
      return new exports.ZodLiteral({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodFile = core2.$constructor("ZodFile", (inst, def) => {
      core2.$ZodFile.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.fileProcessor(inst, ctx, json3, params);
      inst.min = (size, params) => inst.check(core2._minSize(size, params));
      inst.max = (size, params) => inst.check(core2._maxSize(size, params));
      inst.mime = (types2, params) => inst.check(core2._mime(Array.isArray(types2) ? types2 : [types2], params));
    });
    function file(params) {
      return core2._file(exports.ZodFile, params);
    }
    exports.ZodTransform = core2.$constructor("ZodTransform", (inst, def) => {
      _ensureDefaultMemoizer();
      core2.$ZodTransform.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.transformProcessor(inst, ctx, json3, params);
      inst._zod.parse = (payload, _ctx) => {
        if (_ctx.direction === "backward") {
          throw new core2.$ZodEncodeError(inst.constructor.name);
        }
        payload.addIssue = (issue) => {
          if (typeof issue === "string") {
            payload.issues.push(index_js_1.util.issue(issue, payload.value, def));
          } else {
            const _issue = issue;
            if (_issue.fatal)
              _issue.continue = false;
            _issue.code ?? (_issue.code = "custom");
            if (!("input" in _issue))
              _issue.input = payload.value;
            _issue.inst ?? (_issue.inst = inst);
            payload.issues.push(index_js_1.util.issue(_issue));
          }
        };
        const output = def.transform(payload.value, payload);
        if (output instanceof Promise) {
          return output.then((output2) => {
            payload.value = output2;
            return payload;
          });
        }
        payload.value = output;
        return payload;
      };
    });
    function transform(fn) {
      return new exports.ZodTransform({
        type: "transform",
        transform: fn
      });
    }
    exports.ZodOptional = core2.$constructor("ZodOptional", (inst, def) => {
      core2.$ZodOptional.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.optionalProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.innerType;
    });
    function optional(innerType) {
      return new exports.ZodOptional({
        type: "optional",
        innerType
      });
    }
    exports.ZodExactOptional = core2.$constructor("ZodExactOptional", (inst, def) => {
      core2.$ZodExactOptional.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.optionalProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.innerType;
    });
    function exactOptional(innerType) {
      return new exports.ZodExactOptional({
        type: "optional",
        innerType
      });
    }
    exports.ZodNullable = core2.$constructor("ZodNullable", (inst, def) => {
      core2.$ZodNullable.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.nullableProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.innerType;
    });
    function nullable(innerType) {
      return new exports.ZodNullable({
        type: "nullable",
        innerType
      });
    }
    function nullish(innerType) {
      return optional(nullable(innerType));
    }
    exports.ZodDefault = core2.$constructor("ZodDefault", (inst, def) => {
      core2.$ZodDefault.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.defaultProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.innerType;
      inst.removeDefault = inst.unwrap;
    });
    function _default2(innerType, defaultValue) {
      return new exports.ZodDefault({
        type: "default",
        innerType,
        get defaultValue() {
          return typeof defaultValue === "function" ? defaultValue() : index_js_1.util.shallowClone(defaultValue);
        }
      });
    }
    exports.ZodPrefault = core2.$constructor("ZodPrefault", (inst, def) => {
      core2.$ZodPrefault.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.prefaultProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.innerType;
    });
    function prefault(innerType, defaultValue) {
      return new exports.ZodPrefault({
        type: "prefault",
        innerType,
        get defaultValue() {
          return typeof defaultValue === "function" ? defaultValue() : index_js_1.util.shallowClone(defaultValue);
        }
      });
    }
    exports.ZodNonOptional = core2.$constructor("ZodNonOptional", (inst, def) => {
      core2.$ZodNonOptional.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.nonoptionalProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.innerType;
    });
    function nonoptional(innerType, params) {
      return new exports.ZodNonOptional({
        type: "nonoptional",
        innerType,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodSuccess = core2.$constructor("ZodSuccess", (inst, def) => {
      core2.$ZodSuccess.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.successProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.innerType;
    });
    function success(innerType) {
      return new exports.ZodSuccess({
        type: "success",
        innerType
      });
    }
    exports.ZodCatch = core2.$constructor("ZodCatch", (inst, def) => {
      core2.$ZodCatch.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.catchProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.innerType;
      inst.removeCatch = inst.unwrap;
    });
    function _catch(innerType, catchValue) {
      return new exports.ZodCatch({
        type: "catch",
        innerType,
        catchValue: typeof catchValue === "function" ? catchValue : core2.util.constantCatch(catchValue)
      });
    }
    exports.ZodNaN = core2.$constructor("ZodNaN", (inst, def) => {
      core2.$ZodNaN.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.nanProcessor(inst, ctx, json3, params);
    });
    function nan(params) {
      return core2._nan(exports.ZodNaN, params);
    }
    exports.ZodPipe = core2.$constructor("ZodPipe", (inst, def) => {
      core2.$ZodPipe.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.pipeProcessor(inst, ctx, json3, params);
      inst.in = def.in;
      inst.out = def.out;
    });
    function pipe(in_, out) {
      return new exports.ZodPipe({
        type: "pipe",
        in: in_,
        out
        // ...util.normalizeParams(params),
      });
    }
    exports.ZodCodec = core2.$constructor("ZodCodec", (inst, def) => {
      exports.ZodPipe.init(inst, def);
      core2.$ZodCodec.init(inst, def);
    });
    function codec(in_, out, params) {
      return new exports.ZodCodec({
        type: "pipe",
        in: in_,
        out,
        transform: params.decode,
        reverseTransform: params.encode
      });
    }
    function invertCodec(codec2) {
      const def = codec2._zod.def;
      return new exports.ZodCodec({
        type: "pipe",
        in: def.out,
        out: def.in,
        transform: def.reverseTransform,
        reverseTransform: def.transform
      });
    }
    exports.ZodPreprocess = core2.$constructor("ZodPreprocess", (inst, def) => {
      exports.ZodPipe.init(inst, def);
      core2.$ZodPreprocess.init(inst, def);
    });
    exports.ZodReadonly = core2.$constructor("ZodReadonly", (inst, def) => {
      core2.$ZodReadonly.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.readonlyProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.innerType;
    });
    function readonly(innerType) {
      return new exports.ZodReadonly({
        type: "readonly",
        innerType
      });
    }
    exports.ZodTemplateLiteral = core2.$constructor("ZodTemplateLiteral", (inst, def) => {
      core2.$ZodTemplateLiteral.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.templateLiteralProcessor(inst, ctx, json3, params);
    });
    function templateLiteral(parts, params) {
      return new exports.ZodTemplateLiteral({
        type: "template_literal",
        parts,
        ...index_js_1.util.normalizeParams(params)
      });
    }
    exports.ZodLazy = core2.$constructor("ZodLazy", (inst, def) => {
      core2.$ZodLazy.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.lazyProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.getter();
    });
    function lazy2(getter) {
      return new exports.ZodLazy({
        type: "lazy",
        getter
      });
    }
    exports.ZodPromise = core2.$constructor("ZodPromise", (inst, def) => {
      core2.$ZodPromise.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.promiseProcessor(inst, ctx, json3, params);
      inst.unwrap = () => inst._zod.def.innerType;
    });
    function promise(innerType) {
      return new exports.ZodPromise({
        type: "promise",
        innerType
      });
    }
    exports.ZodFunction = core2.$constructor("ZodFunction", (inst, def) => {
      core2.$ZodFunction.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.functionProcessor(inst, ctx, json3, params);
    });
    function _function(params) {
      return new exports.ZodFunction({
        type: "function",
        input: Array.isArray(params?.input) ? tuple(params?.input) : params?.input ?? array(unknown()),
        output: params?.output ?? unknown()
      });
    }
    exports.ZodCustom = core2.$constructor("ZodCustom", (inst, def) => {
      core2.$ZodCustom.init(inst, def);
      exports.ZodType.init(inst, def);
      inst._zod.processJSONSchema = (ctx, json3, params) => processors.customProcessor(inst, ctx, json3, params);
    });
    function check(fn) {
      const ch = new core2.$ZodCheck({
        check: "custom"
        // ...util.normalizeParams(params),
      });
      ch._zod.check = fn;
      return ch;
    }
    function custom(fn, _params) {
      return core2._custom(exports.ZodCustom, fn ?? (() => true), _params);
    }
    function refine(fn, _params = {}) {
      return core2._refine(exports.ZodCustom, fn, _params);
    }
    function superRefine(fn, params) {
      return core2._superRefine(fn, params);
    }
    exports.describe = core2.describe;
    exports.meta = core2.meta;
    exports.ZodInstanceOf = core2.$constructor("ZodInstanceOf", (inst, def) => {
      exports.ZodCustom.init(inst, def);
    }, {
      properties(shape, params) {
        return this.check(core2._properties(shape, params));
      }
    });
    function _instanceof(cls, params = {}) {
      const inst = new exports.ZodInstanceOf({
        type: "custom",
        check: "custom",
        fn: (data) => data instanceof cls,
        abort: true,
        ...index_js_1.util.normalizeParams(params)
      });
      inst._zod.bag.Class = cls;
      inst._zod.check = (payload) => {
        if (!(payload.value instanceof cls)) {
          payload.issues.push({
            code: "invalid_type",
            expected: cls.name,
            input: payload.value,
            inst,
            path: [...inst._zod.def.path ?? []]
          });
        }
      };
      return inst;
    }
    var stringbool = (...args) => core2._stringbool({
      Codec: exports.ZodCodec,
      Boolean: exports.ZodBoolean,
      String: exports.ZodString
    }, ...args);
    exports.stringbool = stringbool;
    function json2(params) {
      const jsonSchema = lazy2(() => {
        return union([string(params), number(), boolean(), _null2(), array(jsonSchema), record(string(), jsonSchema)]);
      });
      return jsonSchema;
    }
    function preprocess(fn, schema2) {
      return new exports.ZodPreprocess({
        type: "pipe",
        in: transform(fn),
        out: schema2
      });
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/compat.cjs
var require_compat = __commonJS({
  "node_modules/zod/v4/classic/compat.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.ZodFirstPartyTypeKind = exports.config = exports.$brand = exports.ZodIssueCode = void 0;
    exports.setErrorMap = setErrorMap;
    exports.getErrorMap = getErrorMap;
    var core2 = __importStar(require_core2());
    exports.ZodIssueCode = {
      invalid_type: "invalid_type",
      too_big: "too_big",
      too_small: "too_small",
      invalid_format: "invalid_format",
      not_multiple_of: "not_multiple_of",
      unrecognized_keys: "unrecognized_keys",
      invalid_union: "invalid_union",
      invalid_key: "invalid_key",
      invalid_element: "invalid_element",
      invalid_value: "invalid_value",
      custom: "custom"
    };
    var index_js_1 = require_core2();
    Object.defineProperty(exports, "$brand", { enumerable: true, get: function() {
      return index_js_1.$brand;
    } });
    Object.defineProperty(exports, "config", { enumerable: true, get: function() {
      return index_js_1.config;
    } });
    function setErrorMap(map2) {
      core2.config({
        customError: map2
      });
    }
    function getErrorMap() {
      return core2.config().customError;
    }
    var ZodFirstPartyTypeKind;
    /* @__PURE__ */ (function(ZodFirstPartyTypeKind2) {
    })(ZodFirstPartyTypeKind || (exports.ZodFirstPartyTypeKind = ZodFirstPartyTypeKind = {}));
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/iso.cjs
var require_iso = __commonJS({
  "node_modules/zod/v4/classic/iso.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.ZodISOTime = exports.ZodISODuration = exports.ZodISODateTime = exports.ZodISODate = void 0;
    exports.datetime = datetime;
    exports.date = date;
    exports.time = time;
    exports.duration = duration;
    var core2 = __importStar(require_core2());
    var schemas_js_1 = require_schemas2();
    var schemas_js_2 = require_schemas2();
    Object.defineProperty(exports, "ZodISODate", { enumerable: true, get: function() {
      return schemas_js_2.ZodISODate;
    } });
    Object.defineProperty(exports, "ZodISODateTime", { enumerable: true, get: function() {
      return schemas_js_2.ZodISODateTime;
    } });
    Object.defineProperty(exports, "ZodISODuration", { enumerable: true, get: function() {
      return schemas_js_2.ZodISODuration;
    } });
    Object.defineProperty(exports, "ZodISOTime", { enumerable: true, get: function() {
      return schemas_js_2.ZodISOTime;
    } });
    function datetime(params) {
      return core2._isoDateTime(schemas_js_1.ZodISODateTime, params);
    }
    function date(params) {
      return core2._isoDate(schemas_js_1.ZodISODate, params);
    }
    function time(params) {
      return core2._isoTime(schemas_js_1.ZodISOTime, params);
    }
    function duration(params) {
      return core2._isoDuration(schemas_js_1.ZodISODuration, params);
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/from-json-schema.cjs
var require_from_json_schema = __commonJS({
  "node_modules/zod/v4/classic/from-json-schema.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.fromJSONSchema = fromJSONSchema;
    var registries_js_1 = require_registries();
    var util_js_1 = require_util();
    var _checks = __importStar(require_checks2());
    var _iso = __importStar(require_iso());
    var _schemas = __importStar(require_schemas2());
    var z = {
      ..._schemas,
      ..._checks,
      iso: _iso
    };
    var RECOGNIZED_KEYS = /* @__PURE__ */ new Set([
      // Schema identification
      "$schema",
      "$ref",
      "$defs",
      "definitions",
      // Core schema keywords
      "$id",
      "id",
      "$comment",
      "$anchor",
      "$vocabulary",
      "$dynamicRef",
      "$dynamicAnchor",
      // Type
      "type",
      "enum",
      "const",
      // Composition
      "anyOf",
      "oneOf",
      "allOf",
      "not",
      // Object
      "properties",
      "required",
      "additionalProperties",
      "patternProperties",
      "propertyNames",
      "minProperties",
      "maxProperties",
      // Array
      "items",
      "prefixItems",
      "additionalItems",
      "minItems",
      "maxItems",
      "uniqueItems",
      "contains",
      "minContains",
      "maxContains",
      // String
      "minLength",
      "maxLength",
      "pattern",
      "format",
      // Number
      "minimum",
      "maximum",
      "exclusiveMinimum",
      "exclusiveMaximum",
      "multipleOf",
      // Already handled metadata
      "description",
      "default",
      // Content
      "contentEncoding",
      "contentMediaType",
      "contentSchema",
      // Unsupported (error-throwing)
      "unevaluatedItems",
      "unevaluatedProperties",
      "if",
      "then",
      "else",
      "dependentSchemas",
      "dependentRequired",
      // OpenAPI
      "nullable",
      "readOnly"
    ]);
    function detectVersion(schema2, defaultTarget) {
      const $schema = schema2.$schema;
      if ($schema === "https://json-schema.org/draft/2020-12/schema") {
        return "draft-2020-12";
      }
      if ($schema === "http://json-schema.org/draft-07/schema#") {
        return "draft-7";
      }
      if ($schema === "http://json-schema.org/draft-04/schema#") {
        return "draft-4";
      }
      return defaultTarget ?? "draft-2020-12";
    }
    function applyMinItems(items, minItems) {
      return items.map((item, index) => index < minItems ? item : item.optional());
    }
    function decodeJSONPointerSegment(segment) {
      return segment.replace(/~1/g, "/").replace(/~0/g, "~");
    }
    function resolveRef(ref, ctx) {
      if (!ref.startsWith("#")) {
        throw new Error("External $ref is not supported, only local refs (#/...) are allowed");
      }
      const path = ref.slice(1).split("/").filter(Boolean);
      if (path.length === 0) {
        return ctx.rootSchema;
      }
      const defsKey = ctx.version === "draft-2020-12" ? "$defs" : "definitions";
      if (path[0] === defsKey) {
        const key = path[1] === void 0 ? void 0 : decodeJSONPointerSegment(path[1]);
        if (!key || !ctx.defs[key]) {
          throw new Error(`Reference not found: ${ref}`);
        }
        return ctx.defs[key];
      }
      throw new Error(`Reference not found: ${ref}`);
    }
    function checkObjectGuards(objectSchema, guards) {
      const guard = z.transform((value) => value).check((payload) => {
        const value = payload.value;
        if (typeof value !== "object" || value === null || Array.isArray(value))
          return;
        const keys = Object.getOwnPropertyNames(value);
        if (guards.minProperties !== void 0 && keys.length < guards.minProperties) {
          payload.issues.push({
            origin: "object",
            code: "too_small",
            minimum: guards.minProperties,
            inclusive: true,
            message: `Too small: expected object to have >=${guards.minProperties} properties`,
            input: value,
            inst: objectSchema,
            continue: true
          });
        }
        if (guards.maxProperties !== void 0 && keys.length > guards.maxProperties) {
          payload.issues.push({
            origin: "object",
            code: "too_big",
            maximum: guards.maxProperties,
            inclusive: true,
            message: `Too big: expected object to have <=${guards.maxProperties} properties`,
            input: value,
            inst: objectSchema,
            continue: true
          });
        }
        if (guards.keySchema) {
          for (const key of keys) {
            const result = guards.keySchema.safeParse(key);
            if (result.success)
              continue;
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: result.error.issues,
              input: key,
              path: [key],
              continue: true
            });
          }
        }
      });
      return guard.pipe(objectSchema);
    }
    function canonicalKey(value, seen) {
      if (value === null)
        return "z";
      const type2 = typeof value;
      if (type2 !== "object") {
        if (type2 === "number" && Number.isNaN(value))
          return null;
        const raw = String(value);
        return `${type2[0]}${raw.length}:${raw}`;
      }
      if (seen.has(value))
        return null;
      seen.add(value);
      try {
        if (Array.isArray(value)) {
          const parts2 = [];
          for (const item of value) {
            const key = canonicalKey(item, seen);
            if (key === null)
              return null;
            parts2.push(key);
          }
          return `a${parts2.length}:[${parts2.join(",")}]`;
        }
        const keys = Object.keys(value).sort();
        const parts = [];
        for (const k of keys) {
          const key = canonicalKey(value[k], seen);
          if (key === null)
            return null;
          parts.push(`${k.length}:${k}=${key}`);
        }
        return `o${parts.length}:{${parts.join(",")}}`;
      } finally {
        seen.delete(value);
      }
    }
    var SCHEMA_KEYWORDS = /* @__PURE__ */ new Set([
      "items",
      "prefixItems",
      "additionalItems",
      "additionalProperties",
      "contains",
      "propertyNames",
      "not",
      "if",
      "then",
      "else",
      "allOf",
      "anyOf",
      "oneOf",
      "unevaluatedItems",
      "unevaluatedProperties",
      "contentSchema"
    ]);
    var SCHEMA_MAP_KEYWORDS = /* @__PURE__ */ new Set([
      "properties",
      "patternProperties",
      "dependentSchemas",
      "dependencies",
      "$defs",
      "definitions"
    ]);
    function containsRef(value) {
      if (typeof value !== "object" || value === null)
        return false;
      if (Array.isArray(value))
        return value.some(containsRef);
      if (typeof value.$ref === "string")
        return true;
      return Object.entries(value).some(([key, sub]) => {
        if (SCHEMA_KEYWORDS.has(key))
          return containsRef(sub);
        if (!SCHEMA_MAP_KEYWORDS.has(key) || typeof sub !== "object" || sub === null)
          return false;
        return Object.values(sub).some(containsRef);
      });
    }
    function plural(n) {
      return n === 1 ? "element" : "elements";
    }
    function checkArrayGuards(arraySchema, guards) {
      const guard = z.transform((value) => value).check((payload) => {
        const items = payload.value;
        if (!Array.isArray(items))
          return;
        if (guards.uniqueItems === true) {
          const firstSeen = /* @__PURE__ */ new Map();
          for (let i = 0; i < items.length; i++) {
            const key = canonicalKey(items[i], /* @__PURE__ */ new Set());
            if (key === null)
              continue;
            const first = firstSeen.get(key);
            if (first === void 0) {
              firstSeen.set(key, i);
              continue;
            }
            payload.issues.push({
              code: "custom",
              message: `Array items must be unique: element at index ${i} duplicates the one at index ${first}`,
              input: items,
              path: [i],
              continue: true
            });
          }
        }
        if (guards.containsSchema) {
          const minContains = guards.minContains ?? 1;
          const ceiling = guards.maxContains !== void 0 ? guards.maxContains + 1 : Number.POSITIVE_INFINITY;
          let matches = 0;
          for (const item of items) {
            if (guards.containsSchema.safeParse(item).success && ++matches >= ceiling)
              break;
          }
          if (matches < minContains) {
            payload.issues.push({
              code: "custom",
              message: `Array must contain at least ${minContains} matching ${plural(minContains)}; found ${matches}`,
              input: items,
              continue: true
            });
          }
          if (guards.maxContains !== void 0 && matches > guards.maxContains) {
            payload.issues.push({
              code: "custom",
              message: `Array must contain at most ${guards.maxContains} matching ${plural(guards.maxContains)}`,
              input: items,
              continue: true
            });
          }
        }
      });
      return guard.pipe(arraySchema);
    }
    function getTupleRest(restSchema, ctx) {
      if (restSchema === false) {
        return void 0;
      }
      if (restSchema === void 0 || restSchema === true) {
        return z.any();
      }
      return convertSchema(restSchema, ctx);
    }
    var fullTime = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
    function convertBaseSchema(schema2, ctx) {
      if (schema2.not !== void 0) {
        if (typeof schema2.not === "object" && Object.keys(schema2.not).length === 0) {
          return z.never();
        }
        throw new Error("not is not supported in Zod (except { not: {} } for never)");
      }
      if (schema2.unevaluatedItems !== void 0) {
        throw new Error("unevaluatedItems is not supported");
      }
      if (schema2.unevaluatedProperties !== void 0) {
        throw new Error("unevaluatedProperties is not supported");
      }
      if (schema2.if !== void 0 || schema2.then !== void 0 || schema2.else !== void 0) {
        throw new Error("Conditional schemas (if/then/else) are not supported");
      }
      if (schema2.dependentSchemas !== void 0 || schema2.dependentRequired !== void 0) {
        throw new Error("dependentSchemas and dependentRequired are not supported");
      }
      if (schema2.$ref) {
        const refPath = schema2.$ref;
        if (ctx.refs.has(refPath)) {
          return ctx.refs.get(refPath);
        }
        if (ctx.processing.has(refPath)) {
          return z.lazy(() => {
            if (!ctx.refs.has(refPath)) {
              throw new Error(`Circular reference not resolved: ${refPath}`);
            }
            return ctx.refs.get(refPath);
          });
        }
        ctx.processing.add(refPath);
        const resolved = resolveRef(refPath, ctx);
        const zodSchema2 = convertSchema(resolved, ctx);
        ctx.refs.set(refPath, zodSchema2);
        ctx.processing.delete(refPath);
        return zodSchema2;
      }
      if (schema2.enum !== void 0) {
        const enumValues = schema2.enum;
        if (ctx.version === "openapi-3.0" && schema2.nullable === true && enumValues.length === 1 && enumValues[0] === null) {
          return z.null();
        }
        if (enumValues.length === 0) {
          return z.never();
        }
        if (enumValues.length === 1) {
          return z.literal(enumValues[0]);
        }
        if (enumValues.every((v) => typeof v === "string")) {
          return z.enum(enumValues);
        }
        const literalSchemas = enumValues.map((v) => z.literal(v));
        if (literalSchemas.length < 2) {
          return literalSchemas[0];
        }
        return z.union([literalSchemas[0], literalSchemas[1], ...literalSchemas.slice(2)]);
      }
      if (schema2.const !== void 0) {
        return z.literal(schema2.const);
      }
      const type2 = schema2.type;
      if (Array.isArray(type2)) {
        const typeSchemas = type2.map((t) => {
          const typeSchema = { ...schema2, type: t };
          return convertBaseSchema(typeSchema, ctx);
        });
        if (typeSchemas.length === 0) {
          return z.never();
        }
        if (typeSchemas.length === 1) {
          return typeSchemas[0];
        }
        return z.union(typeSchemas);
      }
      if (!type2) {
        return z.any();
      }
      let zodSchema;
      switch (type2) {
        case "string": {
          let stringSchema = z.string();
          if (schema2.format) {
            const format = schema2.format;
            if (format === "email") {
              stringSchema = stringSchema.check(z.email());
            } else if (format === "uri" || format === "uri-reference") {
              stringSchema = stringSchema.check(z.url());
            } else if (format === "uuid" || format === "guid") {
              stringSchema = stringSchema.check(z.uuid());
            } else if (format === "date-time") {
              stringSchema = stringSchema.check(z.iso.datetime({ offset: true }));
            } else if (format === "date") {
              stringSchema = stringSchema.check(z.iso.date());
            } else if (format === "time") {
              stringSchema = stringSchema.check(z.regex(fullTime));
            } else if (format === "duration") {
              stringSchema = stringSchema.check(z.iso.duration());
            } else if (format === "hostname") {
              stringSchema = stringSchema.check(z.hostname());
            } else if (format === "ipv4") {
              stringSchema = stringSchema.check(z.ipv4());
            } else if (format === "ipv6") {
              stringSchema = stringSchema.check(z.ipv6());
            } else if (format === "mac") {
              stringSchema = stringSchema.check(z.mac());
            } else if (format === "cidr") {
              stringSchema = stringSchema.check(z.cidrv4());
            } else if (format === "cidr-v6") {
              stringSchema = stringSchema.check(z.cidrv6());
            } else if (format === "base64") {
              stringSchema = stringSchema.check(z.base64());
            } else if (format === "base64url") {
              stringSchema = stringSchema.check(z.base64url());
            } else if (format === "e164") {
              stringSchema = stringSchema.check(z.e164());
            } else if (format === "credit_card") {
              stringSchema = stringSchema.check(z.creditCard());
            } else if (format === "iban") {
              stringSchema = stringSchema.check(z.iban());
            } else if (format === "jwt") {
              stringSchema = stringSchema.check(z.jwt());
            } else if (format === "emoji") {
              stringSchema = stringSchema.check(z.emoji());
            } else if (format === "nanoid") {
              stringSchema = stringSchema.check(z.nanoid());
            } else if (format === "cuid") {
              stringSchema = stringSchema.check(z.cuid());
            } else if (format === "cuid2") {
              stringSchema = stringSchema.check(z.cuid2());
            } else if (format === "ulid") {
              stringSchema = stringSchema.check(z.ulid());
            } else if (format === "xid") {
              stringSchema = stringSchema.check(z.xid());
            } else if (format === "ksuid") {
              stringSchema = stringSchema.check(z.ksuid());
            }
          }
          if (typeof schema2.minLength === "number") {
            stringSchema = stringSchema.min(schema2.minLength);
          }
          if (typeof schema2.maxLength === "number") {
            stringSchema = stringSchema.max(schema2.maxLength);
          }
          if (schema2.pattern) {
            stringSchema = stringSchema.regex(new RegExp(schema2.pattern));
          }
          zodSchema = stringSchema;
          break;
        }
        case "number":
        case "integer": {
          let numberSchema = type2 === "integer" ? z.number().int() : z.number();
          if (typeof schema2.minimum === "number" && schema2.exclusiveMinimum !== true) {
            numberSchema = numberSchema.min(schema2.minimum);
          }
          if (typeof schema2.maximum === "number" && schema2.exclusiveMaximum !== true) {
            numberSchema = numberSchema.max(schema2.maximum);
          }
          if (typeof schema2.exclusiveMinimum === "number") {
            numberSchema = numberSchema.gt(schema2.exclusiveMinimum);
          } else if (schema2.exclusiveMinimum === true && typeof schema2.minimum === "number") {
            numberSchema = numberSchema.gt(schema2.minimum);
          }
          if (typeof schema2.exclusiveMaximum === "number") {
            numberSchema = numberSchema.lt(schema2.exclusiveMaximum);
          } else if (schema2.exclusiveMaximum === true && typeof schema2.maximum === "number") {
            numberSchema = numberSchema.lt(schema2.maximum);
          }
          if (typeof schema2.multipleOf === "number") {
            numberSchema = numberSchema.multipleOf(schema2.multipleOf);
          }
          zodSchema = numberSchema;
          break;
        }
        case "boolean": {
          zodSchema = z.boolean();
          break;
        }
        case "null": {
          zodSchema = z.null();
          break;
        }
        case "object": {
          const shape = {};
          const properties = schema2.properties || {};
          const requiredSet = new Set(schema2.required || []);
          const additionalSchema = typeof schema2.additionalProperties === "object" ? convertSchema(schema2.additionalProperties, ctx) : void 0;
          for (const [key, propSchema] of Object.entries(properties)) {
            const propZodSchema = convertSchema(propSchema, ctx);
            (0, util_js_1.assignProp)(shape, key, requiredSet.has(key) ? propZodSchema : propZodSchema.optional());
          }
          if (schema2.patternProperties) {
            const patternProps = schema2.patternProperties;
            const patternKeys = Object.keys(patternProps);
            const looseRecords = [];
            for (const pattern of patternKeys) {
              const patternValue = convertSchema(patternProps[pattern], ctx);
              const keySchema = z.string().regex(new RegExp(pattern));
              looseRecords.push(z.looseRecord(keySchema, patternValue));
            }
            const schemasToIntersect = [];
            if (Object.keys(shape).length > 0) {
              schemasToIntersect.push(z.object(shape).passthrough());
            }
            schemasToIntersect.push(...looseRecords);
            if (schemasToIntersect.length === 0) {
              zodSchema = z.object({}).passthrough();
            } else if (schemasToIntersect.length === 1) {
              zodSchema = schemasToIntersect[0];
            } else {
              let result = z.intersection(schemasToIntersect[0], schemasToIntersect[1]);
              for (let i = 2; i < schemasToIntersect.length; i++) {
                result = z.intersection(result, schemasToIntersect[i]);
              }
              zodSchema = result;
            }
            if (schema2.additionalProperties === false) {
              const propertyKeys = Object.keys(shape);
              const patterns = patternKeys.map((p) => new RegExp(p));
              const basePatternSchema = zodSchema;
              zodSchema = zodSchema.check((payload) => {
                if (!(0, util_js_1.isPlainObject)(payload.value))
                  return;
                const unrecognized = [];
                for (const key of Object.keys(payload.value)) {
                  if (propertyKeys.includes(key))
                    continue;
                  if (patterns.some((regex) => regex.test(key)))
                    continue;
                  unrecognized.push(key);
                }
                if (unrecognized.length) {
                  payload.issues.push({
                    code: "unrecognized_keys",
                    keys: unrecognized,
                    input: payload.value,
                    inst: basePatternSchema
                  });
                }
              });
            }
          } else {
            const objectSchema = z.object(shape);
            if (schema2.additionalProperties === false) {
              zodSchema = objectSchema.strict();
            } else if (additionalSchema) {
              zodSchema = objectSchema.catchall(additionalSchema);
            } else {
              zodSchema = objectSchema.passthrough();
            }
          }
          const hasKeyGuard = schema2.propertyNames !== void 0 && schema2.propertyNames !== true;
          const minProperties = typeof schema2.minProperties === "number" ? schema2.minProperties : void 0;
          const maxProperties = typeof schema2.maxProperties === "number" ? schema2.maxProperties : void 0;
          if (hasKeyGuard || minProperties !== void 0 || maxProperties !== void 0) {
            let keySchema;
            if (hasKeyGuard) {
              const keyJSONSchema = typeof schema2.propertyNames === "object" && schema2.propertyNames.type === void 0 ? { type: "string", ...schema2.propertyNames } : schema2.propertyNames;
              keySchema = convertSchema(keyJSONSchema, ctx);
            }
            zodSchema = checkObjectGuards(zodSchema, { keySchema, minProperties, maxProperties });
          }
          break;
        }
        case "array": {
          const prefixItems = schema2.prefixItems;
          const items = schema2.items;
          if (prefixItems && Array.isArray(prefixItems)) {
            const minItems = typeof schema2.minItems === "number" ? schema2.minItems : 0;
            const tupleItems = prefixItems.map((item) => convertSchema(item, ctx));
            const positionalItems = applyMinItems(tupleItems, minItems);
            const rest = !Array.isArray(items) ? getTupleRest(items, ctx) : void 0;
            const tupleSchema = z.tuple(positionalItems);
            zodSchema = rest ? tupleSchema.rest(rest) : tupleSchema;
            if (typeof schema2.minItems === "number") {
              zodSchema = zodSchema.check(z.minLength(schema2.minItems));
            }
            if (typeof schema2.maxItems === "number") {
              zodSchema = zodSchema.check(z.maxLength(schema2.maxItems));
            }
          } else if (Array.isArray(items)) {
            const minItems = typeof schema2.minItems === "number" ? schema2.minItems : 0;
            const tupleItems = items.map((item) => convertSchema(item, ctx));
            const positionalItems = applyMinItems(tupleItems, minItems);
            const rest = getTupleRest(schema2.additionalItems, ctx);
            const tupleSchema = z.tuple(positionalItems);
            zodSchema = rest ? tupleSchema.rest(rest) : tupleSchema;
            if (typeof schema2.minItems === "number") {
              zodSchema = zodSchema.check(z.minLength(schema2.minItems));
            }
            if (typeof schema2.maxItems === "number") {
              zodSchema = zodSchema.check(z.maxLength(schema2.maxItems));
            }
          } else if (items !== void 0) {
            const element = convertSchema(items, ctx);
            let arraySchema = z.array(element);
            if (typeof schema2.minItems === "number") {
              arraySchema = arraySchema.min(schema2.minItems);
            }
            if (typeof schema2.maxItems === "number") {
              arraySchema = arraySchema.max(schema2.maxItems);
            }
            zodSchema = arraySchema;
          } else {
            zodSchema = z.array(z.any());
          }
          if (schema2.uniqueItems === true || schema2.contains !== void 0) {
            zodSchema = checkArrayGuards(zodSchema, {
              uniqueItems: schema2.uniqueItems === true,
              containsSchema: schema2.contains !== void 0 ? convertSchema(schema2.contains, ctx) : void 0,
              minContains: typeof schema2.minContains === "number" ? schema2.minContains : void 0,
              maxContains: typeof schema2.maxContains === "number" ? schema2.maxContains : void 0
            });
          }
          break;
        }
        default:
          throw new Error(`Unsupported type: ${type2}`);
      }
      return zodSchema;
    }
    function convertSchema(schema2, ctx) {
      if (typeof schema2 === "boolean") {
        return schema2 ? z.any() : z.never();
      }
      let baseSchema = convertBaseSchema(schema2, ctx);
      const hasExplicitType = schema2.type || schema2.enum !== void 0 || schema2.const !== void 0;
      if (schema2.anyOf && Array.isArray(schema2.anyOf)) {
        const options = schema2.anyOf.map((s) => convertSchema(s, ctx));
        const anyOfUnion = z.union(options);
        baseSchema = hasExplicitType ? z.intersection(baseSchema, anyOfUnion) : anyOfUnion;
      }
      if (schema2.oneOf && Array.isArray(schema2.oneOf)) {
        const options = schema2.oneOf.map((s) => convertSchema(s, ctx));
        const oneOfUnion = z.xor(options);
        baseSchema = hasExplicitType ? z.intersection(baseSchema, oneOfUnion) : oneOfUnion;
      }
      if (schema2.allOf && Array.isArray(schema2.allOf)) {
        if (schema2.allOf.length === 0) {
          baseSchema = hasExplicitType ? baseSchema : z.any();
        } else {
          let result = hasExplicitType ? baseSchema : convertSchema(schema2.allOf[0], ctx);
          const startIdx = hasExplicitType ? 0 : 1;
          for (let i = startIdx; i < schema2.allOf.length; i++) {
            result = z.intersection(result, convertSchema(schema2.allOf[i], ctx));
          }
          baseSchema = result;
        }
      }
      if (schema2.nullable === true && ctx.version === "openapi-3.0") {
        baseSchema = z.nullable(baseSchema);
      }
      if (schema2.readOnly === true) {
        baseSchema = z.readonly(baseSchema);
      }
      if (schema2.default !== void 0) {
        baseSchema = baseSchema.default(schema2.default);
      }
      const extraMeta = {};
      const coreMetadataKeys = ["$id", "id", "$comment", "$anchor", "$vocabulary", "$dynamicRef", "$dynamicAnchor"];
      for (const key of coreMetadataKeys) {
        if (key in schema2) {
          extraMeta[key] = schema2[key];
        }
      }
      const contentMetadataKeys = ["contentEncoding", "contentMediaType", "contentSchema"];
      for (const key of contentMetadataKeys) {
        if (key in schema2) {
          extraMeta[key] = schema2[key];
        }
      }
      if (schema2.type === "object" && schema2.$ref === void 0) {
        if (schema2.propertyNames !== void 0 && !containsRef(schema2.propertyNames)) {
          extraMeta.propertyNames = schema2.propertyNames;
        }
        for (const key of ["minProperties", "maxProperties"]) {
          if (schema2[key] !== void 0)
            extraMeta[key] = schema2[key];
        }
      }
      if (schema2.type === "array" && schema2.$ref === void 0) {
        if (schema2.contains !== void 0 && !containsRef(schema2.contains)) {
          extraMeta.contains = schema2.contains;
        }
        for (const key of ["uniqueItems", "minContains", "maxContains"]) {
          if (schema2[key] !== void 0)
            extraMeta[key] = schema2[key];
        }
      }
      for (const key of Object.keys(schema2)) {
        if (!RECOGNIZED_KEYS.has(key)) {
          (0, util_js_1.assignProp)(extraMeta, key, schema2[key]);
        }
      }
      if (Object.keys(extraMeta).length > 0) {
        ctx.registry.add(baseSchema, extraMeta);
      }
      if (schema2.description) {
        baseSchema = baseSchema.describe(schema2.description);
      }
      return baseSchema;
    }
    function fromJSONSchema(schema2, params) {
      if (typeof schema2 === "boolean") {
        return schema2 ? z.any() : z.never();
      }
      let normalized;
      try {
        normalized = JSON.parse(JSON.stringify(schema2));
      } catch {
        throw new Error("fromJSONSchema input is not valid JSON (possibly cyclic); use $defs/$ref for recursive schemas");
      }
      const version = detectVersion(normalized, params?.defaultTarget);
      const defs = normalized.$defs || normalized.definitions || {};
      const ctx = {
        version,
        defs,
        refs: /* @__PURE__ */ new Map(),
        processing: /* @__PURE__ */ new Set(),
        rootSchema: normalized,
        registry: params?.registry ?? registries_js_1.globalRegistry
      };
      return convertSchema(normalized, ctx);
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/core/visit.cjs
var require_visit = __commonJS({
  "node_modules/zod/v4/core/visit.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.visit = visit;
    var schemas = __importStar(require_schemas());
    var util_js_1 = require_util();
    var RESOLVING = /* @__PURE__ */ Symbol("z.visit/resolving");
    function visit(schema2, fnOrHandlers) {
      const fn = typeof fnOrHandlers === "function" ? fnOrHandlers : (node, rewritten) => {
        const h = fnOrHandlers[node._zod.def.type];
        return h ? h(node, rewritten) : node;
      };
      const cache = /* @__PURE__ */ new Map();
      function run(s) {
        const cached = cache.get(s);
        if (cached === RESOLVING) {
          return new schemas.$ZodLazy({
            type: "lazy",
            getter: () => cache.get(s)
          });
        }
        if (cached !== void 0)
          return cached;
        cache.set(s, RESOLVING);
        const inner = mapInner(s);
        const mapped = fn(inner, inner !== s);
        cache.set(s, mapped);
        return mapped;
      }
      function mapInner(s) {
        const def = s._zod.def;
        const kind = def.type;
        switch (kind) {
          case "object": {
            const oldShape = def.shape;
            const keys = Object.keys(oldShape);
            let changed = false;
            const newShape = {};
            for (const k of keys) {
              const mapped = run(oldShape[k]);
              if (mapped !== oldShape[k])
                changed = true;
              newShape[k] = mapped;
            }
            let newCatchall = def.catchall;
            if (def.catchall) {
              newCatchall = run(def.catchall);
              if (newCatchall !== def.catchall)
                changed = true;
            }
            return changed ? (0, util_js_1.clone)(s, { ...def, shape: newShape, catchall: newCatchall }) : s;
          }
          case "array": {
            const mapped = run(def.element);
            return mapped === def.element ? s : (0, util_js_1.clone)(s, { ...def, element: mapped });
          }
          case "tuple": {
            const oldItems = def.items;
            let changed = false;
            const newItems = [];
            for (const item of oldItems) {
              const mapped = run(item);
              if (mapped !== item)
                changed = true;
              newItems.push(mapped);
            }
            let newRest = def.rest;
            if (def.rest) {
              newRest = run(def.rest);
              if (newRest !== def.rest)
                changed = true;
            }
            return changed ? (0, util_js_1.clone)(s, { ...def, items: newItems, rest: newRest }) : s;
          }
          case "record":
          case "map": {
            const newKey = run(def.keyType);
            const newVal = run(def.valueType);
            return newKey === def.keyType && newVal === def.valueType ? s : (0, util_js_1.clone)(s, { ...def, keyType: newKey, valueType: newVal });
          }
          case "set": {
            const newVal = run(def.valueType);
            return newVal === def.valueType ? s : (0, util_js_1.clone)(s, { ...def, valueType: newVal });
          }
          case "union": {
            const oldOptions = def.options;
            let changed = false;
            const newOptions = [];
            for (const opt of oldOptions) {
              const mapped = run(opt);
              if (mapped !== opt)
                changed = true;
              newOptions.push(mapped);
            }
            return changed ? (0, util_js_1.clone)(s, { ...def, options: newOptions }) : s;
          }
          case "intersection": {
            const newLeft = run(def.left);
            const newRight = run(def.right);
            return newLeft === def.left && newRight === def.right ? s : (0, util_js_1.clone)(s, { ...def, left: newLeft, right: newRight });
          }
          case "optional":
          case "nullable":
          case "default":
          case "prefault":
          case "catch":
          case "readonly":
          case "nonoptional":
          case "promise":
          case "success": {
            const newInner = run(def.innerType);
            return newInner === def.innerType ? s : (0, util_js_1.clone)(s, { ...def, innerType: newInner });
          }
          case "pipe": {
            const newIn = run(def.in);
            const newOut = run(def.out);
            return newIn === def.in && newOut === def.out ? s : (0, util_js_1.clone)(s, { ...def, in: newIn, out: newOut });
          }
          case "function": {
            const newInput = run(def.input);
            const newOutput = run(def.output);
            return newInput === def.input && newOutput === def.output ? s : (0, util_js_1.clone)(s, { ...def, input: newInput, output: newOutput });
          }
          case "lazy": {
            const original = def.getter;
            const { _cachedInner, ...rest } = def;
            return (0, util_js_1.clone)(s, { ...rest, getter: () => run(original()) });
          }
          // A leaf by choice: `parts` are regex fragments, not data positions.
          case "template_literal":
          // Leaves.
          case "string":
          case "number":
          case "int":
          case "boolean":
          case "bigint":
          case "symbol":
          case "undefined":
          case "null":
          case "void":
          case "never":
          case "any":
          case "unknown":
          case "date":
          case "nan":
          case "enum":
          case "literal":
          case "file":
          case "transform":
          case "custom":
            return s;
          default: {
            kind;
            return s;
          }
        }
      }
      return run(schema2);
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/deep-partial.cjs
var require_deep_partial = __commonJS({
  "node_modules/zod/v4/classic/deep-partial.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.deepPartial = deepPartial;
    var visit_js_1 = require_visit();
    var schemas = __importStar(require_schemas2());
    function deepPartial(schema2) {
      return (0, visit_js_1.visit)(schema2, {
        object: (s) => s.partial(),
        // Every partialed option now admits `undefined`, which the constructor rejects as a duplicate.
        union: (s) => {
          const def = s._zod.def;
          return def.discriminator === void 0 ? s : schemas.union(def.options);
        }
      });
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/in-out.cjs
var require_in_out = __commonJS({
  "node_modules/zod/v4/classic/in-out.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.input = input;
    exports.output = output;
    var util_js_1 = require_util();
    var visit_js_1 = require_visit();
    var schemas = __importStar(require_schemas2());
    function withChecks(side, checks) {
      if (!checks?.length)
        return side;
      const def = side._zod.def;
      return (0, util_js_1.clone)(side, (0, util_js_1.mergeDefs)(def, { checks: [...def.checks ?? [], ...checks] }), { parent: true });
    }
    function outSide(def) {
      return withChecks(def.out, def.checks);
    }
    function inSide(def) {
      return def.in._zod.traits.has("$ZodTransform") ? outSide(def) : def.in;
    }
    function input(schema2) {
      return (0, visit_js_1.visit)(schema2, {
        pipe: (s) => inSide(s._zod.def),
        // A default value belongs to the output side, so a rewritten inner type leaves it stranded. `.default()` widens the declared input type with `undefined`, and `optional` is what carries that across.
        default: (s, rewritten) => rewritten ? schemas.optional(s._zod.def.innerType) : s,
        // A catch value is output-side too, but `.catch()` leaves the declared input type alone, so the inner schema stands on its own.
        catch: (s, rewritten) => rewritten ? s._zod.def.innerType : s
      });
    }
    function output(schema2) {
      return (0, visit_js_1.visit)(schema2, {
        pipe: (s) => outSide(s._zod.def),
        // A prefault value is fed through the schema, which makes it input-side, so a rewritten inner type leaves it stranded.
        prefault: (s, rewritten) => rewritten ? s._zod.def.innerType : s
      });
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/coerce.cjs
var require_coerce = __commonJS({
  "node_modules/zod/v4/classic/coerce.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.string = string;
    exports.number = number;
    exports.boolean = boolean;
    exports.bigint = bigint;
    exports.date = date;
    var core2 = __importStar(require_core2());
    var schemas = __importStar(require_schemas2());
    function string(params) {
      return core2._coercedString(schemas.ZodString, params);
    }
    function number(params) {
      return core2._coercedNumber(schemas.ZodNumber, params);
    }
    function boolean(params) {
      return core2._coercedBoolean(schemas.ZodBoolean, params);
    }
    function bigint(params) {
      return core2._coercedBigint(schemas.ZodBigInt, params);
    }
    function date(params) {
      return core2._coercedDate(schemas.ZodDate, params);
    }
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/v4/classic/external.cjs
var require_external = __commonJS({
  "node_modules/zod/v4/classic/external.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    var __exportStar = exports && exports.__exportStar || function(m, exports2) {
      for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports2, p)) __createBinding(exports2, m, p);
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.coerce = exports.iso = exports.ZodISODuration = exports.ZodISOTime = exports.ZodISODate = exports.ZodISODateTime = exports.locales = exports.output = exports.input = exports.deepPartial = exports.fromJSONSchema = exports.toJSONSchema = exports.getDiscriminatedOption = exports.ZodCompileUnsupportedError = exports.ZodCompileAsyncError = exports.withParser = exports.compile = exports.toZod = exports.INVALID = exports.NEVER = exports.util = exports.TimePrecision = exports.flattenError = exports.formatError = exports.prettifyError = exports.treeifyError = exports.regexes = exports.clone = exports.$brand = exports.$input = exports.$output = exports.memoizer = exports.config = exports.registry = exports.globalRegistry = exports.core = void 0;
    exports.core = __importStar(require_core2());
    __exportStar(require_schemas2(), exports);
    __exportStar(require_checks2(), exports);
    __exportStar(require_errors2(), exports);
    __exportStar(require_parse2(), exports);
    __exportStar(require_compat(), exports);
    var index_js_1 = require_core2();
    Object.defineProperty(exports, "globalRegistry", { enumerable: true, get: function() {
      return index_js_1.globalRegistry;
    } });
    Object.defineProperty(exports, "registry", { enumerable: true, get: function() {
      return index_js_1.registry;
    } });
    Object.defineProperty(exports, "config", { enumerable: true, get: function() {
      return index_js_1.config;
    } });
    Object.defineProperty(exports, "memoizer", { enumerable: true, get: function() {
      return index_js_1.memoizer;
    } });
    Object.defineProperty(exports, "$output", { enumerable: true, get: function() {
      return index_js_1.$output;
    } });
    Object.defineProperty(exports, "$input", { enumerable: true, get: function() {
      return index_js_1.$input;
    } });
    Object.defineProperty(exports, "$brand", { enumerable: true, get: function() {
      return index_js_1.$brand;
    } });
    Object.defineProperty(exports, "clone", { enumerable: true, get: function() {
      return index_js_1.clone;
    } });
    Object.defineProperty(exports, "regexes", { enumerable: true, get: function() {
      return index_js_1.regexes;
    } });
    Object.defineProperty(exports, "treeifyError", { enumerable: true, get: function() {
      return index_js_1.treeifyError;
    } });
    Object.defineProperty(exports, "prettifyError", { enumerable: true, get: function() {
      return index_js_1.prettifyError;
    } });
    Object.defineProperty(exports, "formatError", { enumerable: true, get: function() {
      return index_js_1.formatError;
    } });
    Object.defineProperty(exports, "flattenError", { enumerable: true, get: function() {
      return index_js_1.flattenError;
    } });
    Object.defineProperty(exports, "TimePrecision", { enumerable: true, get: function() {
      return index_js_1.TimePrecision;
    } });
    Object.defineProperty(exports, "util", { enumerable: true, get: function() {
      return index_js_1.util;
    } });
    Object.defineProperty(exports, "NEVER", { enumerable: true, get: function() {
      return index_js_1.NEVER;
    } });
    Object.defineProperty(exports, "INVALID", { enumerable: true, get: function() {
      return index_js_1.INVALID;
    } });
    Object.defineProperty(exports, "toZod", { enumerable: true, get: function() {
      return index_js_1.toZod;
    } });
    Object.defineProperty(exports, "compile", { enumerable: true, get: function() {
      return index_js_1.compile;
    } });
    Object.defineProperty(exports, "withParser", { enumerable: true, get: function() {
      return index_js_1.withParser;
    } });
    Object.defineProperty(exports, "ZodCompileAsyncError", { enumerable: true, get: function() {
      return index_js_1.ZodCompileAsyncError;
    } });
    Object.defineProperty(exports, "ZodCompileUnsupportedError", { enumerable: true, get: function() {
      return index_js_1.ZodCompileUnsupportedError;
    } });
    Object.defineProperty(exports, "getDiscriminatedOption", { enumerable: true, get: function() {
      return index_js_1.getDiscriminatedOption;
    } });
    var json_schema_processors_js_1 = require_json_schema_processors();
    Object.defineProperty(exports, "toJSONSchema", { enumerable: true, get: function() {
      return json_schema_processors_js_1.toJSONSchema;
    } });
    var from_json_schema_js_1 = require_from_json_schema();
    Object.defineProperty(exports, "fromJSONSchema", { enumerable: true, get: function() {
      return from_json_schema_js_1.fromJSONSchema;
    } });
    var deep_partial_js_1 = require_deep_partial();
    Object.defineProperty(exports, "deepPartial", { enumerable: true, get: function() {
      return deep_partial_js_1.deepPartial;
    } });
    var in_out_js_1 = require_in_out();
    Object.defineProperty(exports, "input", { enumerable: true, get: function() {
      return in_out_js_1.input;
    } });
    Object.defineProperty(exports, "output", { enumerable: true, get: function() {
      return in_out_js_1.output;
    } });
    exports.locales = __importStar(require_zod_locales());
    var iso_js_1 = require_iso();
    Object.defineProperty(exports, "ZodISODateTime", { enumerable: true, get: function() {
      return iso_js_1.ZodISODateTime;
    } });
    Object.defineProperty(exports, "ZodISODate", { enumerable: true, get: function() {
      return iso_js_1.ZodISODate;
    } });
    Object.defineProperty(exports, "ZodISOTime", { enumerable: true, get: function() {
      return iso_js_1.ZodISOTime;
    } });
    Object.defineProperty(exports, "ZodISODuration", { enumerable: true, get: function() {
      return iso_js_1.ZodISODuration;
    } });
    exports.iso = __importStar(require_iso());
    exports.coerce = __importStar(require_coerce());
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// node_modules/zod/index.cjs
var require_zod = __commonJS({
  "node_modules/zod/index.cjs"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports && exports.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports && exports.__importStar || function(mod) {
      if (mod && mod.__esModule) return mod;
      var result = {};
      if (mod != null) {
        for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
      }
      __setModuleDefault(result, mod);
      return result;
    };
    var __exportStar = exports && exports.__exportStar || function(m, exports2) {
      for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports2, p)) __createBinding(exports2, m, p);
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.default = exports.z = void 0;
    var z = __importStar(require_external());
    exports.z = z;
    exports.default = z;
    __exportStar(require_external(), exports);
    (function() {
      var keys = Object.getOwnPropertyNames(exports);
      for (var i = 0; i < keys.length; i++) {
        var desc = Object.getOwnPropertyDescriptor(exports, keys[i]);
        if (!desc || !desc.get || !desc.configurable) continue;
        var value;
        try {
          value = desc.get();
        } catch (e) {
          continue;
        }
        if (value === void 0) continue;
        Object.defineProperty(exports, keys[i], { value, writable: false, enumerable: desc.enumerable, configurable: false });
      }
      Object.freeze(exports);
    })();
  }
});

// core/textfile.ts
import { readFileSync, statSync } from "node:fs";

// node_modules/js-yaml/dist/js-yaml.mjs
function getDefaultExportFromCjs(x) {
  return x && x.__esModule && Object.prototype.hasOwnProperty.call(x, "default") ? x["default"] : x;
}
var jsYaml = {};
var loader = {};
var common = {};
var hasRequiredCommon;
function requireCommon() {
  if (hasRequiredCommon) return common;
  hasRequiredCommon = 1;
  function isNothing(subject) {
    return typeof subject === "undefined" || subject === null;
  }
  function isObject(subject) {
    return typeof subject === "object" && subject !== null;
  }
  function toArray(sequence) {
    if (Array.isArray(sequence)) return sequence;
    else if (isNothing(sequence)) return [];
    return [sequence];
  }
  function extend(target, source) {
    if (source) {
      const sourceKeys = Object.keys(source);
      for (let index = 0, length = sourceKeys.length; index < length; index += 1) {
        const key = sourceKeys[index];
        target[key] = source[key];
      }
    }
    return target;
  }
  function repeat(string, count) {
    let result = "";
    for (let cycle = 0; cycle < count; cycle += 1) {
      result += string;
    }
    return result;
  }
  function isNegativeZero(number) {
    return number === 0 && Number.NEGATIVE_INFINITY === 1 / number;
  }
  common.isNothing = isNothing;
  common.isObject = isObject;
  common.toArray = toArray;
  common.repeat = repeat;
  common.isNegativeZero = isNegativeZero;
  common.extend = extend;
  return common;
}
var exception;
var hasRequiredException;
function requireException() {
  if (hasRequiredException) return exception;
  hasRequiredException = 1;
  function formatError(exception2, compact) {
    let where = "";
    const message = exception2.reason || "(unknown reason)";
    if (!exception2.mark) return message;
    if (exception2.mark.name) {
      where += 'in "' + exception2.mark.name + '" ';
    }
    where += "(" + (exception2.mark.line + 1) + ":" + (exception2.mark.column + 1) + ")";
    if (!compact && exception2.mark.snippet) {
      where += "\n\n" + exception2.mark.snippet;
    }
    return message + " " + where;
  }
  function YAMLException2(reason, mark) {
    Error.call(this);
    this.name = "YAMLException";
    this.reason = reason;
    this.mark = mark;
    this.message = formatError(this, false);
    if (Error.captureStackTrace) {
      Error.captureStackTrace(this, this.constructor);
    } else {
      this.stack = new Error().stack || "";
    }
  }
  YAMLException2.prototype = Object.create(Error.prototype);
  YAMLException2.prototype.constructor = YAMLException2;
  YAMLException2.prototype.toString = function toString(compact) {
    return this.name + ": " + formatError(this, compact);
  };
  exception = YAMLException2;
  return exception;
}
var snippet;
var hasRequiredSnippet;
function requireSnippet() {
  if (hasRequiredSnippet) return snippet;
  hasRequiredSnippet = 1;
  const common2 = requireCommon();
  function getLine(buffer, lineStart, lineEnd, position, maxLineLength) {
    let head = "";
    let tail = "";
    const maxHalfLength = Math.floor(maxLineLength / 2) - 1;
    if (position - lineStart > maxHalfLength) {
      head = " ... ";
      lineStart = position - maxHalfLength + head.length;
    }
    if (lineEnd - position > maxHalfLength) {
      tail = " ...";
      lineEnd = position + maxHalfLength - tail.length;
    }
    return {
      str: head + buffer.slice(lineStart, lineEnd).replace(/\t/g, "\u2192") + tail,
      pos: position - lineStart + head.length
      // relative position
    };
  }
  function padStart(string, max) {
    return common2.repeat(" ", max - string.length) + string;
  }
  function makeSnippet(mark, options) {
    options = Object.create(options || null);
    if (!mark.buffer) return null;
    if (!options.maxLength) options.maxLength = 79;
    if (typeof options.indent !== "number") options.indent = 1;
    if (typeof options.linesBefore !== "number") options.linesBefore = 3;
    if (typeof options.linesAfter !== "number") options.linesAfter = 2;
    const re = /\r?\n|\r|\0/g;
    const lineStarts = [0];
    const lineEnds = [];
    let match;
    let foundLineNo = -1;
    while (match = re.exec(mark.buffer)) {
      lineEnds.push(match.index);
      lineStarts.push(match.index + match[0].length);
      if (mark.position <= match.index && foundLineNo < 0) {
        foundLineNo = lineStarts.length - 2;
      }
    }
    if (foundLineNo < 0) foundLineNo = lineStarts.length - 1;
    let result = "";
    const lineNoLength = Math.min(mark.line + options.linesAfter, lineEnds.length).toString().length;
    const maxLineLength = options.maxLength - (options.indent + lineNoLength + 3);
    for (let i = 1; i <= options.linesBefore; i++) {
      if (foundLineNo - i < 0) break;
      const line2 = getLine(
        mark.buffer,
        lineStarts[foundLineNo - i],
        lineEnds[foundLineNo - i],
        mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo - i]),
        maxLineLength
      );
      result = common2.repeat(" ", options.indent) + padStart((mark.line - i + 1).toString(), lineNoLength) + " | " + line2.str + "\n" + result;
    }
    const line = getLine(mark.buffer, lineStarts[foundLineNo], lineEnds[foundLineNo], mark.position, maxLineLength);
    result += common2.repeat(" ", options.indent) + padStart((mark.line + 1).toString(), lineNoLength) + " | " + line.str + "\n";
    result += common2.repeat("-", options.indent + lineNoLength + 3 + line.pos) + "^\n";
    for (let i = 1; i <= options.linesAfter; i++) {
      if (foundLineNo + i >= lineEnds.length) break;
      const line2 = getLine(
        mark.buffer,
        lineStarts[foundLineNo + i],
        lineEnds[foundLineNo + i],
        mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo + i]),
        maxLineLength
      );
      result += common2.repeat(" ", options.indent) + padStart((mark.line + i + 1).toString(), lineNoLength) + " | " + line2.str + "\n";
    }
    return result.replace(/\n$/, "");
  }
  snippet = makeSnippet;
  return snippet;
}
var type;
var hasRequiredType;
function requireType() {
  if (hasRequiredType) return type;
  hasRequiredType = 1;
  const YAMLException2 = requireException();
  const TYPE_CONSTRUCTOR_OPTIONS = [
    "kind",
    "multi",
    "resolve",
    "construct",
    "instanceOf",
    "predicate",
    "represent",
    "representName",
    "defaultStyle",
    "styleAliases"
  ];
  const YAML_NODE_KINDS = [
    "scalar",
    "sequence",
    "mapping"
  ];
  function compileStyleAliases(map2) {
    const result = {};
    if (map2 !== null) {
      Object.keys(map2).forEach(function(style) {
        map2[style].forEach(function(alias) {
          result[String(alias)] = style;
        });
      });
    }
    return result;
  }
  function Type2(tag, options) {
    options = options || {};
    Object.keys(options).forEach(function(name) {
      if (TYPE_CONSTRUCTOR_OPTIONS.indexOf(name) === -1) {
        throw new YAMLException2('Unknown option "' + name + '" is met in definition of "' + tag + '" YAML type.');
      }
    });
    this.options = options;
    this.tag = tag;
    this.kind = options["kind"] || null;
    this.resolve = options["resolve"] || function() {
      return true;
    };
    this.construct = options["construct"] || function(data) {
      return data;
    };
    this.instanceOf = options["instanceOf"] || null;
    this.predicate = options["predicate"] || null;
    this.represent = options["represent"] || null;
    this.representName = options["representName"] || null;
    this.defaultStyle = options["defaultStyle"] || null;
    this.multi = options["multi"] || false;
    this.styleAliases = compileStyleAliases(options["styleAliases"] || null);
    if (YAML_NODE_KINDS.indexOf(this.kind) === -1) {
      throw new YAMLException2('Unknown kind "' + this.kind + '" is specified for "' + tag + '" YAML type.');
    }
  }
  type = Type2;
  return type;
}
var schema;
var hasRequiredSchema;
function requireSchema() {
  if (hasRequiredSchema) return schema;
  hasRequiredSchema = 1;
  const YAMLException2 = requireException();
  const Type2 = requireType();
  function compileList(schema2, name) {
    const result = [];
    schema2[name].forEach(function(currentType) {
      let newIndex = result.length;
      result.forEach(function(previousType, previousIndex) {
        if (previousType.tag === currentType.tag && previousType.kind === currentType.kind && previousType.multi === currentType.multi) {
          newIndex = previousIndex;
        }
      });
      result[newIndex] = currentType;
    });
    return result;
  }
  function compileMap() {
    const result = {
      scalar: {},
      sequence: {},
      mapping: {},
      fallback: {},
      multi: {
        scalar: [],
        sequence: [],
        mapping: [],
        fallback: []
      }
    };
    function collectType(type2) {
      if (type2.multi) {
        result.multi[type2.kind].push(type2);
        result.multi["fallback"].push(type2);
      } else {
        result[type2.kind][type2.tag] = result["fallback"][type2.tag] = type2;
      }
    }
    for (let index = 0, length = arguments.length; index < length; index += 1) {
      arguments[index].forEach(collectType);
    }
    return result;
  }
  function Schema2(definition) {
    return this.extend(definition);
  }
  Schema2.prototype.extend = function extend(definition) {
    let implicit = [];
    let explicit = [];
    if (definition instanceof Type2) {
      explicit.push(definition);
    } else if (Array.isArray(definition)) {
      explicit = explicit.concat(definition);
    } else if (definition && (Array.isArray(definition.implicit) || Array.isArray(definition.explicit))) {
      if (definition.implicit) implicit = implicit.concat(definition.implicit);
      if (definition.explicit) explicit = explicit.concat(definition.explicit);
    } else {
      throw new YAMLException2("Schema.extend argument should be a Type, [ Type ], or a schema definition ({ implicit: [...], explicit: [...] })");
    }
    implicit.forEach(function(type2) {
      if (!(type2 instanceof Type2)) {
        throw new YAMLException2("Specified list of YAML types (or a single Type object) contains a non-Type object.");
      }
      if (type2.loadKind && type2.loadKind !== "scalar") {
        throw new YAMLException2("There is a non-scalar type in the implicit list of a schema. Implicit resolving of such types is not supported.");
      }
      if (type2.multi) {
        throw new YAMLException2("There is a multi type in the implicit list of a schema. Multi tags can only be listed as explicit.");
      }
    });
    explicit.forEach(function(type2) {
      if (!(type2 instanceof Type2)) {
        throw new YAMLException2("Specified list of YAML types (or a single Type object) contains a non-Type object.");
      }
    });
    const result = Object.create(Schema2.prototype);
    result.implicit = (this.implicit || []).concat(implicit);
    result.explicit = (this.explicit || []).concat(explicit);
    result.compiledImplicit = compileList(result, "implicit");
    result.compiledExplicit = compileList(result, "explicit");
    result.compiledTypeMap = compileMap(result.compiledImplicit, result.compiledExplicit);
    return result;
  };
  schema = Schema2;
  return schema;
}
var str;
var hasRequiredStr;
function requireStr() {
  if (hasRequiredStr) return str;
  hasRequiredStr = 1;
  const Type2 = requireType();
  str = new Type2("tag:yaml.org,2002:str", {
    kind: "scalar",
    construct: function(data) {
      return data !== null ? data : "";
    }
  });
  return str;
}
var seq;
var hasRequiredSeq;
function requireSeq() {
  if (hasRequiredSeq) return seq;
  hasRequiredSeq = 1;
  const Type2 = requireType();
  seq = new Type2("tag:yaml.org,2002:seq", {
    kind: "sequence",
    construct: function(data) {
      return data !== null ? data : [];
    }
  });
  return seq;
}
var map;
var hasRequiredMap;
function requireMap() {
  if (hasRequiredMap) return map;
  hasRequiredMap = 1;
  const Type2 = requireType();
  map = new Type2("tag:yaml.org,2002:map", {
    kind: "mapping",
    construct: function(data) {
      return data !== null ? data : {};
    }
  });
  return map;
}
var failsafe;
var hasRequiredFailsafe;
function requireFailsafe() {
  if (hasRequiredFailsafe) return failsafe;
  hasRequiredFailsafe = 1;
  const Schema2 = requireSchema();
  failsafe = new Schema2({
    explicit: [
      requireStr(),
      requireSeq(),
      requireMap()
    ]
  });
  return failsafe;
}
var _null;
var hasRequired_null;
function require_null() {
  if (hasRequired_null) return _null;
  hasRequired_null = 1;
  const Type2 = requireType();
  function resolveYamlNull(data) {
    if (data === null) return true;
    const max = data.length;
    return max === 1 && data === "~" || max === 4 && (data === "null" || data === "Null" || data === "NULL");
  }
  function constructYamlNull() {
    return null;
  }
  function isNull(object) {
    return object === null;
  }
  _null = new Type2("tag:yaml.org,2002:null", {
    kind: "scalar",
    resolve: resolveYamlNull,
    construct: constructYamlNull,
    predicate: isNull,
    represent: {
      canonical: function() {
        return "~";
      },
      lowercase: function() {
        return "null";
      },
      uppercase: function() {
        return "NULL";
      },
      camelcase: function() {
        return "Null";
      },
      empty: function() {
        return "";
      }
    },
    defaultStyle: "lowercase"
  });
  return _null;
}
var bool;
var hasRequiredBool;
function requireBool() {
  if (hasRequiredBool) return bool;
  hasRequiredBool = 1;
  const Type2 = requireType();
  function resolveYamlBoolean(data) {
    if (data === null) return false;
    const max = data.length;
    return max === 4 && (data === "true" || data === "True" || data === "TRUE") || max === 5 && (data === "false" || data === "False" || data === "FALSE");
  }
  function constructYamlBoolean(data) {
    return data === "true" || data === "True" || data === "TRUE";
  }
  function isBoolean(object) {
    return Object.prototype.toString.call(object) === "[object Boolean]";
  }
  bool = new Type2("tag:yaml.org,2002:bool", {
    kind: "scalar",
    resolve: resolveYamlBoolean,
    construct: constructYamlBoolean,
    predicate: isBoolean,
    represent: {
      lowercase: function(object) {
        return object ? "true" : "false";
      },
      uppercase: function(object) {
        return object ? "TRUE" : "FALSE";
      },
      camelcase: function(object) {
        return object ? "True" : "False";
      }
    },
    defaultStyle: "lowercase"
  });
  return bool;
}
var int;
var hasRequiredInt;
function requireInt() {
  if (hasRequiredInt) return int;
  hasRequiredInt = 1;
  const common2 = requireCommon();
  const Type2 = requireType();
  function isHexCode(c) {
    return c >= 48 && c <= 57 || c >= 65 && c <= 70 || c >= 97 && c <= 102;
  }
  function isOctCode(c) {
    return c >= 48 && c <= 55;
  }
  function isDecCode(c) {
    return c >= 48 && c <= 57;
  }
  function resolveYamlInteger(data) {
    if (data === null) return false;
    const max = data.length;
    let index = 0;
    let hasDigits = false;
    if (!max) return false;
    let ch = data[index];
    if (ch === "-" || ch === "+") {
      ch = data[++index];
    }
    if (ch === "0") {
      if (index + 1 === max) return true;
      ch = data[++index];
      if (ch === "b") {
        index++;
        for (; index < max; index++) {
          ch = data[index];
          if (ch !== "0" && ch !== "1") return false;
          hasDigits = true;
        }
        return hasDigits && isFinite(parseYamlInteger(data));
      }
      if (ch === "x") {
        index++;
        for (; index < max; index++) {
          if (!isHexCode(data.charCodeAt(index))) return false;
          hasDigits = true;
        }
        return hasDigits && isFinite(parseYamlInteger(data));
      }
      if (ch === "o") {
        index++;
        for (; index < max; index++) {
          if (!isOctCode(data.charCodeAt(index))) return false;
          hasDigits = true;
        }
        return hasDigits && isFinite(parseYamlInteger(data));
      }
    }
    for (; index < max; index++) {
      if (!isDecCode(data.charCodeAt(index))) {
        return false;
      }
      hasDigits = true;
    }
    if (!hasDigits) return false;
    return isFinite(parseYamlInteger(data));
  }
  function parseYamlInteger(data) {
    let value = data;
    let sign = 1;
    let ch = value[0];
    if (ch === "-" || ch === "+") {
      if (ch === "-") sign = -1;
      value = value.slice(1);
      ch = value[0];
    }
    if (value === "0") return 0;
    if (ch === "0") {
      if (value[1] === "b") return sign * parseInt(value.slice(2), 2);
      if (value[1] === "x") return sign * parseInt(value.slice(2), 16);
      if (value[1] === "o") return sign * parseInt(value.slice(2), 8);
    }
    return sign * parseInt(value, 10);
  }
  function constructYamlInteger(data) {
    return parseYamlInteger(data);
  }
  function isInteger(object) {
    return Object.prototype.toString.call(object) === "[object Number]" && (object % 1 === 0 && !common2.isNegativeZero(object));
  }
  int = new Type2("tag:yaml.org,2002:int", {
    kind: "scalar",
    resolve: resolveYamlInteger,
    construct: constructYamlInteger,
    predicate: isInteger,
    represent: {
      binary: function(obj) {
        return obj >= 0 ? "0b" + obj.toString(2) : "-0b" + obj.toString(2).slice(1);
      },
      octal: function(obj) {
        return obj >= 0 ? "0o" + obj.toString(8) : "-0o" + obj.toString(8).slice(1);
      },
      decimal: function(obj) {
        return obj.toString(10);
      },
      hexadecimal: function(obj) {
        return obj >= 0 ? "0x" + obj.toString(16).toUpperCase() : "-0x" + obj.toString(16).toUpperCase().slice(1);
      }
    },
    defaultStyle: "decimal",
    styleAliases: {
      binary: [2, "bin"],
      octal: [8, "oct"],
      decimal: [10, "dec"],
      hexadecimal: [16, "hex"]
    }
  });
  return int;
}
var float;
var hasRequiredFloat;
function requireFloat() {
  if (hasRequiredFloat) return float;
  hasRequiredFloat = 1;
  const common2 = requireCommon();
  const Type2 = requireType();
  const YAML_FLOAT_PATTERN = new RegExp(
    // 2.5e4, 2.5 and integers
    "^(?:[-+]?(?:[0-9]+)(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$"
  );
  const YAML_FLOAT_SPECIAL_PATTERN = new RegExp(
    "^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$"
  );
  function resolveYamlFloat(data) {
    if (data === null) return false;
    if (!YAML_FLOAT_PATTERN.test(data)) {
      return false;
    }
    if (isFinite(parseFloat(data, 10))) {
      return true;
    }
    return YAML_FLOAT_SPECIAL_PATTERN.test(data);
  }
  function constructYamlFloat(data) {
    let value = data.toLowerCase();
    const sign = value[0] === "-" ? -1 : 1;
    if ("+-".indexOf(value[0]) >= 0) {
      value = value.slice(1);
    }
    if (value === ".inf") {
      return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    } else if (value === ".nan") {
      return NaN;
    }
    return sign * parseFloat(value, 10);
  }
  const SCIENTIFIC_WITHOUT_DOT = /^[-+]?[0-9]+e/;
  function representYamlFloat(object, style) {
    if (isNaN(object)) {
      switch (style) {
        case "lowercase":
          return ".nan";
        case "uppercase":
          return ".NAN";
        case "camelcase":
          return ".NaN";
      }
    } else if (Number.POSITIVE_INFINITY === object) {
      switch (style) {
        case "lowercase":
          return ".inf";
        case "uppercase":
          return ".INF";
        case "camelcase":
          return ".Inf";
      }
    } else if (Number.NEGATIVE_INFINITY === object) {
      switch (style) {
        case "lowercase":
          return "-.inf";
        case "uppercase":
          return "-.INF";
        case "camelcase":
          return "-.Inf";
      }
    } else if (common2.isNegativeZero(object)) {
      return "-0.0";
    }
    const res = object.toString(10);
    return SCIENTIFIC_WITHOUT_DOT.test(res) ? res.replace("e", ".e") : res;
  }
  function isFloat(object) {
    return Object.prototype.toString.call(object) === "[object Number]" && (object % 1 !== 0 || common2.isNegativeZero(object));
  }
  float = new Type2("tag:yaml.org,2002:float", {
    kind: "scalar",
    resolve: resolveYamlFloat,
    construct: constructYamlFloat,
    predicate: isFloat,
    represent: representYamlFloat,
    defaultStyle: "lowercase"
  });
  return float;
}
var json;
var hasRequiredJson;
function requireJson() {
  if (hasRequiredJson) return json;
  hasRequiredJson = 1;
  json = requireFailsafe().extend({
    implicit: [
      require_null(),
      requireBool(),
      requireInt(),
      requireFloat()
    ]
  });
  return json;
}
var core;
var hasRequiredCore;
function requireCore() {
  if (hasRequiredCore) return core;
  hasRequiredCore = 1;
  core = requireJson();
  return core;
}
var timestamp;
var hasRequiredTimestamp;
function requireTimestamp() {
  if (hasRequiredTimestamp) return timestamp;
  hasRequiredTimestamp = 1;
  const Type2 = requireType();
  const YAML_DATE_REGEXP = new RegExp(
    "^([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])$"
  );
  const YAML_TIMESTAMP_REGEXP = new RegExp(
    "^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\\.([0-9]*))?(?:[ \\t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?$"
  );
  function resolveYamlTimestamp(data) {
    if (data === null) return false;
    if (YAML_DATE_REGEXP.exec(data) !== null) return true;
    if (YAML_TIMESTAMP_REGEXP.exec(data) !== null) return true;
    return false;
  }
  function constructYamlTimestamp(data) {
    let fraction = 0;
    let delta = null;
    let match = YAML_DATE_REGEXP.exec(data);
    if (match === null) match = YAML_TIMESTAMP_REGEXP.exec(data);
    if (match === null) throw new Error("Date resolve error");
    const year = +match[1];
    const month = +match[2] - 1;
    const day = +match[3];
    if (!match[4]) {
      return new Date(Date.UTC(year, month, day));
    }
    const hour = +match[4];
    const minute = +match[5];
    const second = +match[6];
    if (match[7]) {
      fraction = match[7].slice(0, 3);
      while (fraction.length < 3) {
        fraction += "0";
      }
      fraction = +fraction;
    }
    if (match[9]) {
      const tzHour = +match[10];
      const tzMinute = +(match[11] || 0);
      delta = (tzHour * 60 + tzMinute) * 6e4;
      if (match[9] === "-") delta = -delta;
    }
    const date = new Date(Date.UTC(year, month, day, hour, minute, second, fraction));
    if (delta) date.setTime(date.getTime() - delta);
    return date;
  }
  function representYamlTimestamp(object) {
    return object.toISOString();
  }
  timestamp = new Type2("tag:yaml.org,2002:timestamp", {
    kind: "scalar",
    resolve: resolveYamlTimestamp,
    construct: constructYamlTimestamp,
    instanceOf: Date,
    represent: representYamlTimestamp
  });
  return timestamp;
}
var merge;
var hasRequiredMerge;
function requireMerge() {
  if (hasRequiredMerge) return merge;
  hasRequiredMerge = 1;
  const Type2 = requireType();
  function resolveYamlMerge(data) {
    return data === "<<" || data === null;
  }
  merge = new Type2("tag:yaml.org,2002:merge", {
    kind: "scalar",
    resolve: resolveYamlMerge
  });
  return merge;
}
var binary;
var hasRequiredBinary;
function requireBinary() {
  if (hasRequiredBinary) return binary;
  hasRequiredBinary = 1;
  const Type2 = requireType();
  const BASE64_MAP = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\n\r";
  function resolveYamlBinary(data) {
    if (data === null) return false;
    let bitlen = 0;
    const max = data.length;
    const map2 = BASE64_MAP;
    for (let idx = 0; idx < max; idx++) {
      const code = map2.indexOf(data.charAt(idx));
      if (code > 64) continue;
      if (code < 0) return false;
      bitlen += 6;
    }
    return bitlen % 8 === 0;
  }
  function constructYamlBinary(data) {
    const input = data.replace(/[\r\n=]/g, "");
    const max = input.length;
    const map2 = BASE64_MAP;
    let bits = 0;
    const result = [];
    for (let idx = 0; idx < max; idx++) {
      if (idx % 4 === 0 && idx) {
        result.push(bits >> 16 & 255);
        result.push(bits >> 8 & 255);
        result.push(bits & 255);
      }
      bits = bits << 6 | map2.indexOf(input.charAt(idx));
    }
    const tailbits = max % 4 * 6;
    if (tailbits === 0) {
      result.push(bits >> 16 & 255);
      result.push(bits >> 8 & 255);
      result.push(bits & 255);
    } else if (tailbits === 18) {
      result.push(bits >> 10 & 255);
      result.push(bits >> 2 & 255);
    } else if (tailbits === 12) {
      result.push(bits >> 4 & 255);
    }
    return new Uint8Array(result);
  }
  function representYamlBinary(object) {
    let result = "";
    let bits = 0;
    const max = object.length;
    const map2 = BASE64_MAP;
    for (let idx = 0; idx < max; idx++) {
      if (idx % 3 === 0 && idx) {
        result += map2[bits >> 18 & 63];
        result += map2[bits >> 12 & 63];
        result += map2[bits >> 6 & 63];
        result += map2[bits & 63];
      }
      bits = (bits << 8) + object[idx];
    }
    const tail = max % 3;
    if (tail === 0) {
      result += map2[bits >> 18 & 63];
      result += map2[bits >> 12 & 63];
      result += map2[bits >> 6 & 63];
      result += map2[bits & 63];
    } else if (tail === 2) {
      result += map2[bits >> 10 & 63];
      result += map2[bits >> 4 & 63];
      result += map2[bits << 2 & 63];
      result += map2[64];
    } else if (tail === 1) {
      result += map2[bits >> 2 & 63];
      result += map2[bits << 4 & 63];
      result += map2[64];
      result += map2[64];
    }
    return result;
  }
  function isBinary(obj) {
    return Object.prototype.toString.call(obj) === "[object Uint8Array]";
  }
  binary = new Type2("tag:yaml.org,2002:binary", {
    kind: "scalar",
    resolve: resolveYamlBinary,
    construct: constructYamlBinary,
    predicate: isBinary,
    represent: representYamlBinary
  });
  return binary;
}
var omap;
var hasRequiredOmap;
function requireOmap() {
  if (hasRequiredOmap) return omap;
  hasRequiredOmap = 1;
  const Type2 = requireType();
  const _hasOwnProperty = Object.prototype.hasOwnProperty;
  const _toString = Object.prototype.toString;
  function resolveYamlOmap(data) {
    if (data === null) return true;
    const objectKeys = {};
    const object = data;
    for (let index = 0, length = object.length; index < length; index += 1) {
      const pair = object[index];
      let pairHasKey = false;
      if (_toString.call(pair) !== "[object Object]") return false;
      let pairKey;
      for (pairKey in pair) {
        if (_hasOwnProperty.call(pair, pairKey)) {
          if (!pairHasKey) pairHasKey = true;
          else return false;
        }
      }
      if (!pairHasKey) return false;
      if (_hasOwnProperty.call(objectKeys, pairKey)) return false;
      Object.defineProperty(objectKeys, pairKey, { value: true });
    }
    return true;
  }
  function constructYamlOmap(data) {
    return data !== null ? data : [];
  }
  omap = new Type2("tag:yaml.org,2002:omap", {
    kind: "sequence",
    resolve: resolveYamlOmap,
    construct: constructYamlOmap
  });
  return omap;
}
var pairs;
var hasRequiredPairs;
function requirePairs() {
  if (hasRequiredPairs) return pairs;
  hasRequiredPairs = 1;
  const Type2 = requireType();
  const _toString = Object.prototype.toString;
  function resolveYamlPairs(data) {
    if (data === null) return true;
    const object = data;
    const result = new Array(object.length);
    for (let index = 0, length = object.length; index < length; index += 1) {
      const pair = object[index];
      if (_toString.call(pair) !== "[object Object]") return false;
      const keys = Object.keys(pair);
      if (keys.length !== 1) return false;
      result[index] = [keys[0], pair[keys[0]]];
    }
    return true;
  }
  function constructYamlPairs(data) {
    if (data === null) return [];
    const object = data;
    const result = new Array(object.length);
    for (let index = 0, length = object.length; index < length; index += 1) {
      const pair = object[index];
      const keys = Object.keys(pair);
      result[index] = [keys[0], pair[keys[0]]];
    }
    return result;
  }
  pairs = new Type2("tag:yaml.org,2002:pairs", {
    kind: "sequence",
    resolve: resolveYamlPairs,
    construct: constructYamlPairs
  });
  return pairs;
}
var set;
var hasRequiredSet;
function requireSet() {
  if (hasRequiredSet) return set;
  hasRequiredSet = 1;
  const Type2 = requireType();
  const _hasOwnProperty = Object.prototype.hasOwnProperty;
  function resolveYamlSet(data) {
    if (data === null) return true;
    const object = data;
    for (const key in object) {
      if (_hasOwnProperty.call(object, key)) {
        if (object[key] !== null) return false;
      }
    }
    return true;
  }
  function constructYamlSet(data) {
    return data !== null ? data : {};
  }
  set = new Type2("tag:yaml.org,2002:set", {
    kind: "mapping",
    resolve: resolveYamlSet,
    construct: constructYamlSet
  });
  return set;
}
var _default;
var hasRequired_default;
function require_default() {
  if (hasRequired_default) return _default;
  hasRequired_default = 1;
  _default = requireCore().extend({
    implicit: [
      requireTimestamp(),
      requireMerge()
    ],
    explicit: [
      requireBinary(),
      requireOmap(),
      requirePairs(),
      requireSet()
    ]
  });
  return _default;
}
var hasRequiredLoader;
function requireLoader() {
  if (hasRequiredLoader) return loader;
  hasRequiredLoader = 1;
  const common2 = requireCommon();
  const YAMLException2 = requireException();
  const makeSnippet = requireSnippet();
  const DEFAULT_SCHEMA2 = require_default();
  const _hasOwnProperty = Object.prototype.hasOwnProperty;
  const CONTEXT_FLOW_IN = 1;
  const CONTEXT_FLOW_OUT = 2;
  const CONTEXT_BLOCK_IN = 3;
  const CONTEXT_BLOCK_OUT = 4;
  const CHOMPING_CLIP = 1;
  const CHOMPING_STRIP = 2;
  const CHOMPING_KEEP = 3;
  const PATTERN_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
  const PATTERN_NON_ASCII_LINE_BREAKS = /[\x85\u2028\u2029]/;
  const PATTERN_FLOW_INDICATORS = /[,\[\]{}]/;
  const PATTERN_TAG_HANDLE = /^(?:!|!!|![0-9A-Za-z-]+!)$/;
  const PATTERN_TAG_URI = /^(?:!|[^,\[\]{}])(?:%[0-9a-f]{2}|[0-9a-z\-#;/?:@&=+$,_.!~*'()\[\]])*$/i;
  function _class(obj) {
    return Object.prototype.toString.call(obj);
  }
  function isEol(c) {
    return c === 10 || c === 13;
  }
  function isWhiteSpace(c) {
    return c === 9 || c === 32;
  }
  function isWsOrEol(c) {
    return c === 9 || c === 32 || c === 10 || c === 13;
  }
  function isFlowIndicator(c) {
    return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
  }
  function fromHexCode(c) {
    if (c >= 48 && c <= 57) {
      return c - 48;
    }
    const lc = c | 32;
    if (lc >= 97 && lc <= 102) {
      return lc - 97 + 10;
    }
    return -1;
  }
  function escapedHexLen(c) {
    if (c === 120) {
      return 2;
    }
    if (c === 117) {
      return 4;
    }
    if (c === 85) {
      return 8;
    }
    return 0;
  }
  function fromDecimalCode(c) {
    if (c >= 48 && c <= 57) {
      return c - 48;
    }
    return -1;
  }
  function simpleEscapeSequence(c) {
    switch (c) {
      case 48:
        return "\0";
      case 97:
        return "\x07";
      case 98:
        return "\b";
      case 116:
        return "	";
      case 9:
        return "	";
      case 110:
        return "\n";
      case 118:
        return "\v";
      case 102:
        return "\f";
      case 114:
        return "\r";
      case 101:
        return "\x1B";
      case 32:
        return " ";
      case 34:
        return '"';
      case 47:
        return "/";
      case 92:
        return "\\";
      case 78:
        return "\x85";
      case 95:
        return "\xA0";
      case 76:
        return "\u2028";
      case 80:
        return "\u2029";
      default:
        return "";
    }
  }
  function charFromCodepoint(c) {
    if (c <= 65535) {
      return String.fromCharCode(c);
    }
    return String.fromCharCode(
      (c - 65536 >> 10) + 55296,
      (c - 65536 & 1023) + 56320
    );
  }
  function setProperty(object, key, value) {
    if (key === "__proto__") {
      Object.defineProperty(object, key, {
        configurable: true,
        enumerable: true,
        writable: true,
        value
      });
    } else {
      object[key] = value;
    }
  }
  const simpleEscapeCheck = new Array(256);
  const simpleEscapeMap = new Array(256);
  for (let i = 0; i < 256; i++) {
    simpleEscapeCheck[i] = simpleEscapeSequence(i) ? 1 : 0;
    simpleEscapeMap[i] = simpleEscapeSequence(i);
  }
  function State(input, options) {
    this.input = input;
    this.filename = options["filename"] || null;
    this.schema = options["schema"] || DEFAULT_SCHEMA2;
    this.onWarning = options["onWarning"] || null;
    this.legacy = options["legacy"] || false;
    this.json = options["json"] || false;
    this.listener = options["listener"] || null;
    this.maxDepth = typeof options["maxDepth"] === "number" ? options["maxDepth"] : 100;
    this.maxTotalMergeKeys = typeof options["maxTotalMergeKeys"] === "number" ? options["maxTotalMergeKeys"] : 1e4;
    this.implicitTypes = this.schema.compiledImplicit;
    this.typeMap = this.schema.compiledTypeMap;
    this.length = input.length;
    this.position = 0;
    this.line = 0;
    this.lineStart = 0;
    this.lineIndent = 0;
    this.depth = 0;
    this.totalMergeKeys = 0;
    this.firstTabInLine = -1;
    this.documents = [];
    this.anchorMapTransactions = [];
  }
  function generateError(state, message) {
    const mark = {
      name: state.filename,
      buffer: state.input.slice(0, -1),
      // omit trailing \0
      position: state.position,
      line: state.line,
      column: state.position - state.lineStart
    };
    mark.snippet = makeSnippet(mark);
    return new YAMLException2(message, mark);
  }
  function throwError(state, message) {
    throw generateError(state, message);
  }
  function throwWarning(state, message) {
    if (state.onWarning) {
      state.onWarning.call(null, generateError(state, message));
    }
  }
  function storeAnchor(state, name, value) {
    const transactions = state.anchorMapTransactions;
    if (transactions.length !== 0) {
      const transaction = transactions[transactions.length - 1];
      if (!_hasOwnProperty.call(transaction, name)) {
        transaction[name] = {
          existed: _hasOwnProperty.call(state.anchorMap, name),
          value: state.anchorMap[name]
        };
      }
    }
    state.anchorMap[name] = value;
  }
  function beginAnchorTransaction(state) {
    state.anchorMapTransactions.push(/* @__PURE__ */ Object.create(null));
  }
  function commitAnchorTransaction(state) {
    const transaction = state.anchorMapTransactions.pop();
    const transactions = state.anchorMapTransactions;
    if (transactions.length === 0) return;
    const parent = transactions[transactions.length - 1];
    const names = Object.keys(transaction);
    for (let index = 0, length = names.length; index < length; index += 1) {
      const name = names[index];
      if (!_hasOwnProperty.call(parent, name)) {
        parent[name] = transaction[name];
      }
    }
  }
  function rollbackAnchorTransaction(state) {
    const transaction = state.anchorMapTransactions.pop();
    const names = Object.keys(transaction);
    for (let index = names.length - 1; index >= 0; index -= 1) {
      const entry = transaction[names[index]];
      if (entry.existed) {
        state.anchorMap[names[index]] = entry.value;
      } else {
        delete state.anchorMap[names[index]];
      }
    }
  }
  function snapshotState(state) {
    return {
      position: state.position,
      line: state.line,
      lineStart: state.lineStart,
      lineIndent: state.lineIndent,
      firstTabInLine: state.firstTabInLine,
      tag: state.tag,
      anchor: state.anchor,
      kind: state.kind,
      result: state.result
    };
  }
  function restoreState(state, snapshot) {
    state.position = snapshot.position;
    state.line = snapshot.line;
    state.lineStart = snapshot.lineStart;
    state.lineIndent = snapshot.lineIndent;
    state.firstTabInLine = snapshot.firstTabInLine;
    state.tag = snapshot.tag;
    state.anchor = snapshot.anchor;
    state.kind = snapshot.kind;
    state.result = snapshot.result;
  }
  const directiveHandlers = {
    YAML: function handleYamlDirective(state, name, args) {
      if (state.version !== null) {
        throwError(state, "duplication of %YAML directive");
      }
      if (args.length !== 1) {
        throwError(state, "YAML directive accepts exactly one argument");
      }
      const match = /^([0-9]+)\.([0-9]+)$/.exec(args[0]);
      if (match === null) {
        throwError(state, "ill-formed argument of the YAML directive");
      }
      const major = parseInt(match[1], 10);
      const minor = parseInt(match[2], 10);
      if (major !== 1) {
        throwError(state, "unacceptable YAML version of the document");
      }
      state.version = args[0];
      state.checkLineBreaks = minor < 2;
      if (minor !== 1 && minor !== 2) {
        throwWarning(state, "unsupported YAML version of the document");
      }
    },
    TAG: function handleTagDirective(state, name, args) {
      let prefix;
      if (args.length !== 2) {
        throwError(state, "TAG directive accepts exactly two arguments");
      }
      const handle = args[0];
      prefix = args[1];
      if (!PATTERN_TAG_HANDLE.test(handle)) {
        throwError(state, "ill-formed tag handle (first argument) of the TAG directive");
      }
      if (_hasOwnProperty.call(state.tagMap, handle)) {
        throwError(state, 'there is a previously declared suffix for "' + handle + '" tag handle');
      }
      if (!PATTERN_TAG_URI.test(prefix)) {
        throwError(state, "ill-formed tag prefix (second argument) of the TAG directive");
      }
      try {
        prefix = decodeURIComponent(prefix);
      } catch (err) {
        throwError(state, "tag prefix is malformed: " + prefix);
      }
      state.tagMap[handle] = prefix;
    }
  };
  function captureSegment(state, start, end, checkJson) {
    if (start < end) {
      const _result = state.input.slice(start, end);
      if (checkJson) {
        for (let _position = 0, _length = _result.length; _position < _length; _position += 1) {
          const _character = _result.charCodeAt(_position);
          if (!(_character === 9 || _character >= 32 && _character <= 1114111)) {
            throwError(state, "expected valid JSON character");
          }
        }
      } else if (PATTERN_NON_PRINTABLE.test(_result)) {
        throwError(state, "the stream contains non-printable characters");
      }
      state.result += _result;
    }
  }
  function chargeMergeWork(state) {
    state.totalMergeKeys++;
    if (state.maxTotalMergeKeys !== -1 && state.totalMergeKeys > state.maxTotalMergeKeys) {
      throwError(state, "merge keys exceeded maxTotalMergeKeys (" + state.maxTotalMergeKeys + ")");
    }
  }
  function mergeMappings(state, destination, source, overridableKeys) {
    if (!common2.isObject(source)) {
      throwError(state, "cannot merge mappings; the provided source object is unacceptable");
    }
    chargeMergeWork(state);
    const sourceKeys = Object.keys(source);
    for (let index = 0, quantity = sourceKeys.length; index < quantity; index += 1) {
      const key = sourceKeys[index];
      chargeMergeWork(state);
      if (!_hasOwnProperty.call(destination, key)) {
        setProperty(destination, key, source[key]);
        overridableKeys[key] = true;
      }
    }
  }
  function storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, valueNode, startLine, startLineStart, startPos) {
    if (Array.isArray(keyNode)) {
      keyNode = Array.prototype.slice.call(keyNode);
      for (let index = 0, quantity = keyNode.length; index < quantity; index += 1) {
        if (Array.isArray(keyNode[index])) {
          throwError(state, "nested arrays are not supported inside keys");
        }
        if (typeof keyNode === "object" && _class(keyNode[index]) === "[object Object]") {
          keyNode[index] = "[object Object]";
        }
      }
    }
    if (typeof keyNode === "object" && _class(keyNode) === "[object Object]") {
      keyNode = "[object Object]";
    }
    keyNode = String(keyNode);
    if (_result === null) {
      _result = {};
    }
    if (keyTag === "tag:yaml.org,2002:merge") {
      if (Array.isArray(valueNode)) {
        if (valueNode.length > 100) {
          throwError(state, "abnormal merge sequence size");
        }
        for (let index = 0, quantity = valueNode.length; index < quantity; index += 1) {
          mergeMappings(state, _result, valueNode[index], overridableKeys);
        }
      } else {
        mergeMappings(state, _result, valueNode, overridableKeys);
      }
    } else {
      if (!state.json && !_hasOwnProperty.call(overridableKeys, keyNode) && _hasOwnProperty.call(_result, keyNode)) {
        state.line = startLine || state.line;
        state.lineStart = startLineStart || state.lineStart;
        state.position = startPos || state.position;
        throwError(state, "duplicated mapping key");
      }
      setProperty(_result, keyNode, valueNode);
      delete overridableKeys[keyNode];
    }
    return _result;
  }
  function readLineBreak(state) {
    const ch = state.input.charCodeAt(state.position);
    if (ch === 10) {
      state.position++;
    } else if (ch === 13) {
      state.position++;
      if (state.input.charCodeAt(state.position) === 10) {
        state.position++;
      }
    } else {
      throwError(state, "a line break is expected");
    }
    state.line += 1;
    state.lineStart = state.position;
    state.firstTabInLine = -1;
  }
  function skipSeparationSpace(state, allowComments, checkIndent) {
    let lineBreaks = 0;
    let ch = state.input.charCodeAt(state.position);
    while (ch !== 0) {
      while (isWhiteSpace(ch)) {
        if (ch === 9 && state.firstTabInLine === -1) {
          state.firstTabInLine = state.position;
        }
        ch = state.input.charCodeAt(++state.position);
      }
      if (allowComments && ch === 35) {
        do {
          ch = state.input.charCodeAt(++state.position);
        } while (ch !== 10 && ch !== 13 && ch !== 0);
      }
      if (isEol(ch)) {
        readLineBreak(state);
        ch = state.input.charCodeAt(state.position);
        lineBreaks++;
        state.lineIndent = 0;
        while (ch === 32) {
          state.lineIndent++;
          ch = state.input.charCodeAt(++state.position);
        }
      } else {
        break;
      }
    }
    if (checkIndent !== -1 && lineBreaks !== 0 && state.lineIndent < checkIndent) {
      throwWarning(state, "deficient indentation");
    }
    return lineBreaks;
  }
  function testDocumentSeparator(state) {
    let _position = state.position;
    let ch = state.input.charCodeAt(_position);
    if ((ch === 45 || ch === 46) && ch === state.input.charCodeAt(_position + 1) && ch === state.input.charCodeAt(_position + 2)) {
      _position += 3;
      ch = state.input.charCodeAt(_position);
      if (ch === 0 || isWsOrEol(ch)) {
        return true;
      }
    }
    return false;
  }
  function writeFoldedLines(state, count) {
    if (count === 1) {
      state.result += " ";
    } else if (count > 1) {
      state.result += common2.repeat("\n", count - 1);
    }
  }
  function readPlainScalar(state, nodeIndent, withinFlowCollection) {
    let captureStart;
    let captureEnd;
    let hasPendingContent;
    let _line;
    let _lineStart;
    let _lineIndent;
    const _kind = state.kind;
    const _result = state.result;
    let ch = state.input.charCodeAt(state.position);
    if (isWsOrEol(ch) || isFlowIndicator(ch) || ch === 35 || ch === 38 || ch === 42 || ch === 33 || ch === 124 || ch === 62 || ch === 39 || ch === 34 || ch === 37 || ch === 64 || ch === 96) {
      return false;
    }
    if (ch === 63 || ch === 45) {
      const following = state.input.charCodeAt(state.position + 1);
      if (isWsOrEol(following) || withinFlowCollection && isFlowIndicator(following)) {
        return false;
      }
    }
    state.kind = "scalar";
    state.result = "";
    captureStart = captureEnd = state.position;
    hasPendingContent = false;
    while (ch !== 0) {
      if (ch === 58) {
        const following = state.input.charCodeAt(state.position + 1);
        if (isWsOrEol(following) || withinFlowCollection && isFlowIndicator(following)) {
          break;
        }
      } else if (ch === 35) {
        const preceding = state.input.charCodeAt(state.position - 1);
        if (isWsOrEol(preceding)) {
          break;
        }
      } else if (state.position === state.lineStart && testDocumentSeparator(state) || withinFlowCollection && isFlowIndicator(ch)) {
        break;
      } else if (isEol(ch)) {
        _line = state.line;
        _lineStart = state.lineStart;
        _lineIndent = state.lineIndent;
        skipSeparationSpace(state, false, -1);
        if (state.lineIndent >= nodeIndent) {
          hasPendingContent = true;
          ch = state.input.charCodeAt(state.position);
          continue;
        } else {
          state.position = captureEnd;
          state.line = _line;
          state.lineStart = _lineStart;
          state.lineIndent = _lineIndent;
          break;
        }
      }
      if (hasPendingContent) {
        captureSegment(state, captureStart, captureEnd, false);
        writeFoldedLines(state, state.line - _line);
        captureStart = captureEnd = state.position;
        hasPendingContent = false;
      }
      if (!isWhiteSpace(ch)) {
        captureEnd = state.position + 1;
      }
      ch = state.input.charCodeAt(++state.position);
    }
    captureSegment(state, captureStart, captureEnd, false);
    if (state.result) {
      return true;
    }
    state.kind = _kind;
    state.result = _result;
    return false;
  }
  function readSingleQuotedScalar(state, nodeIndent) {
    let captureStart;
    let captureEnd;
    let ch = state.input.charCodeAt(state.position);
    if (ch !== 39) {
      return false;
    }
    state.kind = "scalar";
    state.result = "";
    state.position++;
    captureStart = captureEnd = state.position;
    while ((ch = state.input.charCodeAt(state.position)) !== 0) {
      if (ch === 39) {
        captureSegment(state, captureStart, state.position, true);
        ch = state.input.charCodeAt(++state.position);
        if (ch === 39) {
          captureStart = state.position;
          state.position++;
          captureEnd = state.position;
        } else {
          return true;
        }
      } else if (isEol(ch)) {
        captureSegment(state, captureStart, captureEnd, true);
        writeFoldedLines(state, skipSeparationSpace(state, false, nodeIndent));
        captureStart = captureEnd = state.position;
      } else if (state.position === state.lineStart && testDocumentSeparator(state)) {
        throwError(state, "unexpected end of the document within a single quoted scalar");
      } else {
        state.position++;
        if (!isWhiteSpace(ch)) {
          captureEnd = state.position;
        }
      }
    }
    throwError(state, "unexpected end of the stream within a single quoted scalar");
  }
  function readDoubleQuotedScalar(state, nodeIndent) {
    let captureStart;
    let captureEnd;
    let tmp;
    let ch = state.input.charCodeAt(state.position);
    if (ch !== 34) {
      return false;
    }
    state.kind = "scalar";
    state.result = "";
    state.position++;
    captureStart = captureEnd = state.position;
    while ((ch = state.input.charCodeAt(state.position)) !== 0) {
      if (ch === 34) {
        captureSegment(state, captureStart, state.position, true);
        state.position++;
        return true;
      } else if (ch === 92) {
        captureSegment(state, captureStart, state.position, true);
        ch = state.input.charCodeAt(++state.position);
        if (isEol(ch)) {
          skipSeparationSpace(state, false, nodeIndent);
        } else if (ch < 256 && simpleEscapeCheck[ch]) {
          state.result += simpleEscapeMap[ch];
          state.position++;
        } else if ((tmp = escapedHexLen(ch)) > 0) {
          let hexLength = tmp;
          let hexResult = 0;
          for (; hexLength > 0; hexLength--) {
            ch = state.input.charCodeAt(++state.position);
            if ((tmp = fromHexCode(ch)) >= 0) {
              hexResult = (hexResult << 4) + tmp;
            } else {
              throwError(state, "expected hexadecimal character");
            }
          }
          state.result += charFromCodepoint(hexResult);
          state.position++;
        } else {
          throwError(state, "unknown escape sequence");
        }
        captureStart = captureEnd = state.position;
      } else if (isEol(ch)) {
        captureSegment(state, captureStart, captureEnd, true);
        writeFoldedLines(state, skipSeparationSpace(state, false, nodeIndent));
        captureStart = captureEnd = state.position;
      } else if (state.position === state.lineStart && testDocumentSeparator(state)) {
        throwError(state, "unexpected end of the document within a double quoted scalar");
      } else {
        state.position++;
        if (!isWhiteSpace(ch)) {
          captureEnd = state.position;
        }
      }
    }
    throwError(state, "unexpected end of the stream within a double quoted scalar");
  }
  function readFlowCollection(state, nodeIndent) {
    let readNext = true;
    let _line;
    let _lineStart;
    let _pos;
    const _tag = state.tag;
    let _result;
    const _anchor = state.anchor;
    let terminator;
    let isPair;
    let isExplicitPair;
    let isMapping;
    const overridableKeys = /* @__PURE__ */ Object.create(null);
    let keyNode;
    let keyTag;
    let valueNode;
    let ch = state.input.charCodeAt(state.position);
    if (ch === 91) {
      terminator = 93;
      isMapping = false;
      _result = [];
    } else if (ch === 123) {
      terminator = 125;
      isMapping = true;
      _result = {};
    } else {
      return false;
    }
    if (state.anchor !== null) {
      storeAnchor(state, state.anchor, _result);
    }
    ch = state.input.charCodeAt(++state.position);
    while (ch !== 0) {
      skipSeparationSpace(state, true, nodeIndent);
      ch = state.input.charCodeAt(state.position);
      if (ch === terminator) {
        state.position++;
        state.tag = _tag;
        state.anchor = _anchor;
        state.kind = isMapping ? "mapping" : "sequence";
        state.result = _result;
        return true;
      } else if (!readNext) {
        throwError(state, "missed comma between flow collection entries");
      } else if (ch === 44) {
        throwError(state, "expected the node content, but found ','");
      }
      keyTag = keyNode = valueNode = null;
      isPair = isExplicitPair = false;
      if (ch === 63) {
        const following = state.input.charCodeAt(state.position + 1);
        if (isWsOrEol(following)) {
          isPair = isExplicitPair = true;
          state.position++;
          skipSeparationSpace(state, true, nodeIndent);
        }
      }
      _line = state.line;
      _lineStart = state.lineStart;
      _pos = state.position;
      composeNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
      keyTag = state.tag;
      keyNode = state.result;
      skipSeparationSpace(state, true, nodeIndent);
      ch = state.input.charCodeAt(state.position);
      if ((isExplicitPair || state.line === _line) && ch === 58) {
        isPair = true;
        ch = state.input.charCodeAt(++state.position);
        skipSeparationSpace(state, true, nodeIndent);
        composeNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
        valueNode = state.result;
      }
      if (isMapping) {
        storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, valueNode, _line, _lineStart, _pos);
      } else if (isPair) {
        _result.push(storeMappingPair(state, null, overridableKeys, keyTag, keyNode, valueNode, _line, _lineStart, _pos));
      } else {
        _result.push(keyNode);
      }
      skipSeparationSpace(state, true, nodeIndent);
      ch = state.input.charCodeAt(state.position);
      if (ch === 44) {
        readNext = true;
        ch = state.input.charCodeAt(++state.position);
      } else {
        readNext = false;
      }
    }
    throwError(state, "unexpected end of the stream within a flow collection");
  }
  function readBlockScalar(state, nodeIndent) {
    let folding;
    let chomping = CHOMPING_CLIP;
    let didReadContent = false;
    let detectedIndent = false;
    let textIndent = nodeIndent;
    let emptyLines = 0;
    let atMoreIndented = false;
    let tmp;
    let ch = state.input.charCodeAt(state.position);
    if (ch === 124) {
      folding = false;
    } else if (ch === 62) {
      folding = true;
    } else {
      return false;
    }
    state.kind = "scalar";
    state.result = "";
    while (ch !== 0) {
      ch = state.input.charCodeAt(++state.position);
      if (ch === 43 || ch === 45) {
        if (CHOMPING_CLIP === chomping) {
          chomping = ch === 43 ? CHOMPING_KEEP : CHOMPING_STRIP;
        } else {
          throwError(state, "repeat of a chomping mode identifier");
        }
      } else if ((tmp = fromDecimalCode(ch)) >= 0) {
        if (tmp === 0) {
          throwError(state, "bad explicit indentation width of a block scalar; it cannot be less than one");
        } else if (!detectedIndent) {
          textIndent = nodeIndent + tmp - 1;
          detectedIndent = true;
        } else {
          throwError(state, "repeat of an indentation width identifier");
        }
      } else {
        break;
      }
    }
    if (isWhiteSpace(ch)) {
      do {
        ch = state.input.charCodeAt(++state.position);
      } while (isWhiteSpace(ch));
      if (ch === 35) {
        do {
          ch = state.input.charCodeAt(++state.position);
        } while (!isEol(ch) && ch !== 0);
      }
    }
    while (ch !== 0) {
      readLineBreak(state);
      state.lineIndent = 0;
      ch = state.input.charCodeAt(state.position);
      while ((!detectedIndent || state.lineIndent < textIndent) && ch === 32) {
        state.lineIndent++;
        ch = state.input.charCodeAt(++state.position);
      }
      if (!detectedIndent && state.lineIndent > textIndent) {
        textIndent = state.lineIndent;
      }
      if (isEol(ch)) {
        emptyLines++;
        continue;
      }
      if (!detectedIndent && textIndent === 0) {
        throwError(state, "missing indentation for block scalar");
      }
      if (state.lineIndent < textIndent) {
        if (chomping === CHOMPING_KEEP) {
          state.result += common2.repeat("\n", didReadContent ? 1 + emptyLines : emptyLines);
        } else if (chomping === CHOMPING_CLIP) {
          if (didReadContent) {
            state.result += "\n";
          }
        }
        break;
      }
      if (folding) {
        if (isWhiteSpace(ch)) {
          atMoreIndented = true;
          state.result += common2.repeat("\n", didReadContent ? 1 + emptyLines : emptyLines);
        } else if (atMoreIndented) {
          atMoreIndented = false;
          state.result += common2.repeat("\n", emptyLines + 1);
        } else if (emptyLines === 0) {
          if (didReadContent) {
            state.result += " ";
          }
        } else {
          state.result += common2.repeat("\n", emptyLines);
        }
      } else {
        state.result += common2.repeat("\n", didReadContent ? 1 + emptyLines : emptyLines);
      }
      didReadContent = true;
      detectedIndent = true;
      emptyLines = 0;
      const captureStart = state.position;
      while (!isEol(ch) && ch !== 0) {
        ch = state.input.charCodeAt(++state.position);
      }
      captureSegment(state, captureStart, state.position, false);
    }
    return true;
  }
  function readBlockSequence(state, nodeIndent) {
    const _tag = state.tag;
    const _anchor = state.anchor;
    const _result = [];
    let detected = false;
    if (state.firstTabInLine !== -1) return false;
    if (state.anchor !== null) {
      storeAnchor(state, state.anchor, _result);
    }
    let ch = state.input.charCodeAt(state.position);
    while (ch !== 0) {
      if (state.firstTabInLine !== -1) {
        state.position = state.firstTabInLine;
        throwError(state, "tab characters must not be used in indentation");
      }
      if (ch !== 45) {
        break;
      }
      const following = state.input.charCodeAt(state.position + 1);
      if (!isWsOrEol(following)) {
        break;
      }
      detected = true;
      state.position++;
      if (skipSeparationSpace(state, true, -1)) {
        if (state.lineIndent <= nodeIndent) {
          _result.push(null);
          ch = state.input.charCodeAt(state.position);
          continue;
        }
      }
      const _line = state.line;
      composeNode(state, nodeIndent, CONTEXT_BLOCK_IN, false, true);
      _result.push(state.result);
      skipSeparationSpace(state, true, -1);
      ch = state.input.charCodeAt(state.position);
      if ((state.line === _line || state.lineIndent > nodeIndent) && ch !== 0) {
        throwError(state, "bad indentation of a sequence entry");
      } else if (state.lineIndent < nodeIndent) {
        break;
      }
    }
    if (detected) {
      state.tag = _tag;
      state.anchor = _anchor;
      state.kind = "sequence";
      state.result = _result;
      return true;
    }
    return false;
  }
  function readBlockMapping(state, nodeIndent, flowIndent) {
    let allowCompact;
    let _keyLine;
    let _keyLineStart;
    let _keyPos;
    const _tag = state.tag;
    const _anchor = state.anchor;
    const _result = {};
    const overridableKeys = /* @__PURE__ */ Object.create(null);
    let keyTag = null;
    let keyNode = null;
    let valueNode = null;
    let atExplicitKey = false;
    let detected = false;
    if (state.firstTabInLine !== -1) return false;
    if (state.anchor !== null) {
      storeAnchor(state, state.anchor, _result);
    }
    let ch = state.input.charCodeAt(state.position);
    while (ch !== 0) {
      if (!atExplicitKey && state.firstTabInLine !== -1) {
        state.position = state.firstTabInLine;
        throwError(state, "tab characters must not be used in indentation");
      }
      const following = state.input.charCodeAt(state.position + 1);
      const _line = state.line;
      if ((ch === 63 || ch === 58) && isWsOrEol(following)) {
        if (ch === 63) {
          if (atExplicitKey) {
            storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, null, _keyLine, _keyLineStart, _keyPos);
            keyTag = keyNode = valueNode = null;
          }
          detected = true;
          atExplicitKey = true;
          allowCompact = true;
        } else if (atExplicitKey) {
          atExplicitKey = false;
          allowCompact = true;
        } else {
          throwError(state, "incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line");
        }
        state.position += 1;
        ch = following;
      } else {
        _keyLine = state.line;
        _keyLineStart = state.lineStart;
        _keyPos = state.position;
        if (!composeNode(state, flowIndent, CONTEXT_FLOW_OUT, false, true)) {
          break;
        }
        if (state.line === _line) {
          ch = state.input.charCodeAt(state.position);
          while (isWhiteSpace(ch)) {
            ch = state.input.charCodeAt(++state.position);
          }
          if (ch === 58) {
            ch = state.input.charCodeAt(++state.position);
            if (!isWsOrEol(ch)) {
              throwError(state, "a whitespace character is expected after the key-value separator within a block mapping");
            }
            if (atExplicitKey) {
              storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, null, _keyLine, _keyLineStart, _keyPos);
              keyTag = keyNode = valueNode = null;
            }
            detected = true;
            atExplicitKey = false;
            allowCompact = false;
            keyTag = state.tag;
            keyNode = state.result;
          } else if (detected) {
            throwError(state, "can not read an implicit mapping pair; a colon is missed");
          } else {
            state.tag = _tag;
            state.anchor = _anchor;
            return true;
          }
        } else if (detected) {
          throwError(state, "can not read a block mapping entry; a multiline key may not be an implicit key");
        } else {
          state.tag = _tag;
          state.anchor = _anchor;
          return true;
        }
      }
      if (state.line === _line || state.lineIndent > nodeIndent) {
        if (atExplicitKey) {
          _keyLine = state.line;
          _keyLineStart = state.lineStart;
          _keyPos = state.position;
        }
        if (composeNode(state, nodeIndent, CONTEXT_BLOCK_OUT, true, allowCompact)) {
          if (atExplicitKey) {
            keyNode = state.result;
          } else {
            valueNode = state.result;
          }
        }
        if (!atExplicitKey) {
          storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, valueNode, _keyLine, _keyLineStart, _keyPos);
          keyTag = keyNode = valueNode = null;
        }
        skipSeparationSpace(state, true, -1);
        ch = state.input.charCodeAt(state.position);
      }
      if ((state.line === _line || state.lineIndent > nodeIndent) && ch !== 0) {
        throwError(state, "bad indentation of a mapping entry");
      } else if (state.lineIndent < nodeIndent) {
        break;
      }
    }
    if (atExplicitKey) {
      storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, null, _keyLine, _keyLineStart, _keyPos);
    }
    if (detected) {
      state.tag = _tag;
      state.anchor = _anchor;
      state.kind = "mapping";
      state.result = _result;
    }
    return detected;
  }
  function readTagProperty(state) {
    let isVerbatim = false;
    let isNamed = false;
    let tagHandle;
    let tagName;
    let ch = state.input.charCodeAt(state.position);
    if (ch !== 33) return false;
    if (state.tag !== null) {
      throwError(state, "duplication of a tag property");
    }
    ch = state.input.charCodeAt(++state.position);
    if (ch === 60) {
      isVerbatim = true;
      ch = state.input.charCodeAt(++state.position);
    } else if (ch === 33) {
      isNamed = true;
      tagHandle = "!!";
      ch = state.input.charCodeAt(++state.position);
    } else {
      tagHandle = "!";
    }
    let _position = state.position;
    if (isVerbatim) {
      do {
        ch = state.input.charCodeAt(++state.position);
      } while (ch !== 0 && ch !== 62);
      if (state.position < state.length) {
        tagName = state.input.slice(_position, state.position);
        ch = state.input.charCodeAt(++state.position);
      } else {
        throwError(state, "unexpected end of the stream within a verbatim tag");
      }
    } else {
      while (ch !== 0 && !isWsOrEol(ch)) {
        if (ch === 33) {
          if (!isNamed) {
            tagHandle = state.input.slice(_position - 1, state.position + 1);
            if (!PATTERN_TAG_HANDLE.test(tagHandle)) {
              throwError(state, "named tag handle cannot contain such characters");
            }
            isNamed = true;
            _position = state.position + 1;
          } else {
            throwError(state, "tag suffix cannot contain exclamation marks");
          }
        }
        ch = state.input.charCodeAt(++state.position);
      }
      tagName = state.input.slice(_position, state.position);
      if (PATTERN_FLOW_INDICATORS.test(tagName)) {
        throwError(state, "tag suffix cannot contain flow indicator characters");
      }
    }
    if (tagName && !PATTERN_TAG_URI.test(tagName)) {
      throwError(state, "tag name cannot contain such characters: " + tagName);
    }
    try {
      tagName = decodeURIComponent(tagName);
    } catch (err) {
      throwError(state, "tag name is malformed: " + tagName);
    }
    if (isVerbatim) {
      state.tag = tagName;
    } else if (_hasOwnProperty.call(state.tagMap, tagHandle)) {
      state.tag = state.tagMap[tagHandle] + tagName;
    } else if (tagHandle === "!") {
      state.tag = "!" + tagName;
    } else if (tagHandle === "!!") {
      state.tag = "tag:yaml.org,2002:" + tagName;
    } else {
      throwError(state, 'undeclared tag handle "' + tagHandle + '"');
    }
    return true;
  }
  function readAnchorProperty(state) {
    let ch = state.input.charCodeAt(state.position);
    if (ch !== 38) return false;
    if (state.anchor !== null) {
      throwError(state, "duplication of an anchor property");
    }
    ch = state.input.charCodeAt(++state.position);
    const _position = state.position;
    while (ch !== 0 && !isWsOrEol(ch) && !isFlowIndicator(ch)) {
      ch = state.input.charCodeAt(++state.position);
    }
    if (state.position === _position) {
      throwError(state, "name of an anchor node must contain at least one character");
    }
    state.anchor = state.input.slice(_position, state.position);
    return true;
  }
  function readAlias(state) {
    let ch = state.input.charCodeAt(state.position);
    if (ch !== 42) return false;
    ch = state.input.charCodeAt(++state.position);
    const _position = state.position;
    while (ch !== 0 && !isWsOrEol(ch) && !isFlowIndicator(ch)) {
      ch = state.input.charCodeAt(++state.position);
    }
    if (state.position === _position) {
      throwError(state, "name of an alias node must contain at least one character");
    }
    const alias = state.input.slice(_position, state.position);
    if (!_hasOwnProperty.call(state.anchorMap, alias)) {
      throwError(state, 'unidentified alias "' + alias + '"');
    }
    state.result = state.anchorMap[alias];
    skipSeparationSpace(state, true, -1);
    return true;
  }
  function tryReadBlockMappingFromProperty(state, propertyStart, nodeIndent, flowIndent) {
    const fallbackState = snapshotState(state);
    beginAnchorTransaction(state);
    restoreState(state, propertyStart);
    state.tag = null;
    state.anchor = null;
    state.kind = null;
    state.result = null;
    if (readBlockMapping(state, nodeIndent, flowIndent) && state.kind === "mapping") {
      commitAnchorTransaction(state);
      return true;
    }
    rollbackAnchorTransaction(state);
    restoreState(state, fallbackState);
    return false;
  }
  function composeNode(state, parentIndent, nodeContext, allowToSeek, allowCompact) {
    let allowBlockScalars;
    let allowBlockCollections;
    let indentStatus = 1;
    let atNewLine = false;
    let hasContent = false;
    let propertyStart = null;
    let type2;
    let flowIndent;
    let blockIndent;
    if (state.depth >= state.maxDepth) {
      throwError(state, "nesting exceeded maxDepth (" + state.maxDepth + ")");
    }
    state.depth += 1;
    if (state.listener !== null) {
      state.listener("open", state);
    }
    state.tag = null;
    state.anchor = null;
    state.kind = null;
    state.result = null;
    const allowBlockStyles = allowBlockScalars = allowBlockCollections = CONTEXT_BLOCK_OUT === nodeContext || CONTEXT_BLOCK_IN === nodeContext;
    if (allowToSeek) {
      if (skipSeparationSpace(state, true, -1)) {
        atNewLine = true;
        if (state.lineIndent > parentIndent) {
          indentStatus = 1;
        } else if (state.lineIndent === parentIndent) {
          indentStatus = 0;
        } else if (state.lineIndent < parentIndent) {
          indentStatus = -1;
        }
      }
    }
    if (indentStatus === 1) {
      while (true) {
        const ch = state.input.charCodeAt(state.position);
        const propertyState = snapshotState(state);
        if (atNewLine && (ch === 33 && state.tag !== null || ch === 38 && state.anchor !== null)) {
          break;
        }
        if (!readTagProperty(state) && !readAnchorProperty(state)) {
          break;
        }
        if (propertyStart === null) {
          propertyStart = propertyState;
        }
        if (skipSeparationSpace(state, true, -1)) {
          atNewLine = true;
          allowBlockCollections = allowBlockStyles;
          if (state.lineIndent > parentIndent) {
            indentStatus = 1;
          } else if (state.lineIndent === parentIndent) {
            indentStatus = 0;
          } else if (state.lineIndent < parentIndent) {
            indentStatus = -1;
          }
        } else {
          allowBlockCollections = false;
        }
      }
    }
    if (allowBlockCollections) {
      allowBlockCollections = atNewLine || allowCompact;
    }
    if (indentStatus === 1 || CONTEXT_BLOCK_OUT === nodeContext) {
      if (CONTEXT_FLOW_IN === nodeContext || CONTEXT_FLOW_OUT === nodeContext) {
        flowIndent = parentIndent;
      } else {
        flowIndent = parentIndent + 1;
      }
      blockIndent = state.position - state.lineStart;
      if (indentStatus === 1) {
        if (allowBlockCollections && (readBlockSequence(state, blockIndent) || readBlockMapping(state, blockIndent, flowIndent)) || readFlowCollection(state, flowIndent)) {
          hasContent = true;
        } else {
          const ch = state.input.charCodeAt(state.position);
          if (propertyStart !== null && allowBlockStyles && !allowBlockCollections && ch !== 124 && ch !== 62 && tryReadBlockMappingFromProperty(
            state,
            propertyStart,
            propertyStart.position - propertyStart.lineStart,
            flowIndent
          )) {
            hasContent = true;
          } else if (allowBlockScalars && readBlockScalar(state, flowIndent) || readSingleQuotedScalar(state, flowIndent) || readDoubleQuotedScalar(state, flowIndent)) {
            hasContent = true;
          } else if (readAlias(state)) {
            hasContent = true;
            if (state.tag !== null || state.anchor !== null) {
              throwError(state, "alias node should not have any properties");
            }
          } else if (readPlainScalar(state, flowIndent, CONTEXT_FLOW_IN === nodeContext)) {
            hasContent = true;
            if (state.tag === null) {
              state.tag = "?";
            }
          }
          if (state.anchor !== null) {
            storeAnchor(state, state.anchor, state.result);
          }
        }
      } else if (indentStatus === 0) {
        hasContent = allowBlockCollections && readBlockSequence(state, blockIndent);
      }
    }
    if (state.tag === null) {
      if (state.anchor !== null) {
        storeAnchor(state, state.anchor, state.result);
      }
    } else if (state.tag === "?") {
      if (state.result !== null && state.kind !== "scalar") {
        throwError(state, 'unacceptable node kind for !<?> tag; it should be "scalar", not "' + state.kind + '"');
      }
      for (let typeIndex = 0, typeQuantity = state.implicitTypes.length; typeIndex < typeQuantity; typeIndex += 1) {
        type2 = state.implicitTypes[typeIndex];
        if (type2.resolve(state.result)) {
          state.result = type2.construct(state.result);
          state.tag = type2.tag;
          if (state.anchor !== null) {
            storeAnchor(state, state.anchor, state.result);
          }
          break;
        }
      }
    } else if (state.tag !== "!") {
      if (_hasOwnProperty.call(state.typeMap[state.kind || "fallback"], state.tag)) {
        type2 = state.typeMap[state.kind || "fallback"][state.tag];
      } else {
        type2 = null;
        const typeList = state.typeMap.multi[state.kind || "fallback"];
        for (let typeIndex = 0, typeQuantity = typeList.length; typeIndex < typeQuantity; typeIndex += 1) {
          if (state.tag.slice(0, typeList[typeIndex].tag.length) === typeList[typeIndex].tag) {
            type2 = typeList[typeIndex];
            break;
          }
        }
      }
      if (!type2) {
        throwError(state, "unknown tag !<" + state.tag + ">");
      }
      if (state.result !== null && type2.kind !== state.kind) {
        throwError(state, "unacceptable node kind for !<" + state.tag + '> tag; it should be "' + type2.kind + '", not "' + state.kind + '"');
      }
      if (!type2.resolve(state.result, state.tag)) {
        throwError(state, "cannot resolve a node with !<" + state.tag + "> explicit tag");
      } else {
        state.result = type2.construct(state.result, state.tag);
        if (state.anchor !== null) {
          storeAnchor(state, state.anchor, state.result);
        }
      }
    }
    if (state.listener !== null) {
      state.listener("close", state);
    }
    state.depth -= 1;
    return state.tag !== null || state.anchor !== null || hasContent;
  }
  function readDocument(state) {
    const documentStart = state.position;
    let hasDirectives = false;
    let ch;
    state.version = null;
    state.checkLineBreaks = state.legacy;
    state.tagMap = /* @__PURE__ */ Object.create(null);
    state.anchorMap = /* @__PURE__ */ Object.create(null);
    while ((ch = state.input.charCodeAt(state.position)) !== 0) {
      skipSeparationSpace(state, true, -1);
      ch = state.input.charCodeAt(state.position);
      if (state.lineIndent > 0 || ch !== 37) {
        break;
      }
      hasDirectives = true;
      ch = state.input.charCodeAt(++state.position);
      let _position = state.position;
      while (ch !== 0 && !isWsOrEol(ch)) {
        ch = state.input.charCodeAt(++state.position);
      }
      const directiveName = state.input.slice(_position, state.position);
      const directiveArgs = [];
      if (directiveName.length < 1) {
        throwError(state, "directive name must not be less than one character in length");
      }
      while (ch !== 0) {
        while (isWhiteSpace(ch)) {
          ch = state.input.charCodeAt(++state.position);
        }
        if (ch === 35) {
          do {
            ch = state.input.charCodeAt(++state.position);
          } while (ch !== 0 && !isEol(ch));
          break;
        }
        if (isEol(ch)) break;
        _position = state.position;
        while (ch !== 0 && !isWsOrEol(ch)) {
          ch = state.input.charCodeAt(++state.position);
        }
        directiveArgs.push(state.input.slice(_position, state.position));
      }
      if (ch !== 0) readLineBreak(state);
      if (_hasOwnProperty.call(directiveHandlers, directiveName)) {
        directiveHandlers[directiveName](state, directiveName, directiveArgs);
      } else {
        throwWarning(state, 'unknown document directive "' + directiveName + '"');
      }
    }
    skipSeparationSpace(state, true, -1);
    if (state.lineIndent === 0 && state.input.charCodeAt(state.position) === 45 && state.input.charCodeAt(state.position + 1) === 45 && state.input.charCodeAt(state.position + 2) === 45) {
      state.position += 3;
      skipSeparationSpace(state, true, -1);
    } else if (hasDirectives) {
      throwError(state, "directives end mark is expected");
    }
    composeNode(state, state.lineIndent - 1, CONTEXT_BLOCK_OUT, false, true);
    skipSeparationSpace(state, true, -1);
    if (state.checkLineBreaks && PATTERN_NON_ASCII_LINE_BREAKS.test(state.input.slice(documentStart, state.position))) {
      throwWarning(state, "non-ASCII line breaks are interpreted as content");
    }
    state.documents.push(state.result);
    if (state.position === state.lineStart && testDocumentSeparator(state)) {
      if (state.input.charCodeAt(state.position) === 46) {
        state.position += 3;
        skipSeparationSpace(state, true, -1);
      }
      return;
    }
    if (state.position < state.length - 1) {
      throwError(state, "end of the stream or a document separator is expected");
    }
  }
  function loadDocuments(input, options) {
    input = String(input);
    options = options || {};
    if (input.length !== 0) {
      if (input.charCodeAt(input.length - 1) !== 10 && input.charCodeAt(input.length - 1) !== 13) {
        input += "\n";
      }
      if (input.charCodeAt(0) === 65279) {
        input = input.slice(1);
      }
    }
    const state = new State(input, options);
    const nullpos = input.indexOf("\0");
    if (nullpos !== -1) {
      state.position = nullpos;
      throwError(state, "null byte is not allowed in input");
    }
    state.input += "\0";
    while (state.input.charCodeAt(state.position) === 32) {
      state.lineIndent += 1;
      state.position += 1;
    }
    while (state.position < state.length - 1) {
      readDocument(state);
    }
    return state.documents;
  }
  function loadAll2(input, iterator, options) {
    if (iterator !== null && typeof iterator === "object" && typeof options === "undefined") {
      options = iterator;
      iterator = null;
    }
    const documents = loadDocuments(input, options);
    if (typeof iterator !== "function") {
      return documents;
    }
    for (let index = 0, length = documents.length; index < length; index += 1) {
      iterator(documents[index]);
    }
  }
  function load22(input, options) {
    const documents = loadDocuments(input, options);
    if (documents.length === 0) {
      return void 0;
    } else if (documents.length === 1) {
      return documents[0];
    }
    throw new YAMLException2("expected a single document in the stream, but found more");
  }
  loader.loadAll = loadAll2;
  loader.load = load22;
  return loader;
}
var dumper = {};
var hasRequiredDumper;
function requireDumper() {
  if (hasRequiredDumper) return dumper;
  hasRequiredDumper = 1;
  const common2 = requireCommon();
  const YAMLException2 = requireException();
  const DEFAULT_SCHEMA2 = require_default();
  const _toString = Object.prototype.toString;
  const _hasOwnProperty = Object.prototype.hasOwnProperty;
  const CHAR_BOM = 65279;
  const CHAR_TAB = 9;
  const CHAR_LINE_FEED = 10;
  const CHAR_CARRIAGE_RETURN = 13;
  const CHAR_SPACE = 32;
  const CHAR_EXCLAMATION = 33;
  const CHAR_DOUBLE_QUOTE = 34;
  const CHAR_SHARP = 35;
  const CHAR_PERCENT = 37;
  const CHAR_AMPERSAND = 38;
  const CHAR_SINGLE_QUOTE = 39;
  const CHAR_ASTERISK = 42;
  const CHAR_COMMA = 44;
  const CHAR_MINUS = 45;
  const CHAR_COLON = 58;
  const CHAR_EQUALS = 61;
  const CHAR_GREATER_THAN = 62;
  const CHAR_QUESTION = 63;
  const CHAR_COMMERCIAL_AT = 64;
  const CHAR_LEFT_SQUARE_BRACKET = 91;
  const CHAR_RIGHT_SQUARE_BRACKET = 93;
  const CHAR_GRAVE_ACCENT = 96;
  const CHAR_LEFT_CURLY_BRACKET = 123;
  const CHAR_VERTICAL_LINE = 124;
  const CHAR_RIGHT_CURLY_BRACKET = 125;
  const ESCAPE_SEQUENCES = {};
  ESCAPE_SEQUENCES[0] = "\\0";
  ESCAPE_SEQUENCES[7] = "\\a";
  ESCAPE_SEQUENCES[8] = "\\b";
  ESCAPE_SEQUENCES[9] = "\\t";
  ESCAPE_SEQUENCES[10] = "\\n";
  ESCAPE_SEQUENCES[11] = "\\v";
  ESCAPE_SEQUENCES[12] = "\\f";
  ESCAPE_SEQUENCES[13] = "\\r";
  ESCAPE_SEQUENCES[27] = "\\e";
  ESCAPE_SEQUENCES[34] = '\\"';
  ESCAPE_SEQUENCES[92] = "\\\\";
  ESCAPE_SEQUENCES[133] = "\\N";
  ESCAPE_SEQUENCES[160] = "\\_";
  ESCAPE_SEQUENCES[8232] = "\\L";
  ESCAPE_SEQUENCES[8233] = "\\P";
  const DEPRECATED_BOOLEANS_SYNTAX = [
    "y",
    "Y",
    "yes",
    "Yes",
    "YES",
    "on",
    "On",
    "ON",
    "n",
    "N",
    "no",
    "No",
    "NO",
    "off",
    "Off",
    "OFF"
  ];
  const DEPRECATED_BASE60_SYNTAX = /^[-+]?[0-9_]+(?::[0-9_]+)+(?:\.[0-9_]*)?$/;
  function compileStyleMap(schema2, map2) {
    if (map2 === null) return {};
    const result = {};
    const keys = Object.keys(map2);
    for (let index = 0, length = keys.length; index < length; index += 1) {
      let tag = keys[index];
      let style = String(map2[tag]);
      if (tag.slice(0, 2) === "!!") {
        tag = "tag:yaml.org,2002:" + tag.slice(2);
      }
      const type2 = schema2.compiledTypeMap["fallback"][tag];
      if (type2 && _hasOwnProperty.call(type2.styleAliases, style)) {
        style = type2.styleAliases[style];
      }
      result[tag] = style;
    }
    return result;
  }
  function encodeHex(character) {
    let handle;
    let length;
    const string = character.toString(16).toUpperCase();
    if (character <= 255) {
      handle = "x";
      length = 2;
    } else if (character <= 65535) {
      handle = "u";
      length = 4;
    } else if (character <= 4294967295) {
      handle = "U";
      length = 8;
    } else {
      throw new YAMLException2("code point within a string may not be greater than 0xFFFFFFFF");
    }
    return "\\" + handle + common2.repeat("0", length - string.length) + string;
  }
  const QUOTING_TYPE_SINGLE = 1;
  const QUOTING_TYPE_DOUBLE = 2;
  function State(options) {
    this.schema = options["schema"] || DEFAULT_SCHEMA2;
    this.indent = Math.max(1, options["indent"] || 2);
    this.noArrayIndent = options["noArrayIndent"] || false;
    this.skipInvalid = options["skipInvalid"] || false;
    this.flowLevel = common2.isNothing(options["flowLevel"]) ? -1 : options["flowLevel"];
    this.styleMap = compileStyleMap(this.schema, options["styles"] || null);
    this.sortKeys = options["sortKeys"] || false;
    this.lineWidth = options["lineWidth"] || 80;
    this.noRefs = options["noRefs"] || false;
    this.noCompatMode = options["noCompatMode"] || false;
    this.condenseFlow = options["condenseFlow"] || false;
    this.quotingType = options["quotingType"] === '"' ? QUOTING_TYPE_DOUBLE : QUOTING_TYPE_SINGLE;
    this.forceQuotes = options["forceQuotes"] || false;
    this.replacer = typeof options["replacer"] === "function" ? options["replacer"] : null;
    this.implicitTypes = this.schema.compiledImplicit;
    this.explicitTypes = this.schema.compiledExplicit;
    this.tag = null;
    this.result = "";
    this.duplicates = [];
    this.usedDuplicates = null;
  }
  function indentString(string, spaces) {
    const ind = common2.repeat(" ", spaces);
    let position = 0;
    let result = "";
    const length = string.length;
    while (position < length) {
      let line;
      const next = string.indexOf("\n", position);
      if (next === -1) {
        line = string.slice(position);
        position = length;
      } else {
        line = string.slice(position, next + 1);
        position = next + 1;
      }
      if (line.length && line !== "\n") result += ind;
      result += line;
    }
    return result;
  }
  function generateNextLine(state, level) {
    return "\n" + common2.repeat(" ", state.indent * level);
  }
  function testImplicitResolving(state, str2) {
    for (let index = 0, length = state.implicitTypes.length; index < length; index += 1) {
      const type2 = state.implicitTypes[index];
      if (type2.resolve(str2)) {
        return true;
      }
    }
    return false;
  }
  function isWhitespace(c) {
    return c === CHAR_SPACE || c === CHAR_TAB;
  }
  function isPrintable(c) {
    return c >= 32 && c <= 126 || c >= 161 && c <= 55295 && c !== 8232 && c !== 8233 || c >= 57344 && c <= 65533 && c !== CHAR_BOM || c >= 65536 && c <= 1114111;
  }
  function isNsCharOrWhitespace(c) {
    return isPrintable(c) && c !== CHAR_BOM && // - b-char
    c !== CHAR_CARRIAGE_RETURN && c !== CHAR_LINE_FEED;
  }
  function isPlainSafe(c, prev, inblock) {
    const cIsNsCharOrWhitespace = isNsCharOrWhitespace(c);
    const cIsNsChar = cIsNsCharOrWhitespace && !isWhitespace(c);
    return (
      // ns-plain-safe
      (inblock ? cIsNsCharOrWhitespace : cIsNsCharOrWhitespace && // - c-flow-indicator
      c !== CHAR_COMMA && c !== CHAR_LEFT_SQUARE_BRACKET && c !== CHAR_RIGHT_SQUARE_BRACKET && c !== CHAR_LEFT_CURLY_BRACKET && c !== CHAR_RIGHT_CURLY_BRACKET) && // ns-plain-char
      c !== CHAR_SHARP && // false on '#'
      !(prev === CHAR_COLON && !cIsNsChar) || // false on ': '
      isNsCharOrWhitespace(prev) && !isWhitespace(prev) && c === CHAR_SHARP || // change to true on '[^ ]#'
      prev === CHAR_COLON && cIsNsChar
    );
  }
  function isPlainSafeFirst(c) {
    return isPrintable(c) && c !== CHAR_BOM && !isWhitespace(c) && // - s-white
    // - (c-indicator ::=
    // “-” | “?” | “:” | “,” | “[” | “]” | “{” | “}”
    c !== CHAR_MINUS && c !== CHAR_QUESTION && c !== CHAR_COLON && c !== CHAR_COMMA && c !== CHAR_LEFT_SQUARE_BRACKET && c !== CHAR_RIGHT_SQUARE_BRACKET && c !== CHAR_LEFT_CURLY_BRACKET && c !== CHAR_RIGHT_CURLY_BRACKET && // | “#” | “&” | “*” | “!” | “|” | “=” | “>” | “'” | “"”
    c !== CHAR_SHARP && c !== CHAR_AMPERSAND && c !== CHAR_ASTERISK && c !== CHAR_EXCLAMATION && c !== CHAR_VERTICAL_LINE && c !== CHAR_EQUALS && c !== CHAR_GREATER_THAN && c !== CHAR_SINGLE_QUOTE && c !== CHAR_DOUBLE_QUOTE && // | “%” | “@” | “`”)
    c !== CHAR_PERCENT && c !== CHAR_COMMERCIAL_AT && c !== CHAR_GRAVE_ACCENT;
  }
  function isPlainSafeLast(c) {
    return !isWhitespace(c) && c !== CHAR_COLON;
  }
  function codePointAt(string, pos) {
    const first = string.charCodeAt(pos);
    let second;
    if (first >= 55296 && first <= 56319 && pos + 1 < string.length) {
      second = string.charCodeAt(pos + 1);
      if (second >= 56320 && second <= 57343) {
        return (first - 55296) * 1024 + second - 56320 + 65536;
      }
    }
    return first;
  }
  function needIndentIndicator(string) {
    const leadingSpaceRe = /^\n* /;
    return leadingSpaceRe.test(string);
  }
  const STYLE_PLAIN = 1;
  const STYLE_SINGLE = 2;
  const STYLE_LITERAL = 3;
  const STYLE_FOLDED = 4;
  const STYLE_DOUBLE = 5;
  function chooseScalarStyle(string, singleLineOnly, indentPerLevel, lineWidth, testAmbiguousType, quotingType, forceQuotes, inblock) {
    let i;
    let char = 0;
    let prevChar = null;
    let hasLineBreak = false;
    let hasFoldableLine = false;
    const shouldTrackWidth = lineWidth !== -1;
    let previousLineBreak = -1;
    let plain = isPlainSafeFirst(codePointAt(string, 0)) && isPlainSafeLast(codePointAt(string, string.length - 1));
    if (singleLineOnly || forceQuotes) {
      for (i = 0; i < string.length; char >= 65536 ? i += 2 : i++) {
        char = codePointAt(string, i);
        if (!isPrintable(char)) {
          return STYLE_DOUBLE;
        }
        plain = plain && isPlainSafe(char, prevChar, inblock);
        prevChar = char;
      }
    } else {
      for (i = 0; i < string.length; char >= 65536 ? i += 2 : i++) {
        char = codePointAt(string, i);
        if (char === CHAR_LINE_FEED) {
          hasLineBreak = true;
          if (shouldTrackWidth) {
            hasFoldableLine = hasFoldableLine || // Foldable line = too long, and not more-indented.
            i - previousLineBreak - 1 > lineWidth && string[previousLineBreak + 1] !== " ";
            previousLineBreak = i;
          }
        } else if (!isPrintable(char)) {
          return STYLE_DOUBLE;
        }
        plain = plain && isPlainSafe(char, prevChar, inblock);
        prevChar = char;
      }
      hasFoldableLine = hasFoldableLine || shouldTrackWidth && (i - previousLineBreak - 1 > lineWidth && string[previousLineBreak + 1] !== " ");
    }
    if (!hasLineBreak && !hasFoldableLine) {
      if (plain && !forceQuotes && !testAmbiguousType(string)) {
        return STYLE_PLAIN;
      }
      return quotingType === QUOTING_TYPE_DOUBLE ? STYLE_DOUBLE : STYLE_SINGLE;
    }
    if (indentPerLevel > 9 && needIndentIndicator(string)) {
      return STYLE_DOUBLE;
    }
    if (!forceQuotes) {
      return hasFoldableLine ? STYLE_FOLDED : STYLE_LITERAL;
    }
    return quotingType === QUOTING_TYPE_DOUBLE ? STYLE_DOUBLE : STYLE_SINGLE;
  }
  function writeScalar(state, string, level, iskey, inblock) {
    state.dump = (function() {
      if (string.length === 0) {
        return state.quotingType === QUOTING_TYPE_DOUBLE ? '""' : "''";
      }
      if (!state.noCompatMode) {
        if (DEPRECATED_BOOLEANS_SYNTAX.indexOf(string) !== -1 || DEPRECATED_BASE60_SYNTAX.test(string)) {
          return state.quotingType === QUOTING_TYPE_DOUBLE ? '"' + string + '"' : "'" + string + "'";
        }
      }
      const indent = state.indent * Math.max(1, level);
      const lineWidth = state.lineWidth === -1 ? -1 : Math.max(Math.min(state.lineWidth, 40), state.lineWidth - indent);
      const singleLineOnly = iskey || // No block styles in flow mode.
      state.flowLevel > -1 && level >= state.flowLevel;
      function testAmbiguity(string2) {
        return testImplicitResolving(state, string2);
      }
      switch (chooseScalarStyle(
        string,
        singleLineOnly,
        state.indent,
        lineWidth,
        testAmbiguity,
        state.quotingType,
        state.forceQuotes && !iskey,
        inblock
      )) {
        case STYLE_PLAIN:
          return string;
        case STYLE_SINGLE:
          return "'" + string.replace(/'/g, "''") + "'";
        case STYLE_LITERAL:
          return "|" + blockHeader(string, state.indent) + dropEndingNewline(indentString(string, indent));
        case STYLE_FOLDED:
          return ">" + blockHeader(string, state.indent) + dropEndingNewline(indentString(foldString(string, lineWidth), indent));
        case STYLE_DOUBLE:
          return '"' + escapeString(string) + '"';
        default:
          throw new YAMLException2("impossible error: invalid scalar style");
      }
    })();
  }
  function blockHeader(string, indentPerLevel) {
    const indentIndicator = needIndentIndicator(string) ? String(indentPerLevel) : "";
    const clip = string[string.length - 1] === "\n";
    const keep = clip && (string[string.length - 2] === "\n" || string === "\n");
    const chomp = keep ? "+" : clip ? "" : "-";
    return indentIndicator + chomp + "\n";
  }
  function dropEndingNewline(string) {
    return string[string.length - 1] === "\n" ? string.slice(0, -1) : string;
  }
  function foldString(string, width) {
    const lineRe = /(\n+)([^\n]*)/g;
    let result = (function() {
      let nextLF = string.indexOf("\n");
      nextLF = nextLF !== -1 ? nextLF : string.length;
      lineRe.lastIndex = nextLF;
      return foldLine(string.slice(0, nextLF), width);
    })();
    let prevMoreIndented = string[0] === "\n" || string[0] === " ";
    let moreIndented;
    let match;
    while (match = lineRe.exec(string)) {
      const prefix = match[1];
      const line = match[2];
      moreIndented = line[0] === " ";
      result += prefix + (!prevMoreIndented && !moreIndented && line !== "" ? "\n" : "") + foldLine(line, width);
      prevMoreIndented = moreIndented;
    }
    return result;
  }
  function foldLine(line, width) {
    if (line === "" || line[0] === " ") return line;
    const breakRe = / [^ ]/g;
    let match;
    let start = 0;
    let end;
    let curr = 0;
    let next = 0;
    let result = "";
    while (match = breakRe.exec(line)) {
      next = match.index;
      if (next - start > width) {
        end = curr > start ? curr : next;
        result += "\n" + line.slice(start, end);
        start = end + 1;
      }
      curr = next;
    }
    result += "\n";
    if (line.length - start > width && curr > start) {
      result += line.slice(start, curr) + "\n" + line.slice(curr + 1);
    } else {
      result += line.slice(start);
    }
    return result.slice(1);
  }
  function escapeString(string) {
    let result = "";
    let char = 0;
    for (let i = 0; i < string.length; char >= 65536 ? i += 2 : i++) {
      char = codePointAt(string, i);
      const escapeSeq = ESCAPE_SEQUENCES[char];
      if (!escapeSeq && isPrintable(char)) {
        result += string[i];
        if (char >= 65536) result += string[i + 1];
      } else {
        result += escapeSeq || encodeHex(char);
      }
    }
    return result;
  }
  function writeFlowSequence(state, level, object) {
    let _result = "";
    const _tag = state.tag;
    for (let index = 0, length = object.length; index < length; index += 1) {
      let value = object[index];
      if (state.replacer) {
        value = state.replacer.call(object, String(index), value);
      }
      if (writeNode(state, level, value, false, false) || typeof value === "undefined" && writeNode(state, level, null, false, false)) {
        if (_result !== "") _result += "," + (!state.condenseFlow ? " " : "");
        _result += state.dump;
      }
    }
    state.tag = _tag;
    state.dump = "[" + _result + "]";
  }
  function writeBlockSequence(state, level, object, compact) {
    let _result = "";
    const _tag = state.tag;
    for (let index = 0, length = object.length; index < length; index += 1) {
      let value = object[index];
      if (state.replacer) {
        value = state.replacer.call(object, String(index), value);
      }
      if (writeNode(state, level + 1, value, true, true, false, true) || typeof value === "undefined" && writeNode(state, level + 1, null, true, true, false, true)) {
        if (!compact || _result !== "") {
          _result += generateNextLine(state, level);
        }
        if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {
          _result += "-";
        } else {
          _result += "- ";
        }
        _result += state.dump;
      }
    }
    state.tag = _tag;
    state.dump = _result || "[]";
  }
  function writeFlowMapping(state, level, object) {
    let _result = "";
    const _tag = state.tag;
    const objectKeyList = Object.keys(object);
    for (let index = 0, length = objectKeyList.length; index < length; index += 1) {
      let pairBuffer = "";
      if (_result !== "") pairBuffer += ", ";
      if (state.condenseFlow) pairBuffer += '"';
      const objectKey = objectKeyList[index];
      let objectValue = object[objectKey];
      if (state.replacer) {
        objectValue = state.replacer.call(object, objectKey, objectValue);
      }
      if (!writeNode(state, level, objectKey, false, false)) {
        continue;
      }
      if (state.dump.length > 1024) pairBuffer += "? ";
      pairBuffer += state.dump + (state.condenseFlow ? '"' : "") + ":" + (state.condenseFlow ? "" : " ");
      if (!writeNode(state, level, objectValue, false, false)) {
        continue;
      }
      pairBuffer += state.dump;
      _result += pairBuffer;
    }
    state.tag = _tag;
    state.dump = "{" + _result + "}";
  }
  function writeBlockMapping(state, level, object, compact) {
    let _result = "";
    const _tag = state.tag;
    const objectKeyList = Object.keys(object);
    if (state.sortKeys === true) {
      objectKeyList.sort();
    } else if (typeof state.sortKeys === "function") {
      objectKeyList.sort(state.sortKeys);
    } else if (state.sortKeys) {
      throw new YAMLException2("sortKeys must be a boolean or a function");
    }
    for (let index = 0, length = objectKeyList.length; index < length; index += 1) {
      let pairBuffer = "";
      if (!compact || _result !== "") {
        pairBuffer += generateNextLine(state, level);
      }
      const objectKey = objectKeyList[index];
      let objectValue = object[objectKey];
      if (state.replacer) {
        objectValue = state.replacer.call(object, objectKey, objectValue);
      }
      if (!writeNode(state, level + 1, objectKey, true, true, true)) {
        continue;
      }
      const explicitPair = state.tag !== null && state.tag !== "?" || state.dump && state.dump.length > 1024;
      if (explicitPair) {
        if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {
          pairBuffer += "?";
        } else {
          pairBuffer += "? ";
        }
      }
      pairBuffer += state.dump;
      if (explicitPair) {
        pairBuffer += generateNextLine(state, level);
      }
      if (!writeNode(state, level + 1, objectValue, true, explicitPair)) {
        continue;
      }
      if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {
        pairBuffer += ":";
      } else {
        pairBuffer += ": ";
      }
      pairBuffer += state.dump;
      _result += pairBuffer;
    }
    state.tag = _tag;
    state.dump = _result || "{}";
  }
  function detectType(state, object, explicit) {
    const typeList = explicit ? state.explicitTypes : state.implicitTypes;
    for (let index = 0, length = typeList.length; index < length; index += 1) {
      const type2 = typeList[index];
      if ((type2.instanceOf || type2.predicate) && (!type2.instanceOf || typeof object === "object" && object instanceof type2.instanceOf) && (!type2.predicate || type2.predicate(object))) {
        if (explicit) {
          if (type2.multi && type2.representName) {
            state.tag = type2.representName(object);
          } else {
            state.tag = type2.tag;
          }
        } else {
          state.tag = "?";
        }
        if (type2.represent) {
          const style = state.styleMap[type2.tag] || type2.defaultStyle;
          let _result;
          if (_toString.call(type2.represent) === "[object Function]") {
            _result = type2.represent(object, style);
          } else if (_hasOwnProperty.call(type2.represent, style)) {
            _result = type2.represent[style](object, style);
          } else {
            throw new YAMLException2("!<" + type2.tag + '> tag resolver accepts not "' + style + '" style');
          }
          state.dump = _result;
        }
        return true;
      }
    }
    return false;
  }
  function writeNode(state, level, object, block, compact, iskey, isblockseq) {
    state.tag = null;
    state.dump = object;
    if (!detectType(state, object, false)) {
      detectType(state, object, true);
    }
    const type2 = _toString.call(state.dump);
    const inblock = block;
    if (block) {
      block = state.flowLevel < 0 || state.flowLevel > level;
    }
    const objectOrArray = type2 === "[object Object]" || type2 === "[object Array]";
    let duplicateIndex;
    let duplicate;
    if (objectOrArray) {
      duplicateIndex = state.duplicates.indexOf(object);
      duplicate = duplicateIndex !== -1;
    }
    if (state.tag !== null && state.tag !== "?" || duplicate || state.indent !== 2 && level > 0) {
      compact = false;
    }
    if (duplicate && state.usedDuplicates[duplicateIndex]) {
      state.dump = "*ref_" + duplicateIndex;
    } else {
      if (objectOrArray && duplicate && !state.usedDuplicates[duplicateIndex]) {
        state.usedDuplicates[duplicateIndex] = true;
      }
      if (type2 === "[object Object]") {
        if (block && Object.keys(state.dump).length !== 0) {
          writeBlockMapping(state, level, state.dump, compact);
          if (duplicate) {
            state.dump = "&ref_" + duplicateIndex + state.dump;
          }
        } else {
          writeFlowMapping(state, level, state.dump);
          if (duplicate) {
            state.dump = "&ref_" + duplicateIndex + " " + state.dump;
          }
        }
      } else if (type2 === "[object Array]") {
        if (block && state.dump.length !== 0) {
          if (state.noArrayIndent && !isblockseq && level > 0) {
            writeBlockSequence(state, level - 1, state.dump, compact);
          } else {
            writeBlockSequence(state, level, state.dump, compact);
          }
          if (duplicate) {
            state.dump = "&ref_" + duplicateIndex + state.dump;
          }
        } else {
          writeFlowSequence(state, level, state.dump);
          if (duplicate) {
            state.dump = "&ref_" + duplicateIndex + " " + state.dump;
          }
        }
      } else if (type2 === "[object String]") {
        if (state.tag !== "?") {
          writeScalar(state, state.dump, level, iskey, inblock);
        }
      } else if (type2 === "[object Undefined]") {
        return false;
      } else {
        if (state.skipInvalid) return false;
        throw new YAMLException2("unacceptable kind of an object to dump " + type2);
      }
      if (state.tag !== null && state.tag !== "?") {
        let tagStr = encodeURI(
          state.tag[0] === "!" ? state.tag.slice(1) : state.tag
        ).replace(/!/g, "%21");
        if (state.tag[0] === "!") {
          tagStr = "!" + tagStr;
        } else if (tagStr.slice(0, 18) === "tag:yaml.org,2002:") {
          tagStr = "!!" + tagStr.slice(18);
        } else {
          tagStr = "!<" + tagStr + ">";
        }
        state.dump = tagStr + " " + state.dump;
      }
    }
    return true;
  }
  function getDuplicateReferences(object, state) {
    const objects = [];
    const duplicatesIndexes = [];
    inspectNode(object, objects, duplicatesIndexes);
    const length = duplicatesIndexes.length;
    for (let index = 0; index < length; index += 1) {
      state.duplicates.push(objects[duplicatesIndexes[index]]);
    }
    state.usedDuplicates = new Array(length);
  }
  function inspectNode(object, objects, duplicatesIndexes) {
    if (object !== null && typeof object === "object") {
      const index = objects.indexOf(object);
      if (index !== -1) {
        if (duplicatesIndexes.indexOf(index) === -1) {
          duplicatesIndexes.push(index);
        }
      } else {
        objects.push(object);
        if (Array.isArray(object)) {
          for (let i = 0, length = object.length; i < length; i += 1) {
            inspectNode(object[i], objects, duplicatesIndexes);
          }
        } else {
          const objectKeyList = Object.keys(object);
          for (let i = 0, length = objectKeyList.length; i < length; i += 1) {
            inspectNode(object[objectKeyList[i]], objects, duplicatesIndexes);
          }
        }
      }
    }
  }
  function dump2(input, options) {
    options = options || {};
    const state = new State(options);
    if (!state.noRefs) getDuplicateReferences(input, state);
    let value = input;
    if (state.replacer) {
      value = state.replacer.call({ "": value }, "", value);
    }
    if (writeNode(state, 0, value, true, true)) return state.dump + "\n";
    return "";
  }
  dumper.dump = dump2;
  return dumper;
}
var hasRequiredJsYaml;
function requireJsYaml() {
  if (hasRequiredJsYaml) return jsYaml;
  hasRequiredJsYaml = 1;
  const loader2 = requireLoader();
  const dumper2 = requireDumper();
  function renamed(from, to) {
    return function() {
      throw new Error("Function yaml." + from + " is removed in js-yaml 4. Use yaml." + to + " instead, which is now safe by default.");
    };
  }
  jsYaml.Type = requireType();
  jsYaml.Schema = requireSchema();
  jsYaml.FAILSAFE_SCHEMA = requireFailsafe();
  jsYaml.JSON_SCHEMA = requireJson();
  jsYaml.CORE_SCHEMA = requireCore();
  jsYaml.DEFAULT_SCHEMA = require_default();
  jsYaml.load = loader2.load;
  jsYaml.loadAll = loader2.loadAll;
  jsYaml.dump = dumper2.dump;
  jsYaml.YAMLException = requireException();
  jsYaml.types = {
    binary: requireBinary(),
    float: requireFloat(),
    map: requireMap(),
    null: require_null(),
    pairs: requirePairs(),
    set: requireSet(),
    timestamp: requireTimestamp(),
    bool: requireBool(),
    int: requireInt(),
    merge: requireMerge(),
    omap: requireOmap(),
    seq: requireSeq(),
    str: requireStr()
  };
  jsYaml.safeLoad = renamed("safeLoad", "load");
  jsYaml.safeLoadAll = renamed("safeLoadAll", "loadAll");
  jsYaml.safeDump = renamed("safeDump", "dump");
  return jsYaml;
}
var jsYamlExports = requireJsYaml();
var yaml = /* @__PURE__ */ getDefaultExportFromCjs(jsYamlExports);
var {
  Type,
  Schema,
  FAILSAFE_SCHEMA,
  JSON_SCHEMA,
  CORE_SCHEMA,
  DEFAULT_SCHEMA,
  load,
  loadAll,
  dump,
  YAMLException,
  types,
  safeLoad,
  safeLoadAll,
  safeDump
} = yaml;

// core/yaml.ts
import { createRequire } from "node:module";
var yamlPackage = null;
var loadYamlPackage = () => yamlPackage ??= createRequire(import.meta.url)("yaml");
var LIMITS = {
  /** Largest Markdown node / document file we read. */
  maxFileBytes: 8 * 1024 * 1024,
  /** Largest YAML document (frontmatter, overlay, config). */
  maxYamlBytes: 4 * 1024 * 1024,
  /** Values visited while walking a parsed document (aliases counted each time they are reached). */
  maxExpandedValues: 1e6
};
function checkExpansion(value, src) {
  let budget = LIMITS.maxExpandedValues;
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (--budget < 0) {
      throw new YamlError("the YAML expands to too many values (alias bomb?)", {
        file: src.file,
        hint: "remove the YAML anchors/aliases (&name / *name); AKMS files never need them"
      });
    }
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (v !== null && typeof v === "object") for (const k in v) stack.push(v[k]);
  }
}
function parseYaml(text, src) {
  if (text.length > LIMITS.maxYamlBytes) {
    throw new YamlError(`YAML is too large (${text.length} bytes, limit ${LIMITS.maxYamlBytes})`, {
      file: src.file,
      hint: "AKMS YAML is small; move long text into the Markdown body"
    });
  }
  let value;
  try {
    value = yaml.load(text, { schema: yaml.CORE_SCHEMA, filename: src.file, json: false });
  } catch (e) {
    const err = e;
    const line = err.mark ? err.mark.line + (src.firstLine ?? 1) : void 0;
    throw new YamlError(`invalid YAML: ${err.reason ?? err.message.split("\n")[0]}`, { file: src.file, line });
  }
  if (text.includes("*")) checkExpansion(value, src);
  return value;
}
function lineOfPath(text, path, firstLine = 1) {
  return lineLocator(text, firstLine)(path);
}
function lineLocator(text, firstLine = 1) {
  const { LineCounter, parseDocument, isMap, isSeq, isPair, isScalar } = loadYamlPackage();
  let lc;
  let root;
  try {
    lc = new LineCounter();
    root = parseDocument(text, { lineCounter: lc, uniqueKeys: false, strict: false }).contents;
  } catch {
    return () => void 0;
  }
  return (path) => {
    try {
      let node = root;
      let lastRange = node?.range ?? void 0;
      for (const key of path) {
        if (!node) break;
        if (isMap(node)) {
          const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(key));
          if (!pair) break;
          const k = pair.key;
          lastRange = k.range ?? lastRange;
          node = pair.value;
        } else if (isSeq(node) && typeof key === "number") {
          const item = node.items[key];
          if (!item) break;
          node = item;
          if (item.range) lastRange = item.range;
        } else break;
      }
      if (!lastRange) return void 0;
      return lc.linePos(lastRange[0]).line + firstLine - 1;
    } catch {
      return void 0;
    }
  };
}

// core/textfile.ts
function firstInvalidUtf8(buf) {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i];
    if (b < 128) {
      i++;
      continue;
    }
    let n;
    let min;
    if (b >= 194 && b <= 223) n = 1, min = 128;
    else if (b >= 224 && b <= 239) n = 2, min = 2048;
    else if (b >= 240 && b <= 244) n = 3, min = 65536;
    else return i;
    let cp = b & 63 >> n;
    for (let k = 1; k <= n; k++) {
      const c = buf[i + k];
      if (c === void 0 || (c & 192) !== 128) return i;
      cp = cp << 6 | c & 63;
    }
    if (cp < min || cp > 1114111 || cp >= 55296 && cp <= 57343) return i;
    i += n + 1;
  }
  return -1;
}
function decodeUtf8(buf, shown) {
  const bad = firstInvalidUtf8(buf);
  if (bad >= 0) {
    let line = 1;
    for (let i = 0; i < bad; i++) if (buf[i] === 10) line++;
    throw new AkmsError("ENCODING", `the file is not valid UTF-8 (byte 0x${buf[bad].toString(16).padStart(2, "0")} at offset ${bad})`, {
      file: shown,
      line,
      hint: "save the file as UTF-8 (AKMS files are UTF-8 text)"
    });
  }
  const text = buf.toString("utf8");
  return text.charCodeAt(0) === 65279 ? text.slice(1) : text;
}
function readTextFile(file, shown, maxBytes = LIMITS.maxFileBytes) {
  let size;
  try {
    const st = statSync(file);
    if (st.isDirectory()) {
      throw new AkmsError("NOT_A_FILE", "is a directory, not a file", { file: shown, hint: "pass the files themselves (e.g. dir/*.md)" });
    }
    if (!st.isFile()) throw new AkmsError("NOT_A_FILE", "is not a regular file", { file: shown, hint: "pass a regular file" });
    size = st.size;
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new NotFoundError("no such file", { file: shown, hint: "check the path" });
    }
    throw e;
  }
  if (size > maxBytes) {
    throw new AkmsError("TOO_LARGE", `the file is too large (${size} bytes, limit ${maxBytes})`, {
      file: shown,
      hint: "AKMS files are small; split the node, or move long content to a content_ref target"
    });
  }
  return decodeUtf8(readFileSync(file), shown);
}

// core/zod.ts
import { createRequire as createRequire2 } from "node:module";
var loaded;
function load2() {
  return loaded ??= typeof __require === "function" ? require_zod() : createRequire2(import.meta.url)("zod");
}
function warmZod() {
  load2();
}
var zod = new Proxy({}, {
  get: (_t, k) => Reflect.get(load2().z, k)
});
function lazy(build) {
  let real;
  const get = () => real ??= build();
  return new Proxy({}, {
    get(_t, k) {
      const r = get();
      const v = Reflect.get(r, k, r);
      return typeof v === "function" ? v.bind(r) : v;
    },
    has: (_t, k) => Reflect.has(get(), k),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor(_t, k) {
      const d = Reflect.getOwnPropertyDescriptor(get(), k);
      return d === void 0 ? void 0 : { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(get())
  });
}

// core/schema-check.ts
function fieldPath(path) {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += (out ? "." : "") + String(p);
  }
  return out;
}
function checkSchemaVersion(data, src) {
  const v = data && typeof data === "object" ? data.akms_schema : void 0;
  if (v !== "v2") {
    throw new SchemaVersionError(v, {
      file: src.file,
      line: src.text !== void 0 && v !== void 0 ? lineOfPath(src.text, ["akms_schema"], src.firstLine ?? 1) : void 0
    });
  }
}
function issuesToProblems(issues, src) {
  const locate = src.text !== void 0 && issues.length ? lineLocator(src.text, src.firstLine ?? 1) : null;
  const problems = issues.map((iss) => {
    const path = iss.path.filter((p) => typeof p !== "symbol");
    let message = iss.message;
    const missing = "input" in iss ? iss.input === void 0 : /received undefined/.test(message);
    if (iss.code === "invalid_type" && missing) message = "is required but missing";
    if (iss.code === "invalid_value" && "input" in iss && iss.input === void 0) message = `is required but missing (${message})`;
    if (iss.code === "unrecognized_keys") message = `unknown field(s): ${iss.keys.join(", ")}`;
    if (iss.code === "invalid_key") {
      const inner = [...new Set(iss.issues?.map((i) => i.message) ?? [])];
      message = `the key ${JSON.stringify(String(path[path.length - 1]))} ${inner.join("; ") || "is not allowed"}`;
    }
    if (iss.code === "invalid_union") {
      const inner = [...new Set(iss.errors?.map((e) => e[0]?.message).filter(Boolean) ?? [])];
      if (inner.length) message = inner.join(", or ");
    }
    return {
      file: src.file,
      line: locate ? locate(path) : void 0,
      field: fieldPath(path) || void 0,
      message
    };
  });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return problems;
}
function checkSchema(schema2, data, src, what) {
  checkSchemaVersion(data, src);
  const r = schema2.safeParse(data, { reportInput: true });
  if (r.success) return r.data;
  const problems = issuesToProblems(r.error.issues, src);
  const first = problems[0];
  throw new ValidationError(`invalid ${what}: ${first.field ? first.field + " " : ""}${first.message}`, {
    file: src.file,
    line: first.line,
    field: first.field,
    hint: `fix the field${problems.length > 1 ? "s" : ""} listed; see spec \xA74 for the ${what} schema`,
    problems: problems.length > 1 ? problems : []
  });
}
function safeCheck(schema2, data, src) {
  const v = data && typeof data === "object" ? data.akms_schema : void 0;
  if (v !== "v2") {
    const e = new SchemaVersionError(v, { file: src.file });
    const line = src.text !== void 0 && v !== void 0 ? lineOfPath(src.text, ["akms_schema"], src.firstLine ?? 1) : void 0;
    return { ok: false, problems: [{ code: e.code, file: src.file, line, field: "akms_schema", message: e.message, hint: e.hint }] };
  }
  const r = schema2.safeParse(data, { reportInput: true });
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, problems: issuesToProblems(r.error.issues, src) };
}

// core/schemas/vocabulary.ts
var ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,127}$/;
var TASK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
var ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
var ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
var EDGE_TYPES = ["requires", "feeds-into", "refines", "contradicts", "pitfall", "implements"];
var STATUSES = ["draft", "tentative", "established", "deprecated"];
var SOURCES = ["human", "agent", "hybrid", "generated"];
var PITFALL_WEIGHT = { high: 0.8, medium: 0.5, low: 0.3 };
function severityOfWeight(w) {
  return w >= 0.8 ? "high" : w >= 0.5 ? "medium" : "low";
}
var EXPERIENTIAL_FIELDS = ["activations", "last_activated", "activated_by_tasks", "session_refs", "auto_update"];

// core/schemas/common.ts
var Id = lazy(
  () => zod.string({ error: "must be a string id" }).regex(ID_PATTERN, { error: "must match ^[a-z0-9][a-z0-9._-]{0,127}$ (lower-case letters, digits, . _ -; no slashes)" }).refine((s) => !s.includes(".."), { error: "must not contain '..'" })
);
var TaskId = lazy(
  () => zod.string({ error: "must be a string task id" }).regex(TASK_ID_PATTERN, { error: "must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$ (letters, digits, . _ -; no slashes, no leading dot)" }).refine((s) => !s.includes(".."), { error: "must not contain '..'" })
);
var Unit = lazy(
  () => zod.number({ error: "must be a number between 0.0 and 1.0" }).min(0, { error: "must be between 0.0 and 1.0" }).max(1, { error: "must be between 0.0 and 1.0" })
);
var NonEmpty = lazy(() => zod.string({ error: "must be a string" }).min(1, { error: "must not be empty" }));
var IsoDate = lazy(
  () => zod.string({ error: "must be an ISO date string like 2026-03-04" }).regex(ISO_DATE, { error: "must be an ISO date like 2026-03-04" })
);
var IsoDateTime = lazy(
  () => zod.string({ error: "must be an ISO 8601 timestamp like 2026-03-04T10:32:00" }).regex(ISO_DATE_TIME, {
    error: "must be an ISO 8601 timestamp like 2026-03-04T10:32:00"
  })
);
var EdgeType = lazy(() => zod.enum(EDGE_TYPES, { error: `must be one of ${EDGE_TYPES.join(" | ")}` }));
var Status = lazy(() => zod.enum(STATUSES, { error: `must be one of ${STATUSES.join(" | ")}` }));
var Source = lazy(() => zod.enum(SOURCES, { error: `must be one of ${SOURCES.join(" | ")}` }));
var OUTCOMES = ["complete", "partial", "failed", "deferred"];
var Outcome = lazy(() => zod.enum(OUTCOMES, { error: `must be one of ${OUTCOMES.join(" | ")}` }));
var SEVERITIES = ["high", "medium", "low"];
var Severity = lazy(() => zod.enum(SEVERITIES, { error: `must be one of ${SEVERITIES.join(" | ")}` }));
var Int = lazy(() => zod.number({ error: "must be an integer" }).int({ error: "must be an integer" }));
var NonNegInt = lazy(() => Int.min(0, { error: "must be 0 or more" }));
var RelPath = lazy(
  () => zod.string({ error: "must be a relative path string" }).min(1, { error: "must not be empty" }).refine((p) => !p.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(p) && !p.startsWith("~"), { error: "must be a relative path, not absolute" }).refine((p) => !p.split(/[\\/]/).includes(".."), { error: "must not contain '..' segments" }).refine((p) => !p.includes("\0"), { error: "must not contain NUL" })
);
var SchemaTag = lazy(() => zod.literal("v2", { error: 'must be "v2"' }));

export {
  warmZod,
  zod,
  lazy,
  LIMITS,
  parseYaml,
  lineOfPath,
  lineLocator,
  fieldPath,
  checkSchemaVersion,
  issuesToProblems,
  checkSchema,
  safeCheck,
  decodeUtf8,
  readTextFile,
  ID_PATTERN,
  TASK_ID_PATTERN,
  EDGE_TYPES,
  PITFALL_WEIGHT,
  severityOfWeight,
  EXPERIENTIAL_FIELDS,
  Id,
  TaskId,
  Unit,
  NonEmpty,
  IsoDate,
  IsoDateTime,
  EdgeType,
  Status,
  Source,
  Outcome,
  Severity,
  Int,
  NonNegInt,
  SchemaTag
};

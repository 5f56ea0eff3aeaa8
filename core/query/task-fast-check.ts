// The task record check's fast path (zod is loaded only when it must run): a record this check can
// prove valid is returned as TaskRecord.parse returns it — the schema's keys first, in its order,
// then the other keys as they came; arrays copied — and anything else is left to zod, which names
// the problem. A test holds the two to the same results on every kind of field and on fuzzed records.
import { TASK_ID_PATTERN } from "../schemas/vocabulary.js";
import { ROLE_NAME, TASK_STATUSES, type TaskRecord } from "../schemas/task.js";

type Check = (v: unknown) => boolean;

const isString: Check = (v) => typeof v === "string";
const isId: Check = (v) => typeof v === "string" && TASK_ID_PATTERN.test(v) && !v.includes("..");
const listOf =
  (item: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(item);

/** TaskRecord's fields in its order, with what each accepts when present (absent is fine but for the required ones). */
export const TASK_FIELDS: readonly [string, Check, boolean][] = [
  ["task_id", isId, true],
  ["akms_tags", listOf(isString), true],
  ["loadout_path", (v) => v === null || typeof v === "string", false],
  ["akms_schema", (v) => v === "v2", true],
  ["title", isString, false],
  ["objective", isString, false],
  ["description", isString, false],
  ["steps", listOf(isString), false],
  ["implementation_steps", listOf(isString), false],
  ["scope", listOf(isString), false],
  ["depends_on", listOf(isId), false],
  ["phase", (v) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0, false],
  ["status", (v) => typeof v === "string" && (TASK_STATUSES as readonly string[]).includes(v), false],
  ["agent_role", (v) => typeof v === "string" && ROLE_NAME.test(v), false],
];
const KNOWN = new Set(TASK_FIELDS.map(([k]) => k));

/** The parsed record when it is certainly valid; undefined when zod must decide. */
export function fastTaskRecord(data: Record<string, unknown>): TaskRecord | undefined {
  if (Object.getPrototypeOf(data) !== Object.prototype || Object.hasOwn(data, "__proto__")) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, ok, required] of TASK_FIELDS) {
    if (!Object.hasOwn(data, key)) {
      if (required) return undefined;
      continue;
    }
    const v = data[key];
    if (!ok(v)) return undefined;
    out[key] = Array.isArray(v) ? [...v] : v;
  }
  for (const key of Object.keys(data)) if (!KNOWN.has(key)) out[key] = data[key];
  return out as TaskRecord;
}

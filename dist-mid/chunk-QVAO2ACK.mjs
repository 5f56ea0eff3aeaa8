import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);

// core/clock.ts
function nowIso(env = process.env) {
  const sde = env.SOURCE_DATE_EPOCH;
  const d = sde && /^\d+$/.test(sde) ? new Date(Number(sde) * 1e3) : /* @__PURE__ */ new Date();
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}
function todayIso(env = process.env) {
  return nowIso(env).slice(0, 10);
}

export {
  nowIso,
  todayIso
};

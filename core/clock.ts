// The one place that reads the wall clock, so that SOURCE_DATE_EPOCH (and tests) can pin it.
export function nowIso(env: NodeJS.ProcessEnv = process.env): string {
  const sde = env.SOURCE_DATE_EPOCH;
  const d = sde && /^\d+$/.test(sde) ? new Date(Number(sde) * 1000) : new Date();
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function todayIso(env: NodeJS.ProcessEnv = process.env): string {
  return nowIso(env).slice(0, 10);
}

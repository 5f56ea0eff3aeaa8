// zod, evaluated on first use, and schemas built on first use: a run that validates nothing (a
// no-op build, a query by tags with the cached config) never loads it. Loading zod and building
// every schema when the modules loaded cost ≈ 0.1 s in every command's start-up.
// In the bundle, esbuild makes `require("zod")` its bundled copy of zod, evaluated by the first call;
// run from source (the tests), zod's CommonJS build is required from node_modules. Either way there
// is one zod in a process: every module takes it from here.
import { createRequire } from "node:module";
import type * as Zod from "zod";

let loaded: typeof Zod | undefined;

function load(): typeof Zod {
  return (loaded ??= (typeof require === "function" ? require("zod") : createRequire(import.meta.url)("zod")) as typeof Zod);
}

/** Loads zod now (a caller with idle time ahead of work that will validate: the console after its first frame). */
export function warmZod(): void {
  load();
}

/** Whether zod has been loaded in this process (for the tests of the commands that should not load it). */
export function zodLoaded(): boolean {
  return loaded !== undefined;
}

/** zod's `z`, loaded when first used (its types: `import type { z } from "zod"`). */
export const zod: typeof Zod.z = new Proxy({} as typeof Zod.z, {
  get: (_t, k) => Reflect.get(load().z, k),
});

/**
 * A value (a schema, or an object of schemas) built when it is first used: every property read,
 * call of one of its methods (bound to the value), `in`, key listing and prototype question is
 * answered by the built value.
 */
export function lazy<T extends object>(build: () => T): T {
  let real: T | undefined;
  const get = (): T => (real ??= build());
  return new Proxy({} as T, {
    get(_t, k) {
      const r = get();
      const v = Reflect.get(r, k, r) as unknown;
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(r) : v;
    },
    has: (_t, k) => Reflect.has(get(), k),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor(_t, k) {
      const d = Reflect.getOwnPropertyDescriptor(get(), k);
      return d === undefined ? undefined : { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(get()),
  });
}

import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import "./chunk-F7TTDJ7Y.mjs";

// src/console/import-console.ts
async function importConsole() {
  const g = globalThis;
  const fetch = Object.getOwnPropertyDescriptor(g, "fetch");
  if (fetch?.writable && fetch.configurable) g.fetch = void 0;
  try {
    return await import("./chunk-23EHFPCL.mjs");
  } finally {
    if (fetch) Object.defineProperty(g, "fetch", fetch);
  }
}
export {
  importConsole
};

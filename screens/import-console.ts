// Loads the console's code. ink's layout engine (yoga, WebAssembly) fetches its embedded binary
// through `fetch` when there is a global one, and Node's first `fetch` loads its whole HTTP client
// (undici: tens of milliseconds before the first frame). With no global `fetch` while the console
// loads, yoga decodes the same embedded bytes itself; `fetch` is put back right after.
export async function importConsole(): Promise<typeof import("./open.js")> {
  const g = globalThis as { fetch?: unknown };
  const fetch = Object.getOwnPropertyDescriptor(g, "fetch");
  if (fetch?.writable && fetch.configurable) g.fetch = undefined;
  try {
    return await import("./open.js");
  } finally {
    if (fetch) Object.defineProperty(g, "fetch", fetch);
  }
}

// ConsoleContext: the loaded model (context, graph, config, review data …) for every screen,
// so nothing is drilled through props. The model is replaced whole on every reload.
import React, { createContext, useContext } from "react";
import type { ConsoleModel } from "../src/console/model.js";

const Ctx = createContext<ConsoleModel | null>(null);

export function ConsoleProvider({ model, children }: { model: ConsoleModel; children: React.ReactNode }) {
  return <Ctx.Provider value={model}>{children}</Ctx.Provider>;
}

export function useModel(): ConsoleModel {
  const m = useContext(Ctx);
  if (!m) throw new Error("useModel outside ConsoleProvider");
  return m;
}

// Colours with one switch: NO_COLOR / --no-color turn every colour off (bold, dim and inverse stay,
// since they are not colours), so components ask the theme instead of naming colours.
import React, { createContext, useContext } from "react";

export interface Theme {
  color: boolean;
  /** A colour name, or undefined when colour is off. */
  c(name: string | undefined): string | undefined;
}

export function makeTheme(color: boolean): Theme {
  return { color, c: (name) => (color ? name : undefined) };
}

const ThemeContext = createContext<Theme>(makeTheme(false));

export function ThemeProvider({ theme, children }: { theme: Theme; children: React.ReactNode }) {
  return <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>;
}

export function useTheme(): Theme {
  return useContext(ThemeContext);
}

export function statusColor(status: unknown): string | undefined {
  switch (status) {
    case "established":
      return "green";
    case "tentative":
      return "yellow";
    case "draft":
      return "gray";
    case "deprecated":
      return "red";
    // A pitfall's severity.
    case "high":
      return "red";
    case "medium":
      return "yellow";
    default:
      return undefined;
  }
}

/** Red when the local confidence fell below the global default, green when above. */
export function confColor(def: unknown, cur: unknown): string | undefined {
  if (typeof def !== "number" || typeof cur !== "number") return undefined;
  if (cur < def - 1e-9) return "red";
  if (cur > def + 1e-9) return "green";
  return undefined;
}

// The `?` overlay, generated from the binding table: every key live on the current screen,
// grouped, plus the keys other screens add (so the whole map is learnable from here).
import React from "react";
import { Box, Text } from "ink";
import { BINDINGS, inScope, showKey, type Binding, type ScreenId, SCREENS } from "../src/console/keybindings.js";
import { pad, truncate } from "./text.js";
import { useTheme } from "./theme.js";

export interface HelpLine {
  text: string;
  heading?: boolean;
  dim?: boolean;
}

export function helpLines(screen: ScreenId, bindings: Binding[] = BINDINGS): HelpLine[] {
  const title = SCREENS.find((s) => s.id === screen)?.title ?? screen;
  const lines: HelpLine[] = [];
  const keyCol = (b: Binding) => b.keys.map(showKey).join(" ");
  const here = bindings.filter((b) => inScope(b, screen));
  // The screen's own actions first, then moving around, then the general keys.
  const rank = (g: Binding["group"]) => (g === "General" ? 2 : g === "Move" ? 1 : 0);
  const groups = [...new Set(here.map((b) => b.group))].sort((a, b) => rank(a) - rank(b));
  for (const g of groups) {
    lines.push({ text: g, heading: true });
    for (const b of here.filter((x) => x.group === g)) lines.push({ text: `  ${pad(keyCol(b), 14)} ${b.description}` });
  }
  const elsewhere = bindings.filter((b) => !inScope(b, screen));
  if (elsewhere.length) {
    lines.push({ text: `On other screens (not on ${title})`, heading: true });
    for (const b of elsewhere) {
      const where = b.scopes.map((s) => SCREENS.find((x) => x.id === s)?.title ?? s).join(", ");
      lines.push({ text: `  ${pad(keyCol(b), 14)} ${b.description} — ${where}`, dim: true });
    }
  }
  lines.push({ text: "" });
  lines.push({ text: "Writes ask to confirm (y / Enter), run the same core function as the CLI, rebuild, and", dim: true });
  lines.push({ text: "show the equivalent command below. A file changed on disk since shown is refused: R reloads.", dim: true });
  return lines;
}

export function HelpOverlay({ screen, width, height, offset = 0 }: { screen: ScreenId; width: number; height: number; offset?: number }) {
  const theme = useTheme();
  const lines = helpLines(screen);
  const body = Math.max(1, height - 2);
  // Two columns when the terminal is wide enough, split at a heading near the middle.
  const twoCols = width >= 100 && lines.length > body;
  let columns: HelpLine[][] = [lines];
  if (twoCols) {
    let cut = Math.ceil(lines.length / 2);
    for (let i = cut; i > 0 && cut - i < 8; i--) {
      if (lines[i]?.heading) {
        cut = i;
        break;
      }
    }
    columns = [lines.slice(0, cut), lines.slice(cut)];
  }
  const total = Math.max(...columns.map((c) => c.length));
  const from = Math.max(0, Math.min(offset, Math.max(0, total - body)));
  const colW = twoCols ? Math.floor((width - 2) / 2) : width;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.c("cyan")} wrap="truncate-end">
        {truncate(`Keys — ${SCREENS.find((s) => s.id === screen)?.title ?? screen} screen`, width)}
      </Text>
      <Box width={width} height={body}>
        {columns.map((col, ci) => (
          <Box key={ci} flexDirection="column" width={colW} marginRight={ci === 0 && twoCols ? 2 : 0}>
            {col.slice(from, from + body).map((l, i) => (
              <Text key={from + i} bold={l.heading} dimColor={l.dim} wrap="truncate-end">
                {truncate(l.text, colW) || " "}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
      <Text dimColor wrap="truncate-end">
        {truncate(`? or Esc closes · j/k scroll${total > body ? ` · ${from + 1}–${Math.min(total, from + body)} of ${total}` : ""}`, width)}
      </Text>
    </Box>
  );
}

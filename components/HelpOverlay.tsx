// The `?` overlay: the lines it is given (src/console/help.ts makes them from the binding
// table), in one or two columns, wrapped to them (a description is never cut), scrolled.
import React from "react";
import { Box, Text } from "ink";
import { truncate, width as cells, wrap } from "./text.js";
import { useTheme } from "./theme.js";

export interface HelpLine {
  text: string;
  heading?: boolean;
  dim?: boolean;
}

/** Continuation rows start under the description (after "  " + a 14-cell key column + " "). */
const HANG = 17;

/** A help line wrapped to `w` cells, its continuation rows indented under the description (never cut). */
function wrapHelpLine(l: HelpLine, w: number): HelpLine[] {
  if (cells(l.text) <= w) return [l];
  const hang = l.heading || w - HANG < 20 ? 0 : HANG;
  const [first, ...rest] = wrap([l.text], w);
  const tail = rest.length ? wrap([rest.join(" ")], w - hang) : [];
  return [{ ...l, text: first! }, ...tail.map((t) => ({ ...l, text: " ".repeat(hang) + t }))];
}

export function HelpOverlay({ title, lines: given, width, height, offset = 0 }: { title: string; lines: HelpLine[]; width: number; height: number; offset?: number }) {
  const theme = useTheme();
  const body = Math.max(1, height - 2);
  // Two columns when the terminal is wide enough, split at a heading near the middle; lines wrap
  // to their column.
  const twoCols = width >= 100 && given.length > body;
  const colW = twoCols ? Math.floor((width - 2) / 2) : width;
  const lines = given.flatMap((l) => wrapHelpLine(l, colW));
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
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.c("cyan")} wrap="truncate-end">
        {truncate(`Keys — ${title} screen`, width)}
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

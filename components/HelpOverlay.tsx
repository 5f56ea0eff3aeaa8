// The `?` overlay: the lines it is given (src/console/help.ts makes them from the binding
// table), in one or two columns, scrolled.
import React from "react";
import { Box, Text } from "ink";
import { truncate } from "./text.js";
import { useTheme } from "./theme.js";

export interface HelpLine {
  text: string;
  heading?: boolean;
  dim?: boolean;
}

export function HelpOverlay({ title, lines, width, height, offset = 0 }: { title: string; lines: HelpLine[]; width: number; height: number; offset?: number }) {
  const theme = useTheme();
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

// Two texts next to each other (a pending dedup merge: the existing text beside the appended
// draft), each with its own title; stacked when the width cannot hold two readable columns.
import React from "react";
import { Box, Text } from "ink";
import { truncate, wrap } from "./text.js";
import { useTheme } from "./theme.js";

export interface SidePane {
  title: string;
  lines: string[];
  color?: string;
}

export function SideBySide({ left, right, width, height, offset = 0 }: { left: SidePane; right: SidePane; width: number; height: number; offset?: number }) {
  const theme = useTheme();
  const stacked = width < 70;
  const colW = stacked ? width : Math.floor((width - 3) / 2);
  const paneH = stacked ? Math.max(2, Math.floor(height / 2)) : height;
  const pane = (p: SidePane, h: number) => {
    const body = wrap(p.lines, colW);
    const from = Math.max(0, Math.min(offset, Math.max(0, body.length - (h - 1))));
    return (
      <Box flexDirection="column" width={colW} height={h}>
        <Text bold color={theme.c(p.color)} wrap="truncate-end">
          {truncate(p.title, colW)}
        </Text>
        {body.slice(from, from + h - 1).map((l, i) => (
          <Text key={i} wrap="truncate-end">
            {truncate(l, colW) || " "}
          </Text>
        ))}
      </Box>
    );
  };
  if (stacked) {
    return (
      <Box flexDirection="column" width={width} height={height}>
        {pane(left, paneH)}
        {pane(right, height - paneH)}
      </Box>
    );
  }
  return (
    <Box width={width} height={height}>
      {pane(left, height)}
      <Box flexDirection="column" width={3} height={height}>
        {Array.from({ length: height }, (_, i) => (
          <Text key={i} dimColor>
            {" │ "}
          </Text>
        ))}
      </Box>
      {pane(right, height)}
    </Box>
  );
}

// A list of one-line rows with a selection, showing the window of rows that keeps it visible.
import React from "react";
import { Box, Text } from "ink";
import { truncate, windowStart } from "./text.js";
import { useTheme } from "./theme.js";

export interface Row {
  key: string;
  text: string;
  color?: string;
  dim?: boolean;
  bold?: boolean;
  /** Headings are shown but never selected. */
  heading?: boolean;
}

export interface ScrollListProps {
  rows: Row[];
  width: number;
  height: number;
  selected?: number;
  focused?: boolean;
  empty?: string;
}

export function ScrollList({ rows, width, height, selected = -1, focused = true, empty }: ScrollListProps) {
  const theme = useTheme();
  const start = windowStart(Math.max(0, selected), rows.length, height);
  const visible = rows.slice(start, start + height);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {rows.length === 0 && empty ? (
        <Text dimColor wrap="truncate-end">
          {truncate(empty, width)}
        </Text>
      ) : null}
      {visible.map((r, vi) => {
        const isSel = start + vi === selected;
        return (
          <Text
            key={r.key}
            wrap="truncate-end"
            inverse={isSel && focused}
            underline={isSel && !focused}
            bold={r.bold || r.heading}
            dimColor={r.dim}
            color={theme.c(r.color)}
          >
            {truncate(r.text, width) || " "}
          </Text>
        );
      })}
    </Box>
  );
}

/** Plain scrolled text: `lines` from `offset`, `height` of them. */
export function TextView({ lines, width, height, offset = 0 }: { lines: { text: string; color?: string; dim?: boolean; bold?: boolean }[]; width: number; height: number; offset?: number }) {
  const theme = useTheme();
  const max = Math.max(0, lines.length - height);
  const from = Math.max(0, Math.min(offset, max));
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.slice(from, from + height).map((l, i) => (
        <Text key={from + i} wrap="truncate-end" color={theme.c(l.color)} dimColor={l.dim} bold={l.bold}>
          {truncate(l.text, width) || " "}
        </Text>
      ))}
    </Box>
  );
}

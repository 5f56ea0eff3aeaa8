// A small table (ink-table does not work with ink 6): fixed or growing columns, one line per
// row, a highlighted selection, and a window of `height` rows that keeps the selection visible.
import React from "react";
import { Box, Text } from "ink";
import { pad, width as cellWidth, windowStart } from "./text.js";
import { useTheme } from "./theme.js";

export interface Column<T> {
  header: string;
  /** Cells, or "grow" to share what the fixed columns leave. */
  width: number | "grow";
  align?: "left" | "right";
  /** Where a cell too long for the column is cut: its end (default) or its start. */
  cut?: "end" | "start";
  /** The cell text (already safe: callers pass strings through `safe`). */
  cell: (row: T) => string;
  color?: (row: T) => string | undefined;
}

export interface TableProps<T> {
  columns: Column<T>[];
  /** The rows (an array, or anything that gives the rows of a window: only the shown ones are read). */
  rows: Pick<readonly T[], "length" | "slice">;
  width: number;
  /** Rows of the whole table, header included. */
  height: number;
  selected?: number;
  /** Whether the selection is shown (the table has focus). */
  focused?: boolean;
  empty?: string;
  rowKey?: (row: T, i: number) => string;
}

/** A column as wide as its widest cell among `rows` (header included), within [min, max]. */
export function contentWidth<T>(header: string, rows: readonly T[], cell: (row: T) => string, min: number, max: number): number {
  let w = cellWidth(header);
  for (const r of rows) w = Math.max(w, cellWidth(cell(r)));
  return Math.max(min, Math.min(max, w));
}

export function columnWidths(widths: (number | "grow")[], total: number): number[] {
  const gaps = widths.length - 1;
  const fixed = widths.reduce<number>((s, w) => s + (w === "grow" ? 0 : w), 0);
  const growers = widths.filter((w) => w === "grow").length;
  const left = Math.max(0, total - fixed - gaps);
  const each = growers ? Math.floor(left / growers) : 0;
  let extra = growers ? left - each * growers : 0;
  return widths.map((w) => {
    if (w !== "grow") return w;
    const v = each + (extra > 0 ? 1 : 0);
    extra--;
    return Math.max(1, v);
  });
}

export function Table<T>({ columns, rows, width, height, selected = -1, focused = true, empty, rowKey }: TableProps<T>) {
  const theme = useTheme();
  const widths = columnWidths(columns.map((c) => c.width), width);
  const bodyHeight = Math.max(0, height - 1);
  const start = windowStart(Math.max(0, selected), rows.length, bodyHeight);
  const visible = rows.slice(start, start + bodyHeight);
  const header = columns.map((c, i) => pad(c.header, widths[i]!, c.align)).join(" ");
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end">
        {header}
      </Text>
      {rows.length === 0 && empty ? (
        <Text dimColor wrap="truncate-end">
          {empty}
        </Text>
      ) : null}
      {visible.map((row, vi) => {
        const i = start + vi;
        const isSel = i === selected;
        return (
          <Text key={rowKey ? rowKey(row, i) : String(i)} wrap="truncate-end">
            {columns.map((c, ci) => (
              <Text key={ci} inverse={isSel && focused} underline={isSel && !focused} color={theme.c(c.color?.(row))}>
                {pad(c.cell(row), widths[ci]!, c.align, c.cut) + (ci < columns.length - 1 ? " " : "")}
              </Text>
            ))}
          </Text>
        );
      })}
    </Box>
  );
}

/** "3 of 17" for a selection in a list (empty when the list is). */
export function position(selected: number, count: number): string {
  return count ? `${Math.min(selected, count - 1) + 1} of ${count}` : "0 of 0";
}

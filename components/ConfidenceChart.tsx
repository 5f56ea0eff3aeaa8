// Confidence over time as a character chart: y from 0 to 1, one mark per recorded value,
// the global default (┈) and the floor (═) drawn across so a decay is read at a glance.
import React from "react";
import { Box, Text } from "ink";
import { useTheme } from "./theme.js";

export interface ChartInput {
  values: number[];
  globalDefault?: number | null;
  floor?: number | null;
  width: number;
  height: number;
}

export interface ChartRow {
  axis: string;
  cells: string;
}

const AXIS_W = 6;

function rowOf(v: number, height: number): number {
  const clamped = Math.max(0, Math.min(1, v));
  return height - 1 - Math.round(clamped * (height - 1));
}

/** The chart as text rows (pure; the component colours them). */
export function chartRows({ values, globalDefault, floor, width, height }: ChartInput): ChartRow[] {
  const plotW = Math.max(4, width - AXIS_W);
  const h = Math.max(3, height);
  const grid: string[][] = Array.from({ length: h }, () => Array.from({ length: plotW }, () => " "));
  if (typeof floor === "number") grid[rowOf(floor, h)]!.fill("═");
  if (typeof globalDefault === "number") {
    const r = rowOf(globalDefault, h);
    for (let x = 0; x < plotW; x++) if (grid[r]![x] === " " || x % 2 === 0) grid[r]![x] = "┈";
  }
  const n = values.length;
  const xs = values.map((_, i) => (n <= 1 ? 0 : Math.round((i * (plotW - 1)) / (n - 1))));
  for (let i = 1; i < n; i++) {
    const [x0, x1] = [xs[i - 1]!, xs[i]!];
    for (let x = x0 + 1; x < x1; x++) {
      const v = values[i - 1]! + ((values[i]! - values[i - 1]!) * (x - x0)) / (x1 - x0);
      grid[rowOf(v, h)]![x] = "·";
    }
  }
  values.forEach((v, i) => (grid[rowOf(v, h)]![xs[i]!] = "●"));
  // Each row is labelled with the value that sits on it — the last point there, else the default
  // or the floor — and the top and bottom rows with their ends; no label names a row it is not on.
  const labels = new Map<number, string>();
  values.forEach((v) => labels.set(rowOf(v, h), v.toFixed(2)));
  for (const v of [globalDefault, floor]) if (typeof v === "number" && !labels.has(rowOf(v, h))) labels.set(rowOf(v, h), v.toFixed(2));
  if (!labels.has(0)) labels.set(0, "1.00");
  if (!labels.has(h - 1)) labels.set(h - 1, "0.00");
  return grid.map((cells, r) => ({ axis: (labels.get(r) ?? "").padStart(AXIS_W - 1, " ") + "┤", cells: cells.join("") }));
}

export function ConfidenceChart(props: ChartInput) {
  const theme = useTheme();
  const rows = chartRows(props);
  return (
    <Box flexDirection="column" width={props.width}>
      {rows.map((r, i) => (
        <Box key={i}>
          <Text dimColor>{r.axis}</Text>
          <Text wrap="truncate-end">
            {runs(r.cells).map((run, j) => (
              <Text key={j} color={theme.c(colorOf(run[0]!))}>
                {run}
              </Text>
            ))}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

function colorOf(ch: string): string | undefined {
  return ch === "●" || ch === "·" ? "cyan" : ch === "═" ? "red" : ch === "┈" ? "yellow" : undefined;
}

/** Splits a row into runs of one character (one Text per run, not per cell). */
function runs(s: string): string[] {
  const out: string[] = [];
  for (const ch of s) {
    const last = out[out.length - 1];
    if (last !== undefined && last[0] === ch) out[out.length - 1] = last + ch;
    else out.push(ch);
  }
  return out;
}

const BARS = "▁▂▃▄▅▆▇█";

/** One-line sparkline of values in [0, 1]. */
export function sparkline(values: number[]): string {
  return values.map((v) => BARS[Math.max(0, Math.min(7, Math.round(Math.max(0, Math.min(1, v)) * 7)))]).join("");
}

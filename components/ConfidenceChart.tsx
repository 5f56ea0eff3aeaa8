// Confidence over time as a character chart: y from 0 to 1, one mark per recorded value,
// the global default (┈) and the floor (═) drawn across so a decay is read at a glance.
import React from "react";
import { Box, Text } from "ink";
import { useTheme } from "./theme.js";

export interface ChartInput {
  values: number[];
  /** One per value ("" where a value has no date, such as the global default before any change): the x axis. */
  dates?: string[];
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
export function chartRows({ values, dates, globalDefault, floor, width, height }: ChartInput): ChartRow[] {
  const plotW = Math.max(4, width - AXIS_W);
  const h = Math.max(3, height - (dates?.some(Boolean) ? 1 : 0)); // the date axis takes a row of the height
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
  // Each row is labelled with the value that sits on it — its points', else the default or the
  // floor — and the top and bottom rows with their ends; no label names a row it is not on. Points
  // of different values that share a row (0.74 and 0.77 on a short chart) label it with their mean
  // marked "~", never with one of them as if it were the other's.
  const labels = new Map<number, string>();
  const onRow = new Map<number, number[]>();
  values.forEach((v) => onRow.set(rowOf(v, h), [...(onRow.get(rowOf(v, h)) ?? []), v]));
  for (const [r, vs] of onRow) {
    const distinct = [...new Set(vs.map((v) => v.toFixed(2)))];
    labels.set(r, distinct.length === 1 ? distinct[0]! : `~${(vs.reduce((a, b) => a + b, 0) / vs.length).toFixed(2)}`);
  }
  for (const v of [globalDefault, floor]) if (typeof v === "number" && !labels.has(rowOf(v, h))) labels.set(rowOf(v, h), v.toFixed(2));
  if (!labels.has(0)) labels.set(0, "1.00");
  if (!labels.has(h - 1)) labels.set(h - 1, "0.00");
  const rows = grid.map((cells, r) => ({ axis: (labels.get(r) ?? "").padStart(AXIS_W - 1, " ") + "┤", cells: cells.join("") }));
  // The x axis: the dates of the first and last dated points under their columns (and one between
  // when there is room), so a reader sees when the changes happened.
  if (dates && dates.some(Boolean)) {
    const line = Array.from({ length: plotW }, () => " ");
    const put = (i: number) => {
      const d = (dates[i] ?? "").slice(0, 10);
      if (!d) return;
      const at = Math.max(0, Math.min(plotW - d.length, xs[i]! - (i === 0 ? 0 : i === n - 1 ? d.length - 1 : Math.floor(d.length / 2))));
      if (line.slice(Math.max(0, at - 1), at + d.length + 1).some((c) => c !== " ")) return; // no overlap
      for (let k = 0; k < d.length; k++) line[at + k] = d[k]!;
    };
    const dated = dates.map((d, i) => (d ? i : -1)).filter((i) => i >= 0);
    put(dated[0]!);
    put(dated[dated.length - 1]!);
    if (dated.length > 2) put(dated[Math.floor(dated.length / 2)]!);
    rows.push({ axis: " ".repeat(AXIS_W), cells: line.join("").replace(/\s+$/, "") });
  }
  return rows;
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

// History: a node's confidence over time — the chart with the global default (┈) and the floor
// (═) marked, and every recorded change with its cause (the overlay's history, written by the update).
import React from "react";
import { Box, Text } from "ink";
import { useModel } from "../context.js";
import type { NodeHistory } from "../../src/console/history.js";
import type { HistoryState } from "./state.js";
import { fmtConf, pad, safe, truncate, windowStart } from "../../components/text.js";
import { ConfidenceChart } from "../../components/ConfidenceChart.js";
import { Rule } from "../../components/Rule.js";
import { useTheme } from "../../components/theme.js";
import { NodeHeader } from "../NodeHeader.js";

export interface HistoryProps {
  width: number;
  height: number;
  state: HistoryState;
  history: NodeHistory | null;
}

export function historyLayout(height: number): { chart: number; list: number } {
  const free = Math.max(4, height - 4);
  const chart = Math.max(3, Math.min(12, Math.floor(free * 0.55)));
  return { chart, list: Math.max(1, free - chart) };
}

export function HistoryScreen({ width, height, state, history }: HistoryProps) {
  const model = useModel();
  const theme = useTheme();
  if (!history) {
    return (
      <Box flexDirection="column" width={width} height={height}>
        <Text>No node selected.</Text>
        <Text dimColor>Press / to find a node, or pick one on the Review (1) or Explorer (2) screen.</Text>
      </Box>
    );
  }
  const node = model.nodes.get(history.id);
  const { chart, list } = historyLayout(height);
  // A global node's file holds the default every repository starts from; a local one's is its own.
  const base = node?.node_origin === "global" ? "global default" : "the file's value";
  const legend =
    `● confidence  ┈ ${base} ${history.globalDefault === null ? "–" : fmtConf(history.globalDefault)}` +
    `  ═ floor ${fmtConf(history.floor)} (${history.floorFrom === "node" ? "confidence_floor" : "min_confidence"})` +
    `  now ${fmtConf(history.current)}`;
  // Newest change first.
  const rows = [...history.changes].reverse();
  const start = windowStart(state.selected, rows.length, list);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <NodeHeader id={history.id} node={node} width={width} />
      <ConfidenceChart values={history.series} dates={history.dates} globalDefault={history.globalDefault} floor={history.floor} width={Math.min(width, 100)} height={chart} />
      <Text dimColor wrap="truncate-end">
        {truncate(legend, width)}
      </Text>
      <Rule title={`Changes (${rows.length})`} right="date · confidence · change · cause" width={width} active />
      <Box flexDirection="column" width={width} height={list}>
        {rows.length === 0 ? (
          <Text dimColor wrap="wrap">
            {history.current !== null && history.globalDefault !== null && history.current !== history.globalDefault
              ? `No recorded changes; the local confidence ${fmtConf(history.current)} differs from the default (set before history was kept).`
              : `No recorded changes: the confidence is ${base === "global default" ? "the global default" : "the file's value"}. Each \`akms update\` whose evidence moves it adds an entry here, with its session (a review action leaves it as it is).`}
          </Text>
        ) : (
          rows.slice(start, start + list).map((c, i) => {
            const sel = start + i === state.selected;
            const delta = c.delta === 0 ? "  ±0.00" : `${c.delta > 0 ? "  +" : "  −"}${Math.abs(c.delta).toFixed(2)}`;
            return (
              <Text key={start + i} inverse={sel} wrap="truncate-end">
                <Text>{pad(safe(c.date), 21) + " "}</Text>
                <Text bold>{pad(fmtConf(c.confidence), 5) + " "}</Text>
                <Text color={theme.c(c.delta < 0 ? "red" : c.delta > 0 ? "green" : undefined)}>{pad(delta, 8) + " "}</Text>
                <Text dimColor={!sel}>{pad(c.kind === "session" ? "session" : c.kind === "review" ? "review" : "", 8)}</Text>
                <Text>{truncate(safe(c.cause), Math.max(0, width - 46))}</Text>
              </Text>
            );
          })
        )}
      </Box>
    </Box>
  );
}

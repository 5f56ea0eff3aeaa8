// Explorer: the ego graph around the current node — outgoing and incoming edges grouped by type
// with weights and origins, each neighbour's status and confidence. Enter follows the selected
// edge, Esc walks back, +/- change the radius, / finds a node by fuzzy search.
import React from "react";
import { Box, Text } from "ink";
import type { Ego, EgoRow } from "../../src/console/ego.js";
import type { ExplorerState } from "./state.js";
import { explorerSelection } from "./state.js";
import { useModel } from "../context.js";
import { confPair, pad, safe, truncate, windowStart, wrap } from "../../components/text.js";
import { plural } from "../../core/plural.js";
import { confColor, statusColor, useTheme } from "../../components/theme.js";
import { Rule } from "../../components/Rule.js";
import { KeyHint } from "../../components/KeyHint.js";
import { NodeHeader } from "../NodeHeader.js";

export interface ExplorerProps {
  width: number;
  height: number;
  state: ExplorerState;
  center: string | null;
  ego: Ego | null;
}

/** Rows the edge list gets (the page size for PgUp/PgDn). */
export function explorerPage(height: number): number {
  return Math.max(1, height - 5);
}

function EdgeRow({ row, width, selected, wide }: { row: EgoRow; width: number; selected: boolean; wide: boolean }) {
  const theme = useTheme();
  const model = useModel();
  if (row.heading) {
    return (
      <Text bold color={theme.c("cyan")} wrap="truncate-end">
        {truncate(row.heading, width)}
      </Text>
    );
  }
  const n = model.nodes.get(row.neighbour);
  const indent = "  ".repeat(Math.max(0, row.depth - 1));
  const arrow = row.depth === 1 ? (row.dir === "out" ? "→" : "←") : row.dir === "out" ? `→${row.type}` : `←${row.type}`;
  const confW = 10;
  const statusW = 11;
  const wW = 5;
  const originW = wide ? 7 : 0;
  const idW = Math.max(8, width - confW - statusW - wW - originW - 4);
  const first = pad(`${indent}${arrow} ${safe(row.neighbour)}`, idW);
  return (
    <Text wrap="truncate-end" inverse={selected}>
      <Text>{first + " "}</Text>
      <Text dimColor={!selected}>{pad(row.weight.toFixed(2), wW, "right") + " "}</Text>
      {wide ? <Text dimColor={!selected}>{pad(row.origin, originW) + " "}</Text> : null}
      <Text color={theme.c(statusColor(n?.status))}>{pad(safe(n?.status ?? "missing"), statusW) + " "}</Text>
      <Text color={theme.c(confColor(n?.confidence_default, n?.confidence))}>{pad(confPair(n?.confidence_default, n?.confidence), confW)}</Text>
    </Text>
  );
}

export function ExplorerScreen({ width, height, state, center, ego }: ExplorerProps) {
  const model = useModel();
  const theme = useTheme();
  if (!center || !ego) {
    return (
      <Box flexDirection="column" width={width} height={height}>
        <Text>No node selected.</Text>
        <Text dimColor>Press / to find a node, or pick one on the Review screen (1).</Text>
      </Box>
    );
  }
  const node = model.nodes.get(center);
  const wide = width >= 120;
  const listW = wide ? Math.floor(width * 0.62) : width;
  const sideW = wide ? width - listW - 2 : 0;
  const sel = explorerSelection(state, ego);
  const page = explorerPage(height);
  const start = windowStart(sel, ego.rows.length, page);
  const back = state.trail.length ? ` · Esc back to ${safe(state.trail[state.trail.length - 1]!.center)}` : "";
  const summary = `radius ${ego.radius} · ${plural(ego.nodeCount, "node")}, ${plural(ego.edgeCount, "edge")} within it · out ${ego.outCount} · in ${ego.inCount}${back}`;
  const selRow = ego.rows[sel];
  const selNode = selRow && !selRow.heading ? model.nodes.get(selRow.neighbour) : undefined;

  const side: { text: string; bold?: boolean; dim?: boolean }[] = [];
  if (wide && selRow && !selRow.heading) {
    side.push({ text: safe(selRow.neighbour), bold: true });
    if (selNode) {
      side.push({ text: safe(selNode.title) });
      side.push({ text: `${safe(selNode.status)} · conf ${confPair(selNode.confidence_default, selNode.confidence)} · ${selNode.node_origin}` });
      side.push({ text: `domain ${safe(selNode.domain)} · source ${safe(selNode.source)}`, dim: true });
      if (selNode.tags?.length) side.push({ text: `tags ${selNode.tags.map(safe).join(", ")}`, dim: true });
    }
    side.push({ text: "" });
    const edgeText =
      selRow.dir === "out"
        ? `${safe(selRow.parent)} —${selRow.type} (w ${selRow.weight}, ${selRow.origin})→ ${safe(selRow.neighbour)}`
        : `${safe(selRow.neighbour)} —${selRow.type} (w ${selRow.weight}, ${selRow.origin})→ ${safe(selRow.parent)}`;
    for (const l of wrap([edgeText], sideW)) side.push({ text: l });
    if (selRow.note) for (const l of wrap([`note: ${safe(selRow.note)}`], sideW)) side.push({ text: l, dim: true });
    side.push({ text: "" });
    side.push({ text: "Enter: centre on it", dim: true });
  }

  return (
    <Box flexDirection="column" width={width} height={height}>
      <NodeHeader id={center} node={node} width={width} />
      <Text dimColor wrap="truncate-end">
        {truncate(summary, width)}
      </Text>
      <Rule title={`Edges (${ego.rows.filter((r) => !r.heading).length})`} right={wide ? "neighbour · weight · origin · status · conf" : "weight · status · conf"} width={width} active />
      <Box width={width} height={page}>
        <Box flexDirection="column" width={listW} height={page}>
          {ego.rows.length === 0 ? (
            <Text dimColor>This node has no edges (an orphan). + widens the radius; / finds another node.</Text>
          ) : (
            ego.rows.slice(start, start + page).map((r, i) => <EdgeRow key={r.key + i} row={r} width={listW} selected={start + i === sel} wide={wide} />)
          )}
        </Box>
        {wide ? (
          <Box flexDirection="column" width={sideW} marginLeft={2} height={page}>
            {side.slice(0, page).map((l, i) => (
              <Text key={i} bold={l.bold} dimColor={l.dim} color={theme.c(l.bold ? "cyan" : undefined)} wrap="truncate-end">
                {truncate(l.text, sideW) || " "}
              </Text>
            ))}
          </Box>
        ) : null}
      </Box>
      <KeyHint
        width={width}
        hints={[
          ["Enter", "follow"],
          ["Esc", "back"],
          ["+/-", "radius"],
          ["/", "find"],
          ["p d D", "promote/draft/undraft centre"],
          ["5", "history"],
        ]}
      />
    </Box>
  );
}

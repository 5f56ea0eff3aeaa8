// Loadout preview: the loadout an agent would get for a task — the mode decision with its
// numbers, each node's reading and tokens, and the file's text — with `m` switching between the
// qmd version and the degraded (no-qmd) one. Computed in memory; nothing is written.
import React from "react";
import { Box, Text } from "ink";
import type { Plan } from "../../src/console/plan.js";
import type { LoadoutPreview } from "../../src/console/loadout-preview.js";
import type { LoadoutState } from "./state.js";
import { fmtConf, safe, truncate } from "../../components/text.js";
import { contentWidth, Table, type Column } from "../../components/Table.js";
import { TextView } from "../../components/ScrollList.js";
import { Rule } from "../../components/Rule.js";
import { KeyHint } from "../../components/KeyHint.js";
import { statusColor, useTheme } from "../../components/theme.js";
import type { LoadoutEntry } from "../../core/loadout/render.js";
import { sizeTokens } from "../../core/loadout/mode.js";
import { useModel } from "../context.js";

export interface LoadoutProps {
  width: number;
  height: number;
  state: LoadoutState;
  plan: Plan;
  preview: LoadoutPreview | null;
  /** What is being waited for while the preview is computed. */
  pendingNote: string | null;
  qmdAvailable: boolean | null;
  qmdReason: string;
  taskCount: number;
  taskIndex: number;
}

/** What is known about qmd: the session's probe, else what the preview found when it used qmd. */
function qmdState(probed: boolean | null, reason: string, used: { available: boolean; reason: string } | null): string {
  const known = probed !== null ? { available: probed, reason } : used;
  if (!known) return "not probed yet";
  return known.available ? "available" : `unavailable (${safe(known.reason)})`;
}

export function loadoutLayout(height: number): { nodes: number; text: number } {
  const free = Math.max(4, height - 6);
  const nodes = Math.max(2, Math.min(12, Math.floor(free * 0.4)));
  return { nodes, text: Math.max(1, free - nodes) };
}

export function LoadoutScreen({ width, height, state, plan, preview, pendingNote, qmdAvailable, qmdReason, taskCount, taskIndex }: LoadoutProps) {
  const theme = useTheme();
  const model = useModel();
  const { nodes: nodesH, text: textH } = loadoutLayout(height);
  const source =
    plan.tagOrigin === "typed" && !taskCount && !plan.tags.length
      ? "No task records in knowledge/tasks/ — press t to type tags, o to pick the role"
      : plan.tagOrigin === "typed"
      ? `Typed tags: ${plan.tags.map(safe).join(", ") || "(none)"} · role ${safe(plan.role)}`
      : `Task ‹ ${safe(plan.label)} › ${taskIndex + 1} of ${taskCount} · role ${safe(plan.role)}`;
  const p = preview?.plan ?? null;
  const m = p?.mode;
  const modeLine = m
    ? `mode ${m.mode} (${m.requested}): available ${m.available} = limit ${m.context_limit} − system ${m.system_prompt_tokens} − task ${m.task_tokens} − margin ${m.safety_margin}; ${m.reason}`
    : "mode –";
  const variant = !state.useQmd ? "degraded (no-qmd)" : !p ? "qmd (asking qmd …)" : p.qmd.available ? "qmd" : "degraded: qmd unavailable";
  const indexed = p?.retrieval?.indexed ? ` · qmd's index ${p.retrieval.indexed} for it` : "";
  const qmdLine = !p
    ? `showing: ${variant}`
    : `showing: ${state.useQmd && !p.qmd.available ? "degraded" : variant} · qmd ${qmdState(qmdAvailable, qmdReason, state.useQmd ? p.qmd : null)}${indexed} · content ${p.header.content_tokens} of max ${p.header.max_loadout_tokens} tokens · full_cost ${m?.full_cost ?? 0}`;

  const entries = p?.entries ?? [];
  const wideCols = width >= 110;
  // The node column as wide as its ids; the path (the wide screen's last column) takes the rest.
  const fixed = 3 + 13 + 6 + 5 + 5 + 6 + (wideCols ? 7 + 1 : 0);
  const nodeW = contentWidth("node", entries, (e) => safe(e.id), 12, Math.max(12, wideCols ? Math.floor((width - fixed) * 0.6) : width - fixed));
  const cols: Column<LoadoutEntry>[] = [
    { header: "#", width: 3, align: "right", cell: (e) => String(e.position) },
    { header: "node", width: wideCols ? nodeW : "grow", cell: (e) => safe(e.id) },
    { header: "read", width: 13, cell: (e) => e.read + (e.trimmed ? " (cut)" : "") },
    { header: "tokens", width: 6, align: "right", cell: (e) => String(e.block?.tokens ?? 0) },
    { header: "alloc", width: 5, align: "right", cell: (e) => String(sizeTokens(model.ctx.cfg.config, model.nodes.get(e.id)?.context_size)) },
    { header: "conf", width: 5, cell: (e) => fmtConf(e.confidence), color: (e) => statusColor(e.status) },
  ];
  if (wideCols) cols.push({ header: "origin", width: 7, cell: (e) => safe(e.origin) }, { header: "path", width: "grow", cell: (e) => safe(e.path ?? ""), cut: "start" });

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end">
        {truncate(source, width)}
      </Text>
      <Text wrap="truncate-end" color={theme.c("cyan")}>
        {truncate(modeLine, width)}
      </Text>
      <Text wrap="truncate-end" dimColor>
        {truncate(qmdLine, width)}
      </Text>
      <Rule title={`Nodes (${p?.entries.length ?? 0})`} right="tokens inlined · allocation by context_size" width={width} active={state.focus === "nodes"} />
      {preview?.error || plan.error ? (
        <Box height={nodesH} width={width}>
          <Text color={theme.c("red")} wrap="wrap">
            {truncate(safe(preview?.error ?? plan.error), width * 3)}
          </Text>
        </Box>
      ) : (
        <Table columns={cols} rows={entries} width={width} height={nodesH} selected={state.selected} focused={state.focus === "nodes"} empty={preview ? "No node would be loaded (no seed matched these tags)." : "computing …"} rowKey={(e) => e.id} />
      )}
      <Rule
        title={`Loadout text — ${variant}${p ? ` (${p.shown})` : ""}`}
        right={`${preview?.lines.length ?? 0} lines`}
        width={width}
        active={state.focus === "text"}
      />
      {preview ? (
        <TextView lines={preview.lines.map((t) => ({ text: t, bold: t.startsWith("#") }))} width={width} height={textH} offset={state.offset} />
      ) : (
        <Box width={width} height={textH}>
          <Text dimColor wrap="wrap">
            {pendingNote ?? "computing the loadout …"}
          </Text>
        </Box>
      )}
      <KeyHint
        width={width}
        hints={[
          ["m", "qmd/degraded"],
          ["M", `mode ${state.mode}`],
          ["Enter", state.focus === "nodes" ? "scroll text" : "back to nodes"],
          ["← →", "task"],
          ["o", "role"],
          ["t", "tags"],
        ]}
      />
    </Box>
  );
}

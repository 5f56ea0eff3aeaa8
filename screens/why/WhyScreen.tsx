// Why in loadout: for a task record (or typed tags) and a role, the query's explanation — each
// node's seed and matched tag, the chain of edges that reached it, its rank and the figures
// behind it — and every node left out, with its reason.
import React from "react";
import { Box, Text } from "ink";
import type { Plan } from "../../src/console/plan.js";
import type { WhyState } from "./state.js";
import { explain, reasonLabel, type WhyRow } from "../../src/console/why.js";
import { fmtConf, pad, safe, truncate, windowStart, wrap } from "../../components/text.js";
import { Rule } from "../../components/Rule.js";
import { KeyHint } from "../../components/KeyHint.js";
import { statusColor, useTheme } from "../../components/theme.js";

export interface WhyProps {
  width: number;
  height: number;
  state: WhyState;
  plan: Plan;
  rows: WhyRow[];
  taskCount: number;
  taskIndex: number;
}

export function whyLayout(height: number): { list: number; detail: number } {
  const free = Math.max(4, height - 5);
  const detail = Math.max(2, Math.min(9, Math.floor(free * 0.4)));
  return { list: Math.max(2, free - detail), detail };
}

function RowLine({ row, width, selected }: { row: WhyRow; width: number; selected: boolean }) {
  const theme = useTheme();
  switch (row.kind) {
    case "heading":
      return (
        <Text bold color={theme.c("cyan")} wrap="truncate-end">
          {truncate(row.text, width)}
        </Text>
      );
    case "node": {
      const n = row.node;
      const how = n.co_loaded_with
        ? `co-loaded with ${safe(n.co_loaded_with)} (its load_with)`
        : n.seed
          ? `seed · tag ${n.trace.matched_tags.map((t) => `"${safe(t)}"`).join(", ")}`
          : `via ${n.trace.chain.map((s) => s.type).join("→")} from ${safe(n.trace.seed)} (depth ${n.trace.depth})`;
      const idW = Math.max(10, Math.min(34, width - 40));
      return (
        <Text inverse={selected} wrap="truncate-end">
          <Text>{pad(String(n.position), 3, "right") + " "}</Text>
          <Text bold>{pad(safe(n.id), idW) + " "}</Text>
          <Text>{pad(String(n.rank), 9, "right") + " "}</Text>
          <Text color={theme.c(statusColor(n.status))}>{pad(fmtConf(n.confidence), 5) + " "}</Text>
          <Text dimColor={!selected}>{truncate((n.co_loaded_with ? "" : n.below_threshold ? "[pitfall, below threshold] " : n.pitfall_injected ? "[pitfall] " : "") + how, Math.max(0, width - idW - 21))}</Text>
        </Text>
      );
    }
    case "excluded": {
      const e = row.node;
      const idW = Math.max(10, Math.min(34, width - 40));
      return (
        <Text inverse={selected} wrap="truncate-end">
          <Text dimColor>{"  – "}</Text>
          <Text>{pad(safe(e.id), idW) + " "}</Text>
          <Text color={theme.c("yellow")}>{pad(reasonLabel(e.reason), 18) + " "}</Text>
          <Text dimColor={!selected}>{truncate(`${safe(e.status)} · conf ${fmtConf(e.confidence)}`, Math.max(0, width - idW - 24))}</Text>
        </Text>
      );
    }
    case "pitfall":
      return (
        <Text inverse={selected} wrap="truncate-end">
          <Text color={theme.c("red")}>{"  ! "}</Text>
          <Text>{truncate(`${safe(row.from)} → ${safe(row.to)}  "${safe(row.note)}"`, width - 4)}</Text>
        </Text>
      );
    case "session":
      return (
        <Text inverse={selected} wrap="truncate-end">
          <Text dimColor>{"  § "}</Text>
          <Text>{truncate(`${safe(row.id)}  ${safe(row.title)}${row.outcome ? ` (${safe(row.outcome)})` : ""}`, width - 4)}</Text>
        </Text>
      );
  }
}

/** A typed tag no node carries is said on the first line, as the CLI says it (not left to a cut line). */
function unmatchedNote(plan: Plan): string {
  const u = plan.result?.unmatched_tags ?? [];
  return u.length ? ` — ${u.map((t) => `"${safe(t)}"`).join(", ")} matched no node` : "";
}

export function WhyScreen({ width, height, state, plan, rows, taskCount, taskIndex }: WhyProps) {
  const theme = useTheme();
  const { list, detail } = whyLayout(height);
  const source =
    plan.tagOrigin === "typed" && !taskCount && !plan.tags.length
      ? "No task records in knowledge/tasks/ — press t to type tags, o to pick the role"
      : plan.tagOrigin === "typed"
      ? `Typed tags: ${plan.tags.map(safe).join(", ") || "(none)"}${unmatchedNote(plan)}${taskCount ? "   ← → back to the task records" : ""}`
      : `Task ‹ ${safe(plan.label)} › ${taskIndex + 1} of ${taskCount}`;
  const tagLine =
    `tags ${plan.tags.map(safe).join(", ") || "(none)"}` +
    (plan.tagOrigin === "derived" ? " (derived: the task's akms_tags is empty)" : plan.tagOrigin === "task" ? " (the task's akms_tags)" : "") +
    ` · role ${safe(plan.role)}` +
    (plan.result ? ` · seeds ${plan.result.seeds.map(safe).join(", ") || "none"}` : "");
  const r = plan.result;
  const start = windowStart(state.selected, rows.length, list);
  const sel = rows[state.selected];
  const explanation = r ? wrap(explain(sel, r), width) : [];
  const notes = r?.notes ?? [];
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end">
        {truncate(source, width)}
      </Text>
      <Text dimColor wrap="truncate-end">
        {truncate(tagLine + (notes.length ? ` · ${notes.map(safe).join(" · ")}` : ""), width)}
      </Text>
      <Rule
        title={r ? `Query: ${r.nodes.length} in, ${r.excluded.length} left out${state.filter ? ` · filter "${safe(state.filter)}"` : ""}` : "Query"}
        right="# · node · rank · conf · how it got here"
        width={width}
        active
      />
      <Box flexDirection="column" width={width} height={list}>
        {plan.error ? (
          <Text color={theme.c("red")} wrap="wrap">
            {truncate(safe(plan.error), width * 3)}
          </Text>
        ) : (
          rows.slice(start, start + list).map((row, i) => <RowLine key={row.key} row={row} width={width} selected={start + i === state.selected} />)
        )}
      </Box>
      <Rule title="Why" width={width} />
      <Box flexDirection="column" width={width} height={detail}>
        {explanation.slice(state.detailOffset, state.detailOffset + detail).map((l, i) => (
          <Text key={i} wrap="truncate-end">
            {truncate(l, width) || " "}
          </Text>
        ))}
      </Box>
      <KeyHint
        width={width}
        hints={[
          ["← →", "task"],
          ["t", "type tags"],
          ["o", "role"],
          ["/", "filter"],
          ["Enter", "explore node"],
          ["4", "loadout"],
        ]}
      />
    </Box>
  );
}

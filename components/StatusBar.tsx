// The bottom line: the last message (or the equivalent CLI command of the last action) on the
// left; position, graph_version and qmd availability on the right. A long message (an action's
// result) gets lines of its own above the facts, wrapped (up to a third of the terminal's rows:
// a promote's result ends with the steps that share the node, which must not be the rows cut).
import React from "react";
import { Box, Text } from "ink";
import { truncate, width as cells, wrap } from "./text.js";
import { useTheme } from "./theme.js";

export type Tone = "info" | "ok" | "error" | "warn";

export interface StatusBarProps {
  width: number;
  /** The terminal's rows: a long message takes up to a third of them. */
  height: number;
  message?: { text: string; tone: Tone } | null;
  position: string;
  graphVersion: string;
  /** null: not probed yet. */
  qmdAvailable: boolean | null;
}

const TONE: Record<Tone, string | undefined> = { info: undefined, ok: "green", error: "red", warn: "yellow" };

const rightText = (position: string, graphVersion: string, qmdAvailable: boolean | null) =>
  `${position} │ graph ${graphVersion || "–"} │ qmd ${qmdAvailable === null ? "?" : qmdAvailable ? "yes" : "no"} │ ? help`;

/** A message's own lines when it cannot share the line with the facts: wrapped, at most a third of the rows (never fewer than 4). */
function messageLines(width: number, height: number, message: { text: string } | null | undefined): string[] | null {
  const max = Math.max(4, Math.floor(height / 3));
  const widest = cells(rightText("99999 of 99999", "0".repeat(12), true));
  if (!message || cells(message.text) <= width - widest - 1) return null;
  const lines = wrap(message.text.split("\n"), width);
  return lines.length > max ? [...lines.slice(0, max - 1), truncate(lines.slice(max - 1).join(" "), width)] : lines;
}

/** Rows the bar takes: a message too long to share the line with the facts gets lines of its own (wrapped, not cut). */
export function statusRows(width: number, height: number, message: { text: string } | null | undefined): number {
  return 1 + (messageLines(width, height, message)?.length ?? 0);
}

export function StatusBar({ width, height, message, position, graphVersion, qmdAvailable }: StatusBarProps) {
  const theme = useTheme();
  const right = rightText(position, graphVersion, qmdAvailable);
  const own = messageLines(width, height, message);
  if (own) {
    return (
      <Box flexDirection="column" width={width} height={own.length + 1}>
        {own.map((l, i) => (
          <Text key={i} wrap="truncate-end" color={theme.c(TONE[message!.tone])} bold={message!.tone === "error"}>
            {l}
          </Text>
        ))}
        <Text wrap="truncate-end">
          {" ".repeat(Math.max(0, width - cells(right)))}
          <Text inverse>{truncate(right, width)}</Text>
        </Text>
      </Box>
    );
  }
  const leftWidth = Math.max(0, width - cells(right) - 1);
  const left = truncate(message?.text ?? "", leftWidth);
  return (
    <Text wrap="truncate-end">
      <Text color={theme.c(message ? TONE[message.tone] : undefined)} bold={message?.tone === "error"}>
        {left + " ".repeat(Math.max(0, leftWidth + 1 - cells(left)))}
      </Text>
      <Text inverse>{truncate(right, width - leftWidth - 1)}</Text>
    </Text>
  );
}

// The bottom line: the last message (or the equivalent CLI command of the last action) on the
// left; position, graph_version and qmd availability on the right.
import React from "react";
import { Text } from "ink";
import { truncate, width as cells } from "../src/console/text.js";
import { useTheme } from "./theme.js";

export type Tone = "info" | "ok" | "error" | "warn";

export interface StatusBarProps {
  width: number;
  message?: { text: string; tone: Tone } | null;
  position: string;
  graphVersion: string;
  qmdAvailable: boolean;
}

const TONE: Record<Tone, string | undefined> = { info: undefined, ok: "green", error: "red", warn: "yellow" };

export function StatusBar({ width, message, position, graphVersion, qmdAvailable }: StatusBarProps) {
  const theme = useTheme();
  const right = `${position} │ graph ${graphVersion || "–"} │ qmd ${qmdAvailable ? "yes" : "no"} │ ? help`;
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

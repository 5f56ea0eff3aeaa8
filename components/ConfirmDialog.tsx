// A confirmation for a write: what will happen, to which file, the equivalent CLI command, y/n.
import React from "react";
import { Box, Text } from "ink";
import { truncate } from "./text.js";
import { useTheme } from "./theme.js";

export interface ConfirmDialogProps {
  title: string;
  lines: string[];
  cli?: string;
  width: number;
  tone?: "normal" | "danger" | "error";
  /** The key line, e.g. "y / Enter: promote · n / Esc: cancel". */
  keys: string;
}

export function ConfirmDialog({ title, lines, cli, width, tone = "normal", keys }: ConfirmDialogProps) {
  const theme = useTheme();
  const color = tone === "error" ? "red" : tone === "danger" ? "yellow" : "cyan";
  const inner = Math.max(10, width - 4);
  return (
    <Box flexDirection="column" width={width} borderStyle="round" borderColor={theme.c(color)} paddingX={1}>
      <Text bold color={theme.c(color)} wrap="truncate-end">
        {truncate(title, inner)}
      </Text>
      {lines.map((l, i) => (
        <Text key={i} wrap="truncate-end">
          {truncate(l, inner) || " "}
        </Text>
      ))}
      {cli ? (
        <Text dimColor wrap="truncate-end">
          {truncate(`CLI: ${cli}`, inner)}
        </Text>
      ) : null}
      <Text bold wrap="truncate-end">
        {truncate(keys, inner)}
      </Text>
    </Box>
  );
}

/** Rows the dialog takes: border (2) + title + lines + cli + keys. */
export function dialogHeight(lines: number, cli: boolean): number {
  return 2 + 1 + lines + (cli ? 1 : 0) + 1;
}

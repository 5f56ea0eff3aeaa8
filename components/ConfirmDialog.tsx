// A confirmation for a write: what will happen, to which file, the equivalent CLI command, y/n.
// Every line wraps (never cut): the consequence — which file, what stays — is the point of it.
import React from "react";
import { Box, Text } from "ink";
import { truncate, wrap } from "./text.js";
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

const innerWidth = (width: number) => Math.max(10, width - 4);

/** The dialog's text as its rows: title, lines and CLI line wrapped to the inside of the border. */
export function dialogText(title: string, lines: string[], cli: string | undefined, width: number): { title: string[]; lines: string[]; cli: string[] } {
  const inner = innerWidth(width);
  return { title: wrap(title.split("\n"), inner), lines: wrap(lines.flatMap((l) => l.split("\n")), inner), cli: cli ? wrap([`CLI: ${cli}`], inner) : [] };
}

export function ConfirmDialog({ title, lines, cli, width, tone = "normal", keys }: ConfirmDialogProps) {
  const theme = useTheme();
  const color = tone === "error" ? "red" : tone === "danger" ? "yellow" : "cyan";
  const t = dialogText(title, lines, cli, width);
  return (
    <Box flexDirection="column" width={width} borderStyle="round" borderColor={theme.c(color)} paddingX={1}>
      {t.title.map((l, i) => (
        <Text key={`t${i}`} bold color={theme.c(color)} wrap="truncate-end">
          {l}
        </Text>
      ))}
      {t.lines.map((l, i) => (
        <Text key={i} wrap="truncate-end">
          {l || " "}
        </Text>
      ))}
      {t.cli.map((l, i) => (
        <Text key={`c${i}`} dimColor wrap="truncate-end">
          {l}
        </Text>
      ))}
      <Text bold wrap="truncate-end">
        {truncate(keys, innerWidth(width))}
      </Text>
    </Box>
  );
}

/** Rows the dialog takes: border (2) + its wrapped title, lines and CLI line + keys. */
export function dialogHeight(title: string, lines: string[], cli: string | undefined, width: number): number {
  const t = dialogText(title, lines, cli, width);
  return 2 + t.title.length + t.lines.length + t.cli.length + 1;
}

// A one-line text input (filter, fuzzy find, tags) with optional results below it.
import React from "react";
import { Box, Text } from "ink";
import { truncate } from "./text.js";
import { useTheme } from "./theme.js";

export interface InputBoxProps {
  label: string;
  value: string;
  width: number;
  hint: string;
  results?: string[];
  selected?: number;
  maxResults?: number;
}

export function InputBox({ label, value, width, hint, results, selected = 0, maxResults = 8 }: InputBoxProps) {
  const theme = useTheme();
  const inner = Math.max(10, width - 4);
  const start = results ? Math.max(0, Math.min(selected - maxResults + 1, results.length - maxResults)) : 0;
  const shown = results ? results.slice(Math.max(0, start), Math.max(0, start) + maxResults) : [];
  return (
    <Box flexDirection="column" width={width} borderStyle="round" borderColor={theme.c("cyan")} paddingX={1}>
      <Text wrap="truncate-end">
        <Text bold color={theme.c("cyan")}>
          {label}
        </Text>
        <Text>{truncate(value, Math.max(1, inner - label.length - hint.length - 3))}</Text>
        <Text inverse> </Text>
        <Text dimColor>{"  " + truncate(hint, Math.max(0, inner - label.length - value.length - 3))}</Text>
      </Text>
      {results
        ? results.length === 0
          ? [
              <Text key="none" dimColor>
                {value ? "no match" : "type to search ids, titles and tags"}
              </Text>,
            ]
          : shown.map((r, i) => (
              <Text key={r + i} inverse={Math.max(0, start) + i === selected} wrap="truncate-end">
                {truncate(r, inner) || " "}
              </Text>
            ))
        : null}
    </Box>
  );
}

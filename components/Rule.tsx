// A one-line pane title: "── Title ─────── right", instead of borders that cost two rows.
import React from "react";
import { Box, Text } from "ink";
import { truncate, width as cells } from "../src/console/text.js";
import { useTheme } from "./theme.js";

export function Rule({ title, right = "", width, active = false }: { title: string; right?: string; width: number; active?: boolean }) {
  const theme = useTheme();
  const t = truncate(title, Math.max(1, width - 6));
  const r = right ? truncate(right, Math.max(0, width - cells(t) - 8)) : "";
  const fill = Math.max(1, width - cells(t) - (r ? cells(r) + 2 : 0) - 4);
  return (
    <Box width={width}>
      <Text wrap="truncate-end" color={theme.c(active ? "cyan" : undefined)} bold={active} dimColor={!active}>
        {"── "}
      </Text>
      <Text wrap="truncate-end" bold color={theme.c(active ? "cyan" : undefined)}>
        {t}
      </Text>
      <Text wrap="truncate-end" dimColor>
        {" " + "─".repeat(fill) + (r ? " " + r : "")}
      </Text>
    </Box>
  );
}

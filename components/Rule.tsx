// A one-line pane title: "── Title ─────── right", instead of borders that cost two rows.
import React from "react";
import { Text } from "ink";
import { truncate, width as cells } from "./text.js";
import { useTheme } from "./theme.js";

export function Rule({ title, right = "", width, active = false }: { title: string; right?: string; width: number; active?: boolean }) {
  const theme = useTheme();
  const t = truncate(title, Math.max(1, width - 6));
  const r = right ? truncate(right, Math.max(0, width - cells(t) - 8)) : "";
  const fill = Math.max(1, width - cells(t) - (r ? cells(r) + 2 : 0) - 4);
  return (
    <Text wrap="truncate-end">
      <Text color={theme.c(active ? "cyan" : undefined)} bold={active} dimColor={!active}>
        {"── "}
      </Text>
      <Text bold color={theme.c(active ? "cyan" : undefined)}>
        {t}
      </Text>
      <Text dimColor>{" " + "─".repeat(fill) + (r ? " " + r : "")}</Text>
    </Text>
  );
}

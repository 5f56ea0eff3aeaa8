// The top line: the screens with their digit keys, the active one highlighted, and a title.
import React from "react";
import { Text } from "ink";
import { truncate, width as cells } from "./text.js";
import { useTheme } from "./theme.js";

export function Tabs({ tabs, active, width, title }: { tabs: { id: string; label: string; key: string }[]; active: string; width: number; title: string }) {
  const theme = useTheme();
  const compact = width < 90;
  const parts = tabs.map((t) => ({ id: t.id, text: compact ? `${t.key} ${t.label.slice(0, 7)}` : `${t.key} ${t.label}` }));
  const used = parts.reduce((s, p) => s + cells(p.text) + 2, 0);
  const rest = Math.max(0, width - used - 1);
  return (
    <Text wrap="truncate-end">
      {parts.map((p) => (
        <Text key={p.id} inverse={p.id === active} bold={p.id === active} color={theme.c(p.id === active ? "cyan" : undefined)}>
          {` ${p.text} `}
        </Text>
      ))}
      <Text dimColor>{" " + " ".repeat(Math.max(0, rest - cells(truncate(title, rest)))) + truncate(title, rest)}</Text>
    </Text>
  );
}

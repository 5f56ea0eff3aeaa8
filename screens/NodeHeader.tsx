// The node's key facts on two lines (used by Explorer and History): id and title, then status,
// confidence global → local, origin, provenance and domain — UR-08 at a glance.
import React from "react";
import { Box, Text } from "ink";
import type { GNode } from "../core/graph.js";
import { confColor, statusColor, useTheme } from "../components/theme.js";
import { confPair, safe, truncate } from "../components/text.js";

export function provenance(n: GNode | undefined): string {
  if (!n) return "";
  const bits = [`source ${safe(n.source)}`];
  if (typeof n.origin_session === "string") bits.push(`from ${safe(n.origin_session)}`);
  if (typeof n.origin_phase === "number") bits.push(`phase ${n.origin_phase}`);
  return bits.join(" · ");
}

export function NodeHeader({ id, node, width, extra }: { id: string; node: GNode | undefined; width: number; extra?: string }) {
  const theme = useTheme();
  if (!node) {
    return (
      <Box flexDirection="column" width={width}>
        <Text bold wrap="truncate-end">
          {truncate(safe(id), width)}
        </Text>
        <Text color={theme.c("red")} wrap="truncate-end">
          {truncate("not in the compiled graph (press R to rebuild and reload)", width)}
        </Text>
      </Box>
    );
  }
  const facts = [
    `${node.node_origin}`,
    provenance(node),
    `domain ${safe(node.domain)}`,
    node.tags?.length ? `tags ${node.tags.map(safe).join(", ")}` : "",
    extra ?? "",
  ].filter(Boolean);
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate-end">
        <Text bold color={theme.c("cyan")}>
          {safe(id)}
        </Text>
        <Text>{"  " + truncate(safe(node.title), Math.max(0, width - safe(id).length - 2))}</Text>
      </Text>
      <Text wrap="truncate-end">
        <Text color={theme.c(statusColor(node.status))} bold>
          {safe(node.status)}
        </Text>
        <Text>{"  conf "}</Text>
        <Text color={theme.c(confColor(node.confidence_default, node.confidence))} bold>
          {confPair(node.confidence_default, node.confidence)}
        </Text>
        <Text dimColor>{"  " + truncate(facts.join(" · "), Math.max(0, width - 30))}</Text>
      </Text>
    </Box>
  );
}

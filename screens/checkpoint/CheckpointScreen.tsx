// Checkpoint: where `akms orchestrate` waits for a person — the stage output, the AKMS status
// since the previous checkpoint (node changes, new pitfalls, health), the warnings, the artifacts
// (↑↓ select, e opens one in $EDITOR) and the action menu: a approve · x reject with a reason ·
// X X abort · n run / resume.
import React from "react";
import { Box, Text } from "ink";
import type { CheckpointData } from "../../src/console/checkpoint.js";
import { checkpointLayout, checkpointScreenData } from "../../src/console/checkpoint.js";
import type { CheckpointState } from "./state.js";
import { truncate } from "../../components/text.js";
import { ScrollList, TextView } from "../../components/ScrollList.js";
import { Rule } from "../../components/Rule.js";
import { KeyHint } from "../../components/KeyHint.js";
import { useTheme } from "../../components/theme.js";

export interface CheckpointProps {
  width: number;
  height: number;
  state: CheckpointState;
  data: CheckpointData | undefined;
}

export function CheckpointScreen({ width, height, state, data }: CheckpointProps) {
  const theme = useTheme();
  const sd = checkpointScreenData(data);
  const lay = checkpointLayout(height, sd.artifacts.length);
  const none = !data?.view ? (data?.error ? "no action: the state cannot be read" : "no action: no run yet") : "no action: the run is complete";
  const menu: [string, string][] = state.busy ? [["", "running … (the status line shows progress)"]] : sd.menu.length ? sd.menu : [["", none]];
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end" color={theme.c(sd.headerColor)}>
        {truncate(`Checkpoint · ${sd.header}`, width)}
      </Text>
      <TextView lines={sd.lines} width={width} height={lay.text} offset={state.offset} />
      {sd.artifacts.length ? (
        <>
          <Rule title={`Artifacts (${sd.artifacts.length})`} right="↑↓ select · e edit" width={width} active />
          <ScrollList rows={sd.artifacts.map((a) => ({ key: a.path, text: a.text, dim: !a.editable, color: a.edited ? "yellow" : undefined }))} width={width} height={lay.artifacts} selected={state.selected} />
        </>
      ) : null}
      <Rule title="Actions" right="PgUp/PgDn scroll" width={width} />
      <KeyHint hints={menu.map(([k, d]) => [k, d])} width={width} />
    </Box>
  );
}

// One line of key hints ("p promote · d draft · …"), cut to the width available.
import React from "react";
import { Text } from "ink";
import { truncate } from "./text.js";

export function KeyHint({ hints, width }: { hints: [string, string][]; width: number }) {
  const text = hints.map(([k, d]) => `${k} ${d}`).join(" · ");
  return (
    <Text dimColor wrap="truncate-end">
      {truncate(text, width)}
    </Text>
  );
}

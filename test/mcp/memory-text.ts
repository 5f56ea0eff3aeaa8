// A small valid AgentMemory for the MCP tests (nodes_used names a node of the demo).
export function memoryText(taskId: string, extra = ""): string {
  return [
    "---",
    `task_id: ${taskId}`,
    'task_description: "Check the Nyquist handling of the discrete Green operator"',
    "phase_id: 2",
    "timestamp: 2026-11-20T10:00:00",
    "agent_model: test-model",
    "loadout_used: knowledge/loadouts/phase2-task-201-loadout.md",
    "status: complete",
    "tests_passed: 3",
    "tests_total: 3",
    "nodes_used:",
    "  - id: nyquist-frequency-handling",
    "    useful: true",
    "    coverage: sufficient",
    extra,
    "akms_schema: v2",
    "---",
    "",
    "Done.",
    "",
  ].join("\n");
}

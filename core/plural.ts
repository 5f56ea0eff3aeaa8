// A count with its noun: "1 node", "3 nodes", "2 AgentMemories". The one helper for every count
// akms prints (the CLI, the orchestrator, the console).
export function plural(n: number, one: string, many = one + "s"): string {
  return `${n} ${n === 1 ? one : many}`;
}

// The config's defaults (spec §4.8 plus DESIGN's keys), apart from its zod schema, so that a
// command in a repository without propagation_config.yaml starts without loading zod or YAML.
import type { Config } from "./config.js";

export const DEFAULT_CONFIG: Config = {
  akms_schema: "v2",
  global_vault: "~/.claude/akms/nodes",
  confidence: { local_decay: 0.85, propagation_factor: 0.3, activation_boost: 0.02, min_confidence: 0.1, max_confidence: 0.99, hop_limit: 1 },
  // In the schema's key order (EDGE_TYPES): the order parseConfig gives the keys.
  edge_type_propagation: { requires: 1.0, "feeds-into": 0.5, refines: 0.7, contradicts: 0.0, pitfall: 0.0, implements: 0.0 },
  loadout: {
    max_nodes_per_loadout: 8,
    max_pitfall_nodes: 4,
    min_confidence_threshold: 0.3,
    max_loadout_tokens: 12000,
    context_size_tokens: { small: 500, medium: 1500, large: 3000 },
    routing_tokens_per_node: 200,
    max_depth: 2,
    ego_direction: "out",
    tag_match: "case-insensitive",
    mode_selection: {
      budget_fraction: 0.15,
      low_threshold: 8000,
      safety_margin: 4000,
      default_mode: "routing",
      model_context_limit: 200000,
      system_prompt_tokens: 0,
    },
  },
  graph: { stale_node_days: 90, orphan_warning: true, max_session_refs: 10, dedup_threshold: 0.75, max_history: 20 },
  query_roles: {
    implementer: { edge_types: ["requires", "feeds-into", "pitfall"], rank_formula: "confidence * activations", prefer_domains: [], exclude_domains: [] },
    code_reviewer: { edge_types: ["requires", "feeds-into", "pitfall"], rank_formula: "confidence * activations", prefer_domains: [], exclude_domains: [] },
    physics_reviewer: { edge_types: ["requires", "contradicts"], rank_formula: "confidence", prefer_domains: [], exclude_domains: ["code-mirror"] },
  },
  tag_derivation: { min_tag_length: 2, title_match: "whole_word", log_derived_tags: true },
  orchestrator: { plan_name: "", base_branch: "main", agent_command: [], agent_timeout_seconds: 3600 },
  mirror: { languages: ["python", "typescript", "javascript"], semantic_drift: false, max_file_bytes: 1_000_000 },
  search: { embedding: "minilm" },
  console: { confirm_undoable: true },
  agents: { max_result_bytes: 8000, impressions: true },
  model_routing: null,
};

import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  defaultLoadedConfig,
  loadContext,
  locateRepo,
  outsideAnyGitRepo,
  repoConfig
} from "./chunk-2KKMRBBQ.mjs";
import "./chunk-W24I3PEA.mjs";
import "./chunk-IWODBICT.mjs";
import "./chunk-PEBIPHYY.mjs";
import "./chunk-DWREGR5U.mjs";
import "./chunk-Q4IS5S6U.mjs";
import "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";
export {
  defaultLoadedConfig,
  loadContext,
  locateRepo,
  outsideAnyGitRepo,
  repoConfig
};

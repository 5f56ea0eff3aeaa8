import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  acquireLock,
  readLockHolder,
  withLock
} from "./chunk-W24I3PEA.mjs";
import "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";
export {
  acquireLock,
  readLockHolder,
  withLock
};

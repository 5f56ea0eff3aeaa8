import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  commitTransaction,
  crashPoint,
  finishTransaction,
  hasPendingTransaction,
  recoverPendingTransaction
} from "./chunk-EUE77RB2.mjs";
import "./chunk-Q4IS5S6U.mjs";
import "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";
export {
  commitTransaction,
  crashPoint,
  finishTransaction,
  hasPendingTransaction,
  recoverPendingTransaction
};

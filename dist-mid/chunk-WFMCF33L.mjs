import { createRequire as __akmsCreateRequire } from 'node:module'; const require = __akmsCreateRequire(import.meta.url);
import {
  TS_EXTENSIONS,
  cleanJsDoc,
  parseTypeScript,
  typescriptModule
} from "./chunk-X3WYGEXI.mjs";
import "./chunk-C3ZMY3KT.mjs";
import "./chunk-F7TTDJ7Y.mjs";
export {
  TS_EXTENSIONS,
  cleanJsDoc,
  parseTypeScript,
  typescriptModule
};

// The fast node check copies the schemas' field lists; if they drift apart, only zod decides.
import { GlobalNode, LocalNode, MirrorNode } from "../schemas/node.js";
import { fastCheckOrders } from "./fast-node-check.js";

const same = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);
const orders = fastCheckOrders();

export const FAST_CHECK_MATCHES_SCHEMAS =
  same(orders.global, Object.keys(GlobalNode.shape)) &&
  same(orders.local, Object.keys(LocalNode.shape)) &&
  same(orders["code-mirror"], Object.keys(MirrorNode.shape));

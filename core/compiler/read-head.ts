// Reading the part of a node file the compiler needs: the head up to the frontmatter's end (a
// global or mirror node), or the whole file (a local node, whose body the health check reads).
// Bytes only; what they say is read by sources.ts.
import { closeSync, readSync } from "node:fs";
import { openReadOrNull } from "../fsx.js";

export const HEAD_BYTES = 16 * 1024;
const headBuf = Buffer.allocUnsafe(HEAD_BYTES);

/** Byte offset just past the closing `---` line of the frontmatter in `buf[0, len)`, or -1. */
export function frontmatterEnd(buf: Buffer, len: number): number {
  if (len < 4 || buf[0] !== 0x2d || buf[1] !== 0x2d || buf[2] !== 0x2d) return -1;
  let i = buf.indexOf(0x0a, 0);
  while (i >= 0 && i < len) {
    const start = i + 1;
    if (start + 3 <= len && buf[start] === 0x2d && buf[start + 1] === 0x2d && buf[start + 2] === 0x2d) {
      let j = start + 3;
      while (j < len && (buf[j] === 0x20 || buf[j] === 0x09 || buf[j] === 0x0d)) j++;
      if (j === len) return len;
      if (buf[j] === 0x0a) return j + 1;
    }
    i = buf.indexOf(0x0a, start);
  }
  return -1;
}

/**
 * The bytes readNode reads of a file whose size the build has just statted, without a stat of its
 * own (on this machine an fstat costs as much as the open and the read together): `bytes`, the
 * head or the whole file, and `whole`, the whole file when a head's read got all of it (a file
 * under HEAD_BYTES: a large node's body is then taken from it, not read again; like `bytes` of a
 * head, it is valid until the next call). Null when anything is not as expected (too large, empty,
 * no end of the frontmatter in the head, a size that changed, a read error): the caller then reads
 * the file the ordinary way, which names any problem.
 */
export function readKnownSize(file: string, wholeFile: boolean, size: number, maxFileBytes: number): { bytes: Buffer; whole: Buffer | null } | null {
  if (!(size > 0 && size <= maxFileBytes)) return null;
  const fd = openReadOrNull(file);
  if (fd === null) return null;
  try {
    // One byte more than the file should hold, so a file that grew is noticed.
    const buf = wholeFile && size >= HEAD_BYTES ? Buffer.allocUnsafe(size + 1) : headBuf;
    const n = readSync(fd, buf, 0, Math.min(buf.length, size + 1), 0);
    const whole = n === size ? buf.subarray(0, n) : null;
    if (wholeFile) return whole && { bytes: whole, whole };
    const end = frontmatterEnd(buf, n);
    return end < 0 ? null : { bytes: buf.subarray(0, end), whole };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

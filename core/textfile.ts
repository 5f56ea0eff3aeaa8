// Reading a user's text file safely: regular files only, a size limit, strict UTF-8 (the first bad
// byte is located by line), and a leading byte-order mark dropped; and writing into one with its
// own line ends.
import { isUtf8 } from "node:buffer";
import { readFileSync, statSync } from "node:fs";
import { AkmsError, fileError, NotFoundError } from "./errors.js";
import { LIMITS } from "./yaml.js";

/** Byte offset of the first invalid UTF-8 sequence, or -1 when the buffer is valid UTF-8. */
export function firstInvalidUtf8(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) (n = 1), (min = 0x80);
    else if (b >= 0xe0 && b <= 0xef) (n = 2), (min = 0x800);
    else if (b >= 0xf0 && b <= 0xf4) (n = 3), (min = 0x10000);
    else return i;
    let cp = b & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return -1;
}

/** Decodes strict UTF-8 (dropping a leading BOM); a bad byte is an ENCODING error naming its line. */
export function decodeUtf8(buf: Buffer, shown: string): string {
  // The common case, valid text, told by Node's native validator; the scan below locates a bad byte.
  const bad = isUtf8(buf) ? -1 : firstInvalidUtf8(buf);
  if (bad >= 0) {
    let line = 1;
    for (let i = 0; i < bad; i++) if (buf[i] === 10) line++;
    throw new AkmsError("ENCODING", `the file is not valid UTF-8 (byte 0x${buf[bad]!.toString(16).padStart(2, "0")} at offset ${bad})`, {
      file: shown,
      line,
      hint: "save the file as UTF-8 (AKMS files are UTF-8 text)",
    });
  }
  const text = buf.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Reads a regular file as strict UTF-8, refusing files above `maxBytes`. */
export function readTextFile(file: string, shown: string, maxBytes = LIMITS.maxFileBytes): string {
  let size: number;
  try {
    const st = statSync(file);
    if (st.isDirectory()) {
      throw new AkmsError("NOT_A_FILE", "is a directory, not a file", { file: shown, hint: "pass the files themselves (e.g. dir/*.md)" });
    }
    if (!st.isFile()) throw new AkmsError("NOT_A_FILE", "is not a regular file", { file: shown, hint: "pass a regular file" });
    size = st.size;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new NotFoundError("no such file", { file: shown, hint: "check the path" });
    }
    throw fileError(e, shown) ?? e;
  }
  if (size > maxBytes) {
    throw new AkmsError("TOO_LARGE", `the file is too large (${size} bytes, limit ${maxBytes})`, {
      file: shown,
      hint: "AKMS files are small; split the node, or move long content to a content_ref target",
    });
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw fileError(e, shown) ?? e;
  }
  return decodeUtf8(bytes, shown);
}

/**
 * `after` (akms's edit of `before`) with the line ends of `before` when those are all CRLF (a file
 * written on Windows), so akms's lines do not mix LF into it; else `after` as it is.
 */
export function withLineEndsOf(before: string | null, after: string): string {
  return before !== null && before.includes("\r\n") && !/(^|[^\r])\n/.test(before) ? after.replace(/\r?\n/g, "\r\n") : after;
}

// The server's stdin, in whole JSON-RPC lines, with a bound: a message longer than MAX_MESSAGE_BYTES
// is never read whole — its bytes are dropped as they arrive (its first and last few kilobytes kept
// to find its id) and the caller gets a JSON-RPC error for that request, while the server lives on. Without
// it, the SDK's read buffer overflows and the transport closes: the host sees the server die with
// no message.
import { Transform, type TransformCallback } from "node:stream";

/** Largest JSON-RPC message read (a tool's text argument is at most MAX_TEXT_BYTES, 8 MB, JSON-escaped). */
export const MAX_MESSAGE_BYTES = 24 * 1024 * 1024;
const HEAD = 4096;

export class LineGuard extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  private dropping = false;
  private head = "";
  private tail = Buffer.alloc(0);

  constructor(private readonly reject: (id: string | number | null, bytes: number) => void, private readonly limit = MAX_MESSAGE_BYTES) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let from = 0;
    for (;;) {
      const nl = chunk.indexOf(10, from);
      const piece = chunk.subarray(from, nl < 0 ? chunk.length : nl);
      this.takePiece(piece);
      if (nl < 0) break;
      this.endLine();
      from = nl + 1;
    }
    done();
  }

  private takePiece(piece: Buffer): void {
    if (!piece.length) return;
    this.size += piece.length;
    if (this.dropping) {
      // The id may come last (the SDK writes it after the params): keep the line's last bytes too.
      this.tail = Buffer.concat([this.tail, piece]).subarray(-HEAD);
      return;
    }
    if (this.size > this.limit) {
      this.head = Buffer.concat(this.parts).subarray(0, HEAD).toString("utf8");
      this.parts = [];
      this.dropping = true;
      return;
    }
    this.parts.push(Buffer.from(piece));
  }

  private endLine(): void {
    if (this.dropping) {
      // The message's own id is its last key or one of its first (an "id" inside params is neither).
      const last = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)\s*}\s*$/.exec(this.tail.toString("utf8"));
      const first = /^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"]*"\s*,)*\s*"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)/.exec(this.head);
      const m = last ?? first;
      this.reject(m ? (JSON.parse(m[1]!) as string | number) : null, this.size);
    } else if (this.parts.length) {
      this.push(Buffer.concat([...this.parts, Buffer.from("\n")]));
    }
    this.parts = [];
    this.size = 0;
    this.dropping = false;
    this.head = "";
    this.tail = Buffer.alloc(0);
  }
}

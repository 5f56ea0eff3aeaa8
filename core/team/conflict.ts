// The merge driver's one error: a merge it will not make, with the names of what conflicts. The
// driver then leaves git's own conflict version of the file and exits non-zero.
import { AkmsError } from "../errors.js";

export class MergeConflict extends AkmsError {
  readonly names: string[];
  constructor(message: string, opts: { file?: string; hint: string; names?: string[] }) {
    super("MERGE_CONFLICT", message, { file: opts.file, hint: opts.hint });
    this.names = opts.names ?? [];
  }
}

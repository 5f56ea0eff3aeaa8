// A word as a POSIX shell reads it back: as it is when it holds only characters no shell treats
// specially, else in single quotes (a quote inside written as '\''). The one quoting of every
// command line akms prints for a person to copy or writes for a program to run (kits, hooks, the
// merge driver, the review's manual steps).
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

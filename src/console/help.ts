// The `?` help of a screen, made from the one binding table: every key live on the screen,
// grouped, plus the keys other screens add (so the whole map is learnable from here).
import type { HelpLine } from "../../components/HelpOverlay.js";
import { pad } from "../../components/text.js";
import { BINDINGS, inScope, showKey, type Binding, type Command, type ScreenId, SCREENS } from "./keybindings.js";

export function screenTitle(screen: ScreenId): string {
  return SCREENS.find((s) => s.id === screen)?.title ?? screen;
}

/**
 * `disabled`: the screen's rule for a key that does nothing here now (state/app.ts disabledReason);
 * such a key is greyed out, with why.
 */
export function helpLines(screen: ScreenId, disabled: (cmd: Command) => string | null = () => null, bindings: Binding[] = BINDINGS): HelpLine[] {
  const title = screenTitle(screen);
  const lines: HelpLine[] = [];
  const keyCol = (b: Binding) => b.keys.map(showKey).join(" ");
  const here = bindings.filter((b) => inScope(b, screen));
  // The screen's own actions first, then moving around, then the general keys.
  const rank = (g: Binding["group"]) => (g === "General" ? 2 : g === "Move" ? 1 : 0);
  const groups = [...new Set(here.map((b) => b.group))].sort((a, b) => rank(a) - rank(b));
  for (const g of groups) {
    lines.push({ text: g, heading: true });
    for (const b of here.filter((x) => x.group === g)) {
      const why = disabled(b.command);
      lines.push(why ? { text: `  ${pad(keyCol(b), 14)} ${b.description} — not now: ${why}`, dim: true } : { text: `  ${pad(keyCol(b), 14)} ${b.description}` });
    }
  }
  const elsewhere = bindings.filter((b) => !inScope(b, screen));
  if (elsewhere.length) {
    lines.push({ text: `On other screens (not on ${title})`, heading: true });
    for (const b of elsewhere) {
      const where = b.scopes.map((s) => SCREENS.find((x) => x.id === s)?.title ?? s).join(", ");
      lines.push({ text: `  ${pad(keyCol(b), 14)} ${b.description} — ${where}`, dim: true });
    }
  }
  lines.push({ text: "" });
  lines.push({ text: "Writes ask to confirm (y / Enter), run the same core function as the CLI, rebuild, and", dim: true });
  lines.push({ text: "show the equivalent command below. A file changed on disk since shown is refused: R reloads.", dim: true });
  return lines;
}

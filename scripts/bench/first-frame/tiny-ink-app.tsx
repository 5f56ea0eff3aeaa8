// The yardstick for the console's first frame: the smallest ink app, bundled into one file
// by esbuild as the CLI is. Measured side by side with `akms review` (scripts/bench-console.ts).
import { render, Text } from "ink";

render(<Text>Hello from a tiny ink app</Text>);

// Cursor fills in `${workspaceFolder}` in .cursor/mcp.json with the project's root; the Cursor kit
// passes it as `akms mcp --repo`, because Cursor starts a server in a directory of its own choosing.
export const WORKSPACE_FOLDER = "${workspaceFolder}";

// ink imports react-devtools-core only when DEV=true; the bundle ships without the devtools.
export default { initialize() {}, connectToDevTools() {} };

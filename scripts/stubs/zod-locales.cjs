// The CLI uses zod's English messages only (zod sets them itself): the other 60-odd locales stay out
// of the bundle (core/zod.ts requires zod's CommonJS build).
exports.en = require("zod/v4/locales/en.cjs");

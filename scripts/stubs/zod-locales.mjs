// The CLI uses zod's English messages only (zod sets them itself): the other 60-odd locales stay out of the bundle.
export { default as en } from "zod/v4/locales/en.js";

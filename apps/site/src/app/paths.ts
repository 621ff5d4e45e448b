/** The site's paths live in config/paths.ts (shared code may import them); kept for the cart feature's imports (eslint.config.js lists why). */
export * from "../config/paths";

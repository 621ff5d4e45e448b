import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A CommonJS library loaded on first use instead of at start-up (decision 250). The API's
 * resident memory is an issue-16 target (≤ 200 MB at the end of the mixed run): image
 * processing, PDFs, Stripe's SDK, passkeys and the password dictionaries cost ~60 MB resident
 * together and serve a handful of office requests, never the catalogue or the booking path.
 * Loading is synchronous (require), so callers keep their shapes; `init` runs once, on load.
 */
export function lazyRequire<T>(id: string, init?: (loaded: T) => void): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      loaded = require(id) as T;
      init?.(loaded);
    }
    return loaded;
  };
}

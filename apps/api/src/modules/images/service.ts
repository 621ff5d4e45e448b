import { createHash } from "node:crypto";
import { MAX_IMAGE_BYTES } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import * as repo from "./repository";
import { HttpError } from "../../lib/http-error";
import { lazyRequire } from "../../lib/lazy-require";

// Loaded with the first upload (decision 250). No libvips operation cache (decision 135): uploads
// are rare and each picture is encoded once, so a cache of decoded images (up to 50 MB) only holds memory.
type Sharp = typeof import("sharp").default;
const loadSharp = lazyRequire<Sharp>("sharp", (sharp) => sharp.cache(false));
const sharp = (...args: Parameters<Sharp>) => loadSharp()(...args);

export const SMALL_WIDTH = 400;
export const CARD_WIDTH = 800;
export const FULL_WIDTH = 1600;
// Formats sharp can decode that a browser upload may carry (decided by the bytes, never the claimed type).
// SVG is not among them: it can carry scripts and external references; only our own seed renders SVG.
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

export const imagePath = (sha: string | null | undefined): string | null => (sha ? `/api/images/${sha}.webp` : null);
export const cardPath = (sha: string) => `/api/images/${sha}-card.webp`;

/** `/api/images/<sha>.webp` (or -card) → sha; anything else → null. */
export function shaFromPath(value: string): string | null {
  const m = /\/api\/images\/([a-f0-9]{64})(?:-card)?\.webp$/.exec(value);
  return m?.[1] ?? null;
}

function decodeDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(",");
  const header = dataUrl.slice(0, comma);
  if (!dataUrl.startsWith("data:") || comma < 0) throw new HttpError(400, "Please select an image file");
  const payload = dataUrl.slice(comma + 1);
  // Cheap size check before decoding: base64 is 4 chars per 3 bytes.
  const approx = header.endsWith(";base64") ? Math.floor((payload.length * 3) / 4) : payload.length;
  if (approx > MAX_IMAGE_BYTES + 3) throw new HttpError(400, "File size must be less than 5MB");
  let bytes: Buffer;
  try {
    bytes = header.endsWith(";base64") ? Buffer.from(payload, "base64") : Buffer.from(decodeURIComponent(payload), "utf8");
  } catch {
    // A broken percent escape (decodeURIComponent throws URIError).
    throw new HttpError(400, "Please select an image file");
  }
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(400, "File size must be less than 5MB");
  if (bytes.length === 0) throw new HttpError(400, "Please select an image file");
  return bytes;
}

/** Renders both WebP variants from raw image bytes (throws 400 when the bytes are not an image). */
export async function encodeImage(bytes: Buffer, opts: { allowSvg?: boolean } = {}) {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !(ACCEPTED_FORMATS.has(format) || (opts.allowSvg && format === "svg")))
    throw new HttpError(400, "Please select an image file");
  try {
    const base = () => sharp(bytes, { limitInputPixels: 100_000_000 }).rotate();
    const full = await base()
      .resize({ width: FULL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const card = await base().resize({ width: CARD_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    const small = await base().resize({ width: SMALL_WIDTH, withoutEnlargement: true }).webp({ quality: 76 }).toBuffer();
    return { format, full: full.data, card, small, width: full.info.width, height: full.info.height };
  } catch {
    // Truncated or corrupt files pass the header check but fail to decode.
    throw new HttpError(400, "Please select an image file");
  }
}

/** Stores raw image bytes content-addressed; returns the sha256. */
export async function storeImageBytes(db: DbOrTx, bytes: Buffer, opts: { allowSvg?: boolean } = {}): Promise<string> {
  const sha = createHash("sha256").update(bytes).digest("hex");
  if (await repo.imageExists(db, sha)) return sha;
  const encoded = await encodeImage(bytes, opts);
  await repo.insertImage(db, {
    sha256: sha,
    full: encoded.full,
    card: encoded.card,
    small: encoded.small,
    width: encoded.width,
    height: encoded.height,
    sourceType: encoded.format,
  });
  return sha;
}

/** Validates a data URL by its bytes (≤ 5 MB, a real image), re-encodes and stores it; returns the sha256. */
export function storeDataUrl(db: DbOrTx, dataUrl: string): Promise<string> {
  return storeImageBytes(db, decodeDataUrl(dataUrl));
}

/**
 * A picture given back as its path (/api/images/<sha>.webp): the sha when that image is
 * stored, undefined for any other text (keep the current picture); 400 for an unknown image.
 */
export async function storedShaFromPath(db: DbOrTx, value: string): Promise<string | undefined> {
  const sha = shaFromPath(value);
  if (!sha) return undefined;
  if (!(await repo.imageExists(db, sha))) throw new HttpError(400, "Please select an image file");
  return sha;
}

/** `<sha>.webp`, `<sha>-card.webp` or `<sha>-small.webp` → bytes, or null. */
export async function loadImage(db: DbOrTx, file: string): Promise<Buffer | null> {
  const m = /^([a-f0-9]{64})(-card|-small)?\.webp$/.exec(file);
  if (!m) return null;
  const sha = m[1]!;
  if (m[2] === "-small") return loadSmall(db, sha);
  return repo.imageBytes(db, sha, m[2] ? "card" : "full");
}

/** The 400 px variant; images stored before it existed get it made from their card once, then kept. */
async function loadSmall(db: DbOrTx, sha: string): Promise<Buffer | null> {
  const row = await repo.smallAndCard(db, sha);
  if (!row) return null;
  if (row.small) return row.small;
  const small = await sharp(row.card).resize({ width: SMALL_WIDTH, withoutEnlargement: true }).webp({ quality: 76 }).toBuffer();
  await repo.setSmall(db, sha, small);
  return small;
}

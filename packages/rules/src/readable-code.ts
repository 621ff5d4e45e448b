/**
 * Codes people read out or type from paper ('Generate' on the discount form, decision 195): the
 * booking reference's idea (docs/decisions/120) with every look-alike pair left out: no 0/O, 1/I/L,
 * 2/Z, 5/S, 8/B (and so no U/V confusion either).
 */
export const READABLE_CODE_ALPHABET = "ACDEFGHJKMNPQRTWXY34679";

/** Characters that are mistaken for one another when read aloud, handwritten or printed. */
export const LOOK_ALIKE_CHARACTERS = "0O1IL2Z5S8BUV";

/** An integer in [0, max) from the platform's cryptographic source (browser and Node alike). */
function secureBelow(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buf = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % max;
  }
}

/** `length` characters of READABLE_CODE_ALPHABET; `below` picks an index (tests pass their own). */
export function generateReadableCode(length = 8, below: (max: number) => number = secureBelow): string {
  let out = "";
  for (let i = 0; i < length; i++) out += READABLE_CODE_ALPHABET[below(READABLE_CODE_ALPHABET.length)];
  return out;
}

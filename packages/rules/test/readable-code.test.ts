import { describe, expect, it } from "vitest";
import { generateReadableCode, LOOK_ALIKE_CHARACTERS, READABLE_CODE_ALPHABET } from "../src";

describe("readable codes ('Generate' on the discount form)", () => {
  it("has no look-alike characters in its alphabet, and only upper-case letters and digits", () => {
    for (const ch of LOOK_ALIKE_CHARACTERS) expect(READABLE_CODE_ALPHABET).not.toContain(ch);
    expect(READABLE_CODE_ALPHABET).toMatch(/^[A-Z0-9]+$/);
    expect(new Set(READABLE_CODE_ALPHABET).size).toBe(READABLE_CODE_ALPHABET.length);
  });

  it("makes codes of the asked length (8 by default) from that alphabet only", () => {
    for (let i = 0; i < 500; i++) {
      const code = generateReadableCode();
      expect(code).toHaveLength(8);
      for (const ch of code) expect(READABLE_CODE_ALPHABET).toContain(ch);
    }
    expect(generateReadableCode(12)).toHaveLength(12);
    expect(generateReadableCode(0)).toBe("");
  });

  it("maps each index the source picks to its character of the alphabet", () => {
    let i = 0;
    const picks = [0, 1, READABLE_CODE_ALPHABET.length - 1, 5];
    const code = generateReadableCode(4, (max) => {
      expect(max).toBe(READABLE_CODE_ALPHABET.length);
      return picks[i++]!;
    });
    expect(code).toBe(
      `${READABLE_CODE_ALPHABET[0]}${READABLE_CODE_ALPHABET[1]}${READABLE_CODE_ALPHABET.at(-1)}${READABLE_CODE_ALPHABET[5]}`,
    );
  });

  it("uses every character of the alphabet over many codes (no bias to a part of it)", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) for (const ch of generateReadableCode()) seen.add(ch);
    expect(seen.size).toBe(READABLE_CODE_ALPHABET.length);
  });
});

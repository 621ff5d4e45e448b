import fc from "fast-check";
import { z } from "zod";

/**
 * fast-check arbitraries derived from the contract's zod (3) schemas: values that follow each
 * schema's shape and bounds (ids small enough to hit the seeded rows, dates mostly real), and
 * "nasty" values that break them (wrong types, boundaries, NUL, overlong, odd unicode).
 */

/** Values known to exist (ids and codes from the test database), by field name: requests then reach past "not found". */
export type KeyHints = Record<string, fc.Arbitrary<unknown>>;

type AnyDef = { typeName: string; [k: string]: unknown };
const defOf = (s: z.ZodTypeAny) => s._def as AnyDef;
type Check = { kind: string; value?: number; inclusive?: boolean; regex?: RegExp };

const ISO_DATE_SOURCE = "^\\d{4}-\\d{2}-\\d{2}$";
const INT32_MAX = 2 ** 31 - 1;

/** A real calendar day, mostly in the coming years (discounts cannot start in the past), 'YYYY-MM-DD'. */
const dayFrom = (min: Date, max: Date) => fc.date({ min, max, noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
export const realDate = fc.oneof(
  { weight: 4, arbitrary: dayFrom(new Date(Date.now() + 2 * 86_400_000), new Date("2032-12-31T00:00:00Z")) },
  { weight: 1, arbitrary: dayFrom(new Date("2000-01-01T00:00:00Z"), new Date("2035-12-31T00:00:00Z")) },
);

/** Pairs of fields that form a range: generated values are put in order most of the time. */
const RANGES: [string, string][] = [
  ["startDate", "endDate"],
  ["valid_from", "valid_until"],
];

const simpleEmail = fc.stringMatching(/^[a-z]{1,10}(\.[a-z]{1,8})?@[a-z]{2,10}\.(com|org|co\.uk)$/);
const HINTS: [RegExp, fc.Arbitrary<string>][] = [
  [/e-?mail/i, simpleEmail],
  [/phone/i, fc.stringMatching(/^07\d{3} ?\d{6}$/)],
  [/url/i, fc.webUrl()],
];

function stringArb(s: z.ZodString, key: string | undefined): fc.Arbitrary<string> {
  const checks = (defOf(s).checks as Check[]) ?? [];
  let min = 0;
  let max = 40;
  let hardMax = Infinity;
  for (const c of checks) {
    if (c.kind === "min") min = c.value!;
    if (c.kind === "max") hardMax = c.value!;
    if (c.kind === "length") min = hardMax = c.value!;
  }
  max = Math.max(min, Math.min(max, hardMax));
  const regex = checks.find((c) => c.kind === "regex")?.regex;
  const plain = fc.string({ minLength: min, maxLength: max });
  let base: fc.Arbitrary<string> = plain;
  if (regex?.source === ISO_DATE_SOURCE) base = realDate;
  else if (regex) base = fc.stringMatching(regex).filter((v) => v.length >= min && v.length <= hardMax);
  else if (checks.some((c) => c.kind === "email")) base = simpleEmail;
  else if (checks.some((c) => c.kind === "url")) base = fc.webUrl();
  else for (const [pattern, arb] of HINTS) if (key && pattern.test(key)) base = arb;
  const options: fc.WeightedArbitrary<string>[] = [{ weight: 8, arbitrary: base }];
  if (base !== plain) options.push({ weight: 1, arbitrary: plain });
  else if (regex?.source === ISO_DATE_SOURCE) options.push({ weight: 1, arbitrary: fc.stringMatching(regex) });
  // Edges of the limit itself: exactly the maximum, and one beyond.
  if (Number.isFinite(hardMax))
    options.push({ weight: 1, arbitrary: fc.constantFrom("a".repeat(hardMax), "a".repeat(hardMax + 1)) });
  return fc.oneof(...options);
}

function numberArb(s: z.ZodNumber): fc.Arbitrary<number> {
  const checks = (defOf(s).checks as Check[]) ?? [];
  const isInt = checks.some((c) => c.kind === "int");
  let min = -1e6;
  let max = 1e6;
  for (const c of checks) {
    if (c.kind === "min") min = c.inclusive ? c.value! : c.value! + (isInt ? 1 : 0.01);
    if (c.kind === "max") max = c.inclusive ? c.value! : c.value! - (isInt ? 1 : 0.01);
  }
  if (isInt) {
    const lo = Math.max(min, -INT32_MAX);
    const hi = Math.min(max, INT32_MAX);
    // Small ids mostly, so requests reach the seeded rows.
    const small = fc.integer({ min: Math.max(lo, Math.min(1, hi)), max: Math.min(hi, Math.max(lo, 40)) });
    return fc.oneof(
      { weight: 3, arbitrary: small },
      { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) },
      fc.constantFrom(lo, hi),
    );
  }
  const lo = Math.max(min, -1e6);
  const hi = Math.min(max, 1e6);
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: Math.ceil(lo * 100), max: Math.floor(hi * 100) }).map((p) => p / 100) },
    { weight: 1, arbitrary: fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }) },
  );
}

/** Values that follow the schema (as far as shapes and bounds go; refinements may still refuse). */
export function arbitraryOf(schema: z.ZodTypeAny, key?: string, hints: KeyHints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const known =
    key !== undefined && ["ZodString", "ZodNumber", "ZodUnion", "ZodArray"].includes(def.typeName) ? hints[key] : undefined;
  if (known) return fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: arbitraryOf(schema, undefined, hints) });
  switch (def.typeName) {
    case "ZodString":
      return stringArb(schema as z.ZodString, key);
    case "ZodNumber":
      return numberArb(schema as z.ZodNumber);
    case "ZodBoolean":
      return fc.boolean();
    case "ZodLiteral":
      return fc.constant(def.value);
    case "ZodEnum":
      return fc.constantFrom(...(def.values as string[]));
    case "ZodNull":
      return fc.constant(null);
    case "ZodUndefined":
      return fc.constant(undefined);
    case "ZodOptional":
      return fc.option(arbitraryOf(def.innerType as z.ZodTypeAny, key, hints), { nil: undefined, freq: 4 });
    case "ZodNullable":
      return fc.option(arbitraryOf(def.innerType as z.ZodTypeAny, key, hints), { nil: null, freq: 4 });
    case "ZodDefault":
      return fc.option(arbitraryOf(def.innerType as z.ZodTypeAny, key, hints), { nil: undefined, freq: 4 });
    case "ZodEffects":
      return arbitraryOf(def.schema as z.ZodTypeAny, key, hints);
    case "ZodPipeline":
      // The output side carries the stricter rules (formats, patterns); the input side its own limits.
      return fc.oneof(
        { weight: 3, arbitrary: arbitraryOf(def.out as z.ZodTypeAny, key, hints) },
        { weight: 1, arbitrary: arbitraryOf(def.in as z.ZodTypeAny, key, hints) },
      );
    case "ZodUnion":
      return fc.oneof(...(def.options as z.ZodTypeAny[]).map((o) => arbitraryOf(o, key, hints)));
    case "ZodArray": {
      const minLength =
        (def.minLength as { value: number } | null)?.value ?? (def.exactLength as { value: number } | null)?.value ?? 0;
      const hard = (def.maxLength as { value: number } | null)?.value ?? Infinity;
      return fc.array(arbitraryOf(def.type as z.ZodTypeAny, key, hints), {
        minLength,
        maxLength: Math.max(minLength, Math.min(3, hard)),
      });
    }
    case "ZodObject": {
      const shape = (schema as z.ZodObject<z.ZodRawShape>).shape;
      const entries = Object.entries(shape);
      const requiredKeys = entries.filter(([, v]) => !v.isOptional()).map(([k]) => k);
      const record = fc.record(Object.fromEntries(entries.map(([k, v]) => [k, arbitraryOf(v, k, hints)])), { requiredKeys });
      const ranges = RANGES.filter(([a, b]) => a in shape && b in shape);
      if (!ranges.length) return record;
      return fc.tuple(record, fc.nat(9)).map(([value, roll]) => {
        const out = value as Record<string, unknown>;
        for (const [a, b] of ranges) {
          const [x, y] = [out[a], out[b]];
          if (roll < 8 && typeof x === "string" && typeof y === "string" && x > y) [out[a], out[b]] = [y, x];
        }
        return out;
      });
    }
    default:
      // ZodUnknown, ZodAny and anything not modelled: any JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const LONG_LENGTHS = [101, 201, 255, 257, 2049, 5001, 30_001, 100_000, 600_000];

/** Values that break schemas: wrong types, numeric and date boundaries, NUL, overlong, odd unicode. */
export const nastyValue: fc.Arbitrary<unknown> = nastyOf(LONG_LENGTHS);
/** The same for a URL's path and query (overlong only up to a few KB: real servers refuse longer URLs). */
export const nastyUrlValue: fc.Arbitrary<unknown> = nastyOf(LONG_LENGTHS.filter((n) => n <= 5001));

function nastyOf(lengths: number[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      0.5,
      1.005,
      -0.0,
      INT32_MAX,
      INT32_MAX + 1,
      2 ** 32,
      -(2 ** 31) - 1,
      Number.MAX_SAFE_INTEGER,
      2 ** 53 + 2,
      1e308,
      -1e308,
      1e-320,
      "",
      " ",
      "\t\n",
      "\u0000",
      "a\u0000b",
      "%00",
      "2026-02-30",
      "2025-13-01",
      "0000-00-00",
      "9999-12-31",
      "-001-01-01",
      "NaN",
      "Infinity",
      "-1",
      "1e400",
      "0x10",
      "../../etc/passwd",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "\ud800",
      "\udfff\ud800",
      "🙂🙂🙂",
      "Ω≈ç√∫",
      "\u202Eevil",
      "ｆｕｌｌ",
      "data:,",
      "data:image/png;base64,@@@",
      "data:image/png,%E0%A4%A",
      `/api/images/${"ab".repeat(32)}.webp`,
      [],
      {},
      [null],
      { "": "" },
    ),
    fc.string({ unit: "binary", maxLength: 30 }),
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc.constantFrom(...lengths).chain((n) => fc.constantFrom("x", "é", "\u0000", "9", " ").map((ch) => ch.repeat(n))),
    fc.jsonValue({ maxDepth: 2 }),
  );
}

type Path = (string | number)[];

/** Every path to a value inside a JSON value (objects and arrays), the root included. */
function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

function setAt(root: unknown, path: Path, f: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  if (!path.length) return root;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  f(node, path[path.length - 1]!);
  return copy;
}

export type Mutation =
  | { op: "replace"; pick: number; value: unknown }
  | { op: "delete"; pick: number }
  | { op: "extra"; pick: number; key: string; value: unknown }
  | { op: "whole"; value: unknown };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant("replace" as const), pick: fc.nat(), value: nastyValue }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("delete" as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("extra" as const),
      pick: fc.nat(),
      key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("id", "is_admin", "constructor", "status", "\u0000")),
      value: nastyValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("whole" as const), value: nastyValue }) },
);

/** Applies one mutation to a generated value (a copy; the original is kept). */
export function mutate(value: unknown, m: Mutation): unknown {
  if (m.op === "whole") return m.value;
  const paths = pathsOf(value);
  const path = paths[m.pick % paths.length]!;
  if (m.op === "replace") return path.length ? setAt(value, path, (p, k) => void (p[k] = m.value)) : m.value;
  if (m.op === "delete") {
    if (!path.length) return undefined;
    return setAt(value, path, (p, k) => {
      if (Array.isArray(p)) p.splice(Number(k), 1);
      else delete p[k];
    });
  }
  // extra: add a key to the nearest object at or above the picked path.
  const objects = paths.filter((p) => {
    let node: unknown = value;
    for (const k of p) node = (node as Record<string | number, unknown>)[k];
    return node !== null && typeof node === "object" && !Array.isArray(node);
  });
  if (!objects.length) return value;
  const target = objects[m.pick % objects.length]!;
  if (!target.length) return { ...(value as object), [m.key]: m.value };
  return setAt(value, target, (p, k) => void ((p[k] as Record<string, unknown>)[m.key] = m.value));
}

/** A schema's values, or (most of the time) one mutation of them. */
export function fuzzedOf(schema: z.ZodTypeAny, hints: KeyHints = {}): fc.Arbitrary<unknown> {
  const valid = arbitraryOf(schema, undefined, hints);
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 7, arbitrary: fc.tuple(valid, mutationArb).map(([v, m]) => mutate(v, m)) },
  );
}

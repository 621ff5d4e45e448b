/** The test runs' own settings from the environment (read here only, like src/env.ts for the API). */
const optionalNumber = (value: string | undefined) => (value === undefined || value === "" ? undefined : Number(value));

/** Fuzz suite: requests per route and the seed, to vary a run by hand (decision 111). */
export const FUZZ_RUNS = optionalNumber(process.env.FUZZ_RUNS);
export const FUZZ_SEED = optionalNumber(process.env.FUZZ_SEED);

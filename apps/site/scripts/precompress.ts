/**
 * Vite plugin: after the browser build, writes a Brotli (quality 11) and a gzip (level 9) copy
 * beside every script, stylesheet and SVG, which the site server sends as they are
 * (`@fastify/static`'s `preCompressed`). Compressing on each request used the compression
 * plugin's fast settings: the first load of `/` went over the wire as 62.5 KB (Brotli quality
 * 4) where the best settings give about 51 KB, and every asset request cost the server CPU
 * (performance, decision 258). Files under 1 KB, and copies no smaller than the file, are skipped.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|svg)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` for the compressible files under `dir`; returns how many files. */
export async function precompressDir(dir: string): Promise<number> {
  const jobs: Promise<void>[] = [];
  for await (const file of files(dir)) {
    jobs.push(
      (async () => {
        if ((await stat(file)).size < MIN_BYTES) return;
        const body = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: 9 }),
        ]);
        if (br.length < body.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
      })(),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

/** The browser build only (the server build's modules are never sent to a browser). */
export function precompress(): Plugin {
  let outDir = "";
  let ssr = false;
  return {
    name: "site:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!ssr) await precompressDir(outDir);
    },
  };
}

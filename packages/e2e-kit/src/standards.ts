/**
 * Two independent checkers of what we publish, run by the site's and the admin's tests
 * (decisions 315, 316): the Nu HTML checker (vnu.jar, the W3C's validator, on Java) over served
 * HTML, and HTML_CodeSniffer (WCAG2AA) inside Chromium over rendered pages. Neither shares
 * rules with html-validate or axe, which the tests already run.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { e2eEnv } from "./env";
import { externalTool } from "./tools";

const require = createRequire(import.meta.url);
const JAVA = e2eEnv.javaPath();
/** vnu-jar's own launcher would download a Java when none is found; we call the machine's. */
const VNU_JAR = join(require.resolve("vnu-jar/package.json"), "../build/dist/vnu.jar");
const HTMLCS_JS = require.resolve("html_codesniffer/build/HTMLCS.js");

/** Java 17 for vnu.jar: on CI .ci/run installs default-jre-headless when it is missing. */
export const nuChecker = () =>
  externalTool("Java (for the Nu HTML checker)", JAVA, ["-version"], "apt-get install default-jre-headless (.ci/run does)");

export interface NuMessage {
  /** The document's name as given. */
  document: string;
  type: "error" | "warning" | "info";
  message: string;
  extract: string;
}

/**
 * Checks every document in ONE run of vnu.jar (a JVM start costs seconds) and returns its errors
 * and warnings ("info" lines, such as the trailing slash React writes on void elements, dropped).
 */
export async function nuCheck(documents: { name: string; html: string }[]): Promise<NuMessage[]> {
  const dir = await mkdtemp(join(tmpdir(), "nu-"));
  try {
    const files = await Promise.all(
      documents.map(async (doc, i) => {
        const file = join(dir, `${i}.html`);
        await writeFile(file, doc.html);
        return file;
      }),
    );
    const output = await new Promise<string>((resolve, reject) => {
      // A short run: the quick compiler only and the serial collector take less than half the CPU
      // time of the defaults (on a shared 2-core machine); the quick compiler's bigger frames
      // need a bigger stack than vnu's own 512k minimum.
      const jvm = ["-Xss8m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];
      const child = spawn(JAVA, [...jvm, "-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", ...files], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (c: Buffer) => (out += c.toString()));
      child.stderr.on("data", (c: Buffer) => (err += c.toString()));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`vnu.jar exited ${code}: ${err}`))));
    });
    const report = JSON.parse(output) as {
      messages: { url?: string; type: string; subType?: string; message: string; extract?: string }[];
    };
    return report.messages
      .map((m) => ({
        document: documents[Number(/(\d+)\.html$/.exec(m.url ?? "")?.[1] ?? -1)]?.name ?? m.url ?? "?",
        type: (m.type === "info" ? (m.subType === "warning" ? "warning" : "info") : "error") as NuMessage["type"],
        message: m.message,
        extract: (m.extract ?? "").replace(/\s+/g, " ").slice(0, 160),
      }))
      .filter((m) => m.type !== "info");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface SnifferMessage {
  code: string;
  message: string;
  element: string;
}

declare global {
  interface Window {
    HTMLCS?: {
      process(standard: string, root: Document | Element, done: () => void): void;
      getMessages(): { type: number; code: string; msg: string; element: Element }[];
    };
  }
}

/**
 * HTML_CodeSniffer at WCAG2AA on the page as it is now; returns its errors (type 1) and how many
 * messages it gave in all (a page always draws notices: zero means it did not run). The script
 * is evaluated over the DevTools protocol, which the page's CSP does not govern.
 */
export async function codeSniff(page: Page): Promise<{ errors: SnifferMessage[]; total: number }> {
  if (!(await page.evaluate(() => Boolean(window.HTMLCS)))) {
    await page.evaluate(await readFile(HTMLCS_JS, "utf8"));
    // 2.5.1 reports an autocomplete token on the wrong kind of field with message texts its
    // English table lacks, and then throws instead of reporting: give it the missing texts.
    await page.evaluate(() => {
      const en = (window as unknown as { translation: Record<string, Record<string, string>> }).translation.en!;
      for (const group of ["Text", "Multiline", "Password", "Url", "Telephone", "Numeric", "Month", "Date"])
        en[`1_3_5_H98.InvalidAutoComplete_${group}`] ??=
          `Invalid autocomplete value: {{x}}. The element does not belong to the ${group} control group.`;
    });
  }
  return page.evaluate(
    () =>
      new Promise<{ errors: SnifferMessage[]; total: number }>((resolve) => {
        const htmlcs = window.HTMLCS!;
        htmlcs.process("WCAG2AA", document, () => {
          const all = htmlcs.getMessages();
          resolve({
            total: all.length,
            errors: all
              .filter((m) => m.type === 1)
              .map((m) => ({ code: m.code, message: m.msg, element: m.element.outerHTML.slice(0, 200) })),
          });
        });
      }),
  );
}

/**
 * Creates (or resets) an owner: the first owner of a new installation, or a way back in.
 * A reset ends every session the account had.
 *   pnpm --filter api admin:create --email ops@example.com --name "Jo Bloggs" --password '…'
 * Missing values are asked for at the prompt (the password without echo).
 * Weak passwords are refused. Uses DATABASE_URL, or the embedded database.
 */
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { parseEnv } from "../env";
import { openDatabase } from "../db/bootstrap";
import { createDb } from "../db/client";
import { endAllSessions, upsertUser } from "../modules/auth";
import { passwordProblem } from "../lib/password";

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    out._writeToOutput = (s: string) => {
      if (s.includes(question)) out.output.write(s);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write("\n");
  return answer.trim();
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
  });
  const env = parseEnv();
  const email = values.email ?? (await ask("E-mail: "));
  const name = values.name ?? (await ask("Name: "));
  const password = values.password ?? (await ask("Password: ", true));

  if (!z.string().email().safeParse(email).success) throw new Error("Please enter a valid email address");
  if (!name) throw new Error("Name is required");
  const problem = passwordProblem(password, email, name);
  if (problem) throw new Error(problem);

  const database = await openDatabase(env, (m) => console.info(m));
  try {
    const db = createDb(database.pool);
    const { id, created } = await upsertUser(db, { email, name, password, isAdmin: true, role: "owner" });
    const ended = created ? 0 : await endAllSessions(db, id, "password reset (admin:create)");
    console.info(
      `${created ? "Created" : "Updated"} owner ${email.toLowerCase()}${ended ? ` (${ended} session${ended === 1 ? "" : "s"} ended)` : ""}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

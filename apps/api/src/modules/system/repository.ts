import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** The cheapest statement: answers when the database does. */
export function pingDatabase(db: Db): Promise<unknown> {
  return db.execute(sql`select 1`);
}

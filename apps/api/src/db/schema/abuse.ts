import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { orders } from "./orders";
import { createdAt } from "./types";

/**
 * Who placed an order (client address and e-mail, lower-cased), so unpaid holds can be limited per
 * client and per e-mail across every API instance (docs/decisions/101). A table of its own so the
 * order row and its hot insert stay as they are.
 */
export const orderClients = pgTable(
  "order_clients",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    clientIp: text("client_ip").notNull(),
    emailKey: text("email_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_clients_client_ip_idx").on(t.clientIp, t.createdAt),
    index("order_clients_email_key_idx").on(t.emailKey, t.createdAt),
  ],
);

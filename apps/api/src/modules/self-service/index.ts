/** The customer self-service module's front door (decisions 440-446). */
export { selfServiceRoutes } from "./routes";
export { settleChangeTx, type SettleResult } from "./paid-change";

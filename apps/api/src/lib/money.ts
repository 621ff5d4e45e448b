/**
 * The contract carries pounds (≤ 2 decimals); the database and every computation use pence.
 * The conversions are the shared rules of @app/rules (exact on the decimal as written, not
 * Math.round(p * 100)); these names stay for the orders module's call sites.
 */
export { poundsToPence as toPence, penceToPounds as toPounds } from "@app/rules";

/**
 * Kept as a name for existing imports: the payment port is ./port.ts, the provider is chosen in
 * ./plugin.ts. New code imports the port directly.
 */
export * from "./port";

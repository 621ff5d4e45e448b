export * from "./auth";
export * from "./catalogue";
export * from "./orders";
export * from "./system";
export * from "./abuse";
export * from "./jobs";

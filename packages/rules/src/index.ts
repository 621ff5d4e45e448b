/**
 * @app/rules: the business rules both the API and the browsers apply, framework-free
 * (no React, no DOM, no Node APIs, no dependencies), so each rule exists exactly once.
 */
export * from "./dates";
export * from "./bank-holidays";
export * from "./money";
export * from "./discount";
export * from "./messages";
export * from "./readable-code";
export * from "./placeholders";
export * from "./log-safety";
export * from "./course-finder";

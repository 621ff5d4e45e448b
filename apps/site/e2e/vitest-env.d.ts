declare module "vitest" {
  export interface ProvidedContext {
    siteUrl: string;
    apiUrl: string;
  }
}
export {};

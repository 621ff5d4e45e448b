import { defineConfig, loadEnv } from "vite";
import react from "@vitejs/plugin-react";

const DEFAULT_PORT = 5174;

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), "");
  const port = Number(env.PORT ?? process.env.PORT ?? DEFAULT_PORT);
  return {
    plugins: [react()],
    server: { port, strictPort: true, host: "localhost" },
    // Production serves dist with apps/admin/server.mjs (its security headers and CSP are built
    // there, from PUBLIC_API_URL at start; decision 275), never `vite preview`.
    // Source maps only when asked for (SOURCEMAPS_PUBLIC=true at build time): the server sends
    // everything in dist, so maps built are maps published (decision 107).
    build: { sourcemap: ["true", "1", "yes"].includes(env.SOURCEMAPS_PUBLIC ?? ""), target: "es2022" },
  };
});

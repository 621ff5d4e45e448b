import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// One config for both builds: `vite build` (browser, with a manifest for route-chunk preloads)
// and `vite build --ssr src/app/entry-server.tsx` (server render module).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? { outDir: "dist/server", emptyOutDir: true, copyPublicDir: false }
    : { outDir: "dist/client", emptyOutDir: true, manifest: true, assetsInlineLimit: 0 },
  ssr: {
    // Workspace packages export TypeScript source: let Vite compile them for the server build.
    noExternal: ["@app/ui", "@app/contract"],
  },
  server: { port: 5173, strictPort: true },
}));

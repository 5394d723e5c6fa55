import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The static header in index.html names the same university as the app's header (src/app/layout.tsx, same default). */
function universityName(name: string): Plugin {
  return { name: 'university-name', transformIndexHtml: (html) => html.replaceAll('%UNIVERSITY_NAME%', escapeHtml(name)) };
}

// In development the API runs on its own port; the browser keeps talking to one origin through this proxy.
export default defineConfig(({ mode }) => {
  const name = loadEnv(mode, process.cwd(), 'VITE_').VITE_UNIVERSITY_NAME || 'State University';
  return {
    plugins: [react(), universityName(name)],
    server: {
      port: 5173,
      proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true } },
    },
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  };
});

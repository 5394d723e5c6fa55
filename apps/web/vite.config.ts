import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The static header in index.html names the same university as the app's header (src/app/layout.tsx, same
 * default).
 */
function universityName(name: string): Plugin {
  return {
    name: 'university-name',
    transformIndexHtml: (html) => html.replaceAll('%UNIVERSITY_NAME%', escapeHtml(name)),
  };
}

// In development the API and the student demo run on their own ports; the browser keeps talking to one origin
// through this proxy (the built app instead asks the API for the demo's port at run time).
export default defineConfig(({ command, mode }) => {
  const name = loadEnv(mode, process.cwd(), 'VITE_').VITE_UNIVERSITY_NAME || 'State University';
  const demo = `http://127.0.0.1:${process.env.DEMO_PORT || 3001}`;
  return {
    plugins: [react(), universityName(name)],
    define: {
      'import.meta.env.STUDENT_DEMO_PROXY': JSON.stringify(command === 'serve' ? '/student-demo' : ''),
    },
    server: {
      port: 5173,
      proxy: {
        '/api': {
          target: process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT || 3000}`,
          changeOrigin: true,
        },
        // Same origin for the browser: no CORS involved, whatever address the dev server is opened by.
        '/student-demo': {
          target: demo,
          changeOrigin: true,
          rewrite: (path) => path.replace(/^\/student-demo/, ''),
        },
      },
    },
    // No gzip sizes in the build's report: computing them costs a second of every build (the bench measures
    // them itself).
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, reportCompressedSize: false },
  };
});

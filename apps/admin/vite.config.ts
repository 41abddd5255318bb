import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The storefront's build plugin: .br and .gz beside each file, made with the server's own compression.
import { precompress } from '../web/precompress.ts';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir: 'build', emptyOutDir: true, assetsInlineLimit: 0 },
});

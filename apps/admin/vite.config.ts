import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
// .br and .gz beside each file, made with the server's own compression (as the storefront's build).
import { precompress } from '@vitrin/compression/precompress';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir: 'build', emptyOutDir: true, assetsInlineLimit: 0 },
});

import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from '@vitrin/compression/precompress';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // V8's explicit compile hint: compile every function of the file while it streams in, off the main
            // thread. A chunk loads only when its page needs it, and then most of its functions run at once
            // (hydration); compiled lazily, each first call stopped the main thread to compile (Chrome ≥ 136).
            postBanner: '//# allFunctionsCalledOnLoad',
            // Fewer, larger files for the first visit: the libraries in one chunk, the storefront's shared
            // components and helpers in another (left alone, they became a dozen files of a few hundred
            // bytes, each a request that slows the first paint on a phone).
            codeSplitting: {
              groups: [
                // What loads on first use (toasts, the API client) stays in chunks of its own.
                { name: 'vendor', test: /node_modules\/(?!react-toastify|ofetch|destr|ufo)/, priority: 2 },
                {
                  name: 'app',
                  // Account-only shared code (the 81 provinces with their districts, ~11 kB; the form check;
                  // Turkish sorting) stays with the account pages, and the blog's components with the blog's:
                  // every page loads this chunk. The texts of a few pages (`i18n/tr-*.ts`) go with those pages.
                  test: /apps\/web\/app\/(components\/(?!blog\/)|lib\/(?!api-client)|i18n\/(?!tr-))|packages\/shared\/src\/(?!address\/|form-check|turkish-)/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
});

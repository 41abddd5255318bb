import type { Plugin } from 'vite';

/** Writes `.br` (brotli 11) and `.gz` (gzip 9) beside every compressible file of the client build. */
export function precompress(): Plugin;

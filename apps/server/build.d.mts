import type { BuildOptions } from 'esbuild';

/** Where `npm run build` writes the compiled server (main.mjs, cli.mjs, their chunks and source maps). */
export const buildDir: string;
/** esbuild's options for the server's build into `outdir`. */
export function buildOptions(outdir: string): BuildOptions & { metafile: true };
/** Builds the server into `buildDir`, swapping the new build in whole. */
export function buildServer(): Promise<void>;
/** Whether the build in `dir` (default `buildDir`) is missing, or a source it was made from changed since. */
export function buildIsStale(dir?: string): boolean;

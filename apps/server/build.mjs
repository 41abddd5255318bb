// Builds the server into JavaScript (`npm run build`): apps/server/build/main.mjs (the shop) and cli.mjs
// (`npm run vitrin`), so production runs no TypeScript loader. Our workspace packages (@vitrin/core,
// @vitrin/shared, whose exports are .ts sources) are bundled in; npm packages stay imports that node_modules
// answers at run time (PGlite's WASM files, sharp's binaries, pg). Source maps point the CLI's stack traces at
// the .ts lines, and the shop's when it is started with NODE_OPTIONS=--enable-source-maps.
//
// `node apps/server/build.mjs --if-stale` builds only when the build is missing or older than one of its
// sources (what `npm run vitrin` and `npm run serve` do first, so both work right after `npm ci`).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const serverDir = import.meta.dirname;
const repoRoot = path.resolve(serverDir, '../..');
export const buildDir = path.join(serverDir, 'build');

/** The entry points: the name of the built file, and the module it starts. */
const ENTRIES = { main: 'src/main.ts', cli: 'src/cli.ts' };

/**
 * Every module keeps its own `import.meta.url`/`dirname`/`filename`: bundled, they would name the bundle,
 * and each file a module finds beside itself (the migrations, the demo data, the assets, the web build, the
 * render and mail threads' plain .mjs modules) would be looked for in build/. The path from build/ to the
 * source is fixed at build time and resolved against the bundle's own URL at run time, so the checkout may
 * move. Written at the end of the module: the source map's lines stay the source's lines.
 */
const sourcePaths = {
  name: 'source-paths',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!/\bimport\.meta\.(url|dirname|filename)\b/.test(text)) return undefined;
      const source = JSON.stringify(path.relative(buildDir, args.path).split(path.sep).join('/'));
      const url = `new URL(${source}, import.meta.url)`;
      const contents = text
        .replace(/\bimport\.meta\.url\b/g, `${url}.href`)
        .replace(/\bimport\.meta\.filename\b/g, `__sourceFileUrlToPath(${url})`)
        .replace(/\bimport\.meta\.dirname\b/g, `__sourceDirname(__sourceFileUrlToPath(${url}))`);
      const imports =
        "\nimport { fileURLToPath as __sourceFileUrlToPath } from 'node:url';\n" +
        "import { dirname as __sourceDirname } from 'node:path';\n";
      return { contents: contents + imports, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** npm packages are resolved by Node at run time; only our own workspace packages are bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vitrin/') ? undefined : { external: true },
    );
  },
};

/**
 * The CLI's entry turns source maps on before it loads the rest: Node maps only the modules loaded after that,
 * and the code is a chunk of its own, imported dynamically (so `node build/cli.mjs` needs no flag). The shop's
 * does not: Node then also reads and keeps the maps of every npm package that ships them (PGlite's, Drizzle's),
 * 8 MB resident for as long as the shop runs (bench/RESULTS.md, 2026-11-26); `--enable-source-maps` turns them on
 * when a stack trace is worth it.
 */
const withSourceMaps = {
  name: 'with-source-maps',
  setup(build) {
    build.onResolve({ filter: /^entry:/ }, (args) => ({ path: args.path.slice(6), namespace: 'entry' }));
    build.onLoad({ filter: /.*/, namespace: 'entry' }, (args) => ({
      contents: `${args.path.endsWith(ENTRIES.main) ? '' : 'process.setSourceMapsEnabled(true);\n'}await import(${JSON.stringify(args.path)});\n`,
      resolveDir: serverDir,
      loader: 'js',
    }));
  },
};

/** esbuild's options for the server's build into `outdir`. */
export function buildOptions(outdir) {
  return {
    entryPoints: Object.entries(ENTRIES).map(([out, source]) => ({
      in: `entry:${path.join(serverDir, source)}`,
      out,
    })),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    // The .ts sources are in the checkout beside the build; the maps only point at them.
    sourcesContent: false,
    // Fastify and pino show functions' names; a bundle's renamed duplicates would show other ones.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: repoRoot,
    plugins: [withSourceMaps, npmPackagesExternal, sourcePaths],
  };
}

/**
 * Builds into a directory of its own and swaps it in: a server or CLI starting meanwhile never loads half a
 * build, and two builds at once (a CLI's on-demand build beside `npm run build`) do not mix their chunks.
 */
export async function buildServer() {
  const esbuild = await import('esbuild');
  await removeLeftovers();
  const temporary = `${buildDir}-${process.pid}`;
  try {
    const result = await esbuild.build(buildOptions(temporary));
    await writeFile(path.join(temporary, 'meta.json'), JSON.stringify(result.metafile));
    // Two renames: the build directory is missing for a moment, never half there.
    const previous = `${buildDir}-old-${process.pid}`;
    await rename(buildDir, previous).catch((err) => {
      if (err.code !== 'ENOENT') throw err;
    });
    await rename(temporary, buildDir).catch((err) => {
      // Another build swapped its equal one in meanwhile.
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    });
    await rm(previous, { recursive: true, force: true });
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

/** The directories of builds that were stopped before they could clean up (their process is gone). */
async function removeLeftovers() {
  for (const entry of await readdir(serverDir)) {
    const pid = Number(entry.match(/^build-(?:old-)?(\d+)$/)?.[1]);
    if (pid && !processIsAlive(pid)) await rm(path.join(serverDir, entry), { recursive: true, force: true });
  }
}

function processIsAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Whether the build in `dir` is missing, or a source it was made from (or this script) changed since. */
export function buildIsStale(dir = buildDir) {
  const metaFile = path.join(dir, 'meta.json');
  if (!existsSync(metaFile)) return true;
  const built = statSync(metaFile).mtimeMs;
  const { inputs } = JSON.parse(readFileSync(metaFile, 'utf8'));
  const sources = [
    ...Object.keys(inputs).filter((input) => !input.startsWith('entry:')),
    import.meta.filename,
  ];
  return sources.some((source) => {
    const file = path.resolve(repoRoot, source);
    return !existsSync(file) || statSync(file).mtimeMs > built;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv.includes('--if-stale') || buildIsStale()) {
    const started = performance.now();
    await buildServer();
    if (!process.argv.includes('--if-stale')) {
      console.log(
        `Sunucu derlendi: ${path.relative(process.cwd(), buildDir)}/ (${Math.round(performance.now() - started)} ms)`,
      );
    }
  }
}

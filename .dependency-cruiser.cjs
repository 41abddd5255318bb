// Layer rules for `npm run lint:deps` (part of `npm test`): web → shared; admin → shared; server → core → shared; shared stands
// alone; compression (Node's zlib) is the server's and, at build time, the web and admin build configs'; nothing
// imports from apps/; no import cycles, type-only imports included (a reader still sees the circle).
// Inside apps/server the two edges, the REST routes (api/) and the pages (pages/), never import each other: a
// storefront feature's request code (storefront/) and the cookies and sessions (sessions/) serve both and import neither.
// Test helpers live outside the shipping source: the domain's in packages/testing (`@vitrin/testing`), the server's,
// which import the server's own code, in apps/server/test (inside the app, since nothing outside an app imports it).
const testHelpers = '^(packages/testing|apps/[^/]+/test)/';
// (packages/core/src/payments/test-provider.ts is a shop feature, the built-in card provider a shop runs before its
// bank's, not a helper: it stays in core.)
const testFiles = `(\\.test\\.tsx?$|${testHelpers})`;
// The build configs of the storefront and the panel run in Node at build time, never in a bundle: their
// plugin compresses with the server's own code (packages/compression), so the built files are byte for byte
// what the server would send itself.
const buildConfigs = '^apps/(web|admin)/vite\\.config\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles hide which module owns what; move the shared piece into a module both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'packages/shared runs in the browser and the server; it may import only npm packages.',
      from: { path: '^packages/shared/' },
      to: { path: '^(packages/(core|server)|apps)/' },
    },
    {
      name: 'core-only-shared',
      severity: 'error',
      comment: 'packages/core is the domain; it builds on shared and knows nothing of the apps.',
      from: { path: '^packages/core/' },
      to: { path: '^apps/' },
    },
    {
      name: 'compression-stands-alone',
      severity: 'error',
      comment:
        'packages/compression is Node-only build and server code; it imports only npm packages and Node.',
      from: { path: '^packages/compression/' },
      to: { path: '^(packages/(?!compression/)|apps/)' },
    },
    {
      name: 'compression-server-and-builds',
      severity: 'error',
      comment:
        'packages/compression needs Node (zlib): the server uses it, and the build configs of web and admin at build time; nothing that reaches a browser or the domain does.',
      from: { path: '^(apps/(web|admin)|packages/(core|shared))/', pathNot: buildConfigs },
      to: { path: '^packages/compression/' },
    },
    {
      name: 'web-only-shared',
      severity: 'error',
      comment:
        'The storefront bundle reaches the browser: it may use shared, never core (database, secrets).',
      from: { path: '^apps/web/' },
      to: { path: '^(packages/core|apps/server)/' },
    },
    {
      name: 'admin-only-shared',
      severity: 'error',
      comment: 'The staff panel runs in the browser too: it may use shared, never core or another app.',
      from: { path: '^apps/admin/' },
      to: { path: '^(packages/core|apps/(?!admin/))' },
    },
    {
      name: 'nothing-imports-apps',
      severity: 'error',
      comment: 'An app is an end point; code outside it (other app, packages) must not import from it.',
      from: { path: '^(apps/[^/]+|packages|tests|bench|scripts)/' },
      to: { path: '^apps/', pathNot: '^$1/' },
    },
    {
      name: 'server-pages-not-api',
      severity: 'error',
      comment:
        'apps/server: the page renderer (pages/) never reaches into the REST routes (api/); what both need lives in storefront/ (a feature’s request code), sessions/ or http/.',
      from: { path: '^apps/server/src/pages/' },
      to: { path: '^apps/server/src/api/' },
    },
    {
      name: 'server-api-not-pages',
      severity: 'error',
      comment:
        'apps/server: the REST routes (api/) never reach into the pages (pages/); a feature they share lives in storefront/.',
      from: { path: '^apps/server/src/api/' },
      to: { path: '^apps/server/src/pages/' },
    },
    {
      name: 'server-features-below-edges',
      severity: 'error',
      comment:
        "apps/server: a storefront feature's request code (storefront/) and the cookies and sessions (sessions/) serve both edges, the REST routes and the pages, so they import neither.",
      from: { path: '^apps/server/src/(storefront|sessions)/' },
      to: { path: '^apps/server/src/(api|pages)/' },
    },
    {
      name: 'production-not-test-helpers',
      severity: 'error',
      comment:
        'The shipping source never imports the test helpers (packages/testing, apps/*/test); only tests, e2e, benches and scripts do.',
      from: { path: '^(apps/[^/]+/(src|app)|packages/(core|shared|compression)/src)/', pathNot: testFiles },
      to: { path: testHelpers },
    },
    {
      name: 'production-not-test',
      severity: 'error',
      comment: 'Production code must not pull in test files or test helpers.',
      from: { path: '^(apps|packages)/', pathNot: testFiles },
      to: { path: testFiles },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve is a typo or a missing dependency.',
      from: {},
      // React Router's route types (./+types/*) are generated on typecheck, not kept in the tree.
      to: { couldNotResolve: true, pathNot: '^\\./\\+types/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '((^|/)(node_modules|build|\\.react-router)|^bench/out)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

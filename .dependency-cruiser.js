/**
 * The layer rules, checked by `npm run lint` (`depcruise src config`). Every rule names folders,
 * never files, so moving a file inside its folder, or adding one, needs no change here.
 * dependency-cruiser rather than an ESLint plugin: it resolves each import to the file it loads,
 * type-only imports included, so a rule is a regular expression over real paths (a folder or a
 * package in node_modules), and it runs in seconds without a type-aware ESLint pass.
 * test/unit/layer-rules.test.ts breaks every rule on purpose (test/fixtures/layers/) and
 * expects each to be reported.
 */
const ADAPTERS = '^src/(http|cli|console)/';
/** A context's facade: what other contexts and the rest of src may import from it (decision 69). */
const CONTEXT_INDEX = '^src/services/[^/]+/index\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-imports-only-domain',
      comment:
        'src/domain is the pure core (money, totals, fiscal numbers, error codes): it may import other ' +
        'src/domain files only, never services, entities, db, http, cli, console, pdf or config.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^(src|config|migrations)/', pathNot: '^src/domain/' },
    },
    {
      name: 'domain-packages',
      comment:
        'src/domain computes without frameworks or I/O: of the packages, big.js only (no ORM, koa, ' +
        'carbone, logger or DI container). A new pure helper package is added to this rule on purpose.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '(^|/)node_modules/', pathNot: '(^|/)node_modules/(@types/)?big\\.js/' },
    },
    {
      name: 'domain-node-builtins',
      comment: 'src/domain does no I/O: of Node built-ins, crypto only (hashes, random keys).',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { dependencyTypes: ['core'], pathNot: '^(node:)?crypto$' },
    },
    {
      name: 'adapters-not-entities',
      comment:
        'HTTP, CLI and console adapters talk to services and read their results; entities (the ORM ' +
        'mapping) stay behind the services. Pure tables and types they need belong in src/domain.',
      severity: 'error',
      from: { path: ADAPTERS },
      to: { path: '^src/entities/' },
    },
    {
      name: 'adapters-independent',
      comment:
        'An adapter (src/http, src/cli, src/console) never imports another adapter: what two share lives in a service or in src/domain.',
      severity: 'error',
      from: { path: ADAPTERS },
      to: { path: ADAPTERS, pathNot: '^src/$1/' },
    },
    {
      name: 'services-not-adapters',
      comment: 'Services serve every adapter alike, so they know nothing of HTTP, the CLI or the console.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: ADAPTERS },
    },
    {
      name: 'services-live-in-contexts',
      comment:
        'src/services holds contexts, each a folder with an index.ts (decision 69): a loose file there belongs ' +
        'in the context its subject is, in src/domain when pure and shared, or in src/db when about the database.',
      severity: 'error',
      from: { path: '^src/services/[^/]+$' },
      to: {},
    },
    {
      name: 'contexts-through-index',
      comment:
        'A context imports another only through its index.ts: what the index does not export can change ' +
        'without a search through the other contexts (decision 69).',
      severity: 'error',
      from: { path: '^src/services/([^/]+)/' },
      to: { path: '^src/services/[^/]+/', pathNot: ['^src/services/$1/', CONTEXT_INDEX] },
    },
    {
      name: 'services-through-index',
      comment:
        'The adapters, the composition root and everything else outside src/services use a context only ' +
        'through its index.ts (decision 69).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/services/' },
      to: { path: '^src/services/', pathNot: CONTEXT_INDEX },
    },
    {
      name: 'context-not-through-own-index',
      comment:
        "Inside a context, files import each other directly: through the context's own index.ts, loading one " +
        'file would load the whole context, and loop back into the file being loaded.',
      severity: 'error',
      from: { path: '^src/services/([^/]+)/' },
      to: { path: '^src/services/$1/index\\.ts$' },
    },
    {
      name: 'kernel-imports-no-feature',
      comment:
        'The documents kernel (numbering, the numbered write, printing, verification) serves every document ' +
        'type and feature, so it imports none: of the other contexts, only access (the activity trail). What it ' +
        'needs from a feature it declares as an interface and a token, and the feature binds it (decision 69).',
      severity: 'error',
      from: { path: '^src/services/documents/' },
      to: { path: '^src/services/', pathNot: '^src/services/(documents|access)/' },
    },
    {
      name: 'delivery-is-a-leaf',
      comment:
        'Delivery (the documents e-mailed to their buyers) stands on sales and the kernel, so no other context ' +
        'imports it: the kernel knows it only as the DocumentOutbox it binds, and only the adapters and the ' +
        'composition root use its index.ts (decision 85).',
      severity: 'error',
      from: { path: '^src/services/', pathNot: '^src/services/delivery/' },
      to: { path: '^src/services/delivery/' },
    },
    {
      name: 'only-pdf-loads-carbone',
      comment: 'Carbone (and the LibreOffice it drives) is reached only through src/pdf.',
      severity: 'error',
      from: { path: '^(src|config)/', pathNot: '^src/pdf/' },
      to: { path: '(^|/)node_modules/(@types/)?carbone/' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // `import type` counts: a type from the wrong layer couples the code as much as a value does.
    tsPreCompilationDeps: true,
    // node_modules/<package> paths for packages, so the package rules can name them by path.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['require', 'node', 'default', 'types'],
      mainFields: ['main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

/**
 * Layer rules (issue 25 §2), checked in `npm test` by `npm run test:layers`. docs/house-rules.md
 * ("Layers") says what each rule keeps apart and where shared code goes instead.
 */
// Tests and test-support files wire real pieces together; the rules are about product code.
const testFile = '(\\.test\\.tsx?|\\.test-support\\.tsx?)$';

// What one domain area may take from another: the other area's contracts (ports and types), the
// shared services every area uses (mail, the ALTCHA challenge, geo), and the named rules other
// areas must apply the same way (a writable profile, a dealer's approval, the listing cap, the
// audit entry, an uploaded image's checks, the caller's view of a listing, the live listings among
// some ids, a listing's fair-price band). A helper that is none
// of these belongs at the domain root or in shared/, not borrowed from a sibling area.
const domainShared = [
  '^functions/src/domain/(mail|challenge|geo)/',
  '^functions/src/domain/[^/]+/[a-z-]*ports\\.ts$',
  '^functions/src/domain/[^/]+/types\\.ts$',
  '^functions/src/domain/accounts/profiles\\.ts$',
  '^functions/src/domain/dealers/dealer-approval\\.ts$',
  '^functions/src/domain/admin/(audit-entry|listings)\\.ts$',
  '^functions/src/domain/uploads/verify-upload\\.ts$',
  '^functions/src/domain/listings/(listing-cap|live-listings|manage-access|manage-create|manage-images|mask|read-listing|seller-type|to-listing)\\.ts$',
  '^functions/src/domain/pricing/(fair-price|listing-rating)\\.ts$',
  '^functions/src/domain/alerts/(preferences|schedule)\\.ts$',
  '^functions/src/domain/valuations/submit-valuation\\.ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'unresolvable',
      comment: 'Every import of a project file resolves (a moved file left no import behind).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: ['^[a-z]', '^@[a-z]'] },
    },
    {
      name: 'feature-imports-feature',
      comment: 'A feature in web/src/features imports no other feature; what two share lives in web/src/components or web/src/lib.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'shared-web-imports-feature',
      comment: 'web/src/components and web/src/lib (the layout among them) import no feature.',
      severity: 'error',
      from: { path: '^web/src/(components|lib)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'domain-imports-adapter',
      comment: 'functions/src/domain holds the rules; it reaches stores and services only through ports.',
      severity: 'error',
      from: { path: '^functions/src/domain/', pathNot: testFile },
      to: { path: '^functions/src/adapters/' },
    },
    {
      name: 'domain-imports-cloud-sdk',
      comment: 'functions/src/domain imports no AWS SDK and no Stripe, and cheerio only in the scraper parsers.',
      severity: 'error',
      from: { path: '^functions/src/domain/', pathNot: [testFile, '^functions/src/domain/scraper/parsers/'] },
      to: { path: 'node_modules/(@aws-sdk/|stripe/|cheerio/)' },
    },
    {
      name: 'parsers-import-cloud-sdk',
      comment: 'The scraper parsers may use cheerio, but no AWS SDK and no Stripe.',
      severity: 'error',
      from: { path: '^functions/src/domain/scraper/parsers/', pathNot: testFile },
      to: { path: 'node_modules/(@aws-sdk/|stripe/)' },
    },
    {
      name: 'product-imports-dev',
      comment: 'dev/ is the local cloud: only tests, bench, scripts and dev itself import it.',
      severity: 'error',
      from: { path: '^(functions|web|shared|infra)/', pathNot: testFile },
      to: { path: '^dev/' },
    },
    {
      name: 'domain-area-imports-helper',
      comment:
        'A domain area takes from another area only its contracts, the shared services and the named shared rules (domainShared above); a helper lives at the domain root or in shared/.',
      severity: 'error',
      from: { path: '^functions/src/domain/([^/]+)/', pathNot: testFile },
      to: { path: '^functions/src/domain/([^/]+)/', pathNot: ['^functions/src/domain/$1/', ...domainShared] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|cdk\\.out|dist|\\.local)/' },
    parser: 'swc',
    tsPreCompilationDeps: true,
    // The tsconfig `paths` aliases as a webpack resolve block: the typescript package here is the
    // native compiler, which has no JavaScript API for dependency-cruiser to read tsconfig with.
    webpackConfig: { fileName: 'scripts/layers-resolve.cjs' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};

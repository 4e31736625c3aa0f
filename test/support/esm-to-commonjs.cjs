// A jest transformer for the ES-module-only packages the service loads (preact 11): Node 20
// requires them natively (require(esm)), but jest's module runtime only runs CommonJS. TypeScript's
// transpiler rewrites import/export into require/exports, as it does for our own sources.
const ts = require('typescript');

module.exports = {
  process(source, filename) {
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, allowJs: true, esModuleInterop: true },
      // As .js: TypeScript keeps an .mjs file an ES module whatever the target module system.
      fileName: filename.replace(/\.mjs$/, '.js'),
    });
    return { code: outputText };
  },
};

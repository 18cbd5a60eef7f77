// Bundles the server (and the workspace packages it imports) into dist/main.js; packages from
// node_modules stay external and are loaded at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@dynaloop/contract': '../../packages/contract/src/index.ts',
    '@dynaloop/scoring': '../../packages/scoring/src/index.ts',
    '@dynaloop/models': '../../packages/models/src/index.ts',
  },
  logLevel: 'warning',
});

import { type BundlingOptions, Charset, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** The NodejsFunction bundling fields the product sets; `esbuildOptions` maps each one. */
export type LambdaBundling = Required<
  Pick<
    BundlingOptions,
    | 'format'
    | 'target'
    | 'minify'
    | 'sourceMap'
    | 'charset'
    | 'mainFields'
    | 'externalModules'
    | 'banner'
    | 'esbuildArgs'
  >
>;

/**
 * How every Lambda is bundled: AppFunction passes this to NodejsFunction, and the bundle benchmark
 * and the bundle-size test build with `esbuildOptions(lambdaBundling)`, so what is measured is
 * what ships. A field added here must be added to `LambdaBundling` and mapped in `esbuildOptions`.
 */
export const lambdaBundling: LambdaBundling = {
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  // No source map in the zip: with sources it was 1.7-2.3 MB per function, and
  // --enable-source-maps makes Node parse it on every cold start. To read a stack trace
  // (index.mjs:1:<column>), bundle the deployed commit with esbuildOptions() plus
  // `sourcemap: 'external'`: the JS is byte-identical, and the map resolves the column
  // (node:module's `new SourceMap(map).findEntry(0, column)`).
  sourceMap: false,
  // Korean messages stay readable (and smaller) instead of \uXXXX escapes.
  charset: Charset.UTF8,
  // aws-cdk-lib 2.276 never hands `charset` to esbuild's CLI: without this flag the synthesized
  // bundles escaped every Korean character (slots: 264,678 B instead of 255,364 B).
  esbuildArgs: { '--charset': 'utf8' },
  mainFields: ['module', 'main'],
  // The Lambda runtime ships SDK v3; bundling it only adds cold-start weight.
  externalModules: ['@aws-sdk/*'],
  // ESM output still meets CommonJS dependencies that call require().
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
};

/** The esbuild build options NodejsFunction derives from `bundling` (its CLI flags, as the JS API spells them). */
export function esbuildOptions(bundling: LambdaBundling = lambdaBundling): BuildOptions {
  // The CLI flags only restate fields mapped below; anything else would ship unmeasured.
  const extra = Object.entries(bundling.esbuildArgs).filter(
    ([flag, v]) => flag !== '--charset' || v !== bundling.charset,
  );
  if (extra.length) throw new Error(`esbuildOptions does not map esbuildArgs ${JSON.stringify(extra)}`);
  return {
    bundle: true,
    platform: 'node',
    format: bundling.format === OutputFormat.ESM ? 'esm' : 'cjs',
    target: bundling.target,
    minify: bundling.minify,
    sourcemap: bundling.sourceMap,
    charset: bundling.charset === Charset.UTF8 ? 'utf8' : 'ascii',
    mainFields: bundling.mainFields,
    external: bundling.externalModules,
    banner: { js: bundling.banner },
  };
}

/** The file NodejsFunction writes the bundle to. */
export const bundleFileName = (bundling: LambdaBundling = lambdaBundling): string =>
  bundling.format === OutputFormat.ESM ? 'index.mjs' : 'index.js';

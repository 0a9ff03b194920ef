import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text a browser downloads; fonts and images are compressed already, source maps only a debugger fetches. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** CloudFront compresses nothing under 1,000 bytes either. */
const MIN_BYTES = 1000;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside each text file under `dir` worth compressing. */
export async function precompressDir(dir: string) {
  const work: Promise<void>[] = [];
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    work.push(
      readFile(path).then(async (body) => {
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzipped(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      }),
    );
  }
  await Promise.all(work);
}

/**
 * Compresses the build once, so local mode sends the bytes CloudFront sends (it compresses on the
 * fly in the cloud; the web stack does not upload these files). Compressing at request time instead
 * would cost every test's fresh server the same CPU again.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'simple-slot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: () => precompressDir(outDir),
  };
}

/**
 * `npm run docs:data-model`: writes docs/data-model-keys.md from the key builders of
 * functions/storage/keys.ts. test/unit/data-model-docs.test.ts fails until the checked-in file matches.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { docPath, renderKeyDocs, root } from './render';

writeFileSync(docPath, await renderKeyDocs());
console.log(`wrote ${relative(root, docPath)}`);

/**
 * `npm run docs:api`: writes docs/api.md from the contract (shared/contract) and the notes in
 * route-notes.ts. test/unit/api-docs.test.ts fails until the checked-in file matches.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { docPath, renderApiDocs, root } from './render';

writeFileSync(docPath, await renderApiDocs());
console.log(`wrote ${relative(root, docPath)}`);

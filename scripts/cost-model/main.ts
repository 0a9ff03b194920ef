import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { costDocument, docPath, figuresPath, prettify, projectRoot } from './document';
import { refreshFigures, type MeasuredFigures } from './figures';

/**
 * `npm run cost`: takes the bench's figures from bench/results/ (where a result is missing, the
 * snapshot's earlier figures stay), writes them to docs/cost-figures.json and rewrites the generated
 * part of docs/cost.md. Run the bench first (`npm run bench api-cost`, `rank-recompute`,
 * `notifications-broadcast`, `first-load-js`, `lambda-bundles`) for current figures.
 */
const previous: Partial<MeasuredFigures> = existsSync(figuresPath)
  ? (JSON.parse(readFileSync(figuresPath, 'utf8')) as MeasuredFigures)
  : {};
const { figures, refreshed, kept } = refreshFigures(join(projectRoot, 'bench/results'), previous);
writeFileSync(figuresPath, await prettify(`${JSON.stringify(figures, null, 2)}\n`, figuresPath));
writeFileSync(docPath, await costDocument(figures));
console.log(
  `cost: figures from ${refreshed.join(', ') || 'nothing new'}${kept.length ? `; kept earlier ${kept.join(', ')}` : ''}`,
);
console.log(`cost: wrote ${figuresPath} and ${docPath}`);

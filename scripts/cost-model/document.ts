import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { common, sizes } from './assumptions';
import { readDeployment } from './deployment';
import type { MeasuredFigures } from './figures';
import type { ModelInputs } from './model';
import { prices } from './prices';
import { renderGenerated, replaceGenerated } from './render';

export const projectRoot = join(import.meta.dirname, '../..');
export const docPath = join(projectRoot, 'docs/cost.md');
export const figuresPath = join(projectRoot, 'docs/cost-figures.json');

export const readFigures = (): MeasuredFigures => JSON.parse(readFileSync(figuresPath, 'utf8')) as MeasuredFigures;

export const modelInputs = (figures: MeasuredFigures): ModelInputs => ({
  figures,
  deployment: readDeployment(),
  prices,
  common,
});

/** Formatted as `npm run format` would (the repository's prettier config), so format:check agrees. */
export async function prettify(text: string, file: string) {
  const config = await resolveConfig(file);
  return format(text, { ...config, filepath: file });
}

/** docs/cost.md as `npm run cost` writes it from these figures. */
export async function costDocument(figures: MeasuredFigures, current = readFileSync(docPath, 'utf8')) {
  return prettify(replaceGenerated(current, renderGenerated(modelInputs(figures), sizes)), docPath);
}

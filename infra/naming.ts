/** `rank-recompute` → `RankRecompute`: readable construct ids from table names. */
export const pascalCase = (name: string): string => name.replace(/(?:^|[-_])(\w)/g, (_, c: string) => c.toUpperCase());

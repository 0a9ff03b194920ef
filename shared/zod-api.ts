/**
 * The part of `zod/mini` the shared schemas use; `shared/zod.ts` exports it as `z`.
 *
 * Why zod/mini: a classic zod schema carries its JSON Schema conversion, its English locale and every
 * chain method, whatever a bundle uses: ~100 KB of every Lambda bundle. zod/mini's schemas are the
 * same core (same parsing, same issues, same messages) with functions instead of methods
 * (`z.optional(z.string().check(z.trim(), z.maxLength(30)))`), and a bundle keeps only the ones it
 * calls: ~30 KB. Why not zod/mini's own namespace: `export { z }` of a namespace makes a bundler
 * build the whole namespace object (every locale, JSON Schema conversion). The namespace of this
 * module holds only what is listed here. Need another builder? Add it here (the type checker says so:
 * `Property 'x' does not exist on type 'typeof import(".../zod-api")'`).
 */
export {
  _default,
  array,
  boolean,
  coerce,
  config,
  discriminatedUnion,
  enum,
  gt,
  gte,
  int,
  lazy,
  literal,
  looseObject,
  lte,
  maxLength,
  minLength,
  multipleOf,
  nonnegative,
  NEVER,
  null,
  nullable,
  nullish,
  number,
  object,
  optional,
  overwrite,
  pipe,
  record,
  refine,
  regex,
  string,
  superRefine,
  transform,
  trim,
  union,
  unknown,
} from 'zod/mini';
export type { infer, input, output, ZodMiniType as ZodType } from 'zod/mini';
export type { $ZodError as ZodError } from 'zod/v4/core';

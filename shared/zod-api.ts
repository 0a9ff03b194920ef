/**
 * The part of zod's classic API the shared schemas use; `shared/zod.ts` exports it as `z`.
 *
 * Why not zod's own `z`: `export { z }` of a namespace makes a bundler build the whole namespace
 * object, and zod's holds every export — all ~50 locales, JSON Schema conversion, the compiler.
 * That was ~385 KB of every Lambda bundle. The namespace of this module holds only what is listed
 * here, so a bundle keeps just these builders and what they reach. Need another builder? Add it here
 * (the type checker says so: `Property 'x' does not exist on type 'typeof import(".../zod-api")'`).
 */
export {
  array,
  boolean,
  coerce,
  config,
  discriminatedUnion,
  enum,
  lazy,
  literal,
  NEVER,
  null,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  unknown,
  ZodType,
} from 'zod';
export type { infer, input, output, ZodObject, ZodRawShape, ZodTypeAny } from 'zod';

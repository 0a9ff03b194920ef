import type { ParsePayload } from 'zod/v4/core';
import * as z from './zod-api';
import { fieldLabels } from './messages/common';

/**
 * zod configured with Korean messages that name the field. Every shared schema imports `z` from here,
 * so the server's 400s and the SPA's form errors read the same. Messages a schema sets itself (the
 * product's exact texts) win over these.
 */
export const labelOf = (path: readonly PropertyKey[]): string => {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  return (last && Object.hasOwn(fieldLabels, last) && fieldLabels[last]) || last || '입력값';
};

z.config({
  // No `Function('')` probe or compiled parsers: the site's Content-Security-Policy has no 'unsafe-eval'.
  jitless: true,
  customError: (iss) => {
    const label = labelOf(iss.path ?? []);
    switch (iss.code) {
      case 'invalid_type':
        if (iss.input === undefined || iss.input === null) return `${label}은(는) 필수 입력 항목입니다.`;
        if (iss.expected === 'number' || iss.expected === 'int') return `${label}은(는) 숫자로 입력해주세요.`;
        return `${label}의 형식이 올바르지 않습니다.`;
      case 'too_small':
        if (iss.origin === 'string')
          return Number(iss.minimum) <= 1
            ? `${label}은(는) 필수 입력 항목입니다.`
            : `${label}은(는) 최소 ${iss.minimum}자 이상이어야 합니다.`;
        if (iss.origin === 'array' || iss.origin === 'set')
          return `${label}은(는) 최소 ${iss.minimum}개 이상이어야 합니다.`;
        return `${label}은(는) ${Number(iss.minimum).toLocaleString('ko-KR')} 이상이어야 합니다.`;
      case 'too_big':
        if (iss.origin === 'string') return `${label}은(는) ${iss.maximum}자 이하로 입력해주세요.`;
        if (iss.origin === 'array' || iss.origin === 'set')
          return `${label}은(는) 최대 ${iss.maximum}개까지 가능합니다.`;
        return `${label}은(는) ${Number(iss.maximum).toLocaleString('ko-KR')} 이하여야 합니다.`;
      case 'invalid_value':
        return `${label}의 값이 올바르지 않습니다.`;
      case 'invalid_format':
        return `${label}의 형식이 올바르지 않습니다.`;
      case 'not_multiple_of':
        return `${label}은(는) ${iss.divisor}의 배수여야 합니다.`;
      case 'unrecognized_keys':
        return `알 수 없는 항목이 있습니다: ${iss.keys.join(', ')}`;
      default:
        return `${label}의 값이 올바르지 않습니다.`;
    }
  },
});

/**
 * A schema built the first time it parses, not when its module loads. Building zod schemas is most of
 * a Lambda's own cold import (the slot schemas alone took ~10 ms): a function parses a request with a
 * handful of them, so the shared schema modules wrap each top-level schema in this. It parses, infers
 * and resolves forms exactly like the schema it wraps; `built(schema)` gives that schema.
 */
export const deferred = <T extends z.ZodType>(build: () => T) => z.lazy(build);

/** The schema a `deferred` one wraps (built on first use, then kept). */
export const built = <T extends z.ZodType>(schema: ReturnType<typeof deferred<T>>): T => schema._zod.innerType;

export { z };

/** Inside `z.transform((value, ctx) => …)`: records a custom issue with this text; return what it returns. */
export const transformIssue = (ctx: ParsePayload, message: string): never => {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
  return z.NEVER;
};

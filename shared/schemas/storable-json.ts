import { z } from '../zod';
import { commonMessages } from '../messages/common';

/**
 * Free JSON a client may send for the server to keep (a rank observation's `evidence`), checked
 * against what DynamoDB and its marshaller can store, so a bad value is refused with a reason
 * instead of failing the write:
 * - numbers: DynamoDB keeps 38 digits between 1e-130 and 1e126 in magnitude, and the SDK refuses
 *   integers past 2^53 (they would lose digits) and Infinity (`1e400` parses to it); a double has
 *   at most 17 significant digits, so the safe-integer and small-magnitude rules are all it takes;
 * - map keys: not empty (DynamoDB refuses an empty attribute name) and not a member every object
 *   has (`constructor`, `__proto__`, …: the marshaller reads `constructor` to tell a map's type and
 *   assigns keys to a plain object);
 * - nesting: at most `maxDepth` levels (DynamoDB allows 32 in a whole item).
 * The walk keeps its own stack: no value can overflow the call stack.
 */
export interface StorableJsonProblem {
  kind: 'number' | 'emptyKey' | 'reservedKey' | 'depth' | 'type';
  /** Where, as `a.b[2]` inside the value ('' for the value itself). */
  path: string;
  key?: string;
}

const SMALLEST_MAGNITUDE = 1e-130;

export const isStorableNumber = (n: number): boolean =>
  Number.isFinite(n) && (Number.isInteger(n) ? Number.isSafeInteger(n) : Math.abs(n) >= SMALLEST_MAGNITUDE);

export function storableJsonProblem(value: unknown, maxDepth: number): StorableJsonProblem | null {
  const pending: Array<{ value: unknown; depth: number; path: string }> = [{ value, depth: 0, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: v, depth, path } = next;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!isStorableNumber(v)) return { kind: 'number', path };
      continue;
    }
    if (typeof v !== 'object') return { kind: 'type', path };
    if (depth >= maxDepth) return { kind: 'depth', path };
    if (Array.isArray(v)) {
      v.forEach((member, i) => pending.push({ value: member, depth: depth + 1, path: `${path}[${i}]` }));
      continue;
    }
    for (const [key, member] of Object.entries(v)) {
      if (key === '') return { kind: 'emptyKey', path };
      if (Object.hasOwn(Object.prototype, key)) return { kind: 'reservedKey', path, key };
      pending.push({ value: member, depth: depth + 1, path: path ? `${path}.${key}` : key });
    }
  }
  return null;
}

const messageOf = (problem: StorableJsonProblem, label: string, maxDepth: number): string => {
  switch (problem.kind) {
    case 'number':
      return commonMessages.storableNumber(label);
    case 'emptyKey':
      return commonMessages.storableEmptyKey(label);
    case 'reservedKey':
      return commonMessages.storableReservedKey(label, problem.key ?? '');
    case 'depth':
      return commonMessages.storableTooDeep(label, maxDepth);
    default:
      return commonMessages.storableType(label);
  }
};

/** Any JSON value the store can keep as it is; `label` names the field in the Korean message. */
export const storableJsonSchema = (label: string, maxDepth: number) =>
  z.unknown().check(
    z.superRefine((value, ctx) => {
      const problem = storableJsonProblem(value, maxDepth);
      if (problem) ctx.addIssue({ code: 'custom', message: messageOf(problem, label, maxDepth) });
    }),
  );

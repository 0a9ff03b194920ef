import { describe, expect, it } from 'vitest';
import { isStorableNumber, storableJsonProblem } from './storable-json';

describe('storableJsonProblem', () => {
  it('takes the numbers DynamoDB and its marshaller keep, and nothing else', () => {
    for (const n of [0, -0, 1, -1, 0.1, 1e-130, -1e-130, 2 ** 53 - 1, -(2 ** 53 - 1), 1.7976931348623157e-100])
      expect(isStorableNumber(n), String(n)).toBe(true);
    for (const n of [2 ** 53, 2 ** 60, 1e300, -1e300, 5e-324, 1e-131, Infinity, -Infinity, NaN])
      expect(isStorableNumber(n), String(n)).toBe(false);
  });

  it('finds bad numbers, empty and member-named keys and too-deep values anywhere inside', () => {
    expect(storableJsonProblem({ a: [1, { b: 2 ** 60 }] }, 8)).toEqual({ kind: 'number', path: 'a[1].b' });
    expect(storableJsonProblem({ a: { '': 1 } }, 8)).toEqual({ kind: 'emptyKey', path: 'a' });
    expect(storableJsonProblem(JSON.parse('{"x":{"__proto__":1}}'), 8)).toMatchObject({
      kind: 'reservedKey',
      key: '__proto__',
    });
    expect(storableJsonProblem({ constructor: 'x' }, 8)).toMatchObject({ kind: 'reservedKey', key: 'constructor' });
    expect(storableJsonProblem([[[1]]], 3)).toBeNull();
    expect(storableJsonProblem([[[[1]]]], 3)).toMatchObject({ kind: 'depth' });
    expect(storableJsonProblem({ s: '', t: true, n: null, list: [] }, 2)).toBeNull();
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(storableJsonProblem(deep, 200_000)).toBeNull();
    expect(storableJsonProblem(deep, 32)).toMatchObject({ kind: 'depth' });
  });
});

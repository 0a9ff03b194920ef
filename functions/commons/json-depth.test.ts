import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('nestsDeeperThan', () => {
  it('counts arrays and objects together and stops at the limit', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    // The probe's body: 5,000 brackets (10 KB).
    expect(nestsDeeperThan(nested(5000))).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ note: '['.repeat(500) }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ note: '\\"[[[[' + '{'.repeat(100) }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(['"', ['"', ['x']]]), 2)).toBe(true);
  });

  it('sees siblings as the same level', () => {
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])), 3)).toBe(false);
  });
});

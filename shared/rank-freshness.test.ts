import { describe, expect, it } from 'vitest';
import { rankFreshness } from './rank-freshness';

const NOW = Date.parse('2031-05-10T03:00:00.000Z'); // 12:00 in Seoul
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const HOUR = 3_600_000;

describe('rank freshness', () => {
  it('is delayed only past the setting: 36 hours is still current, a minute more is 측정 지연', () => {
    expect(rankFreshness(ago(36 * HOUR), 36, NOW)).toMatchObject({ kind: 'fresh', text: '36시간 전 측정' });
    const late = rankFreshness(ago(36 * HOUR + 60_000), 36, NOW);
    expect(late).toMatchObject({ kind: 'delayed', text: '36시간 전 측정' });
    // The tooltip gives the exact time on the Seoul clock: 2031-05-08 23:59 KST.
    expect(late.title).toBe(
      '36시간 넘게 정상 측정이 없어 현재 순위가 아닐 수 있습니다. 마지막 측정 2031-05-08 23:59 (한국 시간)',
    );
    expect(rankFreshness(ago(36 * HOUR + 60_000), 48, NOW).kind).toBe('fresh');
  });

  it('reads minutes, then hours up to two days, then days', () => {
    expect(rankFreshness(ago(20_000), 36, NOW).text).toBe('방금 측정');
    expect(rankFreshness(ago(25 * 60_000), 36, NOW)).toMatchObject({
      text: '25분 전 측정',
      title: '마지막 측정 2031-05-10 11:35 (한국 시간)',
    });
    expect(rankFreshness(ago(47 * HOUR), 36, NOW).text).toBe('47시간 전 측정');
    expect(rankFreshness(ago(4 * 24 * HOUR + 5 * HOUR), 36, NOW).text).toBe('4일 전 측정');
  });

  it('never measured is -, never 측정 지연', () => {
    expect(rankFreshness(null, 36, NOW)).toEqual({ kind: 'never', text: '-', title: '아직 측정된 적이 없습니다.' });
    expect(rankFreshness(undefined, 36, NOW).kind).toBe('never');
  });
});

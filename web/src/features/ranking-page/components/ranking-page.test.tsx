import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '#shared/settings';
import type { AdvertiserRankingDto, KeywordRankingDto, KeywordRankingItem } from '#shared/schemas/ranking';
import { AppSettingsContext } from '@/lib/app-settings';
import { formatDateTime } from '@/lib/format';
import { RankingPage } from './ranking-page';

const item = (position: number, over: Partial<KeywordRankingItem>): KeywordRankingItem => ({
  position,
  keyword: `키워드${position}`,
  rank: position,
  rank_measured_at: null,
  yesterday_rank: null,
  first_rank: null,
  improvement: null,
  change: null,
  advertiser: '김**',
  mine: false,
  slotId: null,
  slot_number: null,
  product_name: null,
  thumbnail: null,
  userLogin: null,
  ...over,
});
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
let keywords: KeywordRankingDto;
let advertisers: AdvertiserRankingDto;
let calls: string[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  keywords = {
    improved: [
      item(1, {
        keyword: '무선 마우스',
        rank: 3,
        first_rank: 40,
        improvement: 37,
        change: 2,
        mine: true,
        advertiser: '홍길동',
        product_name: '내 마우스',
      }),
    ],
    best: [
      item(1, { keyword: '게이밍 키보드', rank: 1, change: -1 }),
      item(2, { keyword: '무선 마우스', rank: 3, improvement: 37, mine: true, advertiser: '홍길동' }),
    ],
    computedAt: '2030-01-01T00:00:00.000Z',
  };
  advertisers = {
    items: [
      {
        position: 1,
        advertiser: '김**',
        mine: false,
        rankedSlots: 2,
        averageRank: 5,
        bestRank: 1,
        measured_at: hoursAgo(2),
        userId: null,
        userLogin: null,
      },
      {
        position: 2,
        advertiser: '홍길동',
        mine: true,
        rankedSlots: 3,
        averageRank: 11.5,
        bestRank: 3,
        measured_at: hoursAgo(40),
        userId: null,
        userLogin: null,
      },
    ],
    computedAt: '2030-01-01T00:00:00.000Z',
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push(path);
    if (path === '/api/ranking/keywords') return json({ success: true, data: keywords });
    if (path === '/api/ranking/advertisers') return json({ success: true, data: advertisers });
    return json({ success: false, error: '없음' }, 404);
  });
});
afterEach(() => vi.restoreAllMocks());

function renderPage(featureRanking = true, path = '/ranking', rankDelayHours = 36) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider
        value={{ settings: { ...defaultSettings(), featureRanking, rankDelayHours }, status: 'ready' }}
      >
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/ranking" element={<RankingPage />} />
            <Route path="*" element={<p>홈 화면</p>} />
          </Routes>
        </MemoryRouter>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

describe('RankingPage (/ranking)', () => {
  it('keyword tab: most improved and best current rank, my entries marked, others masked', async () => {
    renderPage();
    const improved = await screen.findByRole('table', { name: '상승폭 TOP' });
    const row = within(improved).getAllByRole('row')[1];
    expect(row).toHaveTextContent('무선 마우스');
    expect(row).toHaveTextContent('내 마우스');
    expect(row).toHaveTextContent('홍길동내 슬롯');
    expect(row).toHaveTextContent('3위');
    expect(row).toHaveTextContent('▲37');
    expect(row).toHaveTextContent('최초 40위');
    const best = screen.getByRole('table', { name: '현재 순위 TOP' });
    const first = within(best).getAllByRole('row')[1];
    expect(first).toHaveTextContent('게이밍 키보드');
    expect(first).toHaveTextContent('김**');
    expect(first).toHaveTextContent('▼1');
    expect(calls).toEqual(['/api/ranking/keywords']);
  });

  it('advertiser tab: by average rank with the count of ranked slots', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: '상승폭 TOP' });
    await user.click(screen.getByRole('tab', { name: '광고주 랭킹' }));
    const table = await screen.findByRole('table', { name: '광고주 랭킹' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    // Each average says how current it is: its oldest rank's time, '측정 지연' past rankDelayHours (36).
    expect(rows).toEqual([
      ['1', '김**', '5.0위2시간 전 측정', '1위', '2개'],
      ['2', '홍길동나', '11.5위측정 지연40시간 전 측정', '3위', '3개'],
    ]);
  });

  it('shows when each rank was measured: 측정 지연 past rankDelayHours, the time of a fresh one, - when never', async () => {
    const delayedAt = hoursAgo(40);
    keywords.improved[0].rank_measured_at = delayedAt;
    keywords.best[1].rank_measured_at = hoursAgo(3);
    renderPage();
    const improved = await screen.findByRole('table', { name: '상승폭 TOP' });
    const late = within(improved).getAllByRole('row')[1];
    expect(late).toHaveTextContent('3위측정 지연40시간 전 측정');
    expect(
      within(late).getByTitle(new RegExp(`마지막 측정 ${formatDateTime(delayedAt)} \\(한국 시간\\)`)),
    ).toHaveTextContent('측정 지연');
    const best = within(screen.getByRole('table', { name: '현재 순위 TOP' })).getAllByRole('row');
    expect(best[1]).toHaveTextContent('1위-');
    expect(best[1]).not.toHaveTextContent('측정 지연');
    expect(best[2]).toHaveTextContent('3위3시간 전 측정');
    expect(best[2]).not.toHaveTextContent('측정 지연');
  });

  it('a longer rankDelayHours shows the same 40-hour-old rank as current', async () => {
    keywords.improved[0].rank_measured_at = hoursAgo(40);
    renderPage(true, '/ranking', 48);
    const improved = await screen.findByRole('table', { name: '상승폭 TOP' });
    const row = within(improved).getAllByRole('row')[1];
    expect(row).toHaveTextContent('40시간 전 측정');
    expect(row).not.toHaveTextContent('측정 지연');
  });

  it('says there is no rank data yet instead of showing samples', async () => {
    keywords = { improved: [], best: [], computedAt: keywords.computedAt };
    advertisers = { items: [], computedAt: advertisers.computedAt };
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('아직 순위 데이터가 없습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '광고주 랭킹' }));
    expect(await screen.findByText('아직 순위 데이터가 없습니다.')).toBeInTheDocument();
  });

  it('with featureRanking off: goes home and asks nothing', async () => {
    renderPage(false);
    expect(await screen.findByText('홈 화면')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

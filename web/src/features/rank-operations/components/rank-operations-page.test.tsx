import { render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDayCoverage, type DayCoverageDto, type RankOperationsDto } from '#shared/rank-operations';
import { RankOperationsPage } from './rank-operations-page';

const day = (d: string, over: Partial<DayCoverageDto> = {}): DayCoverageDto => ({ ...emptyDayCoverage(d), ...over });
let answer: RankOperationsDto;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answer = {
    today: '2030-01-14',
    generatedAt: '2030-01-14T03:00:00.000Z',
    days: [
      day('2030-01-14', {
        due: 6,
        pairsChecked: 3,
        checks: 6,
        found: 1,
        notFound: 2,
        failed: 3,
        failedBy: { blocked: 1, timeout: 1, layout: 1, load: 0, other: 0 },
      }),
      ...Array.from({ length: 13 }, (_, i) => day(`2030-01-${String(13 - i).padStart(2, '0')}`)),
    ],
    lastHour: { checks: 6, failed: 3 },
    workers: [
      {
        id: 'k1',
        name: '수집 서버 1',
        prefix: 'rk_abcdefg',
        revoked: false,
        lastCallAt: '2030-01-14T02:59:00.000Z',
        lastCheckAt: '2030-01-14T02:59:30.000Z',
        checksToday: 6,
        failedToday: 3,
        failureRate: 0.5,
      },
    ],
    runs: [
      {
        runId: 'r1',
        day: '2030-01-14',
        startedAt: '2030-01-14T02:02:00.000Z',
        units: 3,
        unitsDone: 2,
        completedAt: null,
        durationMs: 95_000,
        suspectUnits: 1,
        lastError: { at: '2030-01-14T02:03:00.000Z', error: 'unit 2 could not write 4 slot(s)' },
      },
    ],
    alerts: [
      { rule: 'workerSilent', firing: false, since: null, notifiedAt: null },
      {
        rule: 'checksFailing',
        firing: true,
        since: '2030-01-14T02:50:00.000Z',
        notifiedAt: '2030-01-14T02:50:00.000Z',
      },
      { rule: 'coverageShort', firing: false, since: null, notifiedAt: null },
    ],
    thresholds: { silenceMinutes: 60, coverageHour: 18, coveragePercent: 80 },
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/rank/operations') return json({ success: true, data: answer });
    return json({ success: false, error: '없음' }, 404);
  });
});
afterEach(() => vi.restoreAllMocks());

const renderPage = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RankOperationsPage />
    </SWRConfig>,
  );

describe('RankOperationsPage (/admin/rank-operations)', () => {
  it('shows today’s coverage, the failure reasons, the firing alert, the worker and the unfinished run', async () => {
    renderPage();
    const today = await screen.findByLabelText('오늘 측정 현황', { selector: 'dl' });
    expect(today).toHaveTextContent('오늘 측정 대상6개');
    expect(today).toHaveTextContent('측정 완료3개 (50%)');
    const reasons = screen.getByRole('table', { name: '오늘 실패 사유' });
    expect(within(reasons).getByText('차단됨').closest('tr')).toHaveTextContent('1');
    expect(within(reasons).getByText('시간 초과').closest('tr')).toHaveTextContent('1');
    expect(within(reasons).getByText('페이지 형식 인식 실패').closest('tr')).toHaveTextContent('1');

    const alerts = screen.getByRole('region', { name: '현재 순위 경보' });
    expect(alerts).toHaveTextContent('최근 1시간 측정 실패 과반');
    expect(alerts).toHaveTextContent('2030-01-14 11:50부터 경보 중');

    const worker = within(screen.getByRole('table', { name: '순위 수집기 현황' }))
      .getByText('수집 서버 1')
      .closest('tr')!;
    expect(worker).toHaveTextContent('2030-01-14 11:59');
    expect(worker).toHaveTextContent('50%');
    const run = within(screen.getByRole('table', { name: '순위 재계산 실행 목록' })).getAllByRole('row')[1];
    expect(run).toHaveTextContent('2/3 단위');
    expect(run).toHaveTextContent('진행 중');
    expect(run).toHaveTextContent('1분 35초');
    expect(run).toHaveTextContent('unit 2 could not write 4 slot(s)');
    expect(screen.getByRole('table', { name: '일별 측정 현황' }).querySelectorAll('tbody tr')).toHaveLength(14);
    expect(screen.getByRole('img', { name: '최근 14일 측정 6건, 실패 3건' })).toBeInTheDocument();
  });

  it('says so when no alert fires, with the thresholds in force', async () => {
    answer.alerts = answer.alerts.map((a) => ({ ...a, firing: false, since: null }));
    renderPage();
    const alerts = await screen.findByRole('region', { name: '현재 순위 경보' });
    expect(alerts).toHaveTextContent('지금 울리는 경보가 없습니다');
    expect(alerts).toHaveTextContent('18시까지 80% 미만');
  });
});

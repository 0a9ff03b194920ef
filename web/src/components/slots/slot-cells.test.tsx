import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '#shared/settings';
import { AppSettingsContext } from '@/lib/app-settings';
import { DDay, EndDate, RankValue } from './slot-cells';

const today = '2025-03-10';

describe('RankValue: the rank column', () => {
  it('shows a real rank with the climb versus yesterday', () => {
    render(<RankValue rank={12} yesterdayRank={15} />);
    expect(screen.getByText('12위')).toBeInTheDocument();
    expect(screen.getByLabelText('어제보다 3계단 상승')).toHaveTextContent('▲3');
  });

  it('shows a drop with a down arrow', () => {
    render(<RankValue rank={20} yesterdayRank={4} />);
    expect(screen.getByLabelText('어제보다 16계단 하락')).toHaveTextContent('▼16');
  });

  it.each([
    [0, '순위없음'],
    [501, '순위없음'],
    [null, '측정중'],
  ])('rank %j reads %s with no arrow', (rank, text) => {
    render(<RankValue rank={rank} yesterdayRank={5} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/[▲▼]/)).toBeNull();
  });

  it('999 means not found: 순위없음 with the tooltip', () => {
    render(<RankValue rank={999} yesterdayRank={3} />);
    expect(screen.getByText('순위없음')).toHaveAttribute('title', '해당 키워드로 상품을 찾을 수 없습니다');
    expect(screen.queryByText(/[▲▼]/)).toBeNull();
  });

  it('ignores 0 and 999 yesterday values for the arrow', () => {
    const { unmount } = render(<RankValue rank={7} yesterdayRank={999} />);
    expect(screen.queryByText(/[▲▼]/)).toBeNull();
    unmount();
    render(<RankValue rank={7} yesterdayRank={0} />);
    expect(screen.queryByText(/[▲▼]/)).toBeNull();
  });
});

describe('RankValue: when the rank was measured', () => {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const withDelay = (hours: number, ui: React.ReactNode) =>
    render(
      <AppSettingsContext.Provider
        value={{ settings: { ...defaultSettings(), rankDelayHours: hours }, status: 'ready' }}
      >
        {ui}
      </AppSettingsContext.Provider>,
    );

  it('a fresh rank keeps its arrow and says how long ago it was measured, the KST time in the tooltip', () => {
    withDelay(36, <RankValue rank={12} yesterdayRank={15} measuredAt={hoursAgo(3)} />);
    expect(screen.getByLabelText('어제보다 3계단 상승')).toBeInTheDocument();
    expect(screen.getByText('3시간 전 측정').parentElement).toHaveAttribute(
      'title',
      expect.stringMatching(/^마지막 측정 \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(한국 시간\)$/),
    );
    expect(screen.queryByText('측정 지연')).toBeNull();
  });

  it('past rankDelayHours it reads 측정 지연 with its time and no arrow; a longer setting makes it current', () => {
    const { unmount } = withDelay(36, <RankValue rank={12} yesterdayRank={15} measuredAt={hoursAgo(37)} />);
    expect(screen.getByText('측정 지연')).toBeInTheDocument();
    expect(screen.getByText('37시간 전 측정')).toBeInTheDocument();
    expect(screen.queryByText(/[▲▼]/)).toBeNull();
    unmount();
    withDelay(48, <RankValue rank={12} yesterdayRank={15} measuredAt={hoursAgo(37)} />);
    expect(screen.queryByText('측정 지연')).toBeNull();
    expect(screen.getByLabelText('어제보다 3계단 상승')).toBeInTheDocument();
  });

  it('never measured reads -, never 측정 지연', () => {
    withDelay(36, <RankValue rank={null} yesterdayRank={null} measuredAt={null} />);
    expect(screen.getByText('-').parentElement).toHaveAttribute('title', '아직 측정된 적이 없습니다.');
    expect(screen.queryByText('측정 지연')).toBeNull();
  });
});

describe('EndDate and DDay (inclusive day count, red ≤ 3, orange ≤ 7)', () => {
  it.each([
    ['2025-03-10', '1일 남음', 'red'],
    ['2025-03-12', '3일 남음', 'red'],
    ['2025-03-13', '4일 남음', 'orange'],
    ['2025-03-16', '7일 남음', 'orange'],
    ['2025-03-17', '8일 남음', 'normal'],
    ['2025-03-09', '만료', 'expired'],
  ])('end %s → %s (%s)', (end, text, tone) => {
    const { container } = render(<EndDate endDate={end} today={today} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('data-tone', tone);
  });

  it('cards show D-n, or 만료 once past', () => {
    const { unmount } = render(<DDay endDate="2025-03-12" today={today} />);
    expect(screen.getByText('D-3')).toBeInTheDocument();
    unmount();
    render(<DDay endDate="2025-03-01" today={today} />);
    expect(screen.getByText('만료')).toBeInTheDocument();
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcement } from '#shared/announcements';
import { CLOSED_BANNERS_KEY } from '../hooks/use-closed-banners';
import { BANNER_ROTATE_MS, PinnedBanner } from './pinned-banner';

const ann = (id: string, over: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `공지 ${id}`,
  content: `<p>본문 ${id}</p>`,
  content_type: 'html',
  category: 'general',
  priority: 'normal',
  is_pinned: true,
  is_active: true,
  start_date: null,
  end_date: null,
  images: [],
  author_id: 'op',
  author_name: '운영자',
  view_count: 0,
  is_read: false,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  ...over,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: () => Response;

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const renderBanner = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <PinnedBanner />
      </MemoryRouter>
    </SWRConfig>,
  );

describe('PinnedBanner', () => {
  it('shows pinned active items with markup stripped, truncated at 120 characters with an ellipsis', async () => {
    const long = '가'.repeat(200);
    answer = () =>
      json({
        success: true,
        data: [ann('A', { title: '점검 안내', content: `<p><strong>굵은</strong> <script>x</script>${long}</p>` })],
      });
    renderBanner();
    const link = await screen.findByRole('link');
    const text = link.textContent!;
    expect(text.startsWith('점검 안내 — 굵은')).toBe(true);
    expect(text).not.toContain('<');
    expect(text).toHaveLength(121);
    expect(text.endsWith('…')).toBe(true);
    expect(link).toHaveAttribute('href', '/announcements');
  });

  it('takes the newest 10 pinned items for the banner', async () => {
    answer = () =>
      json({ success: true, data: Array.from({ length: 12 }, (_, i) => ann(`N${String(12 - i).padStart(2, '0')}`)) });
    renderBanner();
    const banner = await screen.findByTestId('pinned-banner');
    expect(banner).toHaveTextContent('1/10');
    expect(screen.getByRole('link')).toHaveAttribute('data-announcement-id', 'N12');
  });

  it('leaves out items that are not both pinned and active', async () => {
    answer = () =>
      json({ success: true, data: [ann('A', { is_active: false }), ann('B', { is_pinned: false }), ann('C')] });
    renderBanner();
    expect(await screen.findByText(/공지 C/)).toBeInTheDocument();
    expect(screen.queryByText(/공지 A/)).toBeNull();
    expect(screen.queryByText(/공지 B/)).toBeNull();
  });

  it('rotates to the next item every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = () => json({ success: true, data: [ann('A'), ann('B'), ann('C')] });
    renderBanner();
    expect(await screen.findByText(/공지 A/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(BANNER_ROTATE_MS - 100));
    expect(screen.getByText(/공지 A/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText(/공지 B/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(BANNER_ROTATE_MS));
    expect(screen.getByText(/공지 C/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(BANNER_ROTATE_MS));
    expect(screen.getByText(/공지 A/)).toBeInTheDocument();
  });

  it('remembers a closed item for the session, per announcement', async () => {
    answer = () => json({ success: true, data: [ann('A'), ann('B')] });
    const first = renderBanner();
    expect(await screen.findByText(/공지 A/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '공지 닫기' }));
    expect(await screen.findByText(/공지 B/)).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(CLOSED_BANNERS_KEY)!)).toEqual(['A']);
    first.unmount();

    // A new page load in the same session: A stays closed, B still shows.
    renderBanner();
    expect(await screen.findByText(/공지 B/)).toBeInTheDocument();
    expect(screen.queryByText(/공지 A/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '공지 닫기' }));
    await waitFor(() => expect(screen.queryByTestId('pinned-banner')).toBeNull());
  });

  it('is hidden when loading fails', async () => {
    answer = () => json({ success: false, error: '서버 오류가 발생했습니다.', code: 'INTERNAL' }, 500);
    renderBanner();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('pinned-banner')).toBeNull();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcement } from '#shared/announcements';
import { AnnouncementsPage } from './announcements-page';

const ann = (n: number): Announcement => ({
  id: `A${n}`,
  title: `공지 ${n}`,
  content: `<p>본문 ${n}</p>`,
  content_type: 'html',
  category: 'general',
  priority: 'normal',
  is_pinned: false,
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
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: (url: URL) => Response;
const asked: URL[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url);
    return answer(url);
  });
});
afterEach(() => vi.restoreAllMocks());

const renderPage = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <AnnouncementsPage />
    </SWRConfig>,
  );

describe('AnnouncementsPage', () => {
  it('reaches every announcement: 205 of them in pages of 10, the last page asked of the server', async () => {
    const total = 205;
    answer = (url) => {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) =>
        ann((page - 1) * limit + i + 1),
      );
      return json({ success: true, data: { announcements: items, total } });
    };
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('button', { name: '공지 1' })).toBeInTheDocument();
    expect(screen.getByText('총 205건')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '21 페이지' }));
    expect(await screen.findByRole('button', { name: '공지 205' })).toBeInTheDocument();
    expect(asked.at(-1)!.searchParams.get('page')).toBe('21');
    expect(asked.at(-1)!.searchParams.get('limit')).toBe('10');
  });

  it('says the load failed, with its details, instead of claiming there are no announcements', async () => {
    answer = () => json({ success: false, code: 'INTERNAL', error: '공지사항 저장소에 연결할 수 없습니다.' }, 503);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('공지사항을 불러오지 못했습니다.')).toBeInTheDocument();
    expect(within(alert).getByText('공지사항 저장소에 연결할 수 없습니다.')).toBeInTheDocument();
    expect(within(alert).getByText('오류 코드: INTERNAL (HTTP 503)')).toBeInTheDocument();
    expect(screen.queryByText('등록된 공지사항이 없습니다.')).not.toBeInTheDocument();

    // A retry that works shows the list.
    answer = () => json({ success: true, data: { announcements: [ann(1)], total: 1 } });
    await userEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('button', { name: '공지 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

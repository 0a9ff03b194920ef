import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import type { WorkerKeyDto } from '../api/worker-keys';
import { WorkerKeysPanel } from './worker-keys-panel';

let keys: WorkerKeyDto[] = [];
let writes: Array<{ method: string; path: string; body: unknown }> = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const SECRET = 'rkw_live_abcdef0123456789abcdef0123456789';

beforeEach(() => {
  writes = [];
  keys = [
    {
      id: 'k1',
      name: '수집 서버 A',
      prefix: 'rkw_abc1',
      createdAt: '2030-01-01T00:00:00.000Z',
      lastUsedAt: '2030-01-02T03:04:00.000Z',
      revokedAt: null,
    },
  ];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/api/rank/worker-keys') return json({ success: true, data: { items: keys } });
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    writes.push({ method, path, body });
    if (method === 'POST') {
      const created = {
        id: 'k2',
        name: body.name,
        key: SECRET,
        prefix: SECRET.slice(0, 8),
        createdAt: '2030-01-03T00:00:00.000Z',
      };
      keys = [...keys, { ...created, lastUsedAt: null, revokedAt: null }];
      return json({ success: true, data: created }, 201);
    }
    if (method === 'DELETE') {
      keys = keys.map((k) => (path.endsWith(k.id) ? { ...k, revokedAt: '2030-01-04T00:00:00.000Z' } : k));
      return json({ success: true, data: { ok: true } });
    }
    return json({ success: false, error: '없음' }, 404);
  });
});
afterEach(() => vi.restoreAllMocks());

const renderPanel = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <WorkerKeysPanel />
      </ToastProvider>
    </SWRConfig>,
  );

describe('WorkerKeysPanel', () => {
  it('lists keys by prefix with last use and status', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: '워커 키 목록' });
    const cells = within(within(table).getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['수집 서버 A', 'rkw_abc1…', '2030-01-01 09:00', '2030-01-02 12:04', '사용 중']);
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('creates a key and shows it once, with the warning, until dismissed', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('table', { name: '워커 키 목록' });
    await user.click(screen.getByRole('button', { name: '키 발급' }));
    expect(screen.getByText('키 이름을 입력해주세요.')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.type(screen.getByLabelText('키 이름'), '수집 서버 B');
    await user.click(screen.getByRole('button', { name: '키 발급' }));
    expect(writes).toEqual([{ method: 'POST', path: '/api/rank/worker-keys', body: { name: '수집 서버 B' } }]);
    expect(await screen.findByRole('textbox', { name: '발급된 워커 키' })).toHaveValue(SECRET);
    expect(screen.getByText(/이 키는 지금 한 번만 표시됩니다/)).toBeInTheDocument();
    expect(await screen.findByText('수집 서버 B')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '확인했습니다' }));
    expect(screen.queryByRole('textbox', { name: '발급된 워커 키' })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('copies the new key to the clipboard', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(await screen.findByLabelText('키 이름'), '복사 테스트');
    await user.click(screen.getByRole('button', { name: '키 발급' }));
    await screen.findByRole('textbox', { name: '발급된 워커 키' });
    await user.click(screen.getByRole('button', { name: '복사' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
  });

  it('revokes only after the confirm', async () => {
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('table', { name: '워커 키 목록' });
    await user.click(screen.getByRole('button', { name: '폐기' }));
    const dialog = screen.getByRole('dialog', { name: '워커 키 폐기' });
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(writes).toEqual([]);
    await user.click(screen.getByRole('button', { name: '폐기' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '워커 키 폐기' })).getByRole('button', { name: '폐기' }),
    );
    expect(writes).toEqual([{ method: 'DELETE', path: '/api/rank/worker-keys/k1', body: undefined }]);
    expect(await screen.findByText(/폐기됨/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '폐기' })).not.toBeInTheDocument();
  });

  it('says when there is no key yet', async () => {
    keys = [];
    renderPanel();
    expect(await screen.findByText('발급된 워커 키가 없습니다.')).toBeInTheDocument();
  });
});

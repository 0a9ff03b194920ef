import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { resetSessionForTests } from '@/lib/session-store';
import { adminUser } from '../testing/admin-user';
import { EditUserDialog } from './edit-user-dialog';

/** Edit user: only changed fields are sent, blank password keeps it, role and active toggle. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;

const target = adminUser();
const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

function renderDialog(props: Partial<{ canGrantDeveloper: boolean; isSelf: boolean }> = {}) {
  const onClose = vi.fn();
  render(
    <ToastProvider>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <EditUserDialog user={target} canGrantDeveloper={false} isSelf={false} onClose={onClose} {...props} />
      </SWRConfig>
    </ToastProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

beforeEach(() => {
  resetSessionForTests();
  answer = () => json(200, { success: true, data: target });
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'PUT' ? answer() : json(200, { success: true, data: {} }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('EditUserDialog', () => {
  it('sends only the changed fields; a blank password is not sent', async () => {
    const { user, onClose } = renderDialog();
    await user.selectOptions(screen.getByLabelText('역할'), 'operator');
    await user.click(screen.getByLabelText('활성 계정'));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts()[0][0]).toBe('/api/users/u1');
    expect(JSON.parse(String(puts()[0][1].body))).toEqual({ role: 'operator', isActive: false });
  });

  it('sends a new password of at least 6 characters and refuses a shorter one', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('새 비밀번호'), '123');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('비밀번호는 최소 6자 이상이어야 합니다.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
    await user.type(screen.getByLabelText('새 비밀번호'), '456');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(puts()[0][1].body))).toEqual({ password: '123456' });
  });

  it('closes without a call when nothing changed, and offers the developer role only to developers', async () => {
    const { user, onClose } = renderDialog();
    expect(screen.queryByRole('option', { name: '개발자' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(onClose).toHaveBeenCalled();
    expect(puts()).toHaveLength(0);
  });

  it('shows the server’s refusal and stays open', async () => {
    answer = () =>
      json(403, { success: false, code: 'FORBIDDEN', error: '개발자 역할은 개발자만 부여하거나 변경할 수 있습니다.' });
    const { user, onClose } = renderDialog({ canGrantDeveloper: true });
    await user.selectOptions(screen.getByLabelText('역할'), 'developer');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('개발자 역할은 개발자만 부여하거나 변경할 수 있습니다.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets one edit only their own name', async () => {
    renderDialog({ isSelf: true });
    expect(screen.getByLabelText('역할')).toBeDisabled();
    expect(screen.getByLabelText('활성 계정')).toBeDisabled();
    expect(screen.getByLabelText('새 비밀번호')).toBeDisabled();
  });
});

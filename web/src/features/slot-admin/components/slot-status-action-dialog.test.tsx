import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlotDto } from '#shared/schemas/slots';
import { ToastProvider } from '@/components/ui/toast';
import { resetSessionForTests } from '@/lib/session-store';
import type { AdminStatusAction } from './admin-slot-row-actions';
import { SlotStatusActionDialog } from './slot-status-action-dialog';

/**
 * A failed pause, resume, delete or restore is not only logged: the console says so (decision D15 in
 * docs/spec-coverage.md): the server's text, else the action's own failure text.
 */
const slot = { id: 's4', slot_number: 4, status: 'active' } as unknown as SlotDto;
let answer: () => Response;

beforeEach(() => {
  resetSessionForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
});
afterEach(() => vi.unstubAllGlobals());

function confirm(action: AdminStatusAction, label: string) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ToastProvider>
        <SlotStatusActionDialog slot={slot} action={action} onClose={vi.fn()} />
      </ToastProvider>
    </SWRConfig>,
  );
  return userEvent.setup().click(screen.getByRole('button', { name: label }));
}

describe('console status actions that fail', () => {
  it.each([
    ['pause', '일시정지', '슬롯 일시정지에 실패했습니다.'],
    ['resume', '재개', '슬롯 재개에 실패했습니다.'],
    ['delete', '삭제', '슬롯 삭제에 실패했습니다.'],
    ['restore', '복구', '슬롯 복구에 실패했습니다.'],
  ] as const)('%s without a server text says %s failed', async (action, label, text) => {
    answer = () => new Response('<html>bad gateway</html>', { status: 502 });
    await confirm(action, label);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("shows the server's text when it sent one", async () => {
    answer = () =>
      new Response(
        JSON.stringify({ success: false, code: 'CONFLICT', error: '일시정지된 슬롯만 재개할 수 있습니다.' }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      );
    await confirm('resume', '재개');
    expect(await screen.findByText('일시정지된 슬롯만 재개할 수 있습니다.')).toBeInTheDocument();
  });
});

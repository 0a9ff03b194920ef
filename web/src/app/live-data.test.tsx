import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInUser } from '@/features/notifications/testing/fake-notifications-api';
import { notification } from '@/features/notifications/testing/notification-fixture';
import { useBalance } from '@/hooks/use-balance';
import { formatWon } from '@/lib/format';
import { acquireRealtime } from '@/lib/realtime-socket';
import { resetSessionForTests } from '@/lib/session-store';
import { FakeWebSocket } from '@/lib/testing/fake-websocket';
import { useLiveData } from './live-data';

let amount = 0;
let balanceReads = 0;
let restoreSocket: () => void;

beforeEach(() => {
  amount = 0;
  balanceReads = 0;
  restoreSocket = FakeWebSocket.install();
  signInUser('u1');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/cash/balance') {
      balanceReads += 1;
      return new Response(JSON.stringify({ success: true, data: { amount, updatedAt: '' } }), { status: 200 });
    }
    return new Response(JSON.stringify({ success: true, data: { items: [] } }), { status: 200 });
  });
});
afterEach(() => {
  restoreSocket();
  resetSessionForTests();
  vi.restoreAllMocks();
});

/** The sidebar's balance, with the live data mounted (the notification runtime holds the socket). */
function Sidebar() {
  useEffect(() => acquireRealtime(), []);
  useLiveData();
  const { data } = useBalance(true);
  return <p data-testid="balance">{data ? formatWon(data.amount) : '-'}</p>;
}

function renderSidebar() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false }}>
      <Sidebar />
    </SWRConfig>,
  );
}

const push = (ws: FakeWebSocket, metadata: Record<string, unknown> | undefined) =>
  act(() => ws.serverPush({ type: 'new_notification', data: notification({ id: crypto.randomUUID(), metadata }) }));

describe('useLiveData', () => {
  it('a push whose event moved money reads the balance again; other pushes read nothing', async () => {
    renderSidebar();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('0원'));
    const ws = FakeWebSocket.latest()!;
    act(() => ws.serverOpen());
    const before = balanceReads;

    // An operator's message and a slot approval move no money.
    await push(ws, undefined);
    await push(ws, { event: 'slot-approved', slotId: 's1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(balanceReads).toBe(before);

    amount = 50_000;
    await push(ws, { event: 'charge-approved', chargeRequestId: 'c1' });
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('50,000원'));
    expect(balanceReads).toBe(before + 1);

    amount = 40_000;
    await push(ws, { event: 'slot-price-changed', slotId: 's1' });
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('40,000원'));
  });

  it('after the socket comes back, the balance is read again (pushes may have been missed)', async () => {
    renderSidebar();
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('0원'));
    const first = FakeWebSocket.latest()!;
    act(() => first.serverOpen());
    amount = 10_000;
    act(() => first.serverClose());
    const second = await waitFor(
      () => {
        const latest = FakeWebSocket.latest();
        expect(latest).not.toBe(first);
        return latest!;
      },
      { timeout: 3000 },
    );
    act(() => second.serverOpen());
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('10,000원'));
  });
});

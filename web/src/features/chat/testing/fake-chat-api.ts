import { vi } from 'vitest';
import type { AuthSession } from '#shared/schemas/auth';
import type { CannedReply, ChatCustomerContext, ChatMessageDto, ChatRoomDto } from '#shared/schemas/chat';
import { applyAuthSession } from '@/lib/session-store';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown, status = 200) => json({ success: true, data }, status);
const fail = (status: number, code: string, error: string) => json({ success: false, error, code }, status);

let seq = 0;
/** A ULID-shaped, time-ordered id (26 characters of Crockford base32). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const base32 = (n: number, width: number) => {
  let out = '';
  for (let i = 0; i < width; i += 1, n = Math.floor(n / 32)) out = CROCKFORD[n % 32] + out;
  return out;
};
function ulid(at = Date.now()): string {
  seq += 1;
  return `${base32(at, 10)}${base32(seq, 16)}`;
}

export function room(over: Partial<ChatRoomDto> = {}): ChatRoomDto {
  const now = new Date().toISOString();
  return {
    id: 'r1',
    name: '홍길동님의 문의',
    status: 'active',
    user_id: 'u1',
    user_name: '홍길동',
    user_email: 'u1@x',
    creator: { name: '홍길동', email: 'u1@x' },
    last_message: null,
    last_message_id: null,
    last_message_at: null,
    unread_count: 0,
    created_at: now,
    updated_at: now,
    ...over,
  };
}

export function message(over: Partial<ChatMessageDto> & { content: string }): ChatMessageDto {
  const created = over.created_at ?? new Date().toISOString();
  return {
    id: over.id ?? ulid(Date.parse(created)),
    room_id: 'r1',
    sender_id: 'u1',
    sender: { name: '홍길동', email: 'u1@x', role: 'user' },
    type: 'normal',
    created_at: created,
    is_read: false,
    ...over,
  };
}

export const staffReply = (content: string, over: Partial<ChatMessageDto> = {}) =>
  message({ content, sender_id: 'op1', sender: { name: '김운영', email: 'op1@x', role: 'operator' }, ...over });

/**
 * An in-memory chat API behind a mocked fetch, for component tests: the contract's routes over
 * `rooms` (listed in the order given, filtered and paged like the server) and `messages`, recording every call ("GET /api/chat/rooms/r1/messages?after=…").
 * `failNextSends` makes that many message POSTs answer 500.
 */
export function fakeChatApi(
  init: {
    rooms?: ChatRoomDto[];
    messages?: ChatMessageDto[];
    viewerId?: string;
    context?: ChatCustomerContext;
    canned?: CannedReply[];
  } = {},
) {
  const state = {
    rooms: [...(init.rooms ?? [])],
    messages: [...(init.messages ?? [])],
    calls: [] as string[],
    bodies: [] as { call: string; body: unknown }[],
    failNextSends: 0,
    canned: init.canned ?? [{ id: 'c1', title: '인사', content: '안녕하세요, 무엇을 도와드릴까요?' }],
    unread: 0,
  };
  const viewerId = init.viewerId ?? 'u1';
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, reqInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = reqInit?.method ?? 'GET';
    const path = url.pathname;
    const call = `${method} ${path}${url.search}`;
    state.calls.push(call);
    const body = reqInit?.body ? JSON.parse(String(reqInit.body)) : undefined;
    if (body !== undefined) state.bodies.push({ call, body });
    const now = new Date().toISOString();
    const store = (roomId: string, content: string) => {
      const sender = viewerId.startsWith('op')
        ? { name: '김운영', email: `${viewerId}@x`, role: 'operator' as const }
        : undefined;
      const m = message({ room_id: roomId, content, sender_id: viewerId, created_at: now, ...(sender && { sender }) });
      state.messages.push(m);
      return m;
    };
    if (method === 'GET' && path === '/api/chat/unread-count') return ok({ count: state.unread });
    if (method === 'GET' && path === '/api/chat/rooms') {
      // Like the server: user (id, login id or part of the name), status and unread filters, cursor pages.
      const q = url.searchParams;
      const user = q.get('user')?.toLowerCase();
      const cursorOf = (r: ChatRoomDto) => `${r.last_message_at ?? r.updated_at}#${r.id}`;
      const matching = state.rooms.filter(
        (r) =>
          (!q.get('status') || r.status === q.get('status')) &&
          (q.get('unread') !== 'true' || r.unread_count > 0) &&
          (!user || r.user_id === user || r.user_email.split('@')[0] === user || r.user_name.includes(user)),
      );
      const start = q.get('cursor') ? matching.findIndex((r) => cursorOf(r) === q.get('cursor')) + 1 : 0;
      const limit = Number(q.get('limit') ?? 200);
      const items = matching.slice(start, start + limit);
      const status = q.get('status');
      return ok({
        items,
        totals: {
          rooms: state.rooms.filter((r) => !status || r.status === status).length,
          unread: state.rooms.reduce((s, r) => s + r.unread_count, 0),
        },
        ...(start + limit < matching.length ? { nextCursor: cursorOf(items.at(-1)!) } : {}),
      });
    }
    if (method === 'POST' && path === '/api/chat/messages') {
      if (state.failNextSends > 0) {
        state.failNextSends -= 1;
        return fail(500, 'INTERNAL', '서버 오류가 발생했습니다.');
      }
      const r = room({ id: 'r-new', last_message: body.content, last_message_at: now });
      state.rooms.push(r);
      return ok({ room: r, message: store(r.id, body.content) }, 201);
    }
    if (method === 'GET' && path === '/api/chat/canned-replies') return ok({ items: state.canned });
    if (method === 'PUT' && path === '/api/chat/canned-replies') {
      state.canned = body.items.map((x: CannedReply, i: number) => ({ ...x, id: x.id ?? `c-new-${i}` }));
      return ok({ items: state.canned });
    }
    const byRoom = path.match(/^\/api\/chat\/rooms\/([^/]+)\/(messages|read|status|context)$/);
    if (byRoom) {
      const [, roomId, op] = byRoom;
      const r = state.rooms.find((x) => x.id === roomId);
      if (!r) return fail(404, 'NOT_FOUND', '채팅방을 찾을 수 없습니다.');
      if (op === 'messages' && method === 'GET') {
        const after = url.searchParams.get('after');
        const limit = Number(url.searchParams.get('limit') ?? 50);
        const all = state.messages.filter((x) => x.room_id === roomId).sort((a, b) => (a.id < b.id ? -1 : 1));
        const items = (after ? all.filter((x) => x.id > after) : all).slice(-limit);
        return ok({ items, hasMore: false });
      }
      if (op === 'messages' && method === 'POST') {
        if (state.failNextSends > 0) {
          state.failNextSends -= 1;
          return fail(500, 'INTERNAL', '서버 오류가 발생했습니다.');
        }
        return ok(store(roomId, body.content), 201);
      }
      if (op === 'read' && method === 'PUT') {
        r.unread_count = 0;
        state.unread = 0;
        return ok({ room_id: roomId, read_at: now, unread_count: 0 });
      }
      if (op === 'status' && method === 'PUT') {
        Object.assign(r, { status: body.status, updated_at: now });
        return ok({ ...r });
      }
      if (op === 'context' && method === 'GET' && init.context) return ok(init.context);
    }
    return fail(404, 'NOT_FOUND', '없음');
  });
  return {
    state,
    spy,
    callsTo: (prefix: string) => state.calls.filter((c) => c.startsWith(prefix)),
  };
}

/** Signs an account in (in memory) with a token the socket can carry. */
export function signIn(id = 'u1', role: 'user' | 'operator' = 'user', fullName = '홍길동') {
  const exp = Math.floor(Date.now() / 1000) + 900;
  const accessToken = `h.${btoa(JSON.stringify({ sub: id, exp })).replace(/=+$/, '')}.s`;
  applyAuthSession({
    user: {
      id,
      email: `${id}@x`,
      role,
      fullName,
      phone: null,
      status: 'active',
      isActive: true,
      permissions: [],
      createdAt: '',
      updatedAt: '',
      lastLoginAt: null,
    },
    tokens: { accessToken },
    actingAs: null,
  } as unknown as AuthSession);
  return accessToken;
}

import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#shared/schemas/chat';
import { roleBadge, senderName } from './chat-format';

/** How a chat message's sender reads in the panel and the inbox. */
const message = (type: ChatMessageDto['type'], sender: Partial<ChatMessageDto['sender']>): ChatMessageDto => ({
  id: 'm1',
  room_id: 'r1',
  sender_id: type === 'normal' ? 'u1' : null,
  sender: { name: '', email: '', role: type === 'normal' ? 'user' : 'system', ...sender },
  type,
  content: '안녕하세요',
  created_at: '2026-11-20T01:00:00.000Z',
  is_read: false,
});

describe('chat sender names and badges', () => {
  it("names system and auto-reply messages '시스템' and '자동 응답' unless they carry a name", () => {
    expect(senderName(message('system', {}))).toBe('시스템');
    expect(senderName(message('auto_reply', {}))).toBe('자동 응답');
    expect(senderName(message('auto_reply', { name: '영업시간 안내' }))).toBe('영업시간 안내');
  });

  it("names a person by name, then email, then 'Unknown'", () => {
    expect(senderName(message('normal', { name: '김광고', email: 'adv1' }))).toBe('김광고');
    expect(senderName(message('normal', { email: 'adv1' }))).toBe('adv1');
    expect(senderName(message('normal', {}))).toBe('Unknown');
  });

  it("badges admin and operator senders '관리자' / '운영자', and nobody else", () => {
    expect(roleBadge('admin')).toBe('관리자');
    expect(roleBadge('operator')).toBe('운영자');
    expect(roleBadge('user')).toBeNull();
    expect(roleBadge('system')).toBeNull();
  });
});

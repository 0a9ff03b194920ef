import type { ChatMessageDto, ChatRoomDto } from '#shared/schemas/chat';
import { chatMessages as m } from '#shared/messages/chat';

/** Chat times and days in Korean, in KST. */
const KST = 'Asia/Seoul';
const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: KST,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dayLabelFormat = new Intl.DateTimeFormat('ko-KR', {
  timeZone: KST,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'long',
});
const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: KST,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const shortFormat = new Intl.DateTimeFormat('ko-KR', { timeZone: KST, month: 'numeric', day: 'numeric' });

/** yyyy-mm-dd of the KST day: one date divider per key. */
export const kstDayKey = (iso: string) => dayKeyFormat.format(new Date(iso));
/** '2026년 11월 25일 수요일'. */
export const dayLabel = (iso: string) => dayLabelFormat.format(new Date(iso));
/** '오후 3:05' (built by hand: some ICU builds print 'PM' for ko-KR). */
export function timeLabel(iso: string): string {
  const [hh, mm] = clockFormat.format(new Date(iso)).split(':').map(Number);
  const hour = hh % 12 === 0 ? 12 : hh % 12;
  return `${hh < 12 ? '오전' : '오후'} ${hour}:${String(mm).padStart(2, '0')}`;
}

/** A room list's time: the time today, else the month and day. */
export function roomTimeLabel(iso: string | null, now = new Date()): string {
  if (!iso) return '';
  return kstDayKey(iso) === kstDayKey(now.toISOString()) ? timeLabel(iso) : shortFormat.format(new Date(iso));
}

/** Operator console: previews are cut at 30 characters. */
const PREVIEW_LENGTH = 30;
export function preview(text: string | null, length = PREVIEW_LENGTH): string {
  if (!text) return '';
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : chars.join('');
}

/** Counts above 99 read '99+'. */
export const countBadge = (count: number) => (count > 99 ? '99+' : String(count));

/** System and auto-reply messages default their names; a normal sender falls back to the email, then 'Unknown'. */
export function senderName(message: ChatMessageDto): string {
  if (message.type === 'system') return message.sender.name || m.systemSender;
  if (message.type === 'auto_reply') return message.sender.name || m.autoReplySender;
  return message.sender.name || message.sender.email || m.unknownSender;
}

/** '관리자' / '운영자' for staff senders, nothing for users and the system. */
export const roleBadge = (role: string): string | null => m.roleBadges[role] ?? null;

/** Closed and archived rooms carry a badge; anything else is active. */
export const roomStatusOf = (room: Pick<ChatRoomDto, 'status'>) =>
  room.status === 'closed' || room.status === 'archived' ? room.status : 'active';

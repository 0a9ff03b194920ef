import { ulid } from 'ulid';
import type { CannedRepliesBody, CannedRepliesResult, CannedReply } from '#shared/schemas/chat';
import { chatCannedRepliesStore } from '../../storage/chat/canned-replies';
import type { Caller } from '../auth/tokens';

/**
 * The operators' canned replies (the product's own addition): one list shared by every operator. While
 * the stored list is empty (or was never saved), a few polite Korean defaults are offered (not stored).
 */
const defaultCannedReplies: CannedReply[] = [
  {
    id: 'default-greeting',
    title: '인사',
    content: '안녕하세요, 고객님. 문의해주셔서 감사합니다. 무엇을 도와드릴까요?',
  },
  { id: 'default-checking', title: '확인 중', content: '확인 후 바로 안내드리겠습니다. 잠시만 기다려주세요.' },
  {
    id: 'default-charge',
    title: '충전 안내',
    content: '입금 확인 후 캐시가 충전됩니다. 입금자명과 금액을 한 번 더 확인해주세요.',
  },
  {
    id: 'default-slot',
    title: '슬롯 승인 안내',
    content: '등록하신 슬롯은 운영자 확인 후 승인됩니다. 승인되면 알림으로 알려드리겠습니다.',
  },
  {
    id: 'default-closing',
    title: '마무리',
    content: '더 궁금하신 점이 있으시면 언제든지 문의해주세요. 좋은 하루 보내세요!',
  },
];

export async function listCannedReplies(): Promise<CannedRepliesResult> {
  const stored = await chatCannedRepliesStore.cannedReplies();
  return { items: stored?.length ? stored : defaultCannedReplies };
}

/** Replaces the whole list; saving an empty list brings the defaults back. */
export async function saveCannedReplies(caller: Caller, body: CannedRepliesBody): Promise<CannedRepliesResult> {
  const seen = new Set<string>();
  const items = body.items.map((item) => {
    // A new item, or a pasted duplicate id, gets a fresh id: ids stay unique for the inbox's keys.
    const id = item.id && !seen.has(item.id) ? item.id : ulid();
    seen.add(id);
    return { id, title: item.title, content: item.content };
  });
  await chatCannedRepliesStore.saveCannedReplies(items, caller.userId, new Date().toISOString());
  return { items: items.length ? items : defaultCannedReplies };
}

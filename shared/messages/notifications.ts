import { recipientLabels } from './notification-labels';

/** Notifications: the operator's send form's and the API's Korean texts. */
export const notificationMessages = {
  titleAndMessageRequired: '제목과 내용을 입력해주세요.',
  recipientsRequired: '알림을 받을 사용자를 선택해주세요.',
  durationRange: '표시 시간은 1초에서 30초 사이(1초 단위)여야 합니다.',
  notFound: '알림을 찾을 수 없습니다.',
  sendFailed: '알림 발송에 실패했습니다.',
  sent: '알림이 성공적으로 발송되었습니다.',
  empty: '알림이 없습니다',
  justNow: '방금 전',
  recipientNotUser: '일반 사용자 계정에만 알림을 보낼 수 있습니다. 받는 사람을 다시 확인해주세요.',
  tooManyRecipients: (max: number) => `받는 사람은 한 번에 최대 ${max}명까지 선택할 수 있습니다.`,
  titleTooLong: (max: number) => `제목은 ${max}자 이하로 입력해주세요.`,
  messageTooLong: (max: number) => `내용은 ${max}자 이하로 입력해주세요.`,
  typeInvalid: '알림 종류가 올바르지 않습니다.',
  testThrottled: '테스트 알림을 너무 자주 보냈습니다. 잠시 후 다시 시도해주세요.',
  cursorInvalid: '페이지 커서가 올바르지 않습니다.',
  dateInvalid: '날짜는 YYYY-MM-DD 형식으로 입력해주세요.',
  /** recipient_label of a broadcast and of a multi-recipient send in the operator history. */
  allUsersLabel: recipientLabels.all,
  recipientsLabel: recipientLabels.count,
  /** Default texts of POST /api/notifications/test when the body leaves them out. */
  testTitle: '테스트 알림',
  testMessage: '알림이 정상적으로 도착했습니다.',
  /** The user's notification config card: how its choices meet the operator's defaults. */
  configScope:
    '이 브라우저에만 저장됩니다. 직접 고르지 않은 표시 시간은 운영자 기본값을 따르고, 운영자가 끈 알림·알림음은 켤 수 없습니다.',
  configDefault: '기본',
} as const;

import type { BadgeTone } from '@/components/ui/badge';
import type { NotificationPriority, NotificationSender, NotificationType } from '#shared/schemas/notifications';

/** The operator pages' Korean names for the notification enums. */
export const notificationTypeLabels: Record<NotificationType, string> = {
  info: '정보',
  success: '성공',
  warning: '경고',
  error: '오류',
  promotion: '프로모션',
  custom: '사용자 정의',
};

/** The send form's order: the five common kinds first, 'custom' last. */
export const sendableTypes: NotificationType[] = ['info', 'success', 'warning', 'error', 'promotion', 'custom'];

export const notificationTypeTones: Record<NotificationType, BadgeTone> = {
  info: 'primary',
  success: 'success',
  warning: 'warning',
  error: 'danger',
  promotion: 'primary',
  custom: 'neutral',
};

export const senderLabels: Record<NotificationSender, string> = {
  system: '시스템',
  operator: '운영자',
  developer: '개발자',
};

export const priorityLabels: Record<NotificationPriority, string> = { normal: '보통', high: '높음' };

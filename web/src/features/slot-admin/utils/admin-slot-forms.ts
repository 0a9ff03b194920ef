import { built, z } from '#shared/zod';
import { approveSlotSchema } from '#shared/schemas/slots';
import { refundFormSchema } from '#shared/schemas/slot-admin';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import { slotMessages } from '#shared/messages/slots';
import { isKstDay } from '#shared/kst';

/**
 * The operator modals' form rules, taken from the schemas the server parses (approve price > 0,
 * reject and refund reasons required) so the form and the API refuse the same input.
 */
const [approveShape, rejectShape] = built(approveSlotSchema).def.options;
export const approvePriceSchema = z.object({ approvedPrice: approveShape.shape.approvedPrice.def.innerType });
export const rejectReasonSchema = z.object({ rejectionReason: rejectShape.shape.rejectionReason });
export { refundFormSchema };

/** The edit modal's period: both KST days or blank, end not before start. */
export const periodSchema = z.object({ startDate: z.string(), endDate: z.string() }).check(
  z.superRefine((v, ctx) => {
    for (const key of ['startDate', 'endDate'] as const) {
      if (v[key] && !isKstDay(v[key])) ctx.addIssue({ code: 'custom', path: [key], message: slotMessages.dateFormat });
    }
    if (v.startDate && v.endDate && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: slotMessages.dateOrder });
  }),
);

/** The first message of a failed parse (the modals show one line). */
export const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? slotAdminMessages.saveError;

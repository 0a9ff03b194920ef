import { addKstDays } from '#shared/kst';
import { allocationMessages } from '#shared/messages/slot-allocations';
import {
  ALLOCATION_MAX_SLOTS,
  ALLOCATION_MODAL_MAX_SLOTS,
  TEST_SLOT_DAYS,
  allocationSchemaWithMax,
  type AllocateSlotsInput,
} from '#shared/schemas/slot-allocations';

/**
 * The two allocation dialogs: the user-management one allows 1000 slots (the server's ceiling) and
 * 1/3/7/10/30 days (default 10); the slot-list modal keeps its 100 cap and message and 1/7/10/30
 * (default 7). See 'Pre-allocation counts and durations' in docs/decisions.md.
 */
export type AllocationVariant = 'user' | 'modal';

export const allocationVariants = {
  user: {
    max: ALLOCATION_MAX_SLOTS,
    maxMessage: allocationMessages.slotCountMax,
    durations: [1, 3, 7, 10, 30],
    defaultDays: 10,
  },
  modal: {
    max: ALLOCATION_MODAL_MAX_SLOTS,
    maxMessage: allocationMessages.slotCountModalMax,
    durations: [1, 7, 10, 30],
    defaultDays: 7,
  },
} as const satisfies Record<
  AllocationVariant,
  { max: number; maxMessage: string; durations: readonly number[]; defaultDays: number }
>;

/** The server's schema with the variant's ceiling: the dialog says what the server would. */
export const allocationSchemaFor = (variant: AllocationVariant) =>
  allocationSchemaWithMax(allocationVariants[variant].max, allocationVariants[variant].maxMessage);

/** What the dialog's inputs hold (strings from the inputs, the chosen duration in days). */
export interface AllocationFormValues {
  slotCount: string;
  startDate: string;
  days: number;
  workCount: string;
  amount: string;
  description: string;
  isTest: boolean;
}

/** End dates are inclusive: N days from the start end on start + N − 1; a test slot runs 3 days. */
export function endDateOf(values: Pick<AllocationFormValues, 'startDate' | 'days' | 'isTest'>): string {
  if (!values.startDate) return '';
  return addKstDays(values.startDate, (values.isTest ? TEST_SLOT_DAYS : values.days) - 1);
}

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text.replaceAll(',', '')));

export function toAllocationPayload(values: AllocationFormValues): AllocateSlotsInput {
  return {
    slotCount: Number(values.slotCount),
    startDate: values.startDate,
    endDate: endDateOf(values),
    workCount: numberOrUndefined(values.workCount),
    amount: values.isTest ? 0 : numberOrUndefined(values.amount),
    description: values.description.trim() || undefined,
    isTest: values.isTest,
  };
}

/** How a send names its recipients in the operator history (kept apart: every feature's send writes one). */
export const recipientLabels = {
  all: '전체 사용자',
  count: (count: number) => `${count}명`,
} as const;

/** The operator slot screen's name depends on the operation mode. */
export const adminSlotsTitle = (mode: string) => (mode === 'pre-allocation' ? '슬롯 관리' : '슬롯 승인');

import { createContext, useContext } from 'react';

/**
 * Opens the cash charge: the dialog when cashChargeMode is modal, the /cash/charge page when it is
 * page. The app provides it (CashChargeProvider) around the layout, so the sidebar's 캐시충전 button
 * and any page can call it.
 */
export interface CashChargeControl {
  openCharge: () => void;
}

export const CashChargeContext = createContext<CashChargeControl | null>(null);

export function useCashCharge(): CashChargeControl {
  const control = useContext(CashChargeContext);
  if (!control) throw new Error('useCashCharge needs <CashChargeProvider> above it');
  return control;
}

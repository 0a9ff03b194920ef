import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAppSettings } from '@/lib/app-settings';
import { CashChargeContext } from '../hooks/use-cash-charge';
import { CashChargeModal } from './cash-charge-modal';

/** Provides `useCashCharge().openCharge` and renders the charge dialog in modal mode. */
export function CashChargeProvider({ children }: { children: ReactNode }) {
  const { cashChargeMode } = useAppSettings();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const openCharge = useCallback(() => {
    if (cashChargeMode === 'page') navigate('/cash/charge');
    else setOpen(true);
  }, [cashChargeMode, navigate]);
  const value = useMemo(() => ({ openCharge }), [openCharge]);
  return (
    <CashChargeContext.Provider value={value}>
      {children}
      <CashChargeModal open={open} onClose={() => setOpen(false)} />
    </CashChargeContext.Provider>
  );
}

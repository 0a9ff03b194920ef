import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAppSettings } from '@/lib/app-settings';
import { CashChargeContext } from '../hooks/use-cash-charge';

// The dialog (a form: react-hook-form and zod) loads when first opened, not with every page's shell.
const CashChargeModal = lazy(() => import('./cash-charge-modal').then((m) => ({ default: m.CashChargeModal })));

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
      {open && (
        <Suspense fallback={null}>
          <CashChargeModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </CashChargeContext.Provider>
  );
}

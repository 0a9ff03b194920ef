import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setSessionEndedHandler } from '@/lib/api-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(() => {
    const created = createAppRouter();
    // The HTTP client's forced sign-out becomes a client-side navigation (no reload, no refetch).
    setSessionEndedHandler(() => void created.navigate('/login', { replace: true }));
    return created;
  });
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app';
import { restoreSession } from '@/features/auth/api/refresh';

// The session comes back from the refresh cookie while the page's code downloads, not after the
// first render: every signed-in page's first data request waits for this answer.
void restoreSession();

// The first render is a transition: React renders it in slices the browser can paint between, where a
// plain render holds a phone's main thread until the whole page is built.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

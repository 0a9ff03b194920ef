import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app';
import { restoreSession } from '@/features/auth/api/refresh';

// The session comes back from the refresh cookie while the page's code downloads, not after the
// first render: every signed-in page's first data request waits for this answer.
void restoreSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

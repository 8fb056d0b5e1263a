import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import './index.css';

const root = createRoot(document.getElementById('root')!);
// As a transition the first render runs in slices of a few milliseconds, yielding to the
// browser in between, instead of one long task that freezes a slow phone while it starts.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});

// The built app's service worker (offline shell, push): in dev there is none to register.
if (import.meta.env.PROD) registerServiceWorker();

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
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

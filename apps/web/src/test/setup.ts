import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy routes load their chunk on first render; on a busy 2-core CI machine that can take
// longer than the default 1 s of findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll (and says so on every call): the shell moves the window on each new screen.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

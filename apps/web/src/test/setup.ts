import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy and waitFor give up after 1 s by default; on a 2-core CI machine running the API tests beside these, a
// screen's lazy chunk or a mocked answer's render has been seen to take longer. A check that holds returns as soon
// as it does, so only a failing one waits the longer time.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom lays nothing out, so it has no scrollIntoView; the app calls it when moving focus to a field.
Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  vi.unstubAllGlobals();
});

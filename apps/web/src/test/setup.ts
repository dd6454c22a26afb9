import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom lays nothing out, so it has no scrollIntoView; the app calls it when moving focus to a field.
Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  vi.unstubAllGlobals();
});

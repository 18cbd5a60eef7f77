import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setAuthNotice } from '../lib/auth';

// jsdom lacks a few browser APIs Mantine and the layout use. They are defined directly (not with
// vi.stubGlobal) so that tests can call vi.unstubAllGlobals() without losing them.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

// Mantine's autosizing Textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: {
      addEventListener: () => {},
      removeEventListener: () => {},
      ready: Promise.resolve(),
    },
  });
}

Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: vi.fn() });
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  setAuthNotice(null);
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

import { describe, expect, it } from 'vitest';
import { chunkFailureAction, isCheckoutPath, isChunkLoadError } from './reload-rules';

const OLD = 'https://shop.example/assets/app-OLD.js';
const NEW = 'https://shop.example/assets/app-NEW.js';

describe('a missing chunk reloads the page once per build', () => {
  it('reloads the first time a build misses a file', () => {
    expect(chunkFailureAction({ build: OLD, reloadedFor: null, busy: false, online: true })).toBe('reload');
  });

  it('stays (the route error page) when the tab already reloaded for this same build', () => {
    expect(chunkFailureAction({ build: OLD, reloadedFor: OLD, busy: false, online: true })).toBe('stay');
  });

  it('reloads again after the reload brought a newer build that misses a file in turn', () => {
    expect(chunkFailureAction({ build: NEW, reloadedFor: OLD, busy: false, online: true })).toBe('reload');
  });

  it('never reloads without signal: the file failed for want of it, not for a newer build', () => {
    expect(chunkFailureAction({ build: OLD, reloadedFor: null, busy: false, online: false })).toBe('stay');
  });

  it('never reloads during checkout or while the outbox sends', () => {
    expect(chunkFailureAction({ build: OLD, reloadedFor: null, busy: true, online: true })).toBe('stay');
  });
});

describe('checkout pages', () => {
  it.each(['/checkout/addresses', '/checkout/summary', '/order-created', '/payments/pay-now/abc', '/checkout'])('%s is checkout', (path) => {
    expect(isCheckoutPath(path)).toBe(true);
  });

  it.each(['/', '/cart', '/checkouts', '/order-paid', '/panel/client/orders', '/product/ford/focus/alternator/P0012001'])('%s is not', (path) => {
    expect(isCheckoutPath(path)).toBe(false);
  });
});

describe('which errors are a missing chunk', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://shop.example/assets/loyalty-program-x.js',
    'error loading dynamically imported module: https://shop.example/assets/x.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/index-x.css',
  ])('%s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('not an API or programming error, nor a value that is not an Error', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

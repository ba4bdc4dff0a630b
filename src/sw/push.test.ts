import { describe, expect, it } from 'vitest';
import { notificationTarget, readPushMessage } from './push';

describe('the shop’s push payload', () => {
  it('reads title, body, url and tag', () => {
    expect(readPushMessage('{"title":"New parts for 2012 Ford Focus","body":"Alternator £79.99","url":"/product/ford/focus/alternator/P0012001","tag":"alert-3"}')).toEqual({
      title: 'New parts for 2012 Ford Focus',
      body: 'Alternator £79.99',
      url: '/product/ford/focus/alternator/P0012001',
      tag: 'alert-3',
    });
    expect(readPushMessage('{"title":"Order 12 paid","url":"/panel/client/orders"}')).toEqual({ title: 'Order 12 paid', body: '', url: '/panel/client/orders', tag: undefined });
  });

  it('refuses anything else', () => {
    expect(readPushMessage(null)).toBeNull();
    expect(readPushMessage('not json')).toBeNull();
    expect(readPushMessage('{"body":"no title"}')).toBeNull();
    expect(readPushMessage('[1]')).toBeNull();
  });
});

describe('where a notification opens', () => {
  const origin = 'https://shop.example';
  it('opens paths and addresses of the shop', () => {
    expect(notificationTarget('/product/x/P0012001', origin)).toBe('https://shop.example/product/x/P0012001');
    expect(notificationTarget('https://shop.example/panel/client/orders', origin)).toBe('https://shop.example/panel/client/orders');
  });

  it('never leaves the shop', () => {
    expect(notificationTarget('https://evil.example/phish', origin)).toBe('https://shop.example/');
    expect(notificationTarget('//evil.example/x', origin)).toBe('https://shop.example/');
    expect(notificationTarget(42, origin)).toBe('https://shop.example/');
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('renders a submit button disabled in the server’s markup, so a tap before hydration cannot send its form as a GET', () => {
    const html = renderToStaticMarkup(
      <form aria-label="Change password">
        <input name="current_password" type="password" />
        <Button type="submit">Change password</Button>
      </form>,
    );
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Change password<\/button>/);
  });

  it('leaves other buttons as they are asked to be', () => {
    expect(renderToStaticMarkup(<Button>Open</Button>)).toMatch(/<button type="button" class="[^"]*">Open<\/button>/);
    expect(renderToStaticMarkup(<Button disabled>Open</Button>)).toMatch(/<button type="button" disabled=""/);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { EmailInput, FormNotice, NameFields, SendButton } from './form-parts';

const register = <N extends string>(name: N): UseFormRegisterReturn<N> => ({ name, onChange: async () => undefined, onBlur: async () => undefined, ref: () => undefined });

/** The attributes of the input named `name`. */
function input(html: string, name: string): Record<string, string> {
  const tag = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]?.toLowerCase(), match[2]]));
}

describe('product form parts', () => {
  it('labels the name fields and fills them in from the browser', () => {
    const html = renderToStaticMarkup(<NameFields first={register('first_name')} last={register('last_name')} errors={{}} />);
    const first = input(html, 'first_name');
    const last = input(html, 'last_name');
    expect(html).toMatch(new RegExp(`<label[^>]*for="${first.id}"[^>]*>First name</label>`));
    expect(html).toMatch(new RegExp(`<label[^>]*for="${last.id}"[^>]*>Last name</label>`));
    expect([first.autocomplete, last.autocomplete]).toEqual(['given-name', 'family-name']);
    expect(first['aria-invalid']).toBe('false');
    expect(first['aria-describedby']).toBeUndefined();
  });

  it("shows a field's error under it and ties it to the field", () => {
    const html = renderToStaticMarkup(<NameFields first={register('first_name')} last={register('last_name')} errors={{ last_name: { type: 'server', message: 'Please enter your last name.' } }} />);
    const last = input(html, 'last_name');
    expect(last['aria-invalid']).toBe('true');
    expect(html).toMatch(new RegExp(`id="${last['aria-describedby']}"[^>]*>Please enter your last name.<`));
    expect(input(html, 'first_name')['aria-invalid']).toBe('false');
  });

  it('asks for the email as an email address, under the name the form gives it', () => {
    const html = renderToStaticMarkup(<EmailInput error="Please enter a valid email address." {...register('email_address')} />);
    const email = input(html, 'email_address');
    expect(email).toMatchObject({ type: 'email', autocomplete: 'email', inputmode: 'email', 'aria-invalid': 'true' });
    expect(html).toMatch(new RegExp(`<label[^>]*for="${email.id}"[^>]*>Email</label>`));
    expect(html).toMatch(new RegExp(`id="${email['aria-describedby']}"[^>]*>Please enter a valid email address.<`));
  });

  it("announces the server's notice, and nothing without one", () => {
    expect(renderToStaticMarkup(<FormNotice notice="Please check the form." />)).toMatch(/<p class="[^"]*" role="alert">Please check the form.<\/p>/);
    expect(renderToStaticMarkup(<FormNotice notice={null} />)).toBe('');
  });

  it('says the form is being sent, and refuses a second press meanwhile', () => {
    expect(renderToStaticMarkup(<SendButton working={false}>Notify me</SendButton>)).toMatch(/type="submit"[^>]*>Notify me</);
    const working = renderToStaticMarkup(<SendButton working>Notify me</SendButton>);
    expect(working).toContain('aria-disabled="true"');
    expect(working).toContain('Sending…');
  });
});

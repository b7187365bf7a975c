import { languages } from '@bottega/contracts/common';
import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMail } from './mail';

const params = { name: 'Sara', link: 'https://bottega.example/reset-password?token=abc_123', minutes: 60 };

describe('renderMail', () => {
  it.each(languages)('writes the password-reset mail in %s, text and HTML, with nothing left untranslated', (lng) => {
    const mail = renderMail('passwordReset', lng, params);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/\{\{|mail:(layout|passwordReset)/);
    }
    expect(mail.text).toContain('Sara');
    expect(mail.text).toContain(params.link);
    expect(mail.text).toContain('60');
    expect(mail.html).toContain(`href="${params.link}"`);
    expect(mail.html).toContain(`lang="${lng}" dir="${lng === 'ar' ? 'rtl' : 'ltr'}"`);
  });

  it('says it in the recipient language', () => {
    expect(renderMail('passwordReset', 'it', params).subject).toBe('Reimposta la password di Bottega');
    expect(renderMail('passwordReset', 'de', params).subject).toBe('Bottega-Passwort zurücksetzen');
    expect(renderMail('passwordReset', 'ar', params).text).toContain('مرحبًا Sara،');
  });

  it('escapes every parameter in the HTML and leaves the text as typed', () => {
    const mail = renderMail('passwordReset', 'it', { ...params, name: '<img src=x onerror=alert(1)> & "co"' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Ciao &lt;img src=x onerror=alert(1)&gt; &amp; &quot;co&quot;,');
    expect(mail.text).toContain('Ciao <img src=x onerror=alert(1)> & "co",');
  });

  it('makes a button only of web links', () => {
    const mail = renderMail('passwordReset', 'it', { ...params, link: 'javascript:alert(1)' });
    expect(mail.html).not.toContain('href="javascript');
    expect(mail.html).toContain('Reimposta la password: javascript:alert(1)');
    const quoted = renderMail('passwordReset', 'it', { ...params, link: 'https://x.example/?a="b"&c=<d>' });
    expect(quoted.html).toContain('href="https://x.example/?a=&quot;b&quot;&amp;c=&lt;d&gt;"');
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

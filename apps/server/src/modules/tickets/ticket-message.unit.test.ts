import { describe, expect, it } from 'vitest';
import { sanitiseTicketMessage } from './ticket-message';

describe('a ticket message', () => {
  it('keeps paragraphs, emphasis, lists and quotes, and gives their text', () => {
    const html = '<p>La <strong>cassa 2</strong> &amp; la <em>3</em>:</p><ul><li>uno</li><li>due</li></ul>';
    expect(sanitiseTicketMessage(html)).toEqual({ body: html, text: 'La cassa 2 & la 3: uno due' });
  });

  it('drops scripts, styles, event attributes, images and frames', () => {
    const { body, text } = sanitiseTicketMessage(
      '<p onclick="steal()" style="color:red">Ciao<script>alert(1)</script></p><img src="x" onerror="steal()">' +
        '<iframe src="https://evil.example"></iframe><style>p{}</style>',
    );
    expect(body).toBe('<p>Ciao</p>');
    expect(text).toBe('Ciao');
  });

  it('keeps links to web and mail addresses only, opening apart and telling nothing of where they came from', () => {
    expect(sanitiseTicketMessage('<a href="https://example.com" target="_self" rel="opener">guida</a>').body).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">guida</a>',
    );
    expect(sanitiseTicketMessage('<a href="javascript:alert(1)">x</a>').body).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitiseTicketMessage('<a href="mailto:it@bottega.example">IT</a>').body).toContain('href="mailto:');
  });

  it('has no text when only markup is left, and escapes what was typed as text', () => {
    expect(sanitiseTicketMessage('<p> </p><script>x</script>').text).toBe('');
    expect(sanitiseTicketMessage('a < b').body).toBe('a &lt; b');
  });
});

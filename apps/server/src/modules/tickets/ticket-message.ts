// A ticket message is formatted text (the web's editor writes HTML). It is stored sanitised, so the conversation can
// be shown and printed as it is: sanitize-html (maintained, an allowlist over a real HTML parser, htmlparser2, so
// malformed markup cannot slip a tag past it) keeps paragraphs, emphasis, lists, quotes, code and links to web or
// mail addresses, and drops everything else — scripts, styles, event attributes, images by URL.
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a'],
  // target and rel are always the transform's below (it overrides whatever the message said).
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link opens apart from the app and tells the other site nothing of where it came from.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};
const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&nbsp;': ' ' };

/**
 * The message as stored (sanitised HTML) and its plain text (for search, and to tell an empty message: one whose
 * markup holds no text at all is refused by the caller).
 */
export function sanitiseTicketMessage(html: string): { body: string; text: string } {
  const body = sanitizeHtml(html, options).trim();
  const text = sanitizeHtml(body.replace(/<(br|\/p|\/li|\/blockquote|\/pre)\b[^>]*>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(amp|lt|gt|quot|nbsp);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  return { body, text };
}

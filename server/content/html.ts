/**
 * The one sanitiser of operator HTML (pages, pop-ups, notifications, bonus texts): sanitize-html
 * with an allow-list of text markup. No script, style, event handler, frame or form survives;
 * links keep http(s), mailto and tel and open safely; images only from this site (/media/, /site/,
 * /banners/) or https. The app renders the stored HTML as it is, so this is where XSS stops.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'mark',
    'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption', 'span', 'div',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'code', 'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that leaves the app opens apart from it, without access to its window.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...(attribs.target === '_blank' || /^https?:/i.test(attribs.href ?? '') ? { target: '_blank', rel: 'noopener noreferrer' } : {}) } }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(\/(media|site|banners)\/[\w./-]+|https:\/\/[^\s"'<>]+)$/.test(frame.attribs.src ?? ''),
};

/** The operator's HTML made safe to render as it is. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

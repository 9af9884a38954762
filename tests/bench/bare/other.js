import { createElement as h } from 'react';

/** The bare page's lazy route. */
export default function Other() {
  return h('main', null, h('h1', null, 'Diğer sayfa'));
}

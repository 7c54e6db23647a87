import type { Plugin } from 'vite';

/**
 * Preloads the brand typeface (docs/design-system.md): the built page links its hashed Latin file in the
 * head, so the browser fetches it beside the style sheet instead of after it (no late swap on a first visit).
 */
export function fontPreload(pattern = /figtree-latin-wght-normal-[\w-]+\.woff2$/): Plugin {
  return {
    name: 'font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((fileName) => pattern.test(fileName));
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

import MarkdownIt from 'markdown-it';

/**
 * The one Markdown renderer of server and web app (DESIGN.md §2: markdown-it, HTML off). Two presets:
 * - `member`: what members write (posts, comments): paragraphs, line breaks, emphasis, lists, quotes,
 *   links. Links get rel="nofollow ugc noopener"; nothing else of HTML gets through.
 * - `page`: what the operator writes (legal pages, FAQ answers): the member set plus headings with
 *   stable anchors (`id`), horizontal rules and tables.
 * Raw HTML is always shown as text, and only http(s), mailto and tel links and same-site paths survive.
 */
export type MarkdownPreset = 'member' | 'page';

const memberRules = [
  'paragraph',
  'newline',
  'emphasis',
  'list',
  'blockquote',
  'link',
  'linkify',
  'autolink',
  'escape',
  'entity',
  'text_join',
];
const pageRules = [...memberRules, 'heading', 'lheading', 'hr', 'table', 'backticks'];

const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

/** Heading anchors that read well in German and English addresses (`/faq#kuendigen`). */
export function anchorOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

type Renderer = ReturnType<typeof MarkdownIt>;

function create(preset: MarkdownPreset): Renderer {
  const md = new MarkdownIt('zero', { html: false, linkify: true, breaks: true, typographer: false });
  md.enable(preset === 'member' ? memberRules : pageRules);
  md.validateLink = (url) => SAFE_LINK.test(url.trim());

  const defaultLinkOpen =
    md.renderer.rules.link_open ??
    ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const href = String(token.attrGet('href') ?? '');
    const external = /^(https?:)?\/\//i.test(href);
    if (preset === 'member') token.attrSet('rel', 'nofollow ugc noopener');
    else if (external) token.attrSet('rel', 'noopener');
    return defaultLinkOpen(tokens, idx, options, env, self);
  };

  if (preset === 'page') {
    md.core.ruler.push('heading_anchors', (state) => {
      const used = new Set<string>();
      state.tokens.forEach((token, i) => {
        if (token.type !== 'heading_open') return;
        const base = anchorOf(state.tokens[i + 1]?.content ?? '') || 'abschnitt';
        let id = base;
        for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
        used.add(id);
        token.attrSet('id', id);
      });
    });
  }
  return md;
}

const renderers: Partial<Record<MarkdownPreset, Renderer>> = {};

/** Markdown → safe HTML. The same input gives the same HTML on server and client. */
export function renderMarkdown(source: string, preset: MarkdownPreset = 'member'): string {
  renderers[preset] ??= create(preset);
  return renderers[preset].render(source);
}

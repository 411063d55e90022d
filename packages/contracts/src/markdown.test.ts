import { describe, expect, it } from 'vitest';
import { anchorOf, renderMarkdown } from './markdown.ts';

describe('member Markdown (posts, comments)', () => {
  it('renders paragraphs, line breaks, emphasis, lists and quotes', () => {
    expect(renderMarkdown('Ein *leiser* **Tag**\nzweite Zeile\n\n- eins\n- zwei\n\n> zitiert')).toBe(
      '<p>Ein <em>leiser</em> <strong>Tag</strong><br>\nzweite Zeile</p>\n' +
        '<ul>\n<li>eins</li>\n<li>zwei</li>\n</ul>\n<blockquote>\n<p>zitiert</p>\n</blockquote>\n',
    );
  });

  it('links get rel="nofollow ugc noopener"; bare addresses become links too', () => {
    expect(renderMarkdown('[Hilfe](https://www.telefonseelsorge.de) und https://example.org')).toBe(
      '<p><a href="https://www.telefonseelsorge.de" rel="nofollow ugc noopener">Hilfe</a> und ' +
        '<a href="https://example.org" rel="nofollow ugc noopener">https://example.org</a></p>\n',
    );
  });

  it('raw HTML is shown as text, never as markup', () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)> <b>fett</b>');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('javascript:, data: and vbscript: links are not links', () => {
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      expect(renderMarkdown(`[klick](${url})`), url).not.toContain('<a');
    }
    expect(renderMarkdown('[klick](//evil.example)')).not.toContain('<a');
  });

  it('headings, tables and images are not part of what members write', () => {
    const html = renderMarkdown('# Titel\n\n![bild](https://example.org/x.png)\n\n| a |\n|---|\n| b |');
    expect(html).not.toMatch(/<h1|<img|<table/);
  });
});

describe('page Markdown (legal pages, FAQ)', () => {
  it('headings get stable anchors, duplicates numbered', () => {
    expect(renderMarkdown('## Kündigen\n\ntext\n\n## Kündigen', 'page')).toBe(
      '<h2 id="kuendigen">Kündigen</h2>\n<p>text</p>\n<h2 id="kuendigen-2">Kündigen</h2>\n',
    );
  });

  it('same-site links stay plain; external ones get rel="noopener"; HTML stays text', () => {
    expect(renderMarkdown('[FAQ](/faq#kuendigen) [extern](https://example.org) <i>x</i>', 'page')).toBe(
      '<p><a href="/faq#kuendigen">FAQ</a> <a href="https://example.org" rel="noopener">extern</a> &lt;i&gt;x&lt;/i&gt;</p>\n',
    );
  });
});

describe('anchorOf', () => {
  it('folds German letters and punctuation into a readable anchor', () => {
    expect(anchorOf('Wie kann ich kündigen?')).toBe('wie-kann-ich-kuendigen');
    expect(anchorOf('Größe & Maß')).toBe('groesse-mass');
    expect(anchorOf('  ')).toBe('');
  });
});

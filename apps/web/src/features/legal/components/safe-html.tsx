/**
 * HTML the server rendered from Markdown with the one renderer of packages/contracts/src/markdown.ts
 * (HTML off, links filtered): the only place the legal feature puts HTML on screen.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by markdown.ts with raw HTML off
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

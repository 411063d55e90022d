import { cn } from '../../components/ui/cn.ts';

/**
 * A post's or comment's text as the API rendered it: the shared renderer (contracts markdown.ts,
 * preset `member`, HTML off, safe links only) made it, so this is the one place that inserts HTML.
 */
export function MemberText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-3 leading-relaxed break-words [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line-strong [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6',
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the shared renderer (see above)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

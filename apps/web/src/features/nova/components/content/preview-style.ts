/** Headings in the Markdown preview look like on the published page. */
export const PREVIEW =
  '[&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold';

import { useEffect } from 'react';

/**
 * react-style-singleton's API (which react-remove-scroll, under Radix's dialogs, uses to lock the page's
 * scrolling) without a <style> element: the CSP allows no inline style (style-src 'self'), so the rules go
 * into a constructed stylesheet adopted by the document, which the CSP does not govern. vite.config.ts
 * aliases the package to this module. Where a browser cannot construct stylesheets,
 * the rules are simply not applied (the dialog still works; only the page behind it may scroll).
 */
const adoptable = () =>
  typeof document !== 'undefined' &&
  'adoptedStyleSheets' in document &&
  typeof CSSStyleSheet !== 'undefined' &&
  'replaceSync' in CSSStyleSheet.prototype;

export const stylesheetSingleton = () => {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style: string) {
      if (counter === 0 && adoptable()) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter++;
    },
    remove() {
      counter--;
      if (!counter && sheet) {
        const gone = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== gone);
        sheet = null;
      }
    },
  };
};

export const styleHookSingleton = () => {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    // The package's own dependency rule: styles are added once, again only when dynamic ones change.
    // biome-ignore lint/correctness/useExhaustiveDependencies: the same rule as react-style-singleton's
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
    }, [styles && isDynamic]);
  };
};

export const styleSingleton = () => {
  const useStyle = styleHookSingleton();
  const Sheet = ({ styles, dynamic }: { styles: string; dynamic?: boolean }) => {
    useStyle(styles, dynamic);
    return null;
  };
  return Sheet;
};

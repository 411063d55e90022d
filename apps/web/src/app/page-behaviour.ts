import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router';
import { totalUnread, useChatStore } from '../domain/chat/chat-store.ts';
import { useAppConfig } from '../lib/config.ts';
import { i18n } from '../lib/i18n.ts';
import type { RouteMeta } from './route-meta.ts';

/** SPEC.md §2 Page behaviour: "<product> – <route title>", led by the unread count, e.g. "(2) …". */
export function pageTitle(appName: string, routeTitle: string, unread = 0): string {
  const title = routeTitle ? `${appName} – ${routeTitle}` : appName;
  return unread > 0 ? `(${unread}) ${title}` : title;
}

export function setCanonical(href: string, doc: Document = document) {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'canonical';
    doc.head.appendChild(link);
  }
  link.href = href;
}

/** The title of a screen (the i18n key in its feature's namespace) in a language. */
export const routeTitle = (meta: RouteMeta, lng: string) => i18n.t(meta.title, { lng });

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Title and canonical link after each navigation; scroll to top on flagged routes and when a new
 * screen opens; smooth scroll to the anchor on a reload with a hash; focus on the new page's
 * heading so screen readers announce it.
 */
export function usePageBehaviour(meta: RouteMeta | undefined) {
  const { language } = useTranslation().i18n;
  const { app_name } = useAppConfig();
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<{ name?: string; first: boolean }>({ first: true });
  const unread = useChatStore(totalUnread);

  useEffect(() => {
    document.title = pageTitle(app_name, meta ? routeTitle(meta, language) : '', unread);
  }, [app_name, meta, language, unread]);

  useEffect(() => {
    setCanonical(window.location.origin + location.pathname);
  }, [location.pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key)
  useEffect(() => {
    const state = previous.current;
    if (state.first) {
      state.first = false;
      state.name = meta?.name;
      if (location.hash) {
        const id = decodeURIComponent(location.hash.slice(1));
        // Wait a frame so the screen has rendered its anchors.
        requestAnimationFrame(() =>
          document
            .getElementById(id)
            ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' }),
        );
      }
      return;
    }
    const newScreen = state.name !== meta?.name;
    state.name = meta?.name;
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor)
      anchor.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    else if (navigationType !== 'POP' && (meta?.scrollToTop || newScreen)) window.scrollTo(0, 0);
    if (newScreen) document.querySelector<HTMLElement>('[data-page-heading]')?.focus({ preventScroll: true });
  }, [location.key]);
}

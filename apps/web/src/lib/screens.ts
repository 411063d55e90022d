import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@trostnetz/contracts/user';
import type { ComponentType } from 'react';

/** How a feature declares its screens (features/<name>/routes.ts); app/route-meta.ts lists the features. */
export type HeaderVariant = 'home' | 'settings' | 'chat';

/** What SPEC.md §2 says about a screen besides its path. */
export interface ScreenFlags {
  /** Open without login (SPEC.md §2, §6). */
  guest?: boolean;
  scrollToTop?: boolean;
  headerVariant?: HeaderVariant;
  /** Excluded from analytics (the verification link carries a personal signature). */
  notTracked?: boolean;
  /** Needs a finished questionnaire (its API answers onboarding_required before). */
  onboarded?: boolean;
  /**
   * Shown to a guest with the app shell's texts alone (lib/i18n.ts SHELL_NAMESPACES): the sign-in screens,
   * so that a first visit loads no other screen's words. Every other screen waits for all texts.
   */
  shellTexts?: boolean;
  /**
   * Reads only the shell's texts and HOME_NAMESPACES (locales/shell-namespaces.ts): the member's home
   * screen, which loads no other screen's words (issue 13).
   */
  homeTexts?: boolean;
}

type LoadComponent = () => Promise<ComponentType>;

export interface Screen extends ScreenFlags {
  /** SPEC.md §2 path, e.g. `/profile/:id`. */
  path: string;
  /** i18n key of the page title in the feature's own namespace, e.g. `watchlist:titles.watchlist`. */
  title: string;
  /** The screen, loaded when first opened. */
  component: LoadComponent;
  /** A frame around the screen, shared by the screens that name the same function (the /nova pages). */
  layout?: LoadComponent;
  /**
   * Starts the queries the screen shows first, while its code is still loading: called once the guard has
   * let the member in, never awaited. The screen then renders with its data rather than fetching it after
   * its first paint.
   */
  prefetch?: (client: QueryClient, member: User) => void;
}

/** A feature's screens by their SPEC.md §2 name. */
export const defineScreens = <const T extends Record<string, Screen>>(screens: T): T => screens;

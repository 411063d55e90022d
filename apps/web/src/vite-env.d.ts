/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Shares the session cookies across subdomains, e.g. `.trostnetz.example`. */
  readonly VITE_COOKIE_DOMAIN?: string;
}

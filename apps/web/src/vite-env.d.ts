/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_PAYSTACK_PUBLIC_KEY?: string;
  readonly VITE_PAYSTACK_INLINE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

interface Window {
  /** Written by the server's /env.js before the app starts (see index.html). */
  __RUWA_ENV__?: {
    apiUrl?: string;
    paystackPublicKey?: string;
    paystackInlineUrl?: string;
  };
}

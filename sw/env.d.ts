// The worker is built by Vite (vite-plugin-pwa injectManifest), which replaces import.meta.env.
// vite/client's types assume a window, so the part the worker needs is declared here.
interface ImportMetaEnv {
  readonly [key: string]: string | boolean | undefined;
  readonly MODE: string;
  readonly DEV: boolean;
  readonly PROD: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Version of the web build, compared with minAppVersion for force update. */
  readonly VITE_APP_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

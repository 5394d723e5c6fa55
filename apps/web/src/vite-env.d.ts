/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_DEMO_API_URL?: string;
  readonly VITE_UNIVERSITY_NAME?: string;
}

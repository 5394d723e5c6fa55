/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by vite.config.ts for the dev server only: the path it forwards to the student demo service. */
  readonly STUDENT_DEMO_PROXY?: string;
  readonly VITE_UNIVERSITY_NAME?: string;
}

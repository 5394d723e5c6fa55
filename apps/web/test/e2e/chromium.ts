/**
 * The switches every Chromium of the suite starts with (headless, no sandbox, nothing fetched on its own).
 */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A worker's API and student demo service. */
export interface E2EServer {
  baseUrl: string;
  demoUrl: string;
}

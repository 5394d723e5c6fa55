import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './app/router.tsx';
import { setUnauthorizedHandler } from './lib/api.ts';
import { queryClient } from './lib/query-client.ts';
import { endSession, registerSessionHandlers } from './lib/session.ts';
import { adoptTokenFromLocation } from './lib/token.ts';
import { startLanguage } from './lib/i18n.ts';
// Devanagari glyphs on machines without a Hindi font: fetched only when a page shows Devanagari
// (unicode-range).
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
import './styles.css';

// The remembered language (English unless Hindi was chosen) and <html lang>, before the first render.
startLanguage();

// Before the router reads the address: an old link's ?token= goes to storage and leaves the address bar.
adoptTokenFromLocation();

const router = createRouter();
registerSessionHandlers({
  navigate: (path) => void router.navigate(path, { replace: true }),
  clearCache: () => queryClient.clear(),
});
setUnauthorizedHandler(endSession);

// A transition lets React render the first screen in small slices instead of one long task that blocks input.
const root = createRoot(document.getElementById('app')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);

// The libraries the app is built on (Preact in React's place in the build, TanStack's router and
// query cache): imported by boot.tsx a task before the app's own code, and bundled in one chunk
// with what they import (vite.config.ts, firstPageChunks). Nothing imports these names from here:
// they only make each package a module of this part.

export { QueryClient, QueryClientProvider } from '@tanstack/react-query';
export { createBrowserHistory, RouterProvider } from '@tanstack/react-router';
export { createRoot, hydrateRoot } from 'react-dom/client';

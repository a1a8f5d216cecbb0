import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { seedCatalogPageData } from './features/catalog/lib/page-data';
import { connectionMonitor } from './features/connection/connection-monitor';
import { onNoResponse } from './lib/api-client';
import { readPageData } from './lib/page-data';
import './styles.css';

const queryClient = createQueryClient();
// The first screen's catalog data, served in the page: no API round trip before it paints.
seedCatalogPageData(queryClient, readPageData());
const router = createAppRouter({ queryClient });

// The connection test runs at start-up and again whenever a request gets no answer.
onNoResponse(() => void connectionMonitor.check());
connectionMonitor.start();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders router={router} queryClient={queryClient} />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../index.css';
import { createQueryClient } from '../lib/session';
import { readSsrState, seedQueries } from '../lib/ssr-state';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const client = createQueryClient();
// The home and job pages come rendered from the server (apps/server/src/modules/pages): the browser seeds its
// cache with the answers they were rendered from and takes the HTML over; every other page renders here.
const state = readSsrState(document);
if (state) {
  seedQueries(client, state);
  hydrateRoot(
    container,
    <StrictMode>
      <App client={client} locale={state.locale} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App client={client} />
    </StrictMode>,
  );
}

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../index.css';
import { createI18n, loadMessages, setAppI18n } from '../lib/i18n';
import { applyDocumentLanguage, initialLanguage } from '../lib/language';
import { createQueryClient } from '../lib/session';
import { readSsrState, seedQueries } from '../lib/ssr-state';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const client = createQueryClient();
// The home and job pages come rendered from the server (apps/server/src/modules/pages): the browser seeds its
// cache with the answers they were rendered from and takes the HTML over; every other page renders here.
const state = readSsrState(document);
// The page's language is known before the first render, and its catalogue loaded: the hydrated app says exactly
// what the server's HTML says, with no flash of English.
const language = initialLanguage(document, state?.language);
applyDocumentLanguage(document, language);
void loadMessages(language).then((messages) => {
  const i18n = createI18n(language, messages);
  setAppI18n(i18n);
  if (state) {
    seedQueries(client, state);
    hydrateRoot(
      container,
      <StrictMode>
        <App client={client} i18n={i18n} locale={state.locale} />
      </StrictMode>,
    );
  } else {
    createRoot(container).render(
      <StrictMode>
        <App client={client} i18n={i18n} />
      </StrictMode>,
    );
  }
});

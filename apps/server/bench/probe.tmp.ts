import { buildTestApp, signUpAndSignIn } from '../test/helpers.js';
import { loadJobs, postCorpus } from '../test/support/relevance-corpus.js';
const app = await buildTestApp('pglite');
const poster = await signUpAndSignIn(app.app, { name: 'P' });
await postCorpus(app.app, poster.cookie, loadJobs());
for (const spec of process.argv.slice(2)) {
  const [q, where] = spec.split('|');
  const qs = new URLSearchParams(); if (q) qs.set('q', q); if (where) qs.set('where', where);
  const res = await app.app.inject({ url: `/api/job/search?${qs}` });
  const body = res.json();
  console.log(`== ${spec} -> ${res.statusCode} total=${body.total}`);
  for (const j of (body.items ?? []).slice(0, 10)) console.log('   ', j.jobTitle, '@', j.location?.city ?? '', j.location?.region ?? '', j.remote ? '(remote)' : '');
}
const all = await app.app.inject({ url: '/api/job/search?q=javascript' }); for (const j of all.json().items) console.log(JSON.stringify(j.location), j.jobTitle);
await app.close();

/**
 * EXPLAIN (ANALYZE, BUFFERS) of one search's statements on a kept database (see probe.ts), for working on search
 * speed: `npx tsx apps/server/bench/explain-search.ts 'q=java&workplace=hybrid' [page|counts|exact] [jobs|sample|fine]`.
 * NO_ANALYZE=1 shows the plan only; SHOW_SQL=1 prints the statement.
 */
import { searchQuerySchema } from '@jobboard/shared';
import { openPostgres } from '../src/db/client.js';
import {
  countsQuery,
  EXACT_COUNT_LIMIT,
  findTitleKeys,
  findTextLists,
  jobPageQuery,
  type CountSource,
} from '../src/modules/jobs/search.repository.js';
import { toCriteria } from '../src/modules/jobs/search.service.js';
import { Vocabulary } from '../src/modules/jobs/spelling.js';

const db = openPostgres(`postgres://postgres@127.0.0.1:5432/${process.env.PROBE_DB ?? 'perf1m'}`, { max: 1 });
const [, , search = '', which = 'page', source = 'jobs'] = process.argv;
const { page, ...rest } = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
const vocabulary = new Vocabulary(0);
await vocabulary.refresh(db, Date.now());
const correctedQ = rest.q ? vocabulary.correct(rest.q) : undefined;
const criteria = {
  ...toCriteria(rest),
  correctedQ,
  titleKeys: await findTitleKeys(db, rest.q),
  textLists: await findTextLists(db, [rest.q, correctedQ]),
};
const now = new Date();
const query =
  which === 'exact'
    ? countsQuery(criteria, now, 'jobs', EXACT_COUNT_LIMIT, { groupsInBase: true })
    : which === 'counts'
      ? countsQuery(criteria, now, source as CountSource)
      : jobPageQuery(criteria, { skipPages: page - 1 }, now);
if (process.env.SHOW_SQL) console.log(query.text, query.values);
// On a search connection, with its settings (SEARCH_CONNECTION_OPTIONS).
const plan = await (db.searches ?? db).query<Record<string, string>>(
  `EXPLAIN ${process.env.NO_ANALYZE ? '' : '(ANALYZE, BUFFERS)'} ${query.text}`,
  query.values,
);
console.log(plan.map((row) => Object.values(row)[0]).join('\n'));
await db.close();

import { openPostgres } from '../src/db/client.js';
import { SnapshotFile } from '../src/modules/search/search-index-snapshot.js';
const db = openPostgres('postgres://postgres@127.0.0.1:5432/c_snap1m', { max: 2 });
const log = { info: (o: object, m: string) => console.log(Date.now() % 100000, m, JSON.stringify(o)), warn: console.warn };
const file = new SnapshotFile(db, '/tmp/c-perf/pgdata/search-index', 0, log as never);
const r = await file.read();
console.log('store' in r ? r.store.count : r);
await db.close();

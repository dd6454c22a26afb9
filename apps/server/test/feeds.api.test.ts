import { afterAll, beforeAll, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { FEED_ITEM_COUNT, jsonFeedSchema, searchFeedLinks, type JsonFeed } from '@jobboard/shared';
import { buildTestApp, describeEachDb, postJob, signUpAndSignIn, type SignedInUser, type TestApp } from './helpers.js';

/**
 * The feeds of any search (docs/decisions/0016-sitemaps-and-feeds.md), read back with a real XML parser:
 * each format's required fields, the search's filters, closed jobs left out, odd titles escaped.
 */

const ORIGIN = 'https://jobs.example';
/** Every character XML and HTML treat specially, and the end of a CDATA section. */
const ODD_TITLE = `Tom & Jerry's <Senior> "React" Dev ]]> x`;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => ['item', 'entry', 'link', 'category'].includes(name),
});

interface RssItem {
  title: string;
  link: string[];
  guid: { '#text': string };
  pubDate: string;
  description: string;
}
interface RssDocument {
  rss: { '@_version': string; channel: { title: string; link: string[]; description: string; item?: RssItem[] } };
}
interface AtomEntry {
  id: string;
  title: { '#text': string; '@_type': string };
  updated: string;
  link: { '@_href': string }[];
  author: { name: string };
}
interface AtomDocument {
  feed: {
    '@_xmlns': string;
    id: string;
    title: string;
    updated: string;
    author: { name: string };
    link: { '@_rel': string; '@_href': string }[];
    entry?: AtomEntry[];
  };
}

/** Well-formed XML with its declaration, no stray `]]>` in text and no `<` in attributes, parsed. */
function parseXml<T>(text: string): T {
  expect(
    SyntaxValidator.validate(text, {
      xmlDeclaraion: { optional: false },
      invalidCharSequence: { tagValue: true, attrLt: true },
    }),
  ).toBe(true);
  return parser.parse(text) as T;
}

/** Atom titles are HTML (type="html"): what a reader shows once it has parsed that HTML. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describeEachDb('feeds of any search', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp(kind, { publicUrl: ORIGIN });
    poster = await signUpAndSignIn(t.app);
    ids.react = await postJob(t.app, poster.cookie, {
      jobTitle: 'React Engineer',
      companyName: 'Feedco',
      location: { city: 'Berlin', country: 'DE' },
      jobLocation: undefined,
      salary: { min: 60_000, max: 75_000, currency: 'EUR', period: 'year' },
      minPrice: undefined,
      maxPrice: undefined,
      salaryType: undefined,
      description:
        'Build the React front end of our logistics platform with a small team in Berlin. We ship every day and like tests.',
    });
    ids.python = await postJob(t.app, poster.cookie, {
      jobTitle: 'Python Analyst',
      companyName: 'Feedco',
      description: 'Analyse data with Python and SQL every day.',
      skills: [{ value: 'Python', label: 'Python' }],
    });
    ids.partTime = await postJob(t.app, poster.cookie, {
      jobTitle: 'React Tutor',
      companyName: 'Feedco',
      employmentType: 'Part-time',
      location: { city: 'London', country: 'GB' },
      jobLocation: undefined,
      description: 'Teach React to beginners two evenings a week.',
    });
    ids.odd = await postJob(t.app, poster.cookie, {
      jobTitle: ODD_TITLE,
      companyName: 'Feedco',
      description: 'Odd <b>characters</b> & "quotes" ]]> in the text.',
    });
    ids.closed = await postJob(t.app, poster.cookie, {
      jobTitle: 'React Closed Role',
      companyName: 'Feedco',
      description: 'This React job has been filled already.',
    });
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/update-job/${ids.closed}`,
      headers: { cookie: poster.cookie },
      payload: { status: 'closed' },
    });
    expect(closed.statusCode).toBe(200);
    // Mentions react only in its description, and is the newest: first in the feed, last by relevance.
    ids.wrangler = await postJob(t.app, poster.cookie, {
      jobTitle: 'Data Wrangler',
      companyName: 'Feedco',
      description: 'Wrangle data for the react team and everyone else.',
      skills: [{ value: 'SQL', label: 'SQL' }],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('RSS 2.0: channel title, link and description, items with title, link, guid, date and description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/feed.rss?q=react' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const { rss } = parseXml<RssDocument>(response.body);
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.title).toBe('Jobboard: react jobs');
    expect(rss.channel.link[0]).toBe(`${ORIGIN}/?q=react`);
    expect(rss.channel.description).toContain('react jobs');
    const items = rss.channel.item ?? [];
    for (const item of items) {
      expect(item.title).toBeTruthy();
      expect(item.link[0]).toMatch(new RegExp(`^${ORIGIN}/job/`));
      expect(item.guid['#text']).toBe(item.link[0]);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
      expect(item.description).toBeTruthy();
    }
    const links = items.map((item) => item.link[0]);
    expect(links).toContain(`${ORIGIN}/job/${ids.react}`);
    expect(links).not.toContain(`${ORIGIN}/job/${ids.python}`);
    expect(links).not.toContain(`${ORIGIN}/job/${ids.closed}`);
    // Newest first by default, even with text (the search itself would rank title matches first).
    expect(links[0]).toBe(`${ORIGIN}/job/${ids.wrangler}`);
    const react = items.find((item) => item.link[0] === `${ORIGIN}/job/${ids.react}`);
    expect(react?.title).toBe('React Engineer at Feedco');
    expect(react?.description).toContain('Berlin, Germany');
    expect(react?.description).toContain('€60,000');
    expect(react?.description).toContain('Full-time');
    expect(react?.description).toContain('Build the React front end');
  });

  it('Atom 1.0: feed id, title, updated and author, entries with id, title, updated and link', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/feed.atom?q=react&where=Berlin' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed } = parseXml<AtomDocument>(response.body);
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(`${ORIGIN}/feed.atom?q=react&where=Berlin`);
    expect(feed.title).toBe('Jobboard: react jobs in Berlin');
    expect(feed.updated).toMatch(W3C_DATETIME);
    expect(feed.author.name).toBe('Jobboard');
    expect(feed.link.find((link) => link['@_rel'] === 'self')?.['@_href']).toBe(
      `${ORIGIN}/feed.atom?q=react&where=Berlin`,
    );
    const entries = feed.entry ?? [];
    expect(entries.map((entry) => entry.id)).toEqual([`${ORIGIN}/job/${ids.react}`]);
    const [entry] = entries;
    expect(htmlText(entry?.title['#text'] ?? '')).toBe('React Engineer at Feedco');
    expect(entry?.updated).toMatch(W3C_DATETIME);
    expect(entry?.link[0]?.['@_href']).toBe(`${ORIGIN}/job/${ids.react}`);
    expect(entry?.author.name).toBe('Feedco');
  });

  it('JSON Feed 1.1: version, title, feed and home addresses, items with id, url, title, text and date', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/feed.json?q=react&employment=part-time' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = jsonFeedSchema.parse(response.json()) satisfies JsonFeed;
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.title).toBe('Jobboard: part-time react jobs');
    expect(feed.feed_url).toBe(`${ORIGIN}/feed.json?q=react&employment=part-time`);
    expect(feed.home_page_url).toBe(`${ORIGIN}/?q=react&employment=part-time`);
    expect(feed.items.map((item) => item.id)).toEqual([`${ORIGIN}/job/${ids.partTime}`]);
    expect(feed.items[0]).toMatchObject({
      url: `${ORIGIN}/job/${ids.partTime}`,
      title: 'React Tutor at Feedco',
      tags: ['JavaScript', 'React'],
      _jobboard: { company: 'Feedco', place: 'London, United Kingdom', employmentType: 'Part-time' },
    });
    expect(feed.items[0]?.date_published).toMatch(W3C_DATETIME);
    expect(feed.items[0]?.content_text).toContain('Teach React');
  });

  it('a title full of XML and HTML characters reads back exactly in every format', async () => {
    const expected = `${ODD_TITLE} at Feedco`;
    const rss = parseXml<RssDocument>((await t.app.inject({ method: 'GET', url: '/feed.rss?q=jerry' })).body);
    expect(rss.rss.channel.item?.map((item) => item.title)).toEqual([expected]);
    expect(rss.rss.channel.item?.[0]?.description).toContain(
      '&lt;b&gt;characters&lt;/b&gt; &amp; &quot;quotes&quot; ]]&gt;',
    );
    const atom = parseXml<AtomDocument>((await t.app.inject({ method: 'GET', url: '/feed.atom?q=jerry' })).body);
    expect(atom.feed.entry?.map((entry) => htmlText(entry.title['#text']))).toEqual([expected]);
    const json = (await t.app.inject({ method: 'GET', url: '/feed.json?q=jerry' })).json<JsonFeed>();
    expect(json.items.map((item) => item.title)).toEqual([expected]);
  });

  /**
   * Posts a job and stores `title` as its title. The API refuses control characters in titles now (the one name
   * rule), but rows written before that rule may hold them, and the feeds must stay well-formed for those too.
   */
  async function postStoredAs(title: string, fields: Parameters<typeof postJob>[2]): Promise<string> {
    // eslint-disable-next-line no-control-regex -- the characters the name rule refuses
    const id = await postJob(t.app, poster.cookie, { ...fields, jobTitle: title.replace(/[\u0000-\u001f]/g, '') });
    await t.db.query('UPDATE jobs SET job_title = $1 WHERE id = $2', [title, id]);
    return id;
  }

  it('hostile titles and company names (two CDATA ends, markup, entities, controls) read back exactly in every format', async () => {
    const hostile = [
      { jobTitle: 'Cdata ]]> twice ]]><injected>yes</injected> end', companyName: 'Hostile ]]>]]> Co' },
      { jobTitle: 'Closer </title></item><item><title>Fake</title>', companyName: 'Hostile &amp; Sons <b>' },
      { jobTitle: 'Amp &amp; &lt; & <x> ]]]]>> \u0007bell', companyName: 'Hostile "Quotes" \'n\' ]]>' },
    ];
    // Characters XML cannot carry are dropped from every format but JSON; everything else must be the job's own text.
    const shown = (text: string) => text.replaceAll('\u0007', '');
    for (const job of hostile)
      await postStoredAs(job.jobTitle, { ...job, description: 'Hostile text ]]> ]]> </item> in a feed.' });
    const expected = hostile.map((job) => `${job.jobTitle} at ${job.companyName}`).reverse();
    const rss = parseXml<RssDocument>((await t.app.inject({ method: 'GET', url: '/feed.rss?q=hostile' })).body);
    expect(rss.rss.channel.item?.map((item) => item.title)).toEqual(expected.map(shown));
    const atom = parseXml<AtomDocument>((await t.app.inject({ method: 'GET', url: '/feed.atom?q=hostile' })).body);
    expect(atom.feed.entry?.map((entry) => htmlText(entry.title['#text']))).toEqual(expected.map(shown));
    expect(atom.feed.entry?.map((entry) => entry.author.name)).toEqual(
      hostile.map((job) => shown(job.companyName)).reverse(),
    );
    const json = (await t.app.inject({ method: 'GET', url: '/feed.json?q=hostile' })).json<JsonFeed>();
    expect(json.items.map((item) => item.title)).toEqual(expected);
  });

  it('characters XML cannot carry are left out, so the feed stays readable', async () => {
    const id = await postStoredAs('Bell\u0007 Ringer\u001b', {
      companyName: 'Feedco',
      description: 'Ring\u0001 the bell\uFFFF every hour.',
    });
    for (const format of ['rss', 'atom'] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/feed.${format}?q=ringer` });
      expect(response.statusCode).toBe(200);
      const titles =
        format === 'rss'
          ? parseXml<RssDocument>(response.body).rss.channel.item?.map((item) => item.title)
          : parseXml<AtomDocument>(response.body).feed.entry?.map((entry) => htmlText(entry.title['#text']));
      expect(titles, format).toEqual(['Bell Ringer at Feedco']);
    }
    const json = (await t.app.inject({ method: 'GET', url: '/feed.json?q=ringer' })).json<JsonFeed>();
    expect(json.items.map((item) => item.id)).toEqual([`${ORIGIN}/job/${id}`]);
  });

  it('search text with XML characters names the feed, escaped', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/feed.rss?q=${encodeURIComponent('<a> & "b"')}` });
    expect(response.statusCode).toBe(200);
    expect(parseXml<RssDocument>(response.body).rss.channel.title).toBe('Jobboard: <a> & "b" jobs');
  });

  it('closed jobs are in no feed; an explicit order is kept', async () => {
    for (const format of ['rss', 'atom', 'json']) {
      const body = (await t.app.inject({ method: 'GET', url: `/feed.${format}?q=closed` })).body;
      expect(body, format).not.toContain(ids.closed);
    }
    const byRelevance = (
      await t.app.inject({ method: 'GET', url: '/feed.json?q=react&sort=relevance' })
    ).json<JsonFeed>();
    expect(byRelevance.items.at(-1)?.id).toBe(`${ORIGIN}/job/${ids.wrangler}`);
  });

  it('the home page address works as it is (its page is ignored); a bad value is a 400 naming the field', async () => {
    const paged = await t.app.inject({ method: 'GET', url: '/feed.rss?q=react&page=3' });
    expect(paged.statusCode).toBe(200);
    expect(parseXml<RssDocument>(paged.body).rss.channel.item?.length).toBeGreaterThan(0);
    for (const [query, field] of [
      ['posted=forever', 'posted'],
      ['payMin=lots', 'payMin'],
      ['country=Atlantis', 'country'],
      ['nonsense=1', 'nonsense'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/feed.atom?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json<{ message: string }>().message, query).toContain(field);
    }
  });

  it('answers a repeated request with 304 Not Modified for its ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/feed.rss?q=react' });
    const tag = first.headers.etag;
    expect(tag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/feed.rss?q=react',
      headers: { 'if-none-match': String(tag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("a feed is in the reader's language (cookie, else Accept-Language), English as before, and varies by both", async () => {
    const english = await t.app.inject({ method: 'GET', url: '/feed.rss?q=react&workplace=on-site' });
    const german = await t.app.inject({
      method: 'GET',
      url: '/feed.rss?q=react&workplace=on-site',
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    for (const response of [english, german]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toMatch(/\bAccept-Language\b/);
      expect(response.headers.vary).toMatch(/\bCookie\b/);
    }
    const en = parseXml<RssDocument>(english.body).rss.channel;
    expect(en.title).toBe('Jobboard: on-site react jobs');
    expect(en.description).toBe('The newest on-site react jobs on Jobboard.');
    expect(english.body).toContain('<language>en</language>');
    const de = parseXml<RssDocument>(german.body).rss.channel;
    expect(de.title).toBe('Jobboard: Stellen für „react“, Vor Ort');
    expect(de.description).toBe('Die neuesten Stellen auf Jobboard: Stellen für „react“, Vor Ort.');
    expect(german.body).toContain('<language>de</language>');
    const item = de.item?.find((entry) => entry.link[0] === `${ORIGIN}/job/${ids.react}`);
    expect(item?.title).toBe('React Engineer bei Feedco');
    expect(item?.description).toContain('Berlin, Deutschland · Vor Ort · 60.000–75.000\u00a0€ pro Jahr · Full-time');
    // Each language its own ETag: a German copy never answers an English reader's If-None-Match.
    expect(german.headers.etag).not.toBe(english.headers.etag);

    // The cookie beats Accept-Language; the featured feed and JSON Feed say it too.
    const arabic = await t.app.inject({
      method: 'GET',
      url: '/feed.json?q=react&featured=1',
      headers: { cookie: 'lang=ar', 'accept-language': 'de' },
    });
    const json = arabic.json<JsonFeed>();
    expect(json.language).toBe('ar');
    expect(json.title).toBe('Jobboard: وظائف «\u2068react\u2069» (مميّزة)');
    expect(json.description).toBe('أحدث الوظائف المميّزة على Jobboard: وظائف «\u2068react\u2069».');
    const atom = await t.app.inject({ method: 'GET', url: '/feed.atom?q=react', headers: { cookie: 'lang=de' } });
    expect(parseXml<AtomDocument>(atom.body).feed.title).toBe('Jobboard: Stellen für „react“');
    const featured = await t.app.inject({ method: 'GET', url: '/feed.json?q=react&featured=1' });
    expect(featured.json<JsonFeed>().title).toBe('Jobboard: react jobs (featured)');
    expect(featured.json<JsonFeed>().description).toBe('The newest featured react jobs on Jobboard.');
  });

  it('matches whole words, as the results page it is of, unless its address asks for the match inside words', async () => {
    const word = await postJob(t.app, poster.cookie, { jobTitle: 'Wholeword Keeper' });
    const inside = await postJob(t.app, poster.cookie, { jobTitle: 'Prewholeword Keeper' });
    const ids = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/feed.json?${query}` }))
        .json<JsonFeed>()
        .items.map((item) => item.id.split('/').pop());
    expect(await ids('q=wholeword')).toEqual([word]);
    expect(await ids('q=wholeword&match=text')).toEqual([inside, word]);
  });

  it(`holds the newest ${FEED_ITEM_COUNT} matches`, async () => {
    const bulk: string[] = [];
    for (let i = 1; i <= FEED_ITEM_COUNT + 2; i += 1) {
      bulk.push(await postJob(t.app, poster.cookie, { jobTitle: `Bulkrole Number ${i}`, companyName: 'Feedco' }));
    }
    const feed = (await t.app.inject({ method: 'GET', url: '/feed.json?q=bulkrole' })).json<JsonFeed>();
    expect(feed.items).toHaveLength(FEED_ITEM_COUNT);
    expect(feed.items[0]?.id).toBe(`${ORIGIN}/job/${bulk.at(-1)}`);
    expect(feed.items.map((item) => item.id)).not.toContain(`${ORIGIN}/job/${bulk[0]}`);
  });

  it('the links a page advertises are the feeds the server answers', async () => {
    const links = searchFeedLinks('?q=react&where=Berlin&page=2');
    expect(links.map((link) => link.href)).toEqual([
      '/feed.rss?q=react&where=Berlin',
      '/feed.atom?q=react&where=Berlin',
      '/feed.json?q=react&where=Berlin',
    ]);
    for (const link of links) {
      const response = await t.app.inject({ method: 'GET', url: link.href });
      expect(response.statusCode, link.href).toBe(200);
      expect(response.headers['content-type'], link.href).toContain(link.type);
    }
  });

  it('links come from the configuration, never from the Host asked on (without PUBLIC_URL: the listen address)', async () => {
    const other = await buildTestApp(kind);
    try {
      const response = await other.app.inject({
        method: 'GET',
        url: '/feed.json',
        headers: { host: 'board.example:8080' },
      });
      expect(response.json<JsonFeed>().feed_url).toBe(`${other.config.siteOrigin}/feed.json`);
      expect(other.config.siteOrigin).toBe('http://localhost:3000');
      const poisoned = await t.app.inject({ method: 'GET', url: '/feed.json', headers: { host: 'attacker.example' } });
      expect(poisoned.json<JsonFeed>().feed_url).toBe(`${ORIGIN}/feed.json`);
      for (const format of ['rss', 'atom']) {
        const xml = await t.app.inject({
          method: 'GET',
          url: `/feed.${format}`,
          headers: { host: 'attacker.example' },
        });
        expect(xml.body, format).not.toContain('attacker.example');
        expect(xml.body, format).toContain(ORIGIN);
      }
      expect(response.json<JsonFeed>().title).toBe('Jobboard: all jobs');
    } finally {
      await other.close();
    }
  });
});

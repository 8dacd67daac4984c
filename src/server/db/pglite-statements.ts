import { createHash } from 'node:crypto';
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named statements for PGlite's reads, as PostgreSQL drivers keep them (pgjdbc's
 * `prepareThreshold`): PGlite's `query()` parses and plans every statement again, and on
 * PGlite planning is most of a short read's cost (it asks the file system for the size of
 * every table and index the statement touches). A SELECT run PREPARE_AFTER times is
 * prepared once under a name in PGlite's one session, and from then on only bound and
 * executed: PostgreSQL keeps its plan (custom plans for its first runs, then a generic one
 * when that costs no more). docs/decisions/002-database-drizzle-pglite-postgres.md.
 *
 * - Only `client.query()` outside a transaction goes through here; a transaction's
 *   statements, `exec()` and writes are PGlite's own, unchanged.
 * - It runs under the same two locks as `query()`, so it never lands inside another
 *   caller's transaction or between another query's messages.
 * - At most MAX_STATEMENTS are kept; the least recently used is closed. A statement the
 *   server can no longer run as prepared (its tables changed under it) is closed and the
 *   call runs as an ordinary query.
 */
const PREPARE_AFTER = 3;
const MAX_STATEMENTS = 300;

type Serializer = (value: unknown) => string;

interface Statement {
  name: string;
  paramTypes: number[];
}

const { serialize } = protocol;
const quiet = { syncToFs: false } as const;

export function withNamedReads(client: PGlite): PGlite {
  const seen = new Map<string, number>();
  const statements = new Map<string, Statement>();
  const query = client.query.bind(client);

  async function close(statement: Statement): Promise<void> {
    try {
      await client.execProtocol(serialize.close({ type: 'S', name: statement.name }), quiet);
    } finally {
      await client.execProtocol(serialize.sync(), quiet);
    }
  }

  /** The statement of `text`, prepared now if it is not yet (inside the query lock). */
  async function prepared(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    let described;
    try {
      await client.execProtocol(serialize.parse({ name, text }), quiet);
      described = await client.execProtocol(serialize.describe({ type: 'S', name }), quiet);
    } finally {
      await client.execProtocol(serialize.sync(), quiet);
    }
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await close(oldest);
    }
    return statement;
  }

  async function run(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    const statement = await prepared(text);
    const serializers = client.serializers as Record<number, Serializer>;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index]!;
      const serializer = (options?.serializers as Record<number, Serializer> | undefined)?.[type] ?? serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = [];
    try {
      messages.push(...(await client.execProtocol(serialize.bind({ statement: statement.name, values }), quiet)).messages);
      messages.push(...(await client.execProtocol(serialize.describe({ type: 'P' }), quiet)).messages);
      messages.push(...(await client.execProtocol(serialize.execute({}), quiet)).messages);
    } finally {
      messages.push(...(await client.execProtocol(serialize.sync(), quiet)).messages);
    }
    return parse.parseResults(messages, client.parsers, options)[0]!;
  }

  async function namedQuery(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
    if (options?.paramTypes || options?.blob || !/^\s*select\b/i.test(text)) return query(text, params, options);
    const runs = (seen.get(text) ?? 0) + 1;
    if (runs <= PREPARE_AFTER && !statements.has(text)) {
      seen.set(text, runs);
      if (seen.size > MAX_STATEMENTS * 4) seen.delete(seen.keys().next().value!);
      return query(text, params, options);
    }
    seen.delete(text);
    try {
      return await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(text, params, options)));
    } catch (error) {
      // "cached plan must not change result type": the tables changed under the statement.
      if ((error as { code?: string }).code !== '0A000') throw error;
      const stale = statements.get(text);
      statements.delete(text);
      if (stale) await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => close(stale)));
      return query(text, params, options);
    }
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return namedQuery;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

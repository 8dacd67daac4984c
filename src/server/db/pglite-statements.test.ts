import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { withNamedReads } from './pglite-statements';

/**
 * PGlite's reads planned once (pglite-statements.ts): the same answers as `query()`, named
 * after a few runs, never inside another caller's transaction, and back to an ordinary query
 * when the tables change under a statement.
 */

let raw: PGlite;
let pg: PGlite;
beforeEach(async () => {
  raw = await PGlite.create();
  pg = withNamedReads(raw);
  await raw.exec(`create table items (id int primary key, name text not null, price int, tags text[], added timestamptz default now());
    insert into items (id, name, price, tags) values (1, 'Teapot', 2500, '{kitchen,gift}'), (2, 'Cup', 333, null), (3, 'Saucer', null, '{}');`);
});
afterEach(() => raw.close());

const prepared = async () => (await raw.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((row) => row.name);
const byPrice = 'select id, name, price, tags from items where price > $1 or name = $2 order by id';

describe('withNamedReads', () => {
  it('answers a read as query() does, before and after it is prepared, in rows and in arrays', async () => {
    const expected = await raw.query(byPrice, [400, 'Saucer']);
    for (let run = 0; run < 6; run += 1) {
      expect((await pg.query(byPrice, [400, 'Saucer'])).rows).toEqual(expected.rows);
      expect((await pg.query(byPrice, [400, 'Saucer'], { rowMode: 'array' })).rows).toEqual((await raw.query(byPrice, [400, 'Saucer'], { rowMode: 'array' })).rows);
    }
    expect(await prepared()).toHaveLength(1);
    // Other values for the same statement, null and dates included.
    expect((await pg.query(byPrice, [0, null])).rows.map((row) => (row as { id: number }).id)).toEqual([1, 2]);
    const when = 'select count(*)::int as n from items where added <= $1';
    for (let run = 0; run < 5; run += 1) expect((await pg.query<{ n: number }>(when, [new Date(Date.now() + 60_000)])).rows[0]!.n).toBe(3);
  });

  it('leaves writes and a few runs alone', async () => {
    await pg.query('select 1');
    for (let run = 0; run < 5; run += 1) await pg.query('update items set price = price + 1 where id = $1', [2]);
    expect(await prepared()).toEqual([]);
    expect((await raw.query<{ price: number }>('select price from items where id = 2')).rows[0]!.price).toBe(338);
  });

  it('keeps going after a refused statement', async () => {
    const cast = 'select id from items where id = $1::int';
    for (let run = 0; run < 4; run += 1) await pg.query(cast, [1]);
    await expect(pg.query(cast, ['not a number'])).rejects.toThrow(/invalid input syntax/);
    expect((await pg.query(cast, [3])).rows).toEqual([{ id: 3 }]);
    expect((await pg.query('select count(*)::int as n from items')).rows).toEqual([{ n: 3 }]);
  });

  it("never runs inside another caller's transaction", async () => {
    const count = 'select count(*)::int as n from items';
    for (let run = 0; run < 4; run += 1) await pg.query(count);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = raw.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (4, 'Jug')");
      await held;
      await tx.query('delete from items where id = 4');
    });
    // Asked while the transaction holds uncommitted rows: answered after it, without them.
    const during = pg.query<{ n: number }>(count);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect((await during).rows[0]!.n).toBe(3);
  });

  it('runs as an ordinary query when the tables changed under a prepared statement', async () => {
    const all = 'select * from items where id = $1';
    for (let run = 0; run < 5; run += 1) await pg.query(all, [1]);
    await raw.exec('alter table items add column colour text');
    expect(Object.keys((await pg.query(all, [1])).rows[0] as object)).toContain('colour');
    expect(Object.keys((await pg.query(all, [1])).rows[0] as object)).toContain('colour');
  });
});

import pg from 'pg';
import { startEmbeddedPostgres } from './embeddedPostgres.js';

describe('embedded PostgreSQL (PGlite over the wire protocol)', () => {
  it('serves several pg connections, and a second connection waits for an open transaction', async () => {
    const embedded = await startEmbeddedPostgres({ maxConnections: 4 });
    const a = new pg.Client({ connectionString: embedded.url });
    const b = new pg.Client({ connectionString: embedded.url });
    try {
      await a.connect();
      await b.connect();
      await a.query('CREATE TABLE t (v int)');
      await a.query('BEGIN');
      await a.query('INSERT INTO t VALUES (1)');
      const order: string[] = [];
      const second = b.query('INSERT INTO t VALUES (2)').then(() => order.push('b-insert'));
      await new Promise((r) => setTimeout(r, 100));
      order.push('a-rollback');
      await a.query('ROLLBACK');
      await second;
      expect(order).toEqual(['a-rollback', 'b-insert']);
      const { rows } = await a.query<{ v: number }>('SELECT v FROM t');
      expect(rows).toEqual([{ v: 2 }]);
    } finally {
      await a.end();
      await b.end();
      await embedded.stop();
    }
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  PGLITE_TEMPLATE_ENV,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embeddedPostgres.js';

// One server for the file: starting PGlite is most of what these tests would otherwise cost, and
// each test opens and closes its own connections.
let embedded: EmbeddedPostgres;
beforeAll(async () => {
  embedded = await startEmbeddedPostgres({ maxConnections: 8 });
});
afterAll(async () => {
  await embedded.stop();
});

describe('embedded PostgreSQL (PGlite over the wire protocol)', () => {
  it('serves several pg connections, and a second connection waits for an open transaction', async () => {
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
    }
  });
});

describe('a connection that goes in the middle of its commit', () => {
  it('keeps what a connection committed before it went, and the others go on', async () => {
    const port = Number(new URL(embedded.url).port);
    const setup = new pg.Client({ connectionString: embedded.url });
    await setup.connect();
    await setup.query('CREATE TABLE gone (v int)');
    const a = await WireClient.connect(port);
    try {
      await a.request(query('BEGIN'));
      await a.request(query('INSERT INTO gone VALUES (1)'));
      // COMMIT executed, its Sync never sent: the transaction waits in PostgreSQL's END state.
      a.send(parse('COMMIT'), bind(), execute(), flush());
      await a.waitFor(0x43); // CommandComplete
    } finally {
      a.close();
    }
    await new Promise((r) => setTimeout(r, 200));
    // The database lives: another connection reads, and sees what the departed one committed.
    const { rows } = await setup.query<{ v: number }>('SELECT v FROM gone');
    expect(rows).toEqual([{ v: 1 }]);
    await setup.end();
  });

  it('rolls back the open transaction of a connection that went', async () => {
    const port = Number(new URL(embedded.url).port);
    const setup = new pg.Client({ connectionString: embedded.url });
    await setup.connect();
    await setup.query('CREATE TABLE left_open (v int)');
    const a = await WireClient.connect(port);
    await a.request(query('BEGIN'));
    await a.request(query('INSERT INTO left_open VALUES (1)'));
    a.close();
    await new Promise((r) => setTimeout(r, 200));
    const { rows } = await setup.query('SELECT v FROM left_open');
    expect(rows).toEqual([]);
    await setup.end();
  });
});

describe('embedded PostgreSQL under concurrent extended-protocol queries', () => {
  it('keeps one connection’s Parse … Sync together while another connection runs a query', async () => {
    const port = Number(new URL(embedded.url).port);
    const a = await WireClient.connect(port);
    const b = await WireClient.connect(port);
    try {
      // A parses the unnamed statement and stops before Bind (a slow client, or a split packet).
      a.send(parse('SELECT 1 AS v'), flush());
      await a.waitFor(0x31); // ParseComplete
      // B runs a whole extended query on the unnamed statement meanwhile.
      const bDone = b.request(parse("SELECT 'b' AS v"), bind(), execute(), sync());
      await new Promise((r) => setTimeout(r, 200));
      a.send(bind(), execute(), sync());
      const aRows = await a.rowsUntilReady();
      expect(aRows).toEqual(['1']);
      expect(await bDone).toEqual(['b']);
    } finally {
      a.close();
      b.close();
    }
  });

  it('serves many concurrent parameterised queries through a pool', async () => {
    const pool = new pg.Pool({ connectionString: embedded.url, max: 6 });
    try {
      const results = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          i % 2 === 0
            ? pool.query<{ v: string }>('SELECT $1::text AS v', [`s${i}`])
            : pool.query<{ v: string }>('SELECT ($1::int * 2)::text AS v', [i]),
        ),
      );
      results.forEach((r, i) => expect(r.rows[0]?.v).toBe(i % 2 === 0 ? `s${i}` : String(i * 2)));
    } finally {
      await pool.end();
    }
  });
});

// A minimal PostgreSQL wire-protocol client: enough to control exactly when each message is sent.
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstr = (s: string) => Buffer.from(`${s}\0`, 'utf8');
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const parse = (sql: string) => message('P', Buffer.concat([cstr(''), cstr(sql), int16(0)]));
const bind = () => message('B', Buffer.concat([cstr(''), cstr(''), int16(0), int16(0), int16(0)]));
const execute = () => message('E', Buffer.concat([cstr(''), Buffer.alloc(4)]));
const sync = () => message('S', Buffer.alloc(0));
const flush = () => message('H', Buffer.alloc(0));
const query = (sql: string) => message('Q', cstr(sql));

class WireClient {
  private buffer = Buffer.alloc(0);
  private readonly messages: { type: number; body: Buffer }[] = [];
  private wake: (() => void) | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      while (this.buffer.length >= 5) {
        const length = this.buffer.readInt32BE(1);
        if (this.buffer.length < length + 1) break;
        this.messages.push({
          type: this.buffer[0] ?? 0,
          body: this.buffer.subarray(5, length + 1),
        });
        this.buffer = this.buffer.subarray(length + 1);
      }
      this.wake?.();
    });
  }

  static async connect(port: number): Promise<WireClient> {
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const client = new WireClient(socket);
    const params = Buffer.concat([
      cstr('user'),
      cstr('postgres'),
      cstr('database'),
      cstr('postgres'),
      cstr(''),
    ]);
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(params.length + 8, 0);
    startup.writeInt32BE(196608, 4);
    socket.write(Buffer.concat([startup, params]));
    await client.rowsUntilReady();
    return client;
  }

  send(...parts: Buffer[]): void {
    this.socket.write(Buffer.concat(parts));
  }

  async request(...parts: Buffer[]): Promise<string[]> {
    this.send(...parts);
    return this.rowsUntilReady();
  }

  async waitFor(type: number): Promise<void> {
    for (;;) {
      const next = await this.next();
      if (next.type === type) return;
      if (next.type === 0x45) throw new Error(`server error: ${next.body.toString('latin1')}`);
    }
  }

  /** First column of each DataRow until ReadyForQuery; an ErrorResponse throws. */
  async rowsUntilReady(): Promise<string[]> {
    const rows: string[] = [];
    let error: string | null = null;
    for (;;) {
      const { type, body } = await this.next();
      if (type === 0x44 && body.readInt16BE(0) > 0) {
        const len = body.readInt32BE(2);
        rows.push(body.subarray(6, 6 + len).toString('utf8'));
      } else if (type === 0x45) {
        error = body.toString('latin1');
      } else if (type === 0x5a) {
        if (error) throw new Error(`server error: ${error}`);
        return rows;
      }
    }
  }

  private async next(): Promise<{ type: number; body: Buffer }> {
    while (this.messages.length === 0) {
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
    const first = this.messages.shift();
    if (!first) throw new Error('unreachable');
    return first;
  }

  close(): void {
    this.socket.destroy();
  }
}

describe('a new database from the run’s initialised template', () => {
  const saved = process.env[PGLITE_TEMPLATE_ENV];
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'allot-pglite-template-test-'));
    // A template that can be told apart: it holds a table a fresh initdb would not.
    const db = new PGlite();
    await db.exec('CREATE TABLE from_template (v int)');
    const dump = await db.dumpDataDir('none');
    await db.close();
    await writeFile(path.join(dir, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = path.join(dir, 'template.tar');
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env[PGLITE_TEMPLATE_ENV];
    else process.env[PGLITE_TEMPLATE_ENV] = saved;
    await rm(dir, { recursive: true, force: true });
  });

  async function hasTemplateTable(server: EmbeddedPostgres): Promise<boolean> {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT to_regclass('from_template') IS NOT NULL AS has");
      return (rows[0] as { has: boolean }).has;
    } finally {
      await client.end();
    }
  }

  it('loads it in memory and into a new folder, never into a folder already in use', async () => {
    const inMemory = await startEmbeddedPostgres();
    try {
      expect(await hasTemplateTable(inMemory)).toBe(true);
    } finally {
      await inMemory.stop();
    }
    const dataDir = path.join(dir, 'data');
    const first = await startEmbeddedPostgres({ dataDir });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('DROP TABLE from_template');
    await client.end();
    await first.stop();
    // Started again, the folder keeps what was done in it: the template is not loaded over it.
    const again = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await hasTemplateTable(again)).toBe(false);
    } finally {
      await again.stop();
    }
  });
});

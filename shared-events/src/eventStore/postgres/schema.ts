import { SQLSTATE_EVENT_ID_CONFLICT, SQLSTATE_WRONG_EXPECTED_VERSION } from './errors.js';
import { EXPECT_ANY, EXPECT_NO_STREAM, EXPECT_STREAM_EXISTS } from './expectedState.js';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** A schema name checked and double-quoted: it is spliced into SQL, so nothing else gets through. */
export function quoteSchema(schema: string): string {
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid event-store schema name: ${schema}`);
  return `"${schema}"`;
}

/** Idempotent DDL for the store's tables and its append function (DESIGN §3). */
export function schemaStatements(schema: string): string[] {
  const s = quoteSchema(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE IF NOT EXISTS ${s}.es_streams (
       stream_id text PRIMARY KEY,
       stream_type text NOT NULL,
       revision bigint NOT NULL
     )`,
    `CREATE TABLE IF NOT EXISTS ${s}.es_events (
       global_position bigserial PRIMARY KEY,
       transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
       stream_id text NOT NULL,
       stream_revision bigint NOT NULL,
       event_id uuid NOT NULL UNIQUE,
       event_type text NOT NULL,
       data jsonb NOT NULL,
       metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
       created_at timestamptz NOT NULL DEFAULT now(),
       UNIQUE (stream_id, stream_revision)
     )`,
    `CREATE INDEX IF NOT EXISTS es_events_transaction_position
       ON ${s}.es_events (transaction_id, global_position)`,
    findAppendFunction(s),
    appendFunction(s),
  ];
}

/**
 * The original result of an append whose ids are already in `p_stream_id` at consecutive
 * revisions (starting at `p_first_revision` when given): what makes a retried append idempotent.
 */
function findAppendFunction(s: string): string {
  return `CREATE OR REPLACE FUNCTION ${s}.es_find_append(
      p_stream_id text, p_ids uuid[], p_first_revision bigint,
      OUT out_revision bigint, OUT out_transaction_id xid8, OUT out_global_position bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_first bigint;
      v_matched int;
      v_count int := cardinality(p_ids);
    BEGIN
      SELECT e.stream_revision INTO v_first FROM ${s}.es_events e
       WHERE e.event_id = p_ids[1] AND e.stream_id = p_stream_id;
      IF NOT FOUND OR (p_first_revision IS NOT NULL AND v_first <> p_first_revision) THEN
        RETURN;
      END IF;
      SELECT count(*) INTO v_matched
        FROM unnest(p_ids) WITH ORDINALITY AS x(id, i)
        JOIN ${s}.es_events e ON e.event_id = x.id AND e.stream_id = p_stream_id
                              AND e.stream_revision = v_first + x.i - 1;
      IF v_matched <> v_count THEN
        RETURN;
      END IF;
      SELECT e.stream_revision, e.transaction_id, e.global_position
        INTO out_revision, out_transaction_id, out_global_position
        FROM ${s}.es_events e
       WHERE e.stream_id = p_stream_id AND e.stream_revision = v_first + v_count - 1;
    END
    $fn$`;
}

/**
 * One round trip per append: lock the stream row, check the expected state before any position
 * is taken, insert every event with one statement, bump the stream revision.
 */
function appendFunction(s: string): string {
  return `CREATE OR REPLACE FUNCTION ${s}.es_append(
      p_stream_id text, p_stream_type text, p_expected bigint,
      p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
      OUT out_revision bigint, OUT out_transaction_id xid8, OUT out_global_position bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_current bigint;
      v_count int := cardinality(p_ids);
      v_inserted int;
    BEGIN
      SELECT st.revision INTO v_current FROM ${s}.es_streams st
       WHERE st.stream_id = p_stream_id FOR UPDATE;
      IF NOT FOUND THEN
        INSERT INTO ${s}.es_streams (stream_id, stream_type, revision)
             VALUES (p_stream_id, p_stream_type, -1) ON CONFLICT DO NOTHING;
        SELECT st.revision INTO v_current FROM ${s}.es_streams st
         WHERE st.stream_id = p_stream_id FOR UPDATE;
      END IF;

      IF NOT (p_expected = ${EXPECT_ANY}
              OR (p_expected = ${EXPECT_NO_STREAM} AND v_current = -1)
              OR (p_expected = ${EXPECT_STREAM_EXISTS} AND v_current >= 0)
              OR p_expected = v_current) THEN
        -- A retry of an append that did commit answers its original result.
        SELECT f.* INTO out_revision, out_transaction_id, out_global_position
          FROM ${s}.es_find_append(p_stream_id, p_ids,
                 CASE WHEN p_expected >= 0 THEN p_expected + 1
                      WHEN p_expected = ${EXPECT_NO_STREAM} THEN 0 END) f;
        IF out_revision IS NOT NULL THEN
          RETURN;
        END IF;
        RAISE EXCEPTION 'wrong expected version for stream %: expected %, actual %',
              p_stream_id, p_expected, v_current
          USING ERRCODE = '${SQLSTATE_WRONG_EXPECTED_VERSION}', DETAIL = v_current::text;
      END IF;

      WITH ins AS (
        INSERT INTO ${s}.es_events (stream_id, stream_revision, event_id, event_type, data, metadata)
        SELECT p_stream_id, v_current + x.i, x.id, x.t, x.d, x.m
          FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS x(id, t, d, m, i)
        ON CONFLICT (event_id) DO NOTHING
        RETURNING global_position
      )
      SELECT count(*), max(ins.global_position) INTO v_inserted, out_global_position FROM ins;

      IF v_inserted < v_count THEN
        IF v_inserted = 0 AND p_expected IN (${EXPECT_ANY}, ${EXPECT_STREAM_EXISTS}) THEN
          SELECT f.* INTO out_revision, out_transaction_id, out_global_position
            FROM ${s}.es_find_append(p_stream_id, p_ids, NULL) f;
          IF out_revision IS NOT NULL THEN
            RETURN;
          END IF;
        END IF;
        RAISE EXCEPTION 'event ids of this append already exist in another stream or revision'
          USING ERRCODE = '${SQLSTATE_EVENT_ID_CONFLICT}',
                DETAIL = (v_count - v_inserted)::text || ' of ' || v_count::text || ' ids exist';
      END IF;

      UPDATE ${s}.es_streams SET revision = v_current + v_count WHERE stream_id = p_stream_id;
      out_revision := v_current + v_count;
      out_transaction_id := pg_current_xact_id();
    END
    $fn$`;
}

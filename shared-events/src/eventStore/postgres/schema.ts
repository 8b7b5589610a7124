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
 * One round trip per append. The stream row is locked by bumping its revision (one UPDATE, where
 * SELECT ... FOR UPDATE and a later UPDATE would write the row twice); the expected state is
 * checked before any position is taken, and a failed check rolls the bump back with the rest.
 * Then every event is inserted with one plain statement (no ON CONFLICT: its speculative
 * insertion costs a WAL record per row).
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
    BEGIN
      UPDATE ${s}.es_streams st SET revision = st.revision + v_count
       WHERE st.stream_id = p_stream_id
      RETURNING st.revision - v_count INTO v_current;
      IF NOT FOUND THEN
        INSERT INTO ${s}.es_streams (stream_id, stream_type, revision)
             VALUES (p_stream_id, p_stream_type, v_count - 1) ON CONFLICT DO NOTHING;
        IF FOUND THEN
          v_current := -1;
        ELSE
          -- Created meanwhile by a concurrent append, which has committed by now.
          UPDATE ${s}.es_streams st SET revision = st.revision + v_count
           WHERE st.stream_id = p_stream_id
          RETURNING st.revision - v_count INTO v_current;
        END IF;
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
          UPDATE ${s}.es_streams SET revision = v_current WHERE stream_id = p_stream_id;
          RETURN;
        END IF;
        RAISE EXCEPTION 'wrong expected version for stream %: expected %, actual %',
              p_stream_id, p_expected, v_current
          USING ERRCODE = '${SQLSTATE_WRONG_EXPECTED_VERSION}', DETAIL = v_current::text;
      END IF;

      -- Without an expected revision a retry passes the check above: recognise it by its first id.
      -- Any other reused id fails the insert below on the event_id unique index.
      IF p_expected IN (${EXPECT_ANY}, ${EXPECT_STREAM_EXISTS})
         AND EXISTS (SELECT 1 FROM ${s}.es_events e WHERE e.event_id = p_ids[1]) THEN
        SELECT f.* INTO out_revision, out_transaction_id, out_global_position
          FROM ${s}.es_find_append(p_stream_id, p_ids, NULL) f;
        IF out_revision IS NOT NULL THEN
          UPDATE ${s}.es_streams SET revision = v_current WHERE stream_id = p_stream_id;
          RETURN;
        END IF;
        RAISE EXCEPTION 'event ids of this append already exist in another stream or revision'
          USING ERRCODE = '${SQLSTATE_EVENT_ID_CONFLICT}', DETAIL = p_ids[1]::text;
      END IF;

      INSERT INTO ${s}.es_events (stream_id, stream_revision, event_id, event_type, data, metadata)
      SELECT p_stream_id, v_current + x.i, x.id, x.t, x.d, x.m
        FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS x(id, t, d, m, i);
      -- Positions only grow, so the session's last one is the last event's.
      out_global_position := currval('${s}.es_events_global_position_seq');
      out_revision := v_current + v_count;
      out_transaction_id := pg_current_xact_id();
    END
    $fn$`;
}

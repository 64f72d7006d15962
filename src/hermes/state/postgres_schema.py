"""The PostgreSQL store's tables: append-only numbered migrations, and what its rows hold differently.

The same rules as the SQLite list (`hermes.state.migrations`), kept separately because the two
dialects share no DDL: never edit or reorder a released step, add a new one. `schema_migrations`
records each applied version; a database written by a newer Hermes is refused, not damaged.

All pending steps run in one transaction (PostgreSQL DDL is transactional) under an advisory lock,
so processes opening a fresh database at once apply each step exactly once.

PostgreSQL text cannot hold NUL characters, which SQLite stores as they are: they are written as
U+FFFD (also inside tool-call JSON, where jsonb refuses the \\u0000 escape too).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from hermes.core.messages import Message
from hermes.state import sql_messages
# Re-exported: callers import these from here.
from hermes.state.sql_messages import MESSAGE_COLS, MESSAGE_FIELDS, row_to_message  # noqa: F401
from hermes.state.sql_store import check_status  # noqa: F401

MIGRATION_LOCK = 0x6865726D6573  # advisory lock key ("hermes"); advisory locks are per database

# Scripts written without spaces between words (the same ranges as the SQLite store's CJK table):
# the english parser sees a whole CJK clause as one word, so these rows are searched by substring.
CJK_CLASS = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U000323af]"
CONTENT_INDEX_CHARS = 100_000  # a tsvector is capped at 1 MB; past this, a message's words are not indexed
TOOL_INDEX_CHARS = 8192  # tool output and tool-call arguments: only their start is worth indexing
GIN_PENDING_KB = 128  # the search index's pending list (see migration 4)


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...] = ()
    apply: Callable[[Any], str | None] | None = None  # for steps that adapt to the server; returns a note


# What is searchable: original rows (summaries are derived text), content with weight A, and with
# weight B the tool name or the names and arguments of the first four calls a turn made.
_SEARCH_DOC = f"""CASE WHEN summary THEN NULL ELSE
    setweight(to_tsvector('english'::regconfig, left(COALESCE(content, ''),
        CASE WHEN role = 'tool' THEN {TOOL_INDEX_CHARS} ELSE {CONTENT_INDEX_CHARS} END)), 'A')
    || setweight(to_tsvector('english'::regconfig, COALESCE(tool_name, '') || ' '
        || COALESCE(jsonb_path_query_array(tool_calls, '$[0 to 3].function.name')::text, '') || ' '
        || left(COALESCE(jsonb_path_query_array(tool_calls, '$[0 to 3].function.arguments')::text, ''),
                {TOOL_INDEX_CHARS})), 'B')
  END"""


def _cjk_index(cur: Any) -> str | None:
    """A trigram index over CJK rows if pg_trgm can be had; else a plain partial index (substring
    search then reads every CJK row, which are few for most users). Searches work either way."""
    cur.execute("SAVEPOINT trgm")
    try:
        cur.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        cur.execute("CREATE INDEX idx_messages_cjk ON messages USING gin (content gin_trgm_ops) "
                    "WHERE has_cjk AND NOT summary")
    except Exception as e:  # no privilege, or the contrib package is not installed
        cur.execute("ROLLBACK TO SAVEPOINT trgm")
        cur.execute("CREATE INDEX idx_messages_cjk ON messages (id) WHERE has_cjk AND NOT summary")
        return f"pg_trgm unavailable ({str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__})"
    cur.execute("RELEASE SAVEPOINT trgm")
    return None


# What FTS5 keeps and a GIN index does not: per word, its rows with each row's length, in an order
# the search reads. A GIN match yields heap tuple ids, so counting a word's rows or scoring them
# read one messages row (content and tsvector, several per page) for each; a big store then
# spends its time in the heap. `search_postings` holds one narrow row per (word, message):
# `tools` (the word is only in tool names or arguments: weight B) and `len` (the content's length
# in bytes, as the BM25 score takes it). Its primary key counts a word and walks its newest rows;
# `idx_postings_best` walks them best score first (said before tools-only, then shortest), so
# every such read is an index-only scan that stops at its LIMIT. Statement-level triggers keep it
# in step with messages: inserts (COPY included) and deletes (cascades included) in bulk.
# Lexemes sort as bytes (COLLATE "C"): they are compared for equality only.
POSTINGS_INDEXES = (
    "ALTER TABLE search_postings ADD CONSTRAINT search_postings_pkey PRIMARY KEY (lexeme, id)",
    "CREATE INDEX idx_postings_best ON search_postings (lexeme, tools, len, id DESC)",
)
POSTINGS_TRIGGERS = (
    """CREATE FUNCTION hermes_postings_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        INSERT INTO search_postings (lexeme, id, len, tools)
        SELECT u.lexeme, n.id, greatest(octet_length(COALESCE(n.content, '')), 1), NOT ('A' = ANY(u.weights))
        FROM new_rows n, unnest(n.search_doc) AS u WHERE n.search_doc IS NOT NULL;
        RETURN NULL;
    END $$""",
    """CREATE FUNCTION hermes_postings_drop() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        DELETE FROM search_postings p USING old_rows o, unnest(tsvector_to_array(o.search_doc)) AS l(lexeme)
        WHERE o.search_doc IS NOT NULL AND p.lexeme = l.lexeme AND p.id = o.id;
        RETURN NULL;
    END $$""",
    # An update of what is indexed (rare: messages are written once; compaction and renumbering
    # touch other columns) replaces the row's postings.
    """CREATE FUNCTION hermes_postings_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF OLD.search_doc IS NOT NULL THEN
            DELETE FROM search_postings WHERE lexeme = ANY(tsvector_to_array(OLD.search_doc)) AND id = OLD.id;
        END IF;
        IF NEW.search_doc IS NOT NULL THEN
            INSERT INTO search_postings (lexeme, id, len, tools)
            SELECT u.lexeme, NEW.id, greatest(octet_length(COALESCE(NEW.content, '')), 1), NOT ('A' = ANY(u.weights))
            FROM unnest(NEW.search_doc) AS u;
        END IF;
        RETURN NULL;
    END $$""",
    """CREATE FUNCTION hermes_postings_clear() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        TRUNCATE search_postings;
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER messages_postings_add AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows "
    "FOR EACH STATEMENT EXECUTE FUNCTION hermes_postings_add()",
    "CREATE TRIGGER messages_postings_drop AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows "
    "FOR EACH STATEMENT EXECUTE FUNCTION hermes_postings_drop()",
    "CREATE TRIGGER messages_postings_change AFTER UPDATE OF content, tool_calls, tool_name, summary ON messages "
    "FOR EACH ROW WHEN (OLD.search_doc IS DISTINCT FROM NEW.search_doc) EXECUTE FUNCTION hermes_postings_change()",
    "CREATE TRIGGER messages_postings_clear AFTER TRUNCATE ON messages "
    "FOR EACH STATEMENT EXECUTE FUNCTION hermes_postings_clear()",
)
BACKFILL_POSTINGS = """INSERT INTO search_postings (lexeme, id, len, tools)
    SELECT u.lexeme, m.id, greatest(octet_length(COALESCE(m.content, '')), 1), NOT ('A' = ANY(u.weights))
    FROM messages m, unnest(m.search_doc) AS u WHERE m.search_doc IS NOT NULL"""
# An existing database gets the postings of the rows it holds, in the migration's transaction (a
# search never sees a half-filled table). Writers wait from the start (no row is inserted between
# the backfill and the triggers); readers do not. The indexes are built after the bulk insert, and
# the planner learns the new table's size at once.
POSTINGS_MIGRATION = (
    "LOCK TABLE messages IN SHARE ROW EXCLUSIVE MODE",
    """CREATE TABLE search_postings (
        lexeme TEXT COLLATE "C" NOT NULL,
        id BIGINT NOT NULL,
        len INTEGER NOT NULL,
        tools BOOLEAN NOT NULL
    )""",
    BACKFILL_POSTINGS,
    *POSTINGS_INDEXES,
    *POSTINGS_TRIGGERS,
    "ANALYZE search_postings",
)


MIGRATIONS: list[Migration] = [
    Migration(1, "sessions, messages, full-text search, run records", (
        """CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            source TEXT NOT NULL DEFAULT 'cli',
            scope TEXT NOT NULL DEFAULT 'owner',
            user_id TEXT,
            chat_id TEXT,
            title TEXT,
            model TEXT,
            parent_id TEXT REFERENCES sessions(id) ON DELETE SET NULL,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            message_count INTEGER NOT NULL DEFAULT 0,
            input_tokens BIGINT NOT NULL DEFAULT 0,
            output_tokens BIGINT NOT NULL DEFAULT 0,
            cache_read_tokens BIGINT NOT NULL DEFAULT 0,
            cache_write_tokens BIGINT NOT NULL DEFAULT 0,
            cost_usd DOUBLE PRECISION NOT NULL DEFAULT 0,
            system_prompt TEXT
        )""",
        "CREATE INDEX idx_sessions_updated ON sessions(updated_at DESC)",
        "CREATE INDEX idx_sessions_scope_updated ON sessions(scope, updated_at DESC)",
        "CREATE INDEX idx_sessions_source_updated ON sessions(source, updated_at DESC)",
        "CREATE INDEX idx_sessions_parent ON sessions(parent_id)",  # ON DELETE SET NULL looks children up
        # Identity ids are never reused, so search hits and compaction ids stay unambiguous; seq is a
        # float so a summary row can be placed between two existing rows.
        f"""CREATE TABLE messages (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            seq DOUBLE PRECISION NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
            content TEXT,
            tool_calls JSONB,
            tool_call_id TEXT,
            tool_name TEXT,
            tokens INTEGER,
            timestamp DOUBLE PRECISION NOT NULL,
            reasoning TEXT,
            summary BOOLEAN NOT NULL DEFAULT false,
            compacted BOOLEAN NOT NULL DEFAULT false,
            search_doc tsvector GENERATED ALWAYS AS ({_SEARCH_DOC}) STORED,
            has_cjk BOOLEAN GENERATED ALWAYS AS (COALESCE(content, '') ~ '{CJK_CLASS}') STORED
        )""",
        "CREATE INDEX idx_messages_session_seq ON messages(session_id, seq)",
        "CREATE INDEX idx_messages_timestamp ON messages(timestamp)",
        "CREATE INDEX idx_messages_search ON messages USING gin (search_doc)",
        # session_id is deliberately not a foreign key: a run record outlives a pruned session.
        """CREATE TABLE cron_runs (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            job_id TEXT NOT NULL,
            started_at DOUBLE PRECISION NOT NULL,
            ended_at DOUBLE PRECISION,
            status TEXT NOT NULL DEFAULT 'running',
            session_id TEXT,
            tokens BIGINT NOT NULL DEFAULT 0,
            error TEXT,
            output_path TEXT
        )""",
        "CREATE INDEX idx_cron_runs_job ON cron_runs(job_id, started_at DESC)",
        "CREATE INDEX idx_cron_runs_started ON cron_runs(started_at DESC)",
    )),
    Migration(2, "CJK substring index", apply=_cjk_index),
    # Scheduled jobs for a fleet (hermes.cron.pg_jobs): each job's record is the same JSON object as
    # in jobs.json; the columns beside it are what queries filter on. `version` comes from one
    # sequence, so (count, max version) changes whenever any job changes: a scheduler's idle tick
    # compares that pair instead of reading every job.
    Migration(3, "scheduled jobs, scheduler lease, run claims", (
        "CREATE SEQUENCE cron_jobs_version",
        """CREATE TABLE cron_jobs (
            id TEXT PRIMARY KEY,
            pos BIGINT GENERATED ALWAYS AS IDENTITY,
            scope TEXT NOT NULL,
            enabled BOOLEAN NOT NULL,
            next_run_at DOUBLE PRECISION,
            data JSONB NOT NULL,
            version BIGINT NOT NULL DEFAULT nextval('cron_jobs_version')
        )""",
        "CREATE INDEX idx_cron_jobs_pos ON cron_jobs(pos)",
        # One row per leadership name; `token` grows with every takeover (the fencing token).
        """CREATE TABLE cron_leader (
            name TEXT PRIMARY KEY,
            token BIGINT NOT NULL,
            holder TEXT NOT NULL,
            pid INTEGER,
            host TEXT,
            since DOUBLE PRECISION NOT NULL,
            expires_at DOUBLE PRECISION NOT NULL
        )""",
        # One row per fired occurrence of a job: the primary key is what makes a due run start once.
        """CREATE TABLE cron_claims (
            job_id TEXT NOT NULL,
            due_at DOUBLE PRECISION NOT NULL,
            token BIGINT NOT NULL,
            run_id BIGINT,
            attempts INTEGER NOT NULL DEFAULT 1,
            claimed_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (job_id, due_at)
        )""",
        "CREATE INDEX idx_cron_claims_run ON cron_claims(run_id)",
    )),
    # Every search reads the GIN index's whole pending list (rows inserted since the last vacuum)
    # besides its tree; with the default 4 MB that costs more than the rest of a query. A small
    # list keeps inserts batched and searches fast between vacuums.
    Migration(4, "search index: small pending list", (
        f"ALTER INDEX idx_messages_search SET (gin_pending_list_limit = {GIN_PENDING_KB})",
    )),
    Migration(5, "search postings: per-word row lists with row lengths", POSTINGS_MIGRATION),
    # A manual run (`hermes cron run`, the API's run-now) of a job in progress somewhere in the fleet:
    # who runs it and since when. The row is only believed while its holder also holds the job's
    # advisory lock (hermes.cron.pg_manual): a row whose lock is free was left by a dead process.
    Migration(6, "cron: manual runs claimed in the database", (
        """CREATE TABLE cron_manual_runs (
            job_id TEXT PRIMARY KEY,
            run_id BIGINT,
            holder TEXT NOT NULL,
            host TEXT,
            pid INTEGER,
            since DOUBLE PRECISION NOT NULL
        )""",
    )),
]

SCHEMA_VERSION = MIGRATIONS[-1].version


class SchemaTooNew(Exception):
    """The database was written by a newer Hermes than this one."""


def current_version(cur: Any) -> int:
    """Highest applied version (0 for an empty database)."""
    row = cur.execute("SELECT to_regclass('schema_migrations') IS NOT NULL AS present").fetchone()
    if not _first(row):
        return 0
    return int(_first(cur.execute("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations").fetchone()))


def _first(row: Any) -> Any:
    return next(iter(row.values())) if isinstance(row, dict) else row[0]


def migrate(conn: Any, target: int | None = None) -> list[int]:
    """Bring the schema to `target` (default: latest) on an autocommit connection; returns the
    versions applied. Raises SchemaTooNew for a database from a newer Hermes."""
    target = SCHEMA_VERSION if target is None else target
    if not 0 <= target <= SCHEMA_VERSION:
        raise ValueError(f"unknown schema version {target}")
    with conn.cursor() as cur:
        have = current_version(cur)
        if have > SCHEMA_VERSION:
            raise SchemaTooNew(f"schema version {have} is newer than this Hermes supports "
                               f"({SCHEMA_VERSION}); upgrade Hermes")
        if have >= target:  # fast path: no lock, no transaction
            return []
        with conn.transaction():
            cur.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            cur.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                        "name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL, note TEXT)")
            have = current_version(cur)  # another process may have migrated while we waited
            if have > SCHEMA_VERSION:
                raise SchemaTooNew(f"schema version {have} is newer than this Hermes supports "
                                   f"({SCHEMA_VERSION}); upgrade Hermes")
            applied = []
            for step in MIGRATIONS:
                if have < step.version <= target:
                    for sql in step.statements:
                        cur.execute(sql)
                    note = step.apply(cur) if step.apply else None
                    cur.execute("INSERT INTO schema_migrations (version, name, applied_at, note) "
                                "VALUES (%s, %s, %s, %s)", (step.version, step.name, time.time(), note))
                    applied.append(step.version)
            return applied


# ---- rows <-> values ----------------------------------------------------------------------------
# Shared with the SQLite store (hermes.state.sql_*); what is PostgreSQL's own is the NUL cleaning and
# the jsonb cast of tool calls.

MESSAGE_VALUES = "(%s, %s, %s, %s, %s::jsonb, %s, %s, %s, %s, %s, %s)"  # session_id, seq, then message_row()


def clean(value: Any) -> Any:
    """PostgreSQL text cannot hold NUL: strings (also inside tool-call JSON) get U+FFFD instead."""
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd") if "\x00" in value else value
    if isinstance(value, list):
        return [clean(v) for v in value]
    if isinstance(value, dict):
        return {clean(k): clean(v) for k, v in value.items()}
    return value


def message_row(m: Message) -> tuple:
    """The MESSAGE_FIELDS values of `m`, as PostgreSQL stores them."""
    return sql_messages.message_row(m, clean)

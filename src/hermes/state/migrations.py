"""Schema migrations for the SQLite store: an append-only list of numbered steps.

Rules: never edit or reorder a released step; add a new one. Each step is a tuple of SQL statements
run inside the migration transaction (no executescript: it would commit the transaction early).
`schema_migrations` records every applied version with its time, so a database can be opened by any
newer Hermes, and a database from a newer Hermes is refused instead of being damaged.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


# Scripts with no spaces between words; rows holding any of them also go to the trigram index.
# Hiragana/Katakana, CJK Ext A, CJK Unified, Hangul syllables, CJK compatibility, half-width Katakana,
# CJK Ext B-H. Frozen into step 3; a change needs a new step.
_CJK_GLOB = "*[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U000323af]*"

# Names and arguments (first 2 KB) of the first four tool calls of an assistant row.
_CALLS_TEXT = " || ".join(
    f"' ' || COALESCE(json_extract(tool_calls, '$[{i}].function.name'), '') || ' ' || "
    f"substr(COALESCE(json_extract(tool_calls, '$[{i}].function.arguments'), ''), 1, 2048)"
    for i in range(4))

MIGRATIONS: list[Migration] = [
    Migration(1, "sessions and messages", (
        """CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            source TEXT NOT NULL DEFAULT 'cli',
            scope TEXT NOT NULL DEFAULT 'owner',
            user_id TEXT,
            chat_id TEXT,
            title TEXT,
            model TEXT,
            parent_id TEXT REFERENCES sessions(id) ON DELETE SET NULL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            message_count INTEGER NOT NULL DEFAULT 0,
            input_tokens INTEGER NOT NULL DEFAULT 0,
            output_tokens INTEGER NOT NULL DEFAULT 0,
            cache_read_tokens INTEGER NOT NULL DEFAULT 0,
            cache_write_tokens INTEGER NOT NULL DEFAULT 0,
            cost_usd REAL NOT NULL DEFAULT 0,
            system_prompt TEXT
        )""",
        "CREATE INDEX idx_sessions_updated ON sessions(updated_at DESC)",
        "CREATE INDEX idx_sessions_scope_updated ON sessions(scope, updated_at DESC)",
        "CREATE INDEX idx_sessions_source_updated ON sessions(source, updated_at DESC)",
        # ON DELETE SET NULL on parent_id would scan the table per deleted session without this.
        "CREATE INDEX idx_sessions_parent ON sessions(parent_id)",
        # AUTOINCREMENT: ids are never reused, so search hits and compaction ids stay unambiguous.
        # seq is REAL so a summary row can be placed between two existing rows.
        """CREATE TABLE messages (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            seq REAL NOT NULL,
            role TEXT NOT NULL,
            content TEXT,
            tool_calls TEXT,
            tool_call_id TEXT,
            tool_name TEXT,
            tokens INTEGER,
            timestamp REAL NOT NULL,
            reasoning TEXT,
            summary INTEGER NOT NULL DEFAULT 0,
            compacted INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX idx_messages_session_seq ON messages(session_id, seq)",
    )),
    Migration(2, "full-text index (porter stemmer)", (
        # What gets indexed: original rows only (summaries are derived text and would duplicate
        # hits), tool output only as its first 8 KB (keeps the index small), and a tool column
        # with the tool name or the names and arguments of the calls made.
        # (FTS5 reads its content table with virtual tables disabled, so no json_each here.)
        f"""CREATE VIEW messages_fts_src AS
           SELECT id,
                  CASE WHEN role = 'tool' THEN substr(COALESCE(content, ''), 1, 8192)
                       ELSE COALESCE(content, '') END AS content,
                  trim(COALESCE(tool_name, '') ||
                       CASE WHEN json_valid(tool_calls) THEN {_CALLS_TEXT} ELSE '' END) AS tools
           FROM messages WHERE summary = 0""",
        """CREATE VIRTUAL TABLE messages_fts USING fts5(
             content, tools, content='messages_fts_src', content_rowid='id',
             tokenize='porter unicode61')""",
        # Triggers read the view, so the indexed projection is defined once. Deletes must hand
        # FTS5 exactly what was indexed, hence BEFORE DELETE / BEFORE UPDATE.
        """CREATE TRIGGER messages_fts_ai AFTER INSERT ON messages BEGIN
             INSERT INTO messages_fts(rowid, content, tools)
               SELECT id, content, tools FROM messages_fts_src WHERE id = new.id;
           END""",
        """CREATE TRIGGER messages_fts_bd BEFORE DELETE ON messages BEGIN
             INSERT INTO messages_fts(messages_fts, rowid, content, tools)
               SELECT 'delete', id, content, tools FROM messages_fts_src WHERE id = old.id;
           END""",
        """CREATE TRIGGER messages_fts_bu BEFORE UPDATE OF content, role, tool_name, tool_calls
             ON messages BEGIN
             INSERT INTO messages_fts(messages_fts, rowid, content, tools)
               SELECT 'delete', id, content, tools FROM messages_fts_src WHERE id = old.id;
           END""",
        """CREATE TRIGGER messages_fts_au AFTER UPDATE OF content, role, tool_name, tool_calls
             ON messages BEGIN
             INSERT INTO messages_fts(rowid, content, tools)
               SELECT id, content, tools FROM messages_fts_src WHERE id = new.id;
           END""",
        "INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')",
    )),
    Migration(3, "trigram index for CJK text", (
        # A regular (content-storing) trigram table holding only rows with CJK text: English-only
        # users pay nothing, and a substring scan for 1-2 character terms stays small.
        "CREATE VIRTUAL TABLE messages_cjk USING fts5(content, tokenize='trigram')",
        f"""CREATE TRIGGER messages_cjk_ai AFTER INSERT ON messages BEGIN
             INSERT INTO messages_cjk(rowid, content)
               SELECT id, content FROM messages_fts_src
               WHERE id = new.id AND content GLOB '{_CJK_GLOB}';
           END""",
        """CREATE TRIGGER messages_cjk_ad AFTER DELETE ON messages BEGIN
             DELETE FROM messages_cjk WHERE rowid = old.id;
           END""",
        f"""CREATE TRIGGER messages_cjk_au AFTER UPDATE OF content, role ON messages BEGIN
             DELETE FROM messages_cjk WHERE rowid = old.id;
             INSERT INTO messages_cjk(rowid, content)
               SELECT id, content FROM messages_fts_src
               WHERE id = new.id AND content GLOB '{_CJK_GLOB}';
           END""",
        f"""INSERT INTO messages_cjk(rowid, content)
              SELECT id, content FROM messages_fts_src WHERE content GLOB '{_CJK_GLOB}'""",
    )),
    Migration(4, "scheduled-job run records", (
        # session_id is deliberately not a foreign key: a run record outlives a pruned session.
        """CREATE TABLE cron_runs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            job_id TEXT NOT NULL,
            started_at REAL NOT NULL,
            ended_at REAL,
            status TEXT NOT NULL DEFAULT 'running',
            session_id TEXT,
            tokens INTEGER NOT NULL DEFAULT 0,
            error TEXT,
            output_path TEXT
        )""",
        "CREATE INDEX idx_cron_runs_job ON cron_runs(job_id, started_at DESC)",
        "CREATE INDEX idx_cron_runs_started ON cron_runs(started_at DESC)",
    )),
    Migration(5, "message time index", (
        # Search reads the turns said in a period a query names ("in May 2023"), newest first.
        "CREATE INDEX idx_messages_timestamp ON messages(timestamp)",
    )),
    Migration(6, "message vectors for semantic recall", (
        # One vector per message (float16, the encoder named in `model`); `added` is a store-wide
        # counter so an in-memory index catches up by reading rows past the last one it saw.
        """CREATE TABLE message_vectors (
            message_id INTEGER PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
            model TEXT NOT NULL,
            vec BLOB NOT NULL,
            added INTEGER NOT NULL
        )""",
        "CREATE INDEX idx_message_vectors_added ON message_vectors(added)",
    )),
]

SCHEMA_VERSION = MIGRATIONS[-1].version


class SchemaTooNew(Exception):
    """The database was written by a newer Hermes than this one."""


def _ensure_table(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations ("
                 "version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)")


def current_version(conn: sqlite3.Connection) -> int:
    """Highest applied version (0 for an empty database)."""
    exists = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                          "AND name = 'schema_migrations'").fetchone()
    if not exists:
        return 0
    row = conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
    return int(row[0] or 0)


def migrate(conn: sqlite3.Connection, target: int | None = None) -> list[int]:
    """Bring the schema to `target` (default: latest) in one transaction; returns versions applied.

    The connection must be in autocommit mode (isolation_level=None). BEGIN IMMEDIATE takes the
    write lock before the version is read, so two processes opening a fresh database at once
    cannot both apply a step. Busy errors propagate for the caller to retry.
    """
    target = SCHEMA_VERSION if target is None else target
    if not 0 <= target <= SCHEMA_VERSION:
        raise ValueError(f"unknown schema version {target}")
    if current_version(conn) == target:  # fast path without the write lock
        return []
    conn.execute("BEGIN IMMEDIATE")
    try:
        _ensure_table(conn)
        have = current_version(conn)
        if have > SCHEMA_VERSION:
            raise SchemaTooNew(f"schema version {have} is newer than this Hermes supports "
                               f"({SCHEMA_VERSION}); upgrade Hermes")
        applied = []
        for step in MIGRATIONS:
            if have < step.version <= target:
                for sql in step.statements:
                    conn.execute(sql)
                conn.execute("INSERT INTO schema_migrations(version, applied_at) VALUES (?, ?)",
                             (step.version, time.time()))
                applied.append(step.version)
        conn.execute("COMMIT")
        return applied
    except BaseException:
        conn.execute("ROLLBACK")
        raise

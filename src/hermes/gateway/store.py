"""The gateway's own durable state, in HERMES_HOME/gateway/gateway.db (SQLite, WAL, mode 0600).

- seen: platform message ids already taken, so a restart or a redelivery never answers twice; a
  message stays "open" (with its content) until its reply is in the outbox, so one taken just
  before a crash is answered after the restart instead of being lost;
- outbox: replies not yet delivered, retried with backoff and surviving a restart;
- routes: which session a chat (or a person's DMs) continues;
- people, identities, links, pairing: who is allowed, who is the same person on several
  platforms, and the pending pairing codes;
- homes: each platform's home channel for unsolicited messages.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS seen (platform TEXT, message_id TEXT, at REAL, state TEXT DEFAULT 'done',
    payload TEXT, PRIMARY KEY (platform, message_id));
CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, platform TEXT, chat_id TEXT,
    thread_id TEXT, text TEXT, attempts INTEGER DEFAULT 0, next_at REAL, created_at REAL, last_error TEXT,
    file TEXT DEFAULT '', buttons TEXT DEFAULT '');
CREATE TABLE IF NOT EXISTS routes (key TEXT PRIMARY KEY, session_id TEXT, updated_at REAL);
CREATE TABLE IF NOT EXISTS identities (platform TEXT, user_id TEXT, person TEXT, name TEXT,
    PRIMARY KEY (platform, user_id));
CREATE TABLE IF NOT EXISTS allowed (platform TEXT, user_id TEXT, at REAL, PRIMARY KEY (platform, user_id));
CREATE TABLE IF NOT EXISTS pairing (code TEXT PRIMARY KEY, platform TEXT, user_id TEXT, name TEXT,
    created_at REAL, expires_at REAL);
CREATE TABLE IF NOT EXISTS pair_requests (platform TEXT, user_id TEXT, at REAL, PRIMARY KEY (platform, user_id));
CREATE TABLE IF NOT EXISTS pair_failures (at REAL);
CREATE TABLE IF NOT EXISTS links (code TEXT PRIMARY KEY, person TEXT, expires_at REAL);
CREATE TABLE IF NOT EXISTS homes (platform TEXT PRIMARY KEY, chat_id TEXT, thread_id TEXT);
"""


class GatewayStore:
    """One connection guarded by a lock: the gateway is one process, its writes are tiny."""

    def __init__(self, home: Any):
        folder = Path(home.root) / "gateway"
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "gateway.db"
        new = not self.path.exists()
        self.db = sqlite3.connect(self.path, timeout=30, check_same_thread=False, isolation_level=None)
        if new:
            os.chmod(self.path, 0o600)  # pairing codes and identities are private
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self.lock = threading.Lock()

    def q(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self.lock:
            return self.db.execute(sql, args).fetchall()

    def close(self) -> None:
        with self.lock:
            self.db.close()

    # -- de-duplication ---------------------------------------------------------------------------

    def claim(self, platform: str, message_id: str, payload: str) -> bool:
        """True once per (platform, message id): the claim is written before the reply is made."""
        with self.lock:
            cur = self.db.execute("INSERT OR IGNORE INTO seen VALUES (?, ?, ?, 'open', ?)",
                                  (platform, message_id, time.time(), payload))
            return cur.rowcount == 1

    def finish(self, platform: str, message_id: str) -> None:
        self.q("UPDATE seen SET state = 'done', payload = NULL WHERE platform = ? AND message_id = ?",
               (platform, message_id))

    def unfinished(self) -> list[str]:
        """Payloads of messages taken but not answered (the process stopped in between), oldest first."""
        return [r[0] for r in self.q("SELECT payload FROM seen WHERE state = 'open' ORDER BY at")]

    def prune_seen(self, older_than: float = 7 * 86400) -> None:
        self.q("DELETE FROM seen WHERE at < ? AND state = 'done'", (time.time() - older_than,))

    # -- outbox -----------------------------------------------------------------------------------

    def enqueue(self, platform: str, chat_id: str, thread_id: str, pieces: list[str], file: str = "",
                done: tuple[str, str] | None = None, buttons: str = "") -> None:
        """Queue the pieces of one reply (and a file) in order; with `done`, mark that inbound
        message answered in the same transaction, so a crash leaves exactly one of the two."""
        now = time.time()
        rows = [(platform, chat_id, thread_id, p, 0.0, now, "", "") for p in pieces]
        if rows and buttons:  # choices go under the last piece
            rows[-1] = rows[-1][:-1] + (buttons,)
        if file:
            rows.append((platform, chat_id, thread_id, "", 0.0, now, file, ""))
        with self.lock:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.executemany("INSERT INTO outbox (platform, chat_id, thread_id, text, next_at, created_at, "
                                    "file, buttons) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
                if done:
                    self.db.execute("UPDATE seen SET state = 'done', payload = NULL WHERE platform = ? AND "
                                    "message_id = ?", done)

    def delivered(self, item_id: int) -> None:
        self.q("DELETE FROM outbox WHERE id = ?", (item_id,))

    def failed(self, item_id: int, error: str, delay: float) -> None:
        self.q("UPDATE outbox SET attempts = attempts + 1, next_at = ?, last_error = ? WHERE id = ?",
               (time.time() + delay, error[:500], item_id))

    def due(self, platform: str, limit: int = 200) -> list[tuple[int, str, str, str, str, int, float, str]]:
        """The oldest items of a platform, due or not: the pump keeps each chat's order, so an item
        waiting for a retry holds back the later ones of its chat."""
        return self.q("SELECT id, chat_id, thread_id, text, file, attempts, next_at, buttons FROM outbox WHERE platform = ? "
                      "ORDER BY id LIMIT ?", (platform, limit))

    def next_due(self, platform: str) -> float | None:
        row = self.q("SELECT min(next_at) FROM outbox WHERE platform = ?", (platform,))
        return row[0][0] if row and row[0][0] is not None else None

    def pending(self, platform: str | None = None) -> int:
        if platform is None:
            return self.q("SELECT count(*) FROM outbox")[0][0]
        return self.q("SELECT count(*) FROM outbox WHERE platform = ?", (platform,))[0][0]

    # -- routes -----------------------------------------------------------------------------------

    def route(self, key: str) -> str | None:
        row = self.q("SELECT session_id FROM routes WHERE key = ?", (key,))
        return row[0][0] if row else None

    def set_route(self, key: str, session_id: str) -> None:
        self.q("INSERT INTO routes VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET session_id = excluded.session_id, "
               "updated_at = excluded.updated_at", (key, session_id, time.time()))

    def active_routes(self, since: float) -> int:
        return self.q("SELECT count(*) FROM routes WHERE updated_at >= ?", (since,))[0][0]

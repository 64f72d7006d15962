"""Semantic recall for a session store: vectors computed in the background, fused into search.

`attach(store, config)` (called by `open_store`) gives the store a `SemanticSearch` unless
`search.semantic` is off. Then:
- `store.append_messages` hands the new message ids to `added()`: a non-blocking put on a bounded
  queue (a few microseconds); a daemon thread, started on first use, embeds them in batches and
  writes `message_vectors`. A full queue drops ids: the per-scope catch-up on the first search of
  a scope in a process, and `hermes sessions reindex`, embed whatever has no vector (crash, other
  process, import).
- `store.search` comes here: lexical candidates from the store's own search plus the nearest vectors
  of the same scope (checked against the scope and the filters in SQL), fused by `fusion.fuse`.
With `search.semantic: on` and no encoder installed, one warning and lexical search; with `auto`,
silently lexical.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import threading
from collections import OrderedDict
from typing import Any, Callable

from hermes.state import encoders, fusion
from hermes.state.base import SearchHit

log = logging.getLogger("hermes.semantic")

BATCH = 32  # messages embedded per encoder call
QUEUE_MAX = 10_000  # ids waiting; past this they are dropped and caught up later
GATHER_S = 0.05  # the worker waits this long for more ids before embedding a short batch
# Per encoder (`fusion.Profile`): a turn found by its vector alone must be at least dense_min close
# (below 0.3 the generic MiniLM pairs unrelated short texts: "cat" / "ok" is 0.23), so a search for
# nothing related still finds nothing, and within dense_margin of the best cosine among all
# candidates: "blue giraffe" must not bring "a red panda" when "the blue giraffe" is there, while a
# paraphrase-only query, whose best is itself low ("travel documents" / the passport message),
# still finds it. A message shorter than dense_min_chars is never found by its vector alone: "ok"
# or "thanks" means nothing to find, and such short texts sit near many queries ("cat" / "ok").
# Long-running processes (serve, gateway) embed new messages as they are stored. A one-shot
# process (`hermes chat -q`, a cron run) does not load the model for that: ~2 s and ~400 MB for a
# two-message exchange; its messages are embedded by the next search of their scope, by a
# running server, or by `hermes sessions reindex`.
BACKGROUND = False
CLOSE_WAIT_S = 10.0  # close() waits this long for the worker's current batch
SYNC_CATCHUP = 32  # missing vectors a scope's first search embeds itself before answering
FIRST_LOAD_WAIT_S = 0.5  # a scope's index that takes longer to read loads in the background
FILTER_OVERSAMPLE = 8  # with filters, fetch this many times more neighbours before checking them
_warned = False


def mode_of(config: Any) -> str:
    search = getattr(config, "search", None)
    return getattr(search, "semantic", "auto") if search is not None else "auto"


def attach(store: Any, config: Any = None, *, mode: str | None = None) -> "SemanticSearch | None":
    mode = mode or mode_of(config)
    if mode == "off":
        return None
    return SemanticSearch.attach(store, mode=mode)


class SemanticSearch:
    def __init__(self, store: Any, vectors: Any, mode: str, encoder_name: str | None = None) -> None:
        self.store, self.vectors, self.mode = store, vectors, mode
        self._encoder_choice = encoder_name
        self._encoder: Any = None
        self._loaded = False
        self._load_lock = threading.Lock()
        # Cheap check (no import of the runtime): auto mode does nothing at all without an encoder.
        self.model = encoders.preferred(encoder_name) or "none"  # the name stored with each vector
        self.installed = self.model != "none"
        self._queue: queue.Queue = queue.Queue(QUEUE_MAX)
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()
        self._caught_up: set[Any] = set()
        self._qcache: OrderedDict[str, Any] = OrderedDict()
        self._closed = False
        self._executor: Any = None
        self._executor_pid = 0
        self._loading: dict[Any, Any] = {}  # (model, scope) -> Future of its first index load
        self._indexed: set[Any] = set()

    @classmethod
    def attach(cls, store: Any, *, mode: str = "auto", encoder: str | None = None) -> "SemanticSearch":
        if type(store).__name__ == "PostgresStore":
            from hermes.state.postgres_vectors import PgVectors

            vectors: Any = PgVectors(store)
        else:
            from hermes.state.vectors import SQLiteVectors

            vectors = SQLiteVectors(store)
        layer = cls(store, vectors, mode, encoder)
        store.semantic = layer
        if mode == "on" and not layer.installed:
            _warn_missing()
        return layer

    # ---- encoder ---------------------------------------------------------------------------------

    @property
    def encoder(self) -> Any:
        if not self._loaded:
            with self._load_lock:
                if not self._loaded:
                    try:
                        self._encoder = encoders.load_encoder(name=self._encoder_choice) if self.installed else None
                    except Exception as e:  # a broken install must not break search
                        log.warning("semantic recall: the embedding model failed to load (%s); "
                                    "using lexical search", e)
                        self._encoder = None
                    self._loaded = True
                    if self._encoder is None and self.mode == "on":
                        _warn_missing()
        return self._encoder

    @property
    def encoder_name(self) -> str | None:
        enc = self.encoder
        return enc.name if enc is not None else None

    def status(self) -> tuple[bool, str]:
        """(active, why) for `hermes doctor`."""
        if self.mode == "off":
            return False, "search.semantic is off"
        if not self.installed:
            return False, f"no embedding model installed ({encoders.INSTALL_HINT})"
        return True, f"search.semantic is {self.mode}"

    def _embed(self, texts: list[str]) -> Any:
        return self.encoder.embed(texts)

    # ---- background embedding --------------------------------------------------------------------

    def added(self, messages: list[Any]) -> None:
        """Hook on the append path: queue the new user/assistant messages. Never blocks."""
        if not self.installed or self._closed:
            return
        if self._pid != os.getpid():  # forked: the parent's thread is not here
            self._pid, self._thread, self._queue = os.getpid(), None, queue.Queue(QUEUE_MAX)
        if self._thread is None:
            if not BACKGROUND:
                return  # caught up later (see BACKGROUND)
            self._start()
        for m in messages:
            if m.id is not None and not m.summary and m.role in ("user", "assistant") and m.content:
                try:
                    self._queue.put_nowait(m.id)
                except queue.Full:
                    return  # caught up later (per-scope catch-up, reindex)

    def _start(self) -> None:
        with self._load_lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="hermes-embedder", daemon=True)
                self._thread.start()
                atexit.register(self.close)  # a store never closed must not exit mid-inference either

    def _run(self) -> None:
        q = self._queue
        while True:
            items = [q.get()]
            while items[-1] is not None and sum(isinstance(i, int) for i in items) < BATCH:
                try:
                    items.append(q.get(timeout=GATHER_S))
                except queue.Empty:
                    break
            try:
                ids = [i for i in items if isinstance(i, int)]
                if ids and not self._closed:
                    self._embed_pending(self.vectors.pending(self.model, ids=ids, limit=len(ids)))
                for job in items:
                    if isinstance(job, tuple) and not self._closed:
                        self.reindex(scope=job[1])
            except Exception as e:  # the store closed, a disk error: vectors are caught up later
                if not self._closed:
                    log.warning("semantic recall: background embedding failed: %s", e)
            finally:
                for _ in items:
                    q.task_done()
            if None in items:
                return

    def _embed_pending(self, rows: list[Any]) -> int:
        if not rows or self.encoder is None:
            return 0
        prof = fusion.profile(self.model)
        vecs = self._embed([fusion.embed_text(r.role, r.content, r.prev, prof) for r in rows])
        return self.vectors.put(self.model, list(zip([r.id for r in rows], vecs)))

    def flush(self, timeout: float | None = None) -> None:
        """Wait until every queued message has its vector (tests, reindex, orderly shutdown)."""
        if self._thread is None:
            return
        if timeout is None:
            self._queue.join()
            return
        done = threading.Event()
        threading.Thread(target=lambda: (self._queue.join(), done.set()), daemon=True).start()
        done.wait(timeout)

    def close(self) -> None:
        """Stop the worker: what is still queued is left for the catch-up. Waits for the batch in
        hand, because onnxruntime aborts the process if the interpreter exits mid-inference."""
        self._closed = True
        thread = self._thread
        if thread is None or self._pid != os.getpid() or not thread.is_alive():
            return
        try:
            self._queue.put(None, timeout=CLOSE_WAIT_S)
        except queue.Full:
            pass
        if thread is not threading.current_thread():
            thread.join(CLOSE_WAIT_S)

    def reindex(self, *, scope: str | None = None, batch: int = 64,
                progress: Callable[[int], None] | None = None) -> int:
        """Embed every message (of `scope`) without a vector of the current encoder; resumable."""
        if self.encoder is None:
            return 0
        done, after = 0, 0
        while not self._closed:
            rows = self.vectors.pending(self.model, scope=scope, after=after, limit=batch)
            if not rows:
                return done
            self._embed_pending(rows)
            done += len(rows)
            after = rows[-1].id
            if progress is not None:
                progress(len(rows))
        return done

    def counts(self, scope: str | None = None) -> tuple[int, int]:
        """(messages that should have a vector, those that have one)."""
        return self.vectors.counts(self.model, scope)

    # ---- search ----------------------------------------------------------------------------------

    def ready(self) -> bool:
        return self.installed and not self._closed and self.encoder is not None

    def _pool(self) -> Any:
        if self._executor is None or self._executor_pid != os.getpid():
            from concurrent.futures import ThreadPoolExecutor

            self._executor, self._executor_pid = ThreadPoolExecutor(1, thread_name_prefix="hermes-query-embed"), os.getpid()
        return self._executor

    def _query_vec(self, query: str) -> Any:
        vec = self._qcache.get(query)
        if vec is None:
            vec = self._embed([query])[0]
            self._qcache[query] = vec
            if len(self._qcache) > 256:
                self._qcache.popitem(last=False)
        return vec

    def search(self, query: str, *, scope: str | None = None, limit: int = 20, context: int = 1,
               **flt: Any) -> list[SearchHit]:
        if not self.ready() or not query.strip() or limit <= 0:
            return self.store.search_lexical(query, scope=scope, limit=limit, context=context, **flt)
        # The query's embedding (onnxruntime releases the GIL) overlaps the lexical search.
        qvec = self._pool().submit(self._query_vec, query)
        lexical = self.store.search_lexical(query, scope=scope, limit=max(limit, fusion.LEXICAL_CANDIDATES),
                                            context=0, **flt)
        if (self.model, scope) not in self._caught_up:  # messages stored while no worker was running
            self._caught_up.add((self.model, scope))
            missing = self.vectors.pending(self.model, scope=scope, limit=SYNC_CATCHUP + 1)
            if len(missing) <= SYNC_CATCHUP:  # a few (the last process exited before its worker ran): now
                self._embed_pending(missing)
            else:  # a backlog: the worker embeds it while this and later searches run
                if self._thread is None:
                    self._start()
                try:
                    self._queue.put_nowait(("scope", scope))
                except queue.Full:
                    pass
        q = qvec.result()
        idx = self._index(scope)
        if idx is None:  # a big scope's index is still being read: lexical order meanwhile
            return self._finish(lexical, [h.message_id for h in lexical][:limit], context)
        filtered = any(v for v in flt.values())
        prof = fusion.profile(self.model)
        near = idx.nearest(q, prof.dense_candidates * (FILTER_OVERSAMPLE if filtered else 1))
        # The index may hold rows deleted since, and never trusts itself on scope: SQL decides.
        ok = self.vectors.admitted([m for m, _ in near], scope, flt, min_chars=prof.dense_min_chars)
        dense = fusion.dense_list([(m, c) for m, c in near if m in ok],
                                  idx.similarity(q, [h.message_id for h in lexical]), prof)
        ranked = fusion.fuse([(h.message_id, h.score) for h in lexical], dense, limit, query, profile=prof)
        return self._finish(lexical, ranked, context, dict(dense))

    def _index(self, scope: str | None) -> Any:
        """The scope's index, or None while its first load (1M vectors: about 100 s) runs in a
        thread of its own: a search never waits for more than FIRST_LOAD_WAIT_S of it."""
        key = (self.model, scope)
        if key in self._indexed:
            return self.vectors.index(self.model, scope)  # only what was stored since the last search
        fut = self._loading.get(key)
        if fut is None:
            from concurrent.futures import Future

            fut = self._loading[key] = Future()

            def load() -> None:
                try:
                    fut.set_result(self.vectors.index(self.model, scope))
                except BaseException as e:  # reported to the search that waits for it
                    fut.set_exception(e)

            threading.Thread(target=load, name="hermes-vector-index", daemon=True).start()
        try:
            idx = fut.result(timeout=FIRST_LOAD_WAIT_S)
        except TimeoutError:
            return None
        except Exception:
            self._loading.pop(key, None)  # try again on a later search
            raise
        self._indexed.add(key)
        self._loading.pop(key, None)
        return idx

    def _finish(self, lexical: list[SearchHit], ids: list[int], context: int,
                sims: dict[int, float] | None = None) -> list[SearchHit]:
        by_id = {h.message_id: h for h in lexical}
        need = [i for i in ids if i not in by_id or context > 0]
        rows = self.vectors.describe(need, context) if need else {}
        out = []
        for i in ids:
            hit = by_id.get(i)
            if hit is None:
                if i not in rows:
                    continue
                r, nb = rows[i]
                text = r["content"]
                hit = SearchHit(session_id=r["session_id"], message_id=i, role=r["role"],
                                snippet=text[:160] + ("…" if len(text) > 160 else ""),
                                score=round(max((sims or {}).get(i, 0.0), 1e-6), 6), timestamp=r["timestamp"],
                                source=r["source"], title=r["title"], context=nb)
            elif context > 0 and i in rows:
                hit.context = rows[i][1]
            hit.context = [_clip(m) for m in hit.context]
            out.append(hit)
        return out


def _clip(m: Any) -> Any:
    from hermes.state.search import CONTEXT_CHARS

    if m.content and len(m.content) > CONTEXT_CHARS:
        m.content = m.content[:CONTEXT_CHARS] + "…"
    return m


def _warn_missing() -> None:
    global _warned
    if not _warned:
        _warned = True
        log.warning("search.semantic is on but no embedding model is installed (%s): using lexical search",
                    encoders.INSTALL_HINT)

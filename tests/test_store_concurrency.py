"""Several real processes writing one state.db at once: nothing lost, nothing out of order, no lock errors."""

from __future__ import annotations

import multiprocessing as mp
import time
import traceback

from hermes.core.messages import Message, Usage
from hermes.state.sqlite import SQLiteStore

WRITERS = 4
TURNS = 300


def _writer(path: str, n: int, start, out, turns: int = TURNS, busy_timeout: float = 1.0) -> None:
    try:
        store = SQLiteStore(path, busy_timeout=busy_timeout)
        start.wait(60)  # all writers begin together
        sid = store.create_session(source="cli", title=f"writer {n}").id
        for t in range(turns):
            store.append_messages(sid, [Message.user(f"writer{n} turn{t} question about topic{t % 7}"),
                                        Message.assistant(f"writer{n} turn{t} answer")],
                                  usage=Usage(10, 3), cost_usd=0.001)
        store.close()
        out.put((n, sid, None))
    except BaseException:  # report everything, "database is locked" included
        out.put((n, None, traceback.format_exc()))


def _reader(path: str, start, stop, out) -> None:
    try:
        store = SQLiteStore(path)
        start.wait(60)
        reads = 0
        while not stop.is_set():
            store.list_sessions(limit=10)
            store.search("question topic3")
            reads += 1
        out.put(("reader", reads, None))
    except BaseException:
        out.put(("reader", None, traceback.format_exc()))


def test_concurrent_writers_lose_nothing(tmp_path):
    _run(tmp_path, TURNS, 1.0)


def test_application_retry_alone_copes(tmp_path):
    # No SQLite busy handler at all: every collision surfaces as SQLITE_BUSY and must be retried
    # by the store's own jittered backoff.
    _run(tmp_path, 60, 0.0)


def _run(tmp_path, turns: int, busy_timeout: float) -> None:
    path = str(tmp_path / "state.db")
    SQLiteStore(path).close()  # schema in place; the writers still race on opening it
    ctx = mp.get_context("spawn")  # real, independent processes
    start, stop, out = ctx.Barrier(WRITERS + 1), ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(path, n, start, out, turns, busy_timeout)) for n in range(WRITERS)]
    reader = ctx.Process(target=_reader, args=(path, start, stop, out))
    t0 = time.monotonic()
    for p in [*procs, reader]:
        p.start()
    results = {}
    for _ in range(WRITERS):
        n, sid, err = out.get(timeout=120)
        assert err is None, f"writer {n} failed:\n{err}"
        results[n] = sid
    stop.set()
    tag, reads, err = out.get(timeout=30)
    assert err is None, f"reader failed:\n{err}"
    for p in [*procs, reader]:
        p.join(30)
        assert p.exitcode == 0
    elapsed = time.monotonic() - t0

    store = SQLiteStore(path)
    assert len(store.list_sessions()) == WRITERS
    for n, sid in results.items():
        msgs = store.get_messages(sid)
        expected = [x for t in range(turns) for x in (f"writer{n} turn{t} question about topic{t % 7}",
                                                      f"writer{n} turn{t} answer")]
        assert [m.content for m in msgs] == expected
        assert [m.role for m in msgs] == ["user", "assistant"] * turns
        assert [m.id for m in msgs] == sorted(m.id for m in msgs)
        info = store.get_session(sid)
        assert info.message_count == 2 * turns
        assert info.usage == Usage(10 * turns, 3 * turns)
        assert abs(info.cost_usd - 0.001 * turns) < 1e-9
    # Every question about topic3 is indexed (replies to them may follow as context hits).
    hits = store.search("topic3", limit=1000)
    assert len([h for h in hits if h.role == "user"]) == WRITERS * len(range(3, turns, 7))
    assert reads > 0
    assert elapsed < 60


def test_threads_share_one_store(tmp_path):
    import threading

    store = SQLiteStore(tmp_path / "state.db")
    sids = [store.create_session().id for _ in range(8)]
    errors: list[str] = []

    def work(sid: str) -> None:
        try:
            for t in range(50):
                store.append_messages(sid, [Message.user(f"{sid} q{t}"), Message.assistant(f"a{t}")])
                store.search("q1")
        except BaseException:
            errors.append(traceback.format_exc())

    threads = [threading.Thread(target=work, args=(sid,)) for sid in sids]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert not errors, errors[0]
    for sid in sids:
        assert [m.content for m in store.get_messages(sid)][::2] == [f"{sid} q{t}" for t in range(50)]
    store.close()

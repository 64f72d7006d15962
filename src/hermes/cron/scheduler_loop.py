"""The scheduler's life as a service: tick on every minute boundary, stand by while another
process leads, step down when the lease is lost, and on stop give the runs in flight time to end.

`SchedulerLoop` is a base of hermes.cron.scheduler.Scheduler, which holds the state used here and
provides is_leader, acquire, release, tick and _flush.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Awaitable, Callable

log = logging.getLogger("hermes.cron")


class SchedulerLoop:
    # set by Scheduler.__init__
    _lock: Any
    _tasks: set[asyncio.Task]
    _pending: dict[str, dict[str, Any]]
    _flush_handle: asyncio.TimerHandle | None
    clock: Callable[[], float]
    sleep: Callable[[float], Awaitable[Any]]
    standby_poll: float
    shutdown_timeout: float
    tick_seconds: float

    async def run_forever(self, stop_event: asyncio.Event) -> None:
        """Tick on every minute boundary (every tick_seconds) until stop_event is set; stand by
        while another process holds the lock or lease. A leader that loses its lease cancels its
        runs (recorded as interrupted) and stands by. On stop, runs in flight get shutdown_timeout
        seconds, then are cancelled (and recorded as interrupted), and the lock is released."""
        said_standby = False
        next_tick = float("-inf")
        try:
            while not stop_event.is_set():
                if self._lock.token is not None and not (self.is_leader and self._lock.renew()):
                    log.error("this scheduler lost its lease (the database was unreachable for too long, "
                              "or another took over); cancelling its runs and standing by")
                    await self._step_down()
                if not self.is_leader:
                    if not await self._try_acquire():
                        if not said_standby:
                            info = self._probe()
                            log.info("another scheduler (pid %s%s) runs the jobs; standing by", info.get("pid", "?"),
                                     f" on {info['host']}" if info.get("host") else "")
                            said_standby = True
                        await self._wait(self.standby_poll, stop_event)
                        continue
                    said_standby, next_tick = False, float("-inf")
                now = self.clock()
                if now >= next_tick - 0.005:  # the fake clock of the tests lands on it within rounding
                    try:
                        await self.tick(now)
                    except Exception:  # a bad tick is logged; the next one tries again
                        log.exception("scheduler tick failed")
                    now = self.clock()
                    next_tick = now - now % self.tick_seconds + self.tick_seconds + 0.01
                await self._wait(min(next_tick - now, self._lock.renew_every), stop_event)
        finally:
            await self.shutdown()

    async def _try_acquire(self) -> bool:
        from hermes.state.base import StoreError

        try:
            return self.acquire()
        except StoreError as e:  # the database is down: stand by and try again
            log.warning("cannot reach the job store to take the scheduler lease: %s", e)
            return False

    def _probe(self) -> dict[str, Any]:
        try:
            return self._lock.probe()[1]
        except Exception:
            return {}

    async def _step_down(self) -> None:
        tasks = set(self._tasks)
        for t in tasks:
            t.cancel()
        if tasks:
            await asyncio.wait(tasks)
        try:
            self._flush()
        except Exception:
            log.exception("could not save run results")
        self.release()

    async def _wait(self, seconds: float, stop_event: asyncio.Event) -> None:
        sleeper = asyncio.ensure_future(self.sleep(seconds))
        stopper = asyncio.ensure_future(stop_event.wait())
        try:
            await asyncio.wait({sleeper, stopper}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for t in (sleeper, stopper):
                t.cancel()

    async def shutdown(self) -> None:
        if self._tasks:
            done, pending = await asyncio.wait(set(self._tasks), timeout=self.shutdown_timeout)
            for t in pending:
                t.cancel()
            if pending:
                await asyncio.wait(pending)
        self._flush()
        self.release()

    def close(self) -> None:
        """Release the lock without waiting (tests, or after drain)."""
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        if self._pending:
            try:
                self._flush()
            except Exception:
                log.exception("could not save run results")
        self.release()

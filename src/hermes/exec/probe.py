"""End-to-end check of a backend: open it, run a probe command, move a file both ways, close it.

Used by `hermes exec test` and `hermes doctor`. Every step is timed and a failure names the step,
so "the container would not start" and "the file never came back" read differently.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from hermes.exec.base import BackendUnavailable
from hermes.exec.factory import BackendContext, open_backend, resolve


async def probe(terminal: Any, name: str | None, ctx: BackendContext, *,
                count: int = 5) -> dict[str, Any]:
    """{name, type, ok, step, error, open_s, median_ms, min_ms, runs}. Never raises for a backend
    problem: the error is in the result."""
    report: dict[str, Any] = {"name": name, "type": None, "ok": False, "step": "config",
                              "error": "", "open_s": None, "median_ms": None, "min_ms": None,
                              "runs": 0}
    backend = None
    try:
        name, spec = resolve(terminal, name)
        report.update(name=name, type=spec.type, step="open")
        t0 = time.perf_counter()
        backend = await open_backend(spec, ctx)
        report["step"] = "run"
        first = await backend.run("echo hermes-probe", timeout=120)
        report["open_s"] = round(time.perf_counter() - t0, 3)
        if first.exit_code != 0 or "hermes-probe" not in first.output:
            raise BackendUnavailable(f"the probe command failed (exit {first.exit_code}): "
                                     f"{first.output.strip()[:300]}")
        times = []
        for _ in range(max(count, 1)):
            t = time.perf_counter()
            res = await backend.run("echo hermes-probe", timeout=60)
            times.append((time.perf_counter() - t) * 1000)
            if "hermes-probe" not in res.output:
                raise BackendUnavailable(f"the probe command printed {res.output.strip()[:200]!r}")
        report.update(median_ms=round(statistics.median(times), 2), min_ms=round(min(times), 2),
                      runs=len(times))
        report["step"] = "files"
        blob = b"hermes probe \x00\xff" * 64
        await backend.write_bytes(".hermes-probe", blob)
        back = await backend.read_bytes(".hermes-probe")
        await backend.run("rm -f .hermes-probe", timeout=30)
        if back != blob:
            raise BackendUnavailable(f"a file written to the backend came back different "
                                     f"({len(back)} of {len(blob)} bytes)")
        report["cwd"] = backend.cwd
        report.update(ok=True, step="done")
    except BackendUnavailable as e:
        report["error"] = str(e)
    except Exception as e:  # a probe reports; it does not crash the doctor
        report["error"] = f"{type(e).__name__}: {e}"
    finally:
        if backend is not None:
            try:
                await backend.close()
            except Exception as e:
                if report["ok"]:
                    report.update(ok=False, step="close", error=f"{type(e).__name__}: {e}")
    return report

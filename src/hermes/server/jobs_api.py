"""`/api/jobs`: create, list, get, update (pause/resume via `enabled`), delete and run scheduled jobs.

The endpoints talk to a `JobsBackend`; `make_backend` adapts the configured job store (jobs.json, or
the PostgreSQL store's table: `hermes.cron.jobs.open_jobs`) when the
cron package is installed, and without one every endpoint answers 503 "scheduler not available".
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import Response

from hermes.server.errors import JSON, ApiError
from hermes.server.routing import Endpoint, parse_body


class JobNotFound(KeyError):
    pass


class JobsBackend(Protocol):
    """What the jobs endpoints need. Jobs are plain JSON-able dicts with at least `id`.
    `create`/`update` raise ValueError with a user-facing message for a bad schedule or field."""

    def list(self) -> list[dict[str, Any]]: ...

    def get(self, job_id: str) -> dict[str, Any] | None: ...

    def create(self, *, name: str | None, schedule: str, prompt: str, scope: str | None,
               deliver: str | None) -> dict[str, Any]: ...

    def update(self, job_id: str, changes: dict[str, Any]) -> dict[str, Any]: ...  # JobNotFound

    def delete(self, job_id: str) -> bool: ...

    async def run_now(self, job_id: str, wait: bool = False) -> dict[str, Any]: ...  # JobNotFound


class JobCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(None, max_length=200)
    schedule: str = Field(min_length=1, max_length=200,
                          description="`30m`, `every 2h`, a 5-field cron expression or an ISO time")
    prompt: str = Field(min_length=1, max_length=100_000)
    scope: str | None = Field(None, min_length=1, max_length=256, description="memory scope of its runs")
    deliver: str | list[str] | None = Field(None, description="notify, webhook:<url> or channel:<platform>:<chat>")


class JobUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(None, max_length=200)
    schedule: str | None = Field(None, min_length=1, max_length=200)
    prompt: str | None = Field(None, min_length=1, max_length=100_000)
    enabled: bool | None = None
    deliver: str | list[str] | None = None


def _backend(request: Request) -> JobsBackend:
    jobs = request.app.state.srv.jobs
    if jobs is None:
        raise ApiError(503, "scheduler not available: this Hermes has no cron support installed.",
                       code="scheduler_unavailable")
    return jobs


def _not_found(job_id: str) -> ApiError:
    return ApiError(404, f"No job {job_id!r}.", code="job_not_found", param="job_id")


async def list_jobs(request: Request) -> Response:
    jobs = _backend(request).list()
    return JSON({"object": "list", "data": jobs})


async def create_job(request: Request) -> Response:
    backend = _backend(request)
    body = parse_body(JobCreate, await request.body())
    try:
        job = backend.create(name=body.name, schedule=body.schedule, prompt=body.prompt, scope=body.scope,
                             deliver=body.deliver)
    except ValueError as e:
        raise ApiError(400, str(e), code="invalid_job") from None
    return JSON(job, status_code=201)


async def get_job(request: Request) -> Response:
    job_id = request.path_params["job_id"]
    job = _backend(request).get(job_id)
    if job is None:
        raise _not_found(job_id)
    return JSON(job)


async def update_job(request: Request) -> Response:
    backend = _backend(request)
    job_id = request.path_params["job_id"]
    body = parse_body(JobUpdate, await request.body())
    changes = body.model_dump(exclude_unset=True)
    if any(v is None for k, v in changes.items() if k != "deliver"):
        raise ApiError(400, "Fields may be left out but not set to null (except deliver).")
    try:
        return JSON(backend.update(job_id, changes))
    except JobNotFound:
        raise _not_found(job_id) from None
    except ValueError as e:
        raise ApiError(400, str(e), code="invalid_job") from None


async def delete_job(request: Request) -> Response:
    job_id = request.path_params["job_id"]
    if not _backend(request).delete(job_id):
        raise _not_found(job_id)
    return JSON({"id": job_id, "object": "job", "deleted": True})


async def run_job(request: Request) -> Response:
    backend = _backend(request)
    job_id = request.path_params["job_id"]
    wait = request.query_params.get("wait", "false").lower() in ("1", "true", "yes")
    try:
        result = await backend.run_now(job_id, wait=wait)
    except JobNotFound:
        raise _not_found(job_id) from None
    except ValueError as e:
        raise ApiError(409, str(e), code="job_not_runnable") from None
    return JSON(result, status_code=200 if wait else 202)


def make_backend(hermes: Any, scheduler: Any = None) -> JobsBackend | None:
    """The JobStore adapter when the cron package is present, else None (endpoints answer 503)."""
    try:
        from hermes.cron import jobs as _jobs  # noqa: F401
    except ImportError:
        return None
    return CronJobs(hermes, scheduler)


def make_runner(hermes: Any) -> Any:
    """A cron runner that uses the server's own agent (its model, tools and store): a job runs in a
    fresh session of its scope, nobody to ask, without the cron tools (no jobs scheduling jobs)."""
    from hermes.core.events import ErrorEvent, Final
    from hermes.cron.runner import RunOutcome, job_prompt, run_job

    async def run(job: Any, *, home: Any, config: Any, store: Any) -> Any:
        if job.model:  # pinned to another model: the generic runner builds it
            return await run_job(job, home=home, config=config, store=store)
        try:
            prompt = job_prompt(job, home)
        except ValueError as e:
            return RunOutcome(error=str(e))
        toolsets = [t for t in (job.toolsets if job.toolsets is not None else config.toolsets) if t != "cron"]
        conv = hermes.open(source="cron", scope=job.scope, interactive=False, toolsets=toolsets)
        out = RunOutcome(session_id=conv.id)
        try:
            async for ev in conv.send(prompt):
                if isinstance(ev, Final):
                    out.text, out.tokens = ev.text, ev.usage.total
                elif isinstance(ev, ErrorEvent):
                    out.error = ev.message
        finally:
            await conv.close()
        return out

    return run


def make_scheduler(hermes: Any, **kw: Any) -> Any:
    """The cron scheduler for `hermes serve` (None without the cron package)."""
    try:
        from hermes.cron.scheduler import Scheduler
    except ImportError:
        return None
    return Scheduler(hermes.home, hermes.config, hermes.store, make_runner(hermes), **kw)


class CronJobs:
    """JobsBackend over hermes.cron.jobs.JobStore (cron/jobs.json). Ids must match exactly: the
    CLI's prefix-or-name lookup is for people, not for programs."""

    def __init__(self, hermes: Any, scheduler: Any = None):
        from hermes.cron.jobs import open_jobs
        from hermes.cron.schedule import resolve_tz

        self.hermes = hermes
        self.scheduler = scheduler
        self.tz = scheduler.tz if scheduler is not None else resolve_tz(hermes.config.cron.timezone)
        self.store = (scheduler.jobs if scheduler is not None
                      else open_jobs(hermes.home, hermes.config, hermes.store, tz=self.tz))
        self.runner = make_runner(hermes)
        self._runs: set[Any] = set()

    def _errors(self) -> Any:
        import contextlib

        from hermes.cron.jobs import JobsFileError
        from hermes.cron.jobs import JobNotFound as CronNotFound
        from hermes.state.base import StoreError

        @contextlib.contextmanager
        def mapped() -> Any:
            try:
                yield
            except CronNotFound as e:
                raise JobNotFound(str(e)) from None
            except JobsFileError as e:
                raise ApiError(503, str(e), code="jobs_file_error") from None
            except StoreError as e:  # jobs in the PostgreSQL store, and it is unreachable
                raise ApiError(503, str(e), code="jobs_store_error") from None

        return mapped()

    def _job(self, job_id: str) -> Any:
        job = next((j for j in self.store.list() if j.id == job_id), None)
        if job is None:
            raise JobNotFound(job_id)
        return job

    def list(self) -> list[dict[str, Any]]:
        with self._errors():
            return [j.public() for j in self.store.list()]

    def get(self, job_id: str) -> dict[str, Any] | None:
        with self._errors():
            try:
                return self._job(job_id).public()
            except JobNotFound:
                return None

    def create(self, *, name: str | None, schedule: str, prompt: str, scope: str | None,
               deliver: Any) -> dict[str, Any]:
        with self._errors():
            return self.store.create(schedule, prompt, name=name, scope=scope, deliver=deliver).public()

    def update(self, job_id: str, changes: dict[str, Any]) -> dict[str, Any]:
        with self._errors():
            self._job(job_id)
            return self.store.update(job_id, **changes).public()

    def delete(self, job_id: str) -> bool:
        with self._errors():
            try:
                self._job(job_id)
            except JobNotFound:
                return False
            self.store.remove(job_id)
            return True

    async def run_now(self, job_id: str, wait: bool = False) -> dict[str, Any]:
        """Start a run outside the schedule (its schedule is unchanged); with `wait`, its result."""
        import asyncio

        from hermes.cron.runner import RunLock, execute

        with self._errors():
            job = self._job(job_id)
        if RunLock.holder(self.hermes.home.cron_dir, job.id) is not None:
            raise ValueError(f"job {job.id} is already running")
        claim = None
        if hasattr(self.hermes.store, "_pg"):  # jobs shared by a fleet: claim it in the database now, so
            import time  # a run live on another host is a 409 here rather than a skipped run later

            from hermes.cron.pg_manual import claim_manual

            with self._errors():
                claim = claim_manual(self.hermes.store, job.id, started_at=time.time(), tz=self.tz)

        async def go() -> Any:
            result = await execute(job, home=self.hermes.home, config=self.hermes.config, store=self.hermes.store,
                                   runner=self.runner, tz=self.tz, retry=False, claim=claim)
            if result.status != "skipped":
                with self._errors():
                    self.store.record_results({job.id: result.job_fields()})
            return result

        task = asyncio.get_running_loop().create_task(go(), name=f"cron-run-{job.id}")
        self._runs.add(task)
        task.add_done_callback(self._runs.discard)
        if not wait:
            return {"job_id": job.id, "status": "started"}
        r = await task
        return {"job_id": job.id, "run_id": r.run_id, "status": r.status, "text": r.text, "error": r.error,
                "delivery_errors": r.delivery_errors, "output_path": r.output_path, "session_id": r.session_id}


_E = {401: "Missing or wrong API key", 429: "Rate limited", 503: "Scheduler not available"}

ENDPOINTS = [
    Endpoint("GET", "/api/jobs", list_jobs, "List scheduled jobs", "jobs", responses=_E),
    Endpoint("POST", "/api/jobs", create_job, "Create a scheduled job", "jobs", body=JobCreate,
             responses={201: "The new job", 400: "Bad schedule or field", **_E}),
    Endpoint("GET", "/api/jobs/{job_id}", get_job, "Get a job", "jobs", responses={404: "No such job", **_E}),
    Endpoint("PATCH", "/api/jobs/{job_id}", update_job, "Update a job (enabled: false pauses it)", "jobs",
             body=JobUpdate, responses={400: "Bad field", 404: "No such job", **_E}),
    Endpoint("DELETE", "/api/jobs/{job_id}", delete_job, "Delete a job", "jobs",
             responses={404: "No such job", **_E}),
    Endpoint("POST", "/api/jobs/{job_id}/run", run_job, "Run a job now (wait=true: until it ends)", "jobs",
             query={"wait": {"type": "boolean"}},
             responses={200: "The run's result (wait=true)", 202: "The run started", 404: "No such job",
                        409: "The job is already running", **_E}),
]

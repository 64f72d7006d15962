"""Fakes of the Modal and Daytona SDK objects the cloud backends touch, that run commands for real.

Each "sandbox" is a directory on this machine; its commands are local processes (own session and
process group, a minimal environment plus the sandbox's env vars), so the backends' process-group
wrapper, kill path and shell-session scripts are exercised end to end. The fakes record what the
backend asked for (create arguments, terminations, deletions) for tests to assert on, and check
call arguments against the real SDK signatures when the SDK is installed.

    fake = FakeModal(); monkeypatch.setattr(modal_sandbox, "_sdk", lambda: fake)
    fake = FakeDaytona(); monkeypatch.setattr(daytona_sandbox, "_sdk", lambda: fake)

The parts: `cloud_sandboxes_machine` (the local processes behind a sandbox), `cloud_sandboxes_modal`
and `cloud_sandboxes_daytona` (the fake SDKs).
"""

# Re-exported: importers take these from here
from hermes.testing.cloud_sandboxes_daytona import (DaytonaNotFoundError, FakeDaytona, FakeDaytonaFs,  # noqa: F401
                                                    FakeDaytonaProcess, FakeDaytonaSandbox, _Command)
from hermes.testing.cloud_sandboxes_machine import _BASE_ENV, _Machine  # noqa: F401
from hermes.testing.cloud_sandboxes_modal import (FakeContainerProcess, FakeFileInfo,  # noqa: F401
                                                  FakeFilesystemError, FakeModal, FakeModalFilesystem,
                                                  FakeModalSandbox, FakeStreamType,
                                                  SandboxFilesystemIsADirectoryError,
                                                  SandboxFilesystemNotFoundError, _Aio, _check_signature)

"""Stand-ins for the LLM (the one part tests and benchmarks script): see `scripted` and `fake_openai`."""

from hermes.testing.script import Step, call, calls, fail, reply  # noqa: F401
from hermes.testing.scripted import ScriptedModel  # noqa: F401
